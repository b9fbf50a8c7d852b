"""Qubic (docs/rules/qubic.md) through the Python package: a placement game played to four in a
line, with the game's own reason, and its PettingZoo environment through PettingZoo's api_test
(also run for every game by test_env.py)."""

import variant_games
from variant_games.pettingzoo import env
from pettingzoo.test import api_test

# x's a1@1 b1@1 c1@1 d1@1 against o's a2@1 b2@1 c2@1: four in a line along the files.
X_WINS = ["a1@1", "a2@1", "b1@1", "b2@1", "c1@1", "c2@1", "d1@1"]


def test_qubic_is_one_of_the_games():
    assert "qubic" in variant_games.games()


def test_qubic_is_played_to_four_in_a_line():
    game = variant_games.Game("qubic")
    # one move per cell of the empty box.
    assert len(game.legal_moves()) == 64
    for move in X_WINS:
        game.play(move)
    status = game.status
    assert status.over
    assert status.winner == "x"
    assert status.reason_id == "four-in-a-line"
    assert status.rule == "Q-5"
    assert game.legal_moves() == []


def test_qubic_action_is_the_cell_index():
    # the action of a move is its cell's index, height * 16 + rank * 4 + file.
    game = variant_games.Game("qubic")
    encoding = variant_games.Encoding(game)
    assert encoding.size == 64
    actions, moves, _dropped = encoding.legal(game)
    files = "abcd"
    for action, move in zip(actions, moves):
        assert move == f"{files[action % 4]}{action // 4 % 4 + 1}@{action // 16 + 1}"
    assert sorted(actions) == list(range(64))


def test_qubic_environment_passes_api_test():
    api_test(env("qubic"), num_cycles=100)
