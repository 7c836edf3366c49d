#!/usr/bin/env python3
"""SPSA tuning of the search parameters on this machine, as OpenBench does it.

A `tune` build (`make TUNE=1`: every search parameter a UCI option) plays
itself in game pairs: one side with the parameters nudged by +c, the other
by -c, each parameter's direction drawn at random for every pair. The pair's
wins minus losses of the nudged-up side move every parameter along its
direction. The schedule is OpenBench's (`OpenBench/spsa_utils.py` and
`Client/worker.py`): with N pairs planned, at pair k

    c_k = c_end * N^gamma / k^gamma              (at least 0.5 for integers)
    r_k = r_end * c_end^2 * (A + N)^alpha / (A + k)^alpha / c_k^2,  A = 0.1 N
    value += r_k * c_k * (wins - losses) * direction

with alpha 0.602 and gamma 0.101; the nudged values are rounded at random
and clipped to each range. The parameters, their ranges, c_end and r_end
come from the ```spsa block of docs/openbench.md (the list OpenBench is
given); --only picks some of them.

Every pair is one `chimera match` of two games (one opening, both colours);
--workers pairs run at once, one game each (2 on the 2-core machine, with
nothing else running). The state is a JSON file written after every pair,
so a stopped run goes on where it stopped with the same command:

    tools/spsa.py --engine TUNE_BUILD --state spsa-atomic.json --variant atomic \\
        --tc 2+0.02 --pairs 4000 [--only rfp_margin,lmr_base,...] [--workers 2]

Prints a line every --report pairs; at the end (or with --show) the values,
their start, and the `option.NAME=VALUE` words that play them in
`chimera match` for the verification match.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALPHA = 0.602
GAMMA = 0.101
A_RATIO = 0.1


def documented_parameters():
    """(name, value, min, max, c_end, r_end) of every line of docs/openbench.md's spsa block."""
    with open(os.path.join(ROOT, "docs", "openbench.md")) as f:
        text = f.read()
    block = text.split("```spsa\n", 1)[1].split("```", 1)[0]
    params = []
    for line in block.strip().splitlines():
        name, _kind, value, lo, hi, c_end, r_end = [w.strip() for w in line.split(",")]
        params.append((name, float(value), float(lo), float(hi), float(c_end), float(r_end)))
    return params


def new_state(args):
    chosen = documented_parameters()
    if args.only:
        wanted = args.only.split(",")
        unknown = set(wanted) - {p[0] for p in chosen}
        if unknown:
            sys.exit(f"not search parameters: {', '.join(sorted(unknown))}")
        chosen = [p for p in chosen if p[0] in wanted]
    n = args.pairs
    params = []
    for name, value, lo, hi, c_end, r_end in chosen:
        params.append({
            "name": name, "value": value, "start": value, "min": lo, "max": hi,
            "c_end": c_end, "r_end": r_end,
            "c_value": c_end * n ** GAMMA,
            "a_value": r_end * c_end ** 2 * (A_RATIO * n + n) ** ALPHA,
        })
    return {
        "engine": args.engine, "variant": args.variant, "tc": args.tc, "hash": args.hash,
        "openings": args.openings, "seed": args.seed, "pairs_planned": n,
        "pairs_done": 0, "pairs_started": 0, "wdl": [0, 0, 0], "params": params,
    }


def assignment(state, rng):
    """The nudged-up and nudged-down values and the directions for the next pair."""
    k = 1 + state["pairs_started"]
    c_div = k ** GAMMA
    r_div = (A_RATIO * state["pairs_planned"] + k) ** ALPHA
    plus, minus, steps = {}, {}, []
    for p in state["params"]:
        c = max(p["c_value"] / c_div, 0.5)
        r = p["a_value"] / r_div / c ** 2
        flip = rng.choice((-1, 1))
        u = rng.random()
        up = min(max(math.floor(p["value"] + flip * c + u), p["min"]), p["max"])
        down = min(max(math.floor(p["value"] - flip * c + u), p["min"]), p["max"])
        plus[p["name"]], minus[p["name"]] = int(up), int(down)
        steps.append(r * c * flip)
    return plus, minus, steps


RANK_ROW = re.compile(r"^\s*\d+\s+(\S+)\s+\d+\s+(\d+)\s+(\d+)\s+(\d+)\s")


