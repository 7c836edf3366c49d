#!/usr/bin/env python3
"""Time to depth from each variant's start position (issue 12's measure).

For every engine and variant: `ucinewgame`, `position startpos`,
`go depth D`, and the wall time from `go` to `bestmove` with the nodes of
the last `info` line. Several repetitions; the median time is reported,
then the ratio of each engine's time to the first engine's.

    tools/time_to_depth.py ENGINE [ENGINE...] [--depth chess=12 ...]
                           [--reps 3] [--threads 1] [--hash 16]

Run it on an idle machine with release builds.
"""
import argparse
import statistics
import time

from uci_engine import UciEngine

DEFAULT_DEPTHS = {"chess": 14, "atomic": 12, "avalanche": 12, "omega": 12, "dynamo": 11}


def search(engine, variant, depth, threads, hash_mb):
    eng = UciEngine(engine, [("UCI_Variant", variant), ("Threads", threads), ("Hash", hash_mb)])
    eng.send("ucinewgame")
    eng.send("position startpos")
    eng.ready()
    start = time.perf_counter()
    eng.send(f"go depth {depth}")
    _, info = eng.wait_for("bestmove")
    elapsed = time.perf_counter() - start
    eng.quit()
    words = info.split()
    nodes = int(words[words.index("nodes") + 1]) if "nodes" in words else 0
    return elapsed, nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engines", nargs="+")
    ap.add_argument("--depth", action="append", default=[],
                    help="VARIANT=D (defaults: %s)" % DEFAULT_DEPTHS)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=16)
    args = ap.parse_args()
    depths = dict(DEFAULT_DEPTHS)
    for d in args.depth:
        variant, _, value = d.partition("=")
        depths[variant] = int(value)

    print(f"{'variant':10} {'depth':>5}  {'engine':>24} {'ms':>8} {'nodes':>10} {'ratio':>6}")
    for variant, depth in depths.items():
        first = None
        for engine in args.engines:
            runs = [search(engine, variant, depth, args.threads, args.hash) for _ in range(args.reps)]
            ms = statistics.median(r[0] for r in runs) * 1000
            nodes = runs[0][1]
            first = first or ms
            print(f"{variant:10} {depth:5}  {engine[-24:]:>24} {ms:8.0f} {nodes:10} {ms / first:6.2f}")


if __name__ == "__main__":
    main()
