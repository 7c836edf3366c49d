#!/usr/bin/env python3
"""Nodes per second of several engines on the same searches.

For every engine, in turn and several rounds: `go nodes N` (or, with
--depth, `go depth D`) from the first few openings of
`engine-tests/openings/<variant>.epd` (a new game each), and the nodes over
the time of their last `info` lines. Prints each engine's rounds and
median, then the ratio of each median to the first engine's; with --depth
also the mean time a search took to reach the depth (median of the
rounds). Interleaving the engines spreads the machine's drift over all.

    tools/nps.py ENGINE [ENGINE...] [--variant atomic] [--nodes 1000000]
                 [--depth D] [--openings 4] [--rounds 3] [--hash 16]

An ENGINE may carry UCI options for itself after commas, as in
`../shared/anchors/fairy-stockfish,Use NNUE=false`. Run it on an idle core
(`taskset -c 0 tools/nps.py ...`) with release builds.
"""
import argparse
import os
import statistics

from uci_engine import UciEngine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def openings(variant, count):
    path = os.path.join(ROOT, "engine-tests", "openings", f"{variant}.epd")
    with open(path) as f:
        fens = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    return fens[:count]


def engine_and_options(spec):
    """`PATH,NAME=VALUE,...` as the path and its own UCI options."""
    path, *settings = spec.split(",")
    return path, [tuple(s.split("=", 1)) for s in settings]


def nps(spec, variant, fens, limit, hash_mb):
    """Nodes per second over all searches, and the mean time a search took (ms)."""
    path, options = engine_and_options(spec)
    eng = UciEngine(path, [("UCI_Variant", variant), ("Hash", hash_mb)] + options)
    total_nodes = total_ms = 0
    for fen in fens:
        eng.send("ucinewgame")
        eng.send(f"position fen {fen}")
        eng.ready()
        eng.send(f"go {limit}")
        _, info = eng.wait_for("bestmove")
        words = info.split()
        total_nodes += int(words[words.index("nodes") + 1])
        total_ms += int(words[words.index("time") + 1])
    eng.quit()
    return total_nodes * 1000 / max(total_ms, 1), total_ms / len(fens)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engines", nargs="+")
    ap.add_argument("--variant", default="atomic")
    ap.add_argument("--nodes", type=int, default=1_000_000)
    ap.add_argument("--depth", type=int, help="search to this depth instead of --nodes")
    ap.add_argument("--openings", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--hash", type=int, default=16)
    args = ap.parse_args()
    fens = openings(args.variant, args.openings)
    limit = f"depth {args.depth}" if args.depth else f"nodes {args.nodes}"
    runs = {e: [] for e in args.engines}
    for _ in range(args.rounds):
        for e in args.engines:
            runs[e].append(nps(e, args.variant, fens, limit, args.hash))
    base = statistics.median(r[0] for r in runs[args.engines[0]])
    base_ms = statistics.median(r[1] for r in runs[args.engines[0]])
    for e in args.engines:
        med = statistics.median(r[0] for r in runs[e])
        rounds = ", ".join(f"{x:,.0f}" for x, _ in runs[e])
        line = f"{e}: {rounds}; median {med:,.0f} nps, {med / base:.2f}x"
        if args.depth:
            ms = statistics.median(r[1] for r in runs[e])
            line += f"; {ms:,.0f} ms a search to depth {args.depth}, {ms / base_ms:.2f}x"
        print(line)


if __name__ == "__main__":
    main()
