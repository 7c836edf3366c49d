//! The option list UCI prints after `uci`, in UCI's words.

use crate::engine::options::{specs, OptionKind, OptionSpec};

/// One `option name ...` line per option.
pub fn lines() -> Vec<String> {
    specs().iter().map(line).collect()
}

fn line(spec: &OptionSpec) -> String {
    let kind = match &spec.kind {
        OptionKind::Combo { default, choices } => {
            let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
            format!("combo default {default}{vars}")
        }
        OptionKind::Spin { default, min, max } => {
            format!("spin default {default} min {min} max {max}")
        }
        OptionKind::Check { default } => format!("check default {default}"),
        OptionKind::Button => "button".to_string(),
        // UCI has no file type: a file name is a string.
        OptionKind::Text { default } | OptionKind::File { default } => {
            format!("string default {default}")
        }
    };
    format!("option name {} type {kind}", spec.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_written_as_uci_writes_it() {
        let all = lines();
        for expected in [
            "option name UCI_Variant type combo default chess var chess var atomic",
            "option name Threads type spin default 1 min 1 max 256",
            "option name Move Overhead type spin default 10 min 0 max 5000",
            "option name Clear Hash type button",
            "option name Syzygy50MoveRule type check default true",
            "option name SyzygyPath type string default <empty>",
            "option name EvalFile type string default <builtin>",
        ] {
            assert!(
                all.iter().any(|l| l.starts_with(expected)),
                "no line starts with {expected:?} in {all:#?}"
            );
        }
    }
}
