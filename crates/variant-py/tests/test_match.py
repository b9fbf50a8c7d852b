"""variant_games.match: the players-and-matches library from Python, and the command line's
`variants match` agreeing with it."""

import json
import os
import subprocess

import pytest

import variant_games

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def _cli():
    """The `variants` binary: $VARIANTS_CLI (CI sets it), or one built in this checkout."""
    given = os.environ.get("VARIANTS_CLI")
    if given:
        assert os.path.exists(given), f"VARIANTS_CLI={given} does not exist"
        return given
    for profile in ("release", "release-tests", "debug"):
        path = os.path.join(ROOT, "target", profile, "variants")
        if os.path.exists(path):
            return path
    pytest.skip("no variants binary built (set VARIANTS_CLI)")


def _wdl(report):
    return [(p["spec"], p["wins"], p["draws"], p["losses"]) for p in report["players"]]


def test_python_and_the_command_line_play_the_same_match():
    players = ["greedy", "random"]
    report = variant_games.match("chess3d", players, 6, config="heights=1", seed=7)
    done = subprocess.run(
        [_cli(), "match", "chess3d", "-c", "heights=1", "--player", "greedy", "--player",
         "random", "--games", "6", "--seed", "7", "--json"],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert _wdl(report) == _wdl(json.loads(done.stdout))


def test_a_match_report_adds_up():
    report = variant_games.match("checkers3d", ["greedy", "random"], 4, config="heights=1", seed=3,
                            concurrency=2)
    assert report["games"] == 4
    for p in report["players"]:
        assert p["wins"] + p["draws"] + p["losses"] == 4
    # Two players: one's wins are the other's losses, and the scores share the points.
    a, b = report["players"]
    assert (a["wins"], a["draws"]) == (b["losses"], b["draws"])
    assert a["score"] + b["score"] == pytest.approx(1.0)
    assert "elo" in report and "elo_error" in report


def test_bad_match_arguments_are_refused_clearly():
    with pytest.raises(ValueError, match="player"):
        variant_games.match("chess3d", ["greedy", "no-such-player"], 2, config="heights=1")
    with pytest.raises(ValueError, match="spec|player"):
        variant_games.match("chess3d", ["greedy"], 2, config="heights=1")
    with pytest.raises(TypeError):
        variant_games.match("chess3d", "greedy", 2)
    with pytest.raises(ValueError, match="games"):
        variant_games.match("chess3d", ["greedy", "random"], 0, config="heights=1")
    with pytest.raises(variant_games.UnknownGameError):
        variant_games.match("no-such-game", ["greedy", "random"], 2)
    with pytest.raises(TypeError, match="sprt"):
        variant_games.match("chess3d", ["greedy", "random"], 2, config="heights=1", sprt=(0,))
