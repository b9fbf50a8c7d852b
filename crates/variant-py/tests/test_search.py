"""Game.search: the engine through Python."""

import time

import pytest

import variant_games


def test_scholars_mate_is_found():
    """FIDE chess (C3-40): the scholar's mate pattern — queen h5 and bishop c4 aim at f7, and
    Qxf7 is mate (the king cannot take the queen, which the bishop guards)."""
    game = variant_games.Game.from_text(
        "chess3d", "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
    )
    result = game.search(depth=2)
    assert result.best == "h5f7"
    assert result.mate == 1 and result.score is None
    assert result.pv[0] == "h5f7"
    game.play(result.best)
    assert game.status.winner == "white" and game.status.reason == "checkmate"


def quick(name):
    """The configuration of `name` its test position file tags `quick` (the default if none)."""
    return next((e["config"] for e in variant_games.test_positions(name) if "quick" in e["tags"]), "")


@pytest.mark.parametrize("name", variant_games.games())
def test_search_returns_a_legal_move_within_its_time(name):
    game = variant_games.Game(name, quick(name))
    start = time.monotonic()
    result = game.search(movetime=0.2)
    # Generous bound: the machine is shared; the limit itself is 0.2 s.
    assert time.monotonic() - start < 5
    assert result.best in game.legal_moves()
    assert result.depth >= 1 and result.nodes > 0
    shallow = game.search(depth=1)
    assert shallow.depth == 1 and shallow.best in game.legal_moves()


WINS = [
    pytest.param(name, e, id=f"{name}-{e['id']}")
    for name in variant_games.games()
    for e in variant_games.test_positions(name)
    if e["wins"]
]


def test_every_game_has_a_win_in_one():
    for name in variant_games.games():
        assert any(p.values[0] == name for p in WINS), name


@pytest.mark.parametrize("name,entry", WINS)
def test_wins_in_one_are_found(name, entry):
    """Each game's wins in one (its test position file, with every winning move and the rule
    ids): the search picks a winning move and reports a mate in one; the rules confirm it."""
    game = variant_games.Game.from_text(name, entry["position"], entry["config"])
    mover = game.to_move
    result = game.search(depth=2)
    assert result.best in entry["wins"], entry["rule"]
    assert result.mate == 1 and result.score is None
    game.play(result.best)
    assert game.status.over and game.status.winner == mover, entry["rule"]


def test_search_of_a_finished_game():
    game = variant_games.Game("chess3d", heights=1)
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        game.play(m)
    result = game.search(depth=3)
    assert result.best is None and result.pv == []


@pytest.mark.parametrize(
    "kwargs", [{"depth": 0}, {"depth": 101}, {"movetime": 0.0}, {"movetime": float("nan")},
               {"movetime": -1.0}, {"movetime": 1e300}, {"nodes": 0}, {"depth": -(2**80)}]
)
def test_bad_limits(kwargs):
    with pytest.raises(ValueError):
        variant_games.Game("chess-t").search(**kwargs)
