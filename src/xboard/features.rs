//! The answer to `protover 2`: the `feature` lines, `done=1` last.

use crate::engine::options::{specs, OptionKind, OptionSpec};
use crate::engine::ENGINE_NAME;

/// The engine's options CECP offers (the others are UCI's own).
pub const OFFERED: [&str; 4] = ["Hash", "Threads", "Move Overhead", "EvalFile"];

/// The feature lines. `usermove=1` so a move cannot be taken for a
/// command, `sigint=0`/`sigterm=0` because input is read on its own
/// thread (`?` and `quit` get through a search), `colors=0` because `go`
/// and `playother` say which side the engine plays.
pub fn lines(variant_names: &str) -> Vec<String> {
    let mut lines = vec![format!(
        "feature myname=\"{ENGINE_NAME}\" variants=\"{variant_names}\" setboard=1 usermove=1 \
         ping=1 playother=1 san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 \
         colors=0 ics=0 name=0 pause=0 nps=0 debug=0 memory=1 smp=1 exclude=0 setscore=0"
    )];
    lines.extend(
        specs()
            .iter()
            .filter(|s| OFFERED.contains(&s.name))
            .filter_map(option_feature),
    );
    lines.push("feature done=1".to_string());
    lines
}

/// `feature option="NAME -TYPE ..."`, for the kinds CECP offers here.
fn option_feature(spec: &OptionSpec) -> Option<String> {
    let kind = match &spec.kind {
        OptionKind::Spin { default, min, max } => format!("-spin {default} {min} {max}"),
        OptionKind::File { default } => format!("-file {default}"),
        _ => return None,
    };
    Some(format!("feature option=\"{} {kind}\"", spec.name))
}
