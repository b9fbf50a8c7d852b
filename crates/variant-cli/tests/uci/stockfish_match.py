"""variants uci against Stockfish limited by UCI_LimitStrength/UCI_Elo, through python-chess.

Usage: stockfish_match.py PATH_TO_VARIANTS UCI_ELO GAMES [SECONDS_PER_MOVE]
Prints one JSON line (docs/engine.md, "Against Stockfish"). Not run by CI: it takes minutes.
"""
import json, math, random, shutil, sys, time
import chess, chess.engine

variants, elo, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
movetime = float(sys.argv[4]) if len(sys.argv) > 4 else 0.1
rng = random.Random(elo)
ours = chess.engine.SimpleEngine.popen_uci([variants, "uci"])
stockfish = shutil.which("stockfish")
if stockfish is None:
    raise SystemExit("stockfish is not on PATH (Debian puts it in the games directory)")
sf = chess.engine.SimpleEngine.popen_uci(stockfish)
sf.configure({"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 16})
points, w, d, l, scores = 0.0, 0, 0, 0, []
t0 = time.time()
opening = []
for g in range(games):
    if g % 2 == 0:  # a new 4-ply random opening, played once from each side
        b = chess.Board(); opening = []
        for _ in range(4):
            m = rng.choice(list(b.legal_moves)); b.push(m); opening.append(m)
    board = chess.Board()
    for m in opening:
        board.push(m)
    white_is_ours = g % 2 == 0
    ours.protocol.send_line("ucinewgame")
    while not board.is_game_over(claim_draw=True) and board.ply() < 400:
        eng = ours if (board.turn == chess.WHITE) == white_is_ours else sf
        board.push(eng.play(board, chess.engine.Limit(time=movetime)).move)
    r = board.result(claim_draw=True)
    s = 0.5 if r in ("1/2-1/2", "*") else (1.0 if (r == "1-0") == white_is_ours else 0.0)
    scores.append(s); points += s
    w += s == 1.0; d += s == 0.5; l += s == 0.0
n = len(scores); p = points / n
var = sum((x - p) ** 2 for x in scores) / n or 0.25
se = math.sqrt(var / n)
cl = lambda x: min(max(x, 0.5 / n), 1 - 0.5 / n)
to_elo = lambda x: -400 * math.log10(1 / cl(x) - 1)
print(json.dumps({"stockfish_elo": elo, "games": n, "wins": w, "draws": d, "losses": l,
                  "score": round(p, 3), "elo_diff": round(to_elo(p)),
                  "elo_error": round((to_elo(p + 1.96 * se) - to_elo(p - 1.96 * se)) / 2),
                  "movetime_s": movetime, "secs": round(time.time() - t0)}))
ours.quit(); sf.quit()
