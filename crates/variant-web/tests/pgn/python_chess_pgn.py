#!/usr/bin/env python3
"""PGN downloads of `variants serve` read back by python-chess (an independent reader).

Usage: python_chess_pgn.py PATH/TO/variants

Starts `variants serve` on an ephemeral loopback port with a scratch database, plays FIDE
chess games (chess3d at one height) through the JSON API — Fool's mate, a game from a FEN
position, and seeded random games to their end or 300 plies — downloads each as PGN
(`GET /api/games/{id}/record?format=pgn`) and checks with python-chess that the PGN parses
without errors, that its moves are the moves the server played (UCI, move for move), that a
game from a position carries SetUp/FEN, and that the result tag agrees with the server's
status. Over the random games castling on both sides, en passant, promotion, and SAN that
needs disambiguation must all occur, so the notation's rare cases are covered. Exit code 0
on success. Needs `pip install chess`.
"""

import io
import json
import random
import re
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

import chess
import chess.pgn


def request(base, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def create(base, body):
    status, text = request(base, "POST", "/api/games", body)
    assert status == 201, (status, text)
    return json.loads(text)


def state(base, gid):
    status, text = request(base, "GET", f"/api/games/{gid}")
    assert status == 200, (status, text)
    return json.loads(text)


def play(base, created, uci):
    gid = created["id"]
    seat = state(base, gid)["to_move"]
    status, text = request(base, "POST", f"/api/games/{gid}/moves",
                           {"move": uci, "token": created["tokens"][seat]})
    assert status == 200, (uci, status, text)
    return json.loads(text)


def check_pgn(base, created, seen):
    gid = created["id"]
    final = state(base, gid)
    status, pgn = request(base, "GET", f"/api/games/{gid}/record?format=pgn")
    assert status == 200, (status, pgn)
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None, pgn
    assert not game.errors, (game.errors, pgn)
    played = [m.uci() for m in game.mainline_moves()]
    assert played == final["history"], (played, final["history"], pgn)
    expected = {"ongoing": "*"}.get(final["status"]["result"])
    if expected is None and final["status"]["result"] == "draw":
        expected = "1/2-1/2"
    if expected is None:
        expected = "1-0" if final["status"]["winner"] == "white" else "0-1"
    assert game.headers["Result"] == expected, (game.headers["Result"], final["status"])
    board = game.board()
    for move in game.mainline_moves():
        san = board.san(move)
        if board.is_castling(move):
            seen.add("O-O-O" if board.is_queenside_castling(move) else "O-O")
        if board.is_en_passant(move):
            seen.add("en passant")
        if move.promotion:
            seen.add("promotion")
        # A piece move longer than "Nf3" once captures and checks are taken out names its
        # origin's file or rank (or both).
        if san[0] in "NBRQ" and len(re.sub(r"[+#x]", "", san)) > 3:
            seen.add("disambiguation")
        board.push(move)
    if final["status"].get("reason") == "checkmate":
        assert board.is_checkmate(), pgn
    return game, pgn


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as scratch:
        server = subprocess.Popen([sys.argv[1], "serve", "--port", "0", "--sync", "normal",
                                   "--data", f"{scratch}/games.db"],
                                  stdout=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            match = re.search(r"http://(127\.0\.0\.1:\d+)/", line)
            assert match, line
            base = f"http://{match.group(1)}"
            seen = set()

            fool = create(base, {"game": "chess3d", "config": "heights=1"})
            for uci in ["f2f3", "e7e5", "g2g4", "d8h4"]:
                play(base, fool, uci)
            game, pgn = check_pgn(base, fool, seen)
            assert "2. g4 Qh4#" in pgn, pgn
            assert chess.pgn.read_game(io.StringIO(pgn)).end().board().is_checkmate()

            fen = "r3k2r/ppp2ppp/2n5/3pP3/8/2N5/PPP2PPP/R3K2R w KQkq d6 0 10"
            from_fen = create(base, {"game": "chess3d", "config": "heights=1", "position": fen})
            for uci in ["e5d6", "e8c8", "e1g1"]:
                play(base, from_fen, uci)
            game, pgn = check_pgn(base, from_fen, seen)
            assert game.headers.get("SetUp") == "1" and game.headers.get("FEN") == fen, pgn
            assert "10. exd6 O-O-O 11. O-O" in pgn, pgn

            rng = random.Random(24)
            games = 0
            while games < 40 and not {"O-O", "O-O-O", "en passant", "promotion",
                                       "disambiguation"} <= seen or games < 6:
                created = create(base, {"game": "chess3d", "config": "heights=1"})
                for _ in range(300):
                    moves = state(base, created["id"])["moves"]
                    if not moves:
                        break
                    play(base, created, rng.choice(moves))
                check_pgn(base, created, seen)
                games += 1
            missing = {"O-O", "O-O-O", "en passant", "promotion", "disambiguation"} - seen
            assert not missing, f"not seen in {games} random games: {missing}"
            print(f"python-chess read back {games + 2} PGN games; seen: {sorted(seen)}")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
