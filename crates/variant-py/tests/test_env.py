"""PettingZoo environments: PettingZoo's own api_test for every game under the configurations of
its test position file, and the action encoding checked against the legal move lists."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import variant_games  # noqa: E402
from variant_games.pettingzoo import env, raw_env  # noqa: E402

# Every game under the configurations its test position file tags `family` (those that change
# the board, the seats or the rules most), or its default configuration when it tags none.
CONFIGS = [
    pytest.param(name, config, id=f"{name}-{config or 'default'}")
    for name in variant_games.games()
    for config in (
        [e["config"] for e in variant_games.test_positions(name) if "family" in e["tags"]] or [""]
    )
]


@pytest.mark.parametrize("name,config", CONFIGS)
def test_api_test(name, config):
    api_test(env(name, config=config), num_cycles=200)


@pytest.mark.parametrize("name,config", CONFIGS)
def test_actions_cover_the_legal_moves(name, config):
    """Every legal move has exactly one action, and the action decodes to it (random play)."""
    e = raw_env(name, config=config)
    e.reset()
    rng = np.random.default_rng(7)
    for _ in range(60):
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            break
        game = e.game
        legal = sorted(game.legal_moves())
        mask = e.observe(agent)["action_mask"]
        actions = np.flatnonzero(mask)
        assert len(actions) == len(legal)
        assert sorted(e.action_to_move(a) for a in actions) == legal
        for a in actions[:5]:
            assert e.move_to_action(e.action_to_move(a)) == a
        e.step(int(rng.choice(actions)))
    assert e.dropped_moves == 0


def test_agents_are_the_seats():
    assert raw_env("bishops4p").possible_agents == ["white", "grey", "black", "pink"]
    # B4-23: the three-player game has no Grey.
    assert raw_env("bishops4p", players=3).possible_agents == ["white", "black", "pink"]
    assert raw_env("chess-t").possible_agents == ["white", "black"]


def test_fool_s_mate_rewards():
    """FIDE chess (C3-40): 1. f3 e5 2. g4 Qh4# — Black wins: +1 for black, -1 for white."""
    e = raw_env("chess3d", heights=1)
    e.reset()
    for move in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        e.step(e.move_to_action(move))
    assert e.terminations == {"white": True, "black": True}
    assert e._cumulative_rewards == {"white": -1, "black": 1}


def test_illegal_action_is_a_clear_error():
    e = raw_env("chess-t")
    e.reset()
    with pytest.raises(ValueError, match="not legal"):
        e.step(0)


def test_observation_planes():
    """The planes show the pieces: FIDE start has 32 pieces (C3-40), 16 per seat."""
    e = raw_env("chess3d", heights=1)
    e.reset()
    obs = e.observe("white")["observation"]
    assert obs.shape == (1, 8, 8, 6 * 2 + 2)
    assert obs[..., :12].sum() == 32
    assert obs[..., :6].sum() == 16
    # the observer channel
    assert obs[..., 12].sum() == 64 and obs[..., 13].sum() == 0
    # white king (kind 0) on e1: rank index 0, file index 4
    assert obs[0, 0, 4, 0] == 1


def test_render_ansi():
    e = raw_env("checkers3d", heights=1, render_mode="ansi")
    e.reset()
    text = e.render()
    # D3-3: white men upper case on ranks 1-3, black men lower case on ranks 6-8.
    ranks = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line[:3].strip().isdigit()}
    assert ranks["8"] == [".", "m", ".", "m", ".", "m", ".", "m"]
    assert ranks["1"] == ["M", ".", "M", ".", "M", ".", "M", "."]
    svg = raw_env("bishops4p", render_mode="svg")
    svg.reset()
    assert svg.render().startswith("<svg")
