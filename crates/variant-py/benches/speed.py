"""Speed figures of docs/python.md, measured in one run so that the ratios hold on a loaded
machine: `game.perft` against python-chess's perft on FIDE chess (chess3d with one height),
and the cost of one PettingZoo `env.step` per game.

    pip install ./crates/variant-py chess pettingzoo
    python crates/variant-py/benches/speed.py [--repeat N] [--chess-depth D]

Both perfts count in bulk at the last ply (the number of legal moves of each leaf's parent), as
the Rust perft does. Every count is checked against the published FIDE table (C3-40).
"""

import argparse
import random
import statistics
import time

import variant_games
from variant_games.pettingzoo import raw_env

FIDE = {1: 20, 2: 400, 3: 8_902, 4: 197_281, 5: 4_865_609}


def chess_perft(board, depth):
    """python-chess perft with bulk counting at the last ply."""
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += chess_perft(board, depth - 1)
        board.pop()
    return nodes


def best_of(repeat, run):
    """(best seconds, all seconds) over `repeat` runs of `run()`."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times), times


def perft_figures(repeat, chess_depth):
    import chess

    game = variant_games.Game("chess3d", heights=1)
    rows = []
    for depth in (4, 5):
        best, times = best_of(repeat, lambda: game.perft(depth))
        assert game.perft(depth) == FIDE[depth]
        rows.append(("variants game.perft", depth, FIDE[depth], best, times))
    for depth in sorted({4, chess_depth}):
        board = chess.Board()
        best, times = best_of(repeat if depth <= 4 else 1, lambda: chess_perft(board, depth))
        assert chess_perft(board, depth) == FIDE[depth] if depth <= 4 else True
        rows.append(("python-chess perft", depth, FIDE[depth], best, times))
    print("| perft, FIDE start | depth | nodes | best s | nodes/s | runs (s) |")
    print("|---|---|---|---|---|---|")
    rates = {}
    for label, depth, nodes, best, times in rows:
        rates[(label, depth)] = nodes / best
        runs = ", ".join(f"{t:.3f}" for t in times)
        print(f"| {label} | {depth} | {nodes} | {best:.3f} | {nodes / best:,.0f} | {runs} |")
    ratio = rates[("variants game.perft", 4)] / rates[("python-chess perft", 4)]
    print(f"\nratio at depth 4 (variants / python-chess, nodes per second): {ratio:.0f}x")
    if chess_depth == 5:
        ratio5 = rates[("variants game.perft", 5)] / rates[("python-chess perft", 5)]
        print(f"ratio at depth 5: {ratio5:.0f}x")


ENVS = [
    ("chess3d", {"heights": 1}),
    ("chess3d", {}),
    ("checkers3d", {"heights": 1}),
    ("checkers3d", {}),
    ("bishops4p", {}),
    ("bishops4p", {"players": 3}),
    ("chess-t", {}),
]


def step_figures(steps):
    print(
        "\n| game | config | steps | µs per env.step (best of 3) | runs | µs per env.observe (best) |"
    )
    print("|---|---|---|---|---|---|")
    for name, config in ENVS:
        runs = []
        observes = []
        for trial in range(3):
            e = raw_env(name, **config)
            rng = random.Random(trial)
            e.reset()
            # The agent's side (observe, pick a legal action at random) is timed apart: the
            # observe column includes the random choice.
            spent = 0.0
            choosing = 0.0
            done = 0
            while done < steps:
                agent = e.agent_selection
                if e.terminations[agent] or e.truncations[agent]:
                    e.reset()
                    continue
                c0 = time.perf_counter()
                obs = e.observe(agent)
                action = rng.choice(obs["action_mask"].nonzero()[0].tolist())
                c1 = time.perf_counter()
                e.step(action)
                c2 = time.perf_counter()
                choosing += c1 - c0
                spent += c2 - c1
                done += 1
            runs.append(spent / steps * 1e6)
            observes.append(choosing / steps * 1e6)
        cfg = ";".join(f"{k}={v}" for k, v in config.items()) or "default"
        print(
            f"| {name} | {cfg} | {steps} | {min(runs):.0f} | "
            + ", ".join(f"{r:.0f}" for r in runs)
            + f" | {min(observes):.0f} |"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--chess-depth", type=int, default=4, choices=(4, 5))
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    perft_figures(args.repeat, args.chess_depth)
    step_figures(args.steps)


if __name__ == "__main__":
    main()
