//! Which protocol the GUI speaks, told by its first command: `xboard`
//! starts the CECP front end ([`crate::xboard`]), anything else is UCI
//! (`uci`, but also a bare `position`/`go`/`isready` as scripts send), and
//! that first line is then handled as UCI input.

use crate::input::spawn_reader;

/// The protocol a first line asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Xboard,
}

/// The protocol of the GUI whose first non-blank line is `line`.
pub fn detect(line: &str) -> Protocol {
    if line.split_whitespace().next() == Some("xboard") {
        Protocol::Xboard
    } else {
        Protocol::Uci
    }
}

/// Reads the first non-blank line and runs the front end it asks for.
pub fn run() {
    let rx = spawn_reader();
    let first = loop {
        match rx.recv() {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => break line,
            Err(_) => return,
        }
    };
    match detect(&first) {
        Protocol::Xboard => crate::xboard::run_from(rx),
        Protocol::Uci => crate::uci::run_from(rx, Some(first)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_xboard_selects_cecp() {
        assert_eq!(detect("xboard"), Protocol::Xboard);
        assert_eq!(detect("  xboard  "), Protocol::Xboard);
        for line in [
            "uci",
            "isready",
            "position startpos",
            "xboardx",
            "protover 2",
        ] {
            assert_eq!(detect(line), Protocol::Uci, "{line}");
        }
    }
}
