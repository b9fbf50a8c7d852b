"""python-chess drives `variants uci` through whole games (run by .ci/run).

Usage: python_chess_game.py PATH_TO_VARIANTS [GAMES]

Each game: the engine plays White against python-chess's own random moves (seeded), with a
short `go movetime`; then one game engine against engine at a fixed node count. python-chess
checks every `bestmove` for legality and raises on any protocol error, so a clean exit means
the games were played to their end (mate, stalemate, the 75-move rule, fivefold repetition
or insufficient material) or to the ply cap without a fault.
"""

import random
import sys

import chess
import chess.engine

PLY_CAP = 400


def play(engine, board, limit_for, rng):
    while not board.is_game_over() and board.ply() < PLY_CAP:
        limit = limit_for(board)
        if limit is None:
            move = rng.choice(list(board.legal_moves))
        else:
            result = engine.play(board, limit)
            if result.move is None or result.move not in board.legal_moves:
                raise SystemExit(f"engine returned {result.move} in {board.fen()}")
            move = result.move
        board.push(move)
    return board


def main():
    path = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    rng = random.Random(13)
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        wins = 0
        for g in range(games):
            engine.configure({})
            board = play(
                engine,
                chess.Board(),
                lambda b: chess.engine.Limit(time=0.05) if b.turn == chess.WHITE else None,
                rng,
            )
            outcome = board.outcome()
            print(f"engine vs random {g + 1}: {board.result()} after {board.ply()} plies"
                  f" ({outcome.termination.name if outcome else 'ply cap'})")
            wins += board.result() == "1-0"
        # The engine should beat random moves; a loss would mean it misreads the position.
        if wins == 0:
            raise SystemExit("the engine never beat random moves")
        # A game from a FEN with moves, both sides the engine, checks `position fen … moves`.
        start = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        board = play(engine, start, lambda b: chess.engine.Limit(nodes=3000), rng)
        print(f"engine vs engine: {board.result()} after {board.ply()} plies")
        info = engine.analyse(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
                              chess.engine.Limit(depth=3))
        if info["score"].white() != chess.engine.Mate(1):
            raise SystemExit(f"expected mate 1, got {info['score']}")
        print("analyse: mate 1 found")


if __name__ == "__main__":
    main()
