#!/usr/bin/env python3
"""How deep a search must go to see a mate: each FEN of a file (one per line, anything after `;`
ignored) searched for T ms in atomic, one thread, Hash 64; prints the last score and depth and the
depth of the first mate score. Usage: mate_probe.py ENGINE FILE MS [UCI option lines...], e.g.
`tools/mate_probe.py target/release/chimera tools/positions/atomic-fsf-mates.txt 3000`."""
import subprocess, sys, re
engine, path, ms = sys.argv[1], sys.argv[2], int(sys.argv[3])
extra = sys.argv[4:]
p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def until(tok):
    lines = []
    while True:
        l = p.stdout.readline()
        lines.append(l)
        if l.startswith(tok): return lines
send("uci"); until("uciok")
for o in ["UCI_Variant value atomic", "Hash value 64", "Threads value 1"] + extra:
    send("setoption name " + o)
send("isready"); until("readyok")
for line in open(path):
    fen = line.split(';')[0].strip()
    send("ucinewgame"); send("position fen " + fen); send(f"go movetime {ms}")
    lines = until("bestmove")
    first_mate, last = None, None
    for l in lines:
        m = re.search(r'depth (\d+).*score (cp|mate) (-?\d+)', l)
        if m:
            last = (m.group(1), m.group(2), m.group(3))
            if m.group(2) == 'mate' and first_mate is None:
                first_mate = m.group(1)
    if last is None:
        print(f"{fen[:40]:40} no score (one legal turn?)")
    else:
        print(f"{fen[:40]:40} last d{last[0]} {last[1]} {last[2]}  first mate at d{first_mate}")
send("quit")
