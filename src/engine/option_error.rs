//! Why an option change is refused: the error of [`super::options::parse_change`].

use std::error::Error;
use std::fmt;

use crate::text::shorten;
use crate::variants::UnknownVariant;

/// A refused option change, by kind (tests and callers match on it); the
/// `Display` text is the message both UCI and CECP print (CECP also
/// names a UCI option it does not offer with [`OptionError::unknown`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option of that name (the name as sent, cut to a sane length).
    Unknown(String),
    /// The option takes a value and none was given.
    NeedsValue(&'static str),
    /// A spin option's value is not an integer in its range.
    OutOfRange {
        name: &'static str,
        min: i64,
        max: i64,
        value: String,
    },
    /// A check option's value is neither `true` nor `false`.
    NotTrueOrFalse(&'static str),
    /// `UCI_Variant` names no variant Chimera plays.
    Variant(UnknownVariant),
}

impl OptionError {
    pub fn unknown(name: &str) -> OptionError {
        OptionError::Unknown(shorten(name))
    }

    pub fn out_of_range(name: &'static str, min: i64, max: i64, value: &str) -> OptionError {
        OptionError::OutOfRange {
            name,
            min,
            max,
            value: shorten(value),
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option {name}"),
            OptionError::NeedsValue(name) => write!(f, "option {name} needs a value"),
            OptionError::OutOfRange {
                name,
                min,
                max,
                value,
            } => write!(
                f,
                "option {name} must be an integer from {min} to {max}, not {value}"
            ),
            OptionError::NotTrueOrFalse(name) => write!(f, "option {name} must be true or false"),
            OptionError::Variant(e) => write!(f, "{e}"),
        }
    }
}

impl Error for OptionError {}
