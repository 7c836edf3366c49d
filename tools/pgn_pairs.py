#!/usr/bin/env python3
"""Pentanomial counts of a cutechess-cli match from its PGN, from one engine's side.

cutechess-cli with `-repeat -games 2` plays each opening twice, colours swapped, and tags both
games with the same `Round`; with `-concurrency 2` it writes games as they finish, so pairs are
found by that tag, not by their order. Prints W-D-L, the pairs [LL, LD, DD/WL, WD, WW] and any
game that did not end normally (cutechess-cli's `Termination` tag: time forfeit, illegal move,
stalled connection). With `--results FILE` it writes the counts as a `chimera match --results`
file, so that `chimera match --pool` gives the Elo and its interval by the same statistics as
every other figure (docs/strength.md).

Usage: pgn_pairs.py ENGINE FILE.pgn [--results OUT.json] [--openings LABEL]
"""
import argparse, collections, json, re, sys

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("engine", help="count from this engine's side (its PGN name)")
ap.add_argument("pgn")
ap.add_argument("--results", help="write a `chimera match --results` file here")
ap.add_argument("--openings", help="how the openings are named in that file (default: the PGN's path)")
args = ap.parse_args()

text = open(args.pgn, encoding="utf-8", errors="replace").read()
rounds = collections.defaultdict(list)  # round -> this engine's points in each game
tags_seen = {}
opponents = set()
abnormal = collections.Counter()  # finished games that did not end on the board
unfinished = 0  # games without a result (`*`): left out of every count
for game in text.split("[Event ")[1:]:
    tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
    white, black, result = tags.get("White"), tags.get("Black"), tags.get("Result")
    if args.engine not in (white, black):
        sys.exit(f"{args.pgn}: a game without {args.engine} ({white} against {black})")
    if result not in ("1-0", "0-1", "1/2-1/2"):
        unfinished += 1
        continue
    opponents.add(black if white == args.engine else white)
    if "Termination" in tags:
        abnormal[tags["Termination"]] += 1
    white_points = {"1-0": 2, "0-1": 0, "1/2-1/2": 1}[result]  # half points
    points = white_points if white == args.engine else 2 - white_points
    rounds[tags.get("Round", "?")].append(points)
    for key in ("Variant", "TimeControl"):
        if key in tags:
            tags_seen[key] = tags[key]

if len(opponents) != 1:
    sys.exit(f"{args.pgn}: expected one opponent, found {sorted(opponents)}")
opponent = opponents.pop()
games = [p for pts in rounds.values() for p in pts]
wins, draws, losses = games.count(2), games.count(1), games.count(0)
pairs = collections.Counter()
unpaired = 0
for pts in rounds.values():
    if len(pts) != 2:
        unpaired += len(pts)
        continue
    key = {0: "ll", 1: "ld", 3: "wd", 4: "ww"}.get(sum(pts))
    if key is None:  # two points from a pair: two draws or a win and a loss
        key = "dd" if pts == [1, 1] else "wl"
    pairs[key] += 1

print(f"{args.engine} against {opponent}: {len(games)} games, W-D-L {wins}-{draws}-{losses}")
print(f"Ptnml [{pairs['ll']}, {pairs['ld']}, {pairs['dd'] + pairs['wl']}, {pairs['wd']}, {pairs['ww']}]"
      f" ({pairs['dd']} DD, {pairs['wl']} WL), {unpaired} games unpaired")
print("every game ended normally" if not abnormal else f"not normal: {dict(abnormal)}")
if unfinished:
    print(f"{unfinished} games without a result left out")

if args.results:
    variant = tags_seen.get("Variant", "standard").lower()
    results = {
        "format": "chimera-match-results 1",
        "runner_commit": "cutechess-cli",
        "engines": [args.engine, opponent],
        "variant": "chess" if variant == "standard" else variant,
        "chess960": False,
        "time_control": tags_seen.get("TimeControl", "?"),
        "openings": args.openings or args.pgn,
        "games_played": len(games),
        "games_scheduled": len(games),
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "pairs": {k: pairs[k] for k in ("ll", "ld", "wl", "dd", "wd", "ww")},
        "unpaired_games": unpaired,
        "terminations": {"normal": len(games) - sum(abnormal.values()), **abnormal},
        "sprt": None,
        "stopped": None,
    }
    with open(args.results, "w") as f:
        json.dump(results, f, indent=2)
        f.write("\n")