def play_pair(state, plus, minus, pair_seed):
    """Wins, draws and losses of the nudged-up side in one pair, or None
    (with what `chimera match` said) when it has no result."""
    engine = state["engine"]
    cmd = [engine, "match",
           "--engine", f"cmd={engine}", "name=plus", *[f"option.{n}={v}" for n, v in plus.items()],
           "--engine", f"cmd={engine}", "name=minus", *[f"option.{n}={v}" for n, v in minus.items()],
           "--each", f"option.Hash={state['hash']}", "option.Threads=1",
           "--variant", state["variant"], "--tc", state["tc"], "--games", "2",
           "--concurrency", "1", "--seed", str(pair_seed), "--recover",
           "--openings", f"file={state['openings']}", "order=random"]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    for line in out.stdout.splitlines():
        m = RANK_ROW.match(line)
        if m and m.group(1) == "plus":
            return int(m.group(2)), int(m.group(3)), int(m.group(4))
    print(f"no result for a pair; `chimera match` said:\n{out.stdout}\n{out.stderr}",
          file=sys.stderr)
    return None


def show(state):
    print(f"{state['pairs_done']} of {state['pairs_planned']} pairs, "
          f"W-D-L of the nudged-up side {state['wdl'][0]}-{state['wdl'][1]}-{state['wdl'][2]}")
    print(f"{'name':24} {'value':>9} {'start':>7} {'min':>6} {'max':>6}")
    for p in state["params"]:
        print(f"{p['name']:24} {p['value']:9.2f} {p['start']:7.0f} {p['min']:6.0f} {p['max']:6.0f}")
    print(" ".join(f"option.{p['name']}={round(p['value'])}" for p in state["params"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", help="a `tune` build (make TUNE=1)")
    ap.add_argument("--state", required=True, help="JSON file of the run (made, then resumed)")
    ap.add_argument("--variant", default="atomic")
    ap.add_argument("--tc", default="2+0.02")
    ap.add_argument("--pairs", type=int, default=4000, help="pairs planned (the schedule's N)")
    ap.add_argument("--only", help="comma-separated parameter names (default: all)")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--openings", help="EPD file (default engine-tests/openings/VARIANT.epd)")
    ap.add_argument("--seed", type=int, default=1, help="seeds the directions and the openings")
    ap.add_argument("--workers", type=int, default=2, help="pairs played at once")
    ap.add_argument("--report", type=int, default=50, help="print the values every this many pairs")
    ap.add_argument("--stop-after", type=int, help="stop after this many more pairs")
    ap.add_argument("--show", action="store_true", help="print the state and exit")
    args = ap.parse_args()

    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
        state["pairs_started"] = state["pairs_done"]
    else:
        if not args.engine:
            sys.exit("--engine is needed to start a run")
        args.openings = os.path.abspath(
            args.openings or os.path.join(ROOT, "engine-tests", "openings", f"{args.variant}.epd"))
        args.engine = os.path.abspath(args.engine)
        state = new_state(args)
    if args.show:
        show(state)
        return

    lock = threading.Lock()
    stop_at = state["pairs_planned"]
    if args.stop_after is not None:
        stop_at = min(stop_at, state["pairs_done"] + args.stop_after)

    def save():
        tmp = args.state + ".tmp"
        with open(tmp, "w") as f:
            json.dump(state, f, indent=1)
        os.replace(tmp, args.state)

    failed = threading.Event()

    def worker():
        while not failed.is_set():
            with lock:
                if state["pairs_started"] >= stop_at:
                    return
                k = state["pairs_started"]
                # Each pair's directions and opening follow from the seed and
                # its number alone, so a resumed run plays what it would have.
                rng = random.Random(state["seed"] * 1_000_003 + k)
                plus, minus, steps = assignment(state, rng)
                state["pairs_started"] += 1
            result = play_pair(state, plus, minus, state["seed"] * 100_000 + k)
            if result is None:
                failed.set()
                return
            w, d, l = result
            with lock:
                for p, step in zip(state["params"], steps):
                    p["value"] = min(max(p["value"] + step * (w - l), p["min"]), p["max"])
                state["wdl"] = [a + b for a, b in zip(state["wdl"], (w, d, l))]
                state["pairs_done"] += 1
                save()
                if state["pairs_done"] % args.report == 0:
                    show(state)
                    sys.stdout.flush()

    save()
    threads = [threading.Thread(target=worker) for _ in range(args.workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    show(state)
    if failed.is_set():
        sys.exit("stopped: a pair had no result (the state keeps every pair before it)")


if __name__ == "__main__":
    main()
