//! The answer to `protover 2`: the `feature` lines, `done=1` last.

use crate::nnue::networks::BUILTIN_EVAL;
use crate::uci::options::{max_hash_mb, DEFAULT_HASH_MB, MAX_THREADS};
use crate::uci::ENGINE_NAME;

/// The feature lines. `usermove=1` so a move cannot be taken for a
/// command, `sigint=0`/`sigterm=0` because input is read on its own
/// thread (`?` and `quit` get through a search), `colors=0` because `go`
/// and `playother` say which side the engine plays.
pub fn lines(variant_names: &str) -> Vec<String> {
    vec![
        format!(
            "feature myname=\"{ENGINE_NAME}\" variants=\"{variant_names}\" setboard=1 usermove=1 \
             ping=1 playother=1 san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 \
             colors=0 ics=0 name=0 pause=0 nps=0 debug=0 memory=1 smp=1 exclude=0 setscore=0"
        ),
        format!(
            "feature option=\"Hash -spin {DEFAULT_HASH_MB} 1 {}\"",
            max_hash_mb()
        ),
        format!("feature option=\"Threads -spin 1 1 {MAX_THREADS}\""),
        "feature option=\"Move Overhead -spin 10 0 5000\"".to_string(),
        format!("feature option=\"EvalFile -file {BUILTIN_EVAL}\""),
        "feature done=1".to_string(),
    ]
}
