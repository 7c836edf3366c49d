#!/usr/bin/env python3
"""How far Chimera's searches run past their clock (issue 12's measure).

Runs SEARCHES searches of `go wtime W winc I btime W binc I` from the
committed openings of a variant (each opening in turn, both sides to move
as the EPD says) and reports the time from sending `go` to reading
`bestmove`: mean, 99th percentile and maximum, and how many went past the
engine's hard limit and past the whole clock.

    tools/overshoot.py ENGINE [--variant chess] [--searches 1000]
                       [--wtime 1000] [--winc 10] [--threads 1]

Run it on an idle machine, release build (`cargo build --release`).
"""
import argparse
import pathlib
import time

from uci_engine import UciEngine


def hard_limit_ms(wtime, winc, overhead):
    """The hard limit src/search/limits.rs sets for this clock."""
    reserve = overhead + min(wtime // 20, 100)
    available = max(wtime - reserve, 1)
    soft = max(min(available // 40 + winc * 3 // 4, available // 8), 1)
    return max(min(soft * 3, available // 4), soft)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--searches", type=int, default=1000)
    ap.add_argument("--wtime", type=int, default=1000)
    ap.add_argument("--winc", type=int, default=10)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--overhead", type=int, default=10, help="Move Overhead option (ms)")
    args = ap.parse_args()

    root = pathlib.Path(__file__).resolve().parent.parent
    epd = root / "engine-tests" / "openings" / f"{args.variant}.epd"
    fens = [l.split(";")[0].strip() for l in epd.read_text().splitlines()
            if l.strip() and not l.startswith("#")]

    eng = UciEngine(args.engine, [("UCI_Variant", args.variant), ("Threads", args.threads),
                                  ("Move Overhead", args.overhead)])

    times = []
    for i in range(args.searches):
        fen = fens[i % len(fens)]
        eng.send("ucinewgame" if i % len(fens) == 0 else "isready")
        eng.send(f"position fen {fen}")
        eng.ready()
        t = args.wtime
        start = time.perf_counter()
        eng.send(f"go wtime {t} btime {t} winc {args.winc} binc {args.winc}")
        eng.wait_for("bestmove")
        times.append((time.perf_counter() - start) * 1000.0)
    eng.quit()

    times.sort()
    hard = hard_limit_ms(args.wtime, args.winc, args.overhead)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{args.variant}, {len(times)} searches of go wtime {args.wtime} winc {args.winc}, "
          f"Threads {args.threads}, Move Overhead {args.overhead}: hard limit {hard} ms")
    print(f"mean {sum(times) / len(times):.1f} ms, p99 {p99:.1f} ms, max {times[-1]:.1f} ms; "
          f"over the hard limit: {sum(t > hard for t in times)}, "
          f"largest overshoot {max(times[-1] - hard, 0):.1f} ms; "
          f"over the whole clock ({args.wtime} ms): {sum(t > args.wtime for t in times)}")


if __name__ == "__main__":
    main()
