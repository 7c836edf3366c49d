#!/usr/bin/env python3
"""Mean seconds per move and per game for each engine of a PGN, from the move comments
`{score/depth time}` that `chimera match` and cutechess-cli write. Usage: pgn_times.py FILE..."""
import re, sys, collections
tot = collections.defaultdict(float); moves = collections.Counter(); games = collections.Counter()
for path in sys.argv[1:]:
    text = open(path).read()
    for game in text.split('[Event ')[1:]:
        w = re.search(r'\[White "([^"]+)"\]', game).group(1)
        b = re.search(r'\[Black "([^"]+)"\]', game).group(1)
        body = game.split('\n\n', 1)[1] if '\n\n' in game else ''
        body = body.replace('\n', ' ')
        fen = re.search(r'\[FEN "[^"]* ([wb]) ', game)
        first_white = fen is None or fen.group(1) == 'w'
        times = re.findall(r'\{[^}]*?([0-9.]+)s\}', body)
        for i, t in enumerate(times):
            white = (i % 2 == 0) == first_white
            name = w if white else b
            tot[name] += float(t); moves[name] += 1
        games[w] += 1; games[b] += 1
for name in tot:
    print(f"{name}: {moves[name]} moves, {tot[name]/moves[name]:.3f} s a move, {tot[name]/games[name]:.1f} s a game")
