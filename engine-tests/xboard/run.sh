#!/usr/bin/env bash
# End-to-end test of Chimera's XBoard protocol (docs/xboard.md) with the real
# XBoard under a virtual X display: XBoard's match mode plays two games each
# of atomic, fischerandom (Chess960) and Omega between two Chimera processes,
# then the saved PGNs
# must hold two finished games per variant, each with a result, and neither
# the PGNs nor XBoard's engine log may show an illegal move, a false claim,
# a forfeit or an engine error. A screenshot of the Omega board is taken
# during the first game.
#
# Installs what it needs (Debian's xboard, xvfb and imagemagick) when missing,
# builds the release binary unless CHIMERA_BIN names one. Output (PGNs,
# XBoard's debug logs, the screenshot) goes to engine-tests/artifacts/xboard/
# (ARTIFACTS overrides); DOCS_IMAGES=1 also refreshes docs/images/xboard-omega.png.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${ARTIFACTS:-$root/engine-tests/artifacts/xboard}"
xboard=/usr/games/xboard

if [ ! -x "$xboard" ] || ! command -v xvfb-run >/dev/null || ! command -v import >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xboard xvfb imagemagick >/dev/null
  else
    echo "run.sh: needs Debian's xboard, xvfb and imagemagick (apt-get install xboard xvfb imagemagick)" >&2
    exit 1
  fi
fi

if [ -z "${CHIMERA_BIN:-}" ]; then
  (cd "$root" && cargo build --release --quiet)
  CHIMERA_BIN="$root/target/release/chimera"
fi
export CHIMERA_BIN

rm -rf "$out"
mkdir -p "$out"
echo "xboard: $("$xboard" --version 2>/dev/null | head -1)"

# One match of two games in XBoard's match mode. The engine is started as
# plain `chimera`: its first command, `xboard`, selects the protocol. Move
# Overhead covers the delays of a loaded machine (XBoard, the X server and
# both engines share one core); a game both engines agree is lost by ten
# pawns, or still going after 80 moves, is adjudicated to keep the test short.
match() {
  local variant="$1" legality="$2" shot="${3:-}"
  local log="$out/$variant.debug" pgn="$out/$variant.pgn"
  local args=(
    -fcp "$CHIMERA_BIN" -fd "$out" -scp "$CHIMERA_BIN" -sd "$out"
    -variant "$variant" -testLegality "$legality" -testClaims true
    -matchMode true -matchGames 2 -tc 0:05 -inc 0.1
    -firstOptions "Move Overhead=100" -secondOptions "Move Overhead=100"
    -adjudicateLossThreshold -1000 -adjudicateDrawMoves 80
    -ponderNextMove false -popupExitMessage false -saveSettingsOnExit false
    -boardSize Medium -saveGameFile "$pgn" -debugMode true -nameOfDebugFile "$log"
  )
  local started=$SECONDS
  SHOT="$shot" timeout 600 xvfb-run -a -s "-screen 0 1024x900x24" \
    bash -c '
      "$0" "$@" &
      pid=$!
      if [ -n "$SHOT" ]; then
        sleep 6
        import -window root "$SHOT.full.png" && convert "$SHOT.full.png" -trim +repage "$SHOT"
        rm -f "$SHOT.full.png"
      fi
      wait $pid' "$xboard" "${args[@]}" >"$out/$variant.xboard.log" 2>&1 || true
  echo "$variant: match over in $((SECONDS - started)) s"
  check "$variant" "$pgn" "$log"
}

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Two finished games of the variant, each with a result, and no sign of a
# protocol problem in the PGN or in what the engines said.
check() {
  local variant="$1" pgn="$2" log="$3"
  [ -s "$pgn" ] || fail "$variant: no PGN saved"
  local games results
  games=$(grep -c "^\[Variant \"$variant\"\]" "$pgn" || true)
  results=$(grep -cE '^\[Result "(1-0|0-1|1/2-1/2)"\]' "$pgn" || true)
  [ "$games" = 2 ] || fail "$variant: $games games in $pgn, want 2"
  [ "$results" = 2 ] || fail "$variant: $results finished games in $pgn, want 2"
  if grep -inE 'illegal|false (win|draw) claim|forfeit|disconnect|crash' "$pgn"; then
    fail "$variant: protocol trouble in $pgn"
  fi
  if grep -nE '<(first |second): (Error|Illegal move|tellusererror)' "$log"; then
    fail "$variant: an engine reported an error (see $log)"
  fi
  grep -E '^\[Result|\{[^}]*\} (1-0|0-1|1/2-1/2)$' "$pgn" | sed "s/^/  $variant: /"
}

# Atomic is XBoard's own variant: its legality test checks every move.
match atomic true
# Chess960 as XBoard plays it: a random start each game, castling sent and
# received as O-O/O-O-O, XBoard's legality test on.
match fischerandom true
# Omega is engine-defined (docs/xboard.md): XBoard 4.9 knows no promotion
# rank but the board's last one, so its legality test would refuse every
# Omega promotion; Chimera checks the moves.
match omega false "$out/xboard-omega.png"

[ -s "$out/xboard-omega.png" ] || fail "no screenshot of the Omega board"
colours=$(identify -format %k "$out/xboard-omega.png")
[ "$colours" -gt 50 ] || fail "the Omega screenshot looks blank ($colours colours)"
if [ "${DOCS_IMAGES:-}" = 1 ]; then
  cp "$out/xboard-omega.png" "$root/docs/images/xboard-omega.png"
fi
echo "xboard end-to-end test passed"
