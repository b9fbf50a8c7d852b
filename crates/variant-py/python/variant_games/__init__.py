"""chess3d, checkers3d, "Bishops" (chess for four), chess-T and Qubic for Python.

The rule engines are Rust (the ``variants`` workspace); this package is a thin layer over them.

>>> import variant_games
>>> game = variant_games.Game("chess3d", heights=1)   # FIDE chess
>>> game.perft(3)
8902
>>> game.play("e2e4")
>>> game.to_move
'black'

PettingZoo environments: ``variant_games.pettingzoo.env("bishops4p", players=3)``.
"""

from ._native import (
    ActionError,
    ConfigError,
    Encoding,
    Game,
    History,
    IllegalMoveError,
    PositionError,
    RecordError,
    SearchResult,
    Status,
    UnknownGameError,
    VariantsError,
    config_keys,
    games,
    perft_references,
    perft_texts,
    release_tables,
    test_positions,
)
from ._match import match

__all__ = [
    "ActionError",
    "ConfigError",
    "Encoding",
    "Game",
    "History",
    "IllegalMoveError",
    "PositionError",
    "RecordError",
    "SearchResult",
    "Status",
    "UnknownGameError",
    "VariantsError",
    "config_keys",
    "games",
    "match",
    "perft_references",
    "perft_texts",
    "release_tables",
    "test_positions",
]
