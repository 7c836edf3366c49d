#!/usr/bin/env python3
"""Nodes per second by the wall clock, for engines whose own `info` lines
do not cover a whole search (Chimera sends none when a node limit stops it,
so `tools/nps.py` sees its completed iterations only).

For each engine, in turn and for several rounds: Hash 64, one thread, then
for each position `ucinewgame`, `position fen`, an `isready` round trip,
and the time from `go nodes N` to `bestmove`. The node count is the limit N
(an engine may overshoot it slightly). Prints each engine's rate per round.

    taskset -c 0 tools/nps_wall.py FILE.epd NODES ROUNDS ENGINE [ENGINE...]

FILE.epd: positions, one per line, `#` lines ignored (what `chimera
openings` writes). The variant is atomic.
"""
import re
import subprocess
import sys
import time


def rate(cmd, variant, fens, nodes):
    p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return

    send("uci")
    wait("uciok")
    send("setoption name UCI_Variant value " + variant)
    send("setoption name Hash value 64")
    send("setoption name Threads value 1")
    seconds = 0.0
    for fen in fens:
        send("ucinewgame")
        send("position fen " + fen)
        send("isready")
        wait("readyok")
        start = time.perf_counter()
        send("go nodes %d" % nodes)
        wait("bestmove")
        seconds += time.perf_counter() - start
    send("quit")
    p.wait()
    return nodes * len(fens) / seconds


def main():
    path, nodes, rounds, engines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    fens = [re.split(r"\s*;", l)[0].strip() for l in open(path)
            if l.strip() and not l.startswith("#")]
    for r in range(rounds):
        for e in engines:
            print(r, e, round(rate(e, "atomic", fens, nodes)), flush=True)


if __name__ == "__main__":
    main()
