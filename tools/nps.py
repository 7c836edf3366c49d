#!/usr/bin/env python3
"""Nodes per second of several engines on the same searches.

For every engine, in turn and several rounds: `go nodes N` from the first
few openings of `engine-tests/openings/<variant>.epd` (a new game each),
and the nodes over the time of their last `info` lines. Prints each
engine's rounds and median, then the ratio of each median to the first
engine's. Interleaving the engines spreads the machine's drift over all.

    tools/nps.py ENGINE [ENGINE...] [--variant atomic] [--nodes 1000000]
                 [--openings 4] [--rounds 3] [--hash 16]

Run it on an idle core (`taskset -c 0 tools/nps.py ...`) with release
builds.
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


def nps(engine, variant, fens, nodes, hash_mb):
    eng = UciEngine(engine, [("UCI_Variant", variant), ("Hash", hash_mb)])
    total_nodes = total_ms = 0
    for fen in fens:
        eng.send("ucinewgame")
        eng.send(f"position fen {fen}")
        eng.ready()
        eng.send(f"go nodes {nodes}")
        _, info = eng.wait_for("bestmove")
        words = info.split()
        total_nodes += int(words[words.index("nodes") + 1])
        total_ms += int(words[words.index("time") + 1])
    eng.quit()
    return total_nodes * 1000 / max(total_ms, 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engines", nargs="+")
    ap.add_argument("--variant", default="atomic")
    ap.add_argument("--nodes", type=int, default=1_000_000)
    ap.add_argument("--openings", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--hash", type=int, default=16)
    args = ap.parse_args()
    fens = openings(args.variant, args.openings)
    runs = {e: [] for e in args.engines}
    for _ in range(args.rounds):
        for e in args.engines:
            runs[e].append(nps(e, args.variant, fens, args.nodes, args.hash))
    base = statistics.median(runs[args.engines[0]])
    for e in args.engines:
        med = statistics.median(runs[e])
        rounds = ", ".join(f"{x:,.0f}" for x in runs[e])
        print(f"{e}: {rounds}; median {med:,.0f} nps, {med / base:.2f}x")


if __name__ == "__main__":
    main()
