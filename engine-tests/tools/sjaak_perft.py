#!/usr/bin/env python3
"""Perft of an Omega position with Sjaak II (Debian `sjaakii`), for checking
engine-tests/perft/omega.epd by hand. Not used by the tests (CI has no Sjaak).

    sjaak_perft.py DEPTH FEN [MOVE ...]

Sjaak misreads the spec's en-passant field, so for a position right after a
2- or 3-step pawn move give the FEN before it and the pawn move as MOVE.
Prints `;D1 n ;D2 n ...`.
"""
import re
import subprocess
import sys

depth, fen, moves = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
script = "xboard\nprotover 2\nnew\nvariant omega\nforce\nsetboard %s\n" % fen
script += "".join(m + "\n" for m in moves)
script += "perft %d 1\nquit\n" % depth
out = subprocess.run(["/usr/games/sjaakii"], input=script, capture_output=True,
                     text=True, timeout=3600).stdout
if "Error" in out or "Illegal" in out:
    sys.exit("sjaak rejected input:\n" + "\n".join(l for l in out.splitlines() if "rror" in l or "llegal" in l))
counts = re.findall(r"^\s*(\d+)\s+(\d+)\s+[\d.]+\s+[\d.]+nps", out, re.M)
print(" ".join(";D%s %s" % (d, n) for d, n in counts))
