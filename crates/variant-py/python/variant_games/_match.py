"""``variant_games.match``: a match between players, by the players-and-matches library in Rust."""

from __future__ import annotations

import json
from typing import Optional, Sequence, Union

from . import _native

#: Random plies at the start of each game, by default (the command line's default).
RANDOM_PLIES = 4


def _config_text(config) -> str:
    if config is None:
        return ""
    if isinstance(config, str):
        return config
    if isinstance(config, dict):
        parts = []
        for key, value in config.items():
            if value is None:
                continue
            if isinstance(value, bool):
                value = "on" if value else "off"
            elif isinstance(value, (list, tuple)):
                value = ",".join(str(v) for v in value)
            parts.append(f"{str(key).replace('_', '-')}={value}")
        return ";".join(parts)
    raise TypeError(f"config must be a str, a dict or None, not {type(config).__name__}")


def _int(name: str, value, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < least or value >= 1 << 63:
        raise ValueError(f"{name} {value}: must be at least {least} (and below 2**63)")
    return value


def options_json(game, players, games, *, config=None, seed=None, random_plies=RANDOM_PLIES,
                 openings=None, sprt=None, concurrency=1, max_plies=None) -> str:
    """The match's options as the library's JSON (checked by the library when used)."""
    if not isinstance(game, str):
        raise TypeError(f"game must be a game name (str), not {type(game).__name__}")
    if isinstance(players, str) or not all(isinstance(p, str) for p in players):
        raise TypeError("players must be a list of player specs (str), e.g. ['engine', 'random']")
    options = {
        "game": game,
        "config": _config_text(config),
        "players": list(players),
        "games": _int("games", games, 1),
        "random_plies": _int("random_plies", random_plies, 0),
        "concurrency": _int("concurrency", concurrency, 1),
    }
    if seed is not None:
        options["seed"] = _int("seed", seed, 0)
    if max_plies is not None:
        options["max_plies"] = _int("max_plies", max_plies, 1)
    if openings is not None:
        if isinstance(openings, str):
            options["openings"] = openings
        elif all(isinstance(line, str) for line in openings):
            options["openings"] = "\n".join(openings)
        else:
            raise TypeError("openings must be the text of an openings file or a list of lines")
    if sprt is not None:
        if isinstance(sprt, str):
            options["sprt"] = sprt
        else:
            values = list(sprt)
            if len(values) not in (2, 4) or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in values
            ):
                raise TypeError("sprt must be (elo0, elo1) or (elo0, elo1, alpha, beta)")
            options["sprt"] = ",".join(repr(float(v)) for v in values)
    return json.dumps(options)


def match(game: str, players: Sequence[str], games: int, *, config=None,
          seed: Optional[int] = None, random_plies: int = RANDOM_PLIES,
          openings: Union[str, Sequence[str], None] = None, sprt=None, concurrency: int = 1,
          max_plies: Optional[int] = None) -> dict:
    """Plays a match and returns its report as a dict: ``games``, ``players`` (each with
    ``spec``, ``wins``, ``draws``, ``losses``, ``score``), ``elo`` and ``elo_error`` (two
    players), and ``sprt`` (``llr``, ``lower``, ``upper``, ``result``: "H0", "H1" or None)
    when ``sprt=(elo0, elo1)`` is given — the keys of ``variants match --json``.

    Players are the command line's specs: ``random``, ``greedy``,
    ``engine[:depth=N,movetime=MS,nodes=N,hash=MB]``, ``uci:PATH``. Seats rotate from game to
    game; each pair of games shares an opening (``random_plies`` random plies, or the lines of
    ``openings``: a file's text or a list of lines). Everything random comes from ``seed``.
    ``concurrency`` games run at once; the GIL is released while they run.

    >>> report = variant_games.match("chess3d", ["greedy", "random"], 2, config="heights=1", seed=1)
    >>> report["games"], [p["spec"] for p in report["players"]]
    (2, ['greedy', 'random'])
    """
    text = options_json(game, players, games, config=config, seed=seed,
                        random_plies=random_plies, openings=openings, sprt=sprt,
                        concurrency=concurrency, max_plies=max_plies)
    return json.loads(_native.match_run(text))
