#!/usr/bin/env python3
"""`variants uci` against Stockfish limited by UCI_LimitStrength/UCI_Elo, through python-chess.

Like crates/variant-cli/tests/uci/stockfish_match.py, with random openings of 4 to 8 plies
(each played from both sides), Threads=1, Hash=16 for both, and up to two games at a time.

Usage: stockfish.py PATH_TO_VARIANTS UCI_ELO GAMES [SECONDS_PER_MOVE] [CONCURRENCY] [SEED]
Prints one line per game and a JSON summary. Not run by CI: it takes minutes.
"""
import json, math, random, shutil, sys, threading, time
import chess, chess.engine

variants, elo, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
movetime = float(sys.argv[4]) if len(sys.argv) > 4 else 0.1
concurrency = int(sys.argv[5]) if len(sys.argv) > 5 else 2
seed = int(sys.argv[6]) if len(sys.argv) > 6 else elo
rng = random.Random(seed)
stockfish = shutil.which("stockfish") or "/usr/games/stockfish"

openings = []
while len(openings) * 2 < games:
    b = chess.Board()
    line = []
    for _ in range(rng.randint(4, 8)):
        m = rng.choice(sorted(b.legal_moves, key=lambda m: m.uci()))
        b.push(m)
        line.append(m)
    if not b.is_game_over():
        openings.append(line)
jobs = [(2 * i + s, line, s == 0) for i, line in enumerate(openings) for s in (0, 1)][:games]
results = {}
lock = threading.Lock()


def worker():
    ours = chess.engine.SimpleEngine.popen_uci([variants, "uci"])
    ours.configure({"Hash": 16}) if "Hash" in ours.options else None
    sf = chess.engine.SimpleEngine.popen_uci(stockfish)
    sf.configure({"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 16})
    while True:
        with lock:
            if not jobs:
                break
            idx, line, white_is_ours = jobs.pop(0)
        board = chess.Board()
        for m in line:
            board.push(m)
        ours.protocol.send_line("ucinewgame")
        sf.protocol.send_line("ucinewgame")
        while not board.is_game_over(claim_draw=True) and board.ply() < 400:
            eng = ours if (board.turn == chess.WHITE) == white_is_ours else sf
            board.push(eng.play(board, chess.engine.Limit(time=movetime)).move)
        r = board.result(claim_draw=True)
        s = 0.5 if r in ("1/2-1/2", "*") else (1.0 if (r == "1-0") == white_is_ours else 0.0)
        with lock:
            results[idx] = s
            print(f"game {idx + 1}: ours {'white' if white_is_ours else 'black'} "
                  f"opening {' '.join(m.uci() for m in line)}: {r} -> {s} ({board.ply()} plies)",
                  flush=True)
    ours.quit()
    sf.quit()


t0 = time.time()
threads = [threading.Thread(target=worker) for _ in range(concurrency)]
for t in threads:
    t.start()
for t in threads:
    t.join()
scores = [results[k] for k in sorted(results)]
n = len(scores)
p = sum(scores) / n
w, d, l = (sum(1 for x in scores if x == v) for v in (1.0, 0.5, 0.0))
var = sum((x - p) ** 2 for x in scores) / n or 0.25
se = math.sqrt(var / n)
cl = lambda x: min(max(x, 0.5 / n), 1 - 0.5 / n)
to_elo = lambda x: -400 * math.log10(1 / cl(x) - 1)
print(json.dumps({"stockfish_elo": elo, "games": n, "wins": w, "draws": d, "losses": l,
                  "score": round(p, 3), "elo_diff": round(to_elo(p)),
                  "elo_error": round((to_elo(p + 1.96 * se) - to_elo(p - 1.96 * se)) / 2),
                  "movetime_s": movetime, "secs": round(time.time() - t0)}))
