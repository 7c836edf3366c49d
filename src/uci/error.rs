//! Why a UCI line was refused: one kind per source of failure, so the
//! session words each in UCI's terms (a Chess960 FEN names the option that
//! reads it) and prints one `info string error:` line.

use std::fmt;

use crate::engine::options::OptionError;
use crate::game::SetupError;
use crate::variants::FenError;

#[derive(Debug)]
pub enum UciError {
    /// The line is not a command, or its arguments do not parse.
    Command(String),
    /// A `setoption` refused before anything changed.
    Option(OptionError),
    /// A `position` that cannot be set up; the session then has none.
    Position(SetupError),
    /// The engine could not do what a well-formed command asked (no
    /// position, memory refused, a file unreadable): a message for people.
    Engine(String),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Command(e) | UciError::Engine(e) => f.write_str(e),
            UciError::Option(e) => write!(f, "{e}"),
            UciError::Position(e @ SetupError::Fen(FenError::NeedsChess960)) => {
                write!(f, "{e}; send setoption name UCI_Chess960 value true first")
            }
            UciError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl From<OptionError> for UciError {
    fn from(e: OptionError) -> UciError {
        UciError::Option(e)
    }
}

impl From<SetupError> for UciError {
    fn from(e: SetupError) -> UciError {
        UciError::Position(e)
    }
}

impl From<String> for UciError {
    fn from(e: String) -> UciError {
        UciError::Engine(e)
    }
}

impl From<&str> for UciError {
    fn from(e: &str) -> UciError {
        UciError::Engine(e.to_string())
    }
}
