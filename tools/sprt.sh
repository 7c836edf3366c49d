#!/usr/bin/env bash
# SPRT of the working tree against a baseline built from a git ref, in one
# variant, with `chimera match` (see docs/testing.md).
#
#   tools/sprt.sh BASE_REF VARIANT [TC] [ELO0 ELO1]
#   tools/sprt.sh main atomic 5+0.05 0 5
#
# Environment: GAMES (most games, default 20000), CONCURRENCY (default 2:
# one game per core on the 2-core machine), HASH (MB per engine, default 16),
# SEED (opening order, default: from the clock), SPRT_DIR (binaries, PGNs
# and logs, default target/sprt).
set -euo pipefail

if [ $# -lt 2 ] || [ $# -eq 4 ] || [ $# -gt 5 ]; then
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
base_ref=$1
variant=$2
tc=${3:-5+0.05}
elo0=${4:-0}
elo1=${5:-5}

root=$(git rev-parse --show-toplevel)
cd "$root"
openings=$root/engine-tests/openings/$variant.epd
[ -f "$openings" ] || { echo "no openings for $variant: $openings" >&2; exit 2; }
work=${SPRT_DIR:-$root/target/sprt}
mkdir -p "$work"

# The baseline: built once per commit in its own worktree and target dir.
base_sha=$(git rev-parse --short=12 "$base_ref^{commit}")
base_bin=$work/chimera-$base_sha
if [ ! -x "$base_bin" ]; then
    tree=$work/worktree-$base_sha
    git worktree remove --force "$tree" 2>/dev/null || true
    git worktree add --detach "$tree" "$base_sha" >&2
    cargo build --release --manifest-path "$tree/Cargo.toml" --target-dir "$work/target-base" >&2
    cp "$work/target-base/release/chimera" "$base_bin"
    git worktree remove --force "$tree"
fi

# The candidate: the working tree as it is now, copied so that a rebuild
# during the test does not change the engine under test.
cargo build --release >&2
dirty=$(git status --porcelain --untracked-files=no | grep -q . && echo "+dirty" || true)
dev_name=dev-$(git rev-parse --short=12 HEAD)$dirty
dev_bin=$work/chimera-$dev_name
cp target/release/chimera "$dev_bin"

seed=${SEED:-$(date +%s)}
stamp=$(date +%Y%m%d-%H%M%S)
pgn=$work/$variant-$stamp.pgn
echo "SPRT $dev_name vs base-$base_sha: $variant, tc $tc, elo0=$elo0 elo1=$elo1, openings $openings (random order, seed $seed), PGN $pgn" >&2

"$dev_bin" match \
    --engine "cmd=$dev_bin" "name=$dev_name" \
    --engine "cmd=$base_bin" "name=base-$base_sha" \
    --each option.Hash="${HASH:-16}" option.Threads=1 \
    --variant "$variant" --tc "$tc" \
    --games "${GAMES:-20000}" --concurrency "${CONCURRENCY:-2}" \
    --openings "file=$openings" order=random --seed "$seed" \
    --sprt "elo0=$elo0" "elo1=$elo1" \
    --pgn "$pgn"
