#!/usr/bin/env bash
# The match runner's PGN read by python-chess (see docs/tournament.md): short
# `chimera match` self-play games in chess and atomic, written in SAN, must
# load with chess.pgn.read_game without errors and end in the positions
# Chimera itself reaches from the moves it played (its UCI `d` after the
# tokens of the match log); the same games annotated by `chimera analyse`
# must load too, with an evaluation python-chess reads on every move.
# Installs python-chess with pip when missing; builds the testing binary
# unless CHIMERA_BIN names one.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if ! python3 -c "import chess.pgn, chess.variant" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check chess
fi

if [ -z "${CHIMERA_BIN:-}" ]; then
  (cd "$root" && cargo build --profile testing --quiet)
  export CHIMERA_BIN="$root/target/testing/chimera"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Each variant from the start position with random plies (moves only), and
# from the balanced openings' FENs (`SetUp`/`FEN` tags).
for variant in chess atomic; do
  for start in "--random-plies 6" "--openings file=$root/engine-tests/openings/$variant.epd order=random"; do
    out="$work/$variant-${#start}"
    # shellcheck disable=SC2086 # $start is two or three words on purpose
    "$CHIMERA_BIN" match --engine "$CHIMERA_BIN" --engine "$CHIMERA_BIN" \
      --variant "$variant" --games 4 --tc nodes=300 $start --seed 14 \
      --max-moves 120 --concurrency 2 --pgn "$out.pgn" --log "$out-logs" >/dev/null 2>&1
    python3 "$here/check_pgn.py" "$CHIMERA_BIN" "$variant" "$out.pgn" "$out-logs" 4
    # The same games through `chimera analyse`: evaluations python-chess reads.
    "$CHIMERA_BIN" analyse "$out.pgn" --nodes 3000 --out "$out-analysed.pgn" 2>/dev/null
    python3 "$here/check_analysis.py" "$out-analysed.pgn" "$variant" 4
  done
done
# Chess960: random start positions of the 960, then random plies.
out="$work/chess960"
"$CHIMERA_BIN" match --engine "$CHIMERA_BIN" --engine "$CHIMERA_BIN" \
  --variant chess --chess960 --games 4 --tc nodes=300 --random-plies 2 --seed 14 \
  --max-moves 120 --concurrency 2 --pgn "$out.pgn" --log "$out-logs" >/dev/null 2>&1
python3 "$here/check_pgn.py" "$CHIMERA_BIN" chess960 "$out.pgn" "$out-logs" 4
"$CHIMERA_BIN" analyse "$out.pgn" --nodes 3000 --out "$out-analysed.pgn" 2>/dev/null
python3 "$here/check_analysis.py" "$out-analysed.pgn" chess960 4
