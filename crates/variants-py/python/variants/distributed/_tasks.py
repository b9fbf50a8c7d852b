"""What runs on the Dask workers: pure functions of their arguments (a task that runs twice,
because its first worker died, gives the same answer), counting in Rust with the GIL released.
"""

from __future__ import annotations

from typing import List

from .. import _variants


def count_positions(
    game: str,
    config: str,
    positions: List[str],
    depth: int,
    hash_mb: int,
    hash_seed: int,
) -> List[int]:
    """Perft of each position text at ``depth``, in the transposition table this worker thread
    keeps between tasks of the job (so the subtrees that earlier tasks counted are not counted
    again; a task that runs again after a fault gives the same counts)."""
    return _variants.perft_texts(
        game, positions, depth, config=config, hash=hash_mb, hash_seed=hash_seed, threads=1,
        keep=True,
    )


def play_game(options: str, index: int) -> str:
    """Game number ``index`` of the match ``options`` (the library's JSON), with fresh players:
    its result as JSON. Deterministic from the match's seed and the index."""
    return _variants.match_game(options, index)
