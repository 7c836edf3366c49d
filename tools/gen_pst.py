#!/usr/bin/env python3
"""Writes the hand-shaped starting piece-square tables of nets/chess.txt and
nets/atomic.txt (run once; the files are then edited/tuned by hand).
Tables are from White's side, rank 8 first, file a first, centipawns."""
import sys

def table(f):
    return [[f(file, rank) for file in range(8)] for rank in range(7, -1, -1)]

def centre(file, rank):
    # 0 on the rim, 3 in the middle four squares
    return min(file, 7 - file, 3) + min(rank, 7 - rank, 3)

T = {
 "pst_pawn_mg":   table(lambda f, r: 0 if r in (0, 7) else (r - 1) * 6 + (12 if f in (3, 4) and r in (3, 4) else 0) + (-6 if f in (3, 4) and r == 1 else 0)),
 "pst_pawn_eg":   table(lambda f, r: 0 if r in (0, 7) else (r - 1) * (r - 1) * 2),
 "pst_knight_mg": table(lambda f, r: centre(f, r) * 8 - 30 + (5 if r >= 4 else 0)),
 "pst_knight_eg": table(lambda f, r: centre(f, r) * 7 - 25),
 "pst_bishop_mg": table(lambda f, r: centre(f, r) * 4 - 12 + (8 if (f == r or f == 7 - r) else 0)),
 "pst_bishop_eg": table(lambda f, r: centre(f, r) * 4 - 12),
 "pst_rook_mg":   table(lambda f, r: (15 if r == 6 else 0) + (6 if f in (3, 4) else 0) - (5 if f in (0, 7) else 0)),
 "pst_rook_eg":   table(lambda f, r: (8 if r == 6 else 0)),
 "pst_queen_mg":  table(lambda f, r: centre(f, r) * 2 - 6 - (10 if r >= 5 else 0) + (5 if r >= 5 and f in (2,3,4,5) else 0)),
 "pst_queen_eg":  table(lambda f, r: centre(f, r) * 5 - 15),
 "pst_king_mg":   table(lambda f, r: ([20, 30, 10, 0, 0, 10, 30, 20][f] if r == 0 else [5, 5, -10, -20, -20, -10, 5, 5][f] if r == 1 else -30 - 10 * min(r, 4))),
 "pst_king_eg":   table(lambda f, r: centre(f, r) * 9 - 27),
}

out = sys.stdout
for name, rows in T.items():
    out.write(name + "\n")
    for row in rows:
        out.write("    " + " ".join(f"{v:4d}" for v in row) + "\n")
