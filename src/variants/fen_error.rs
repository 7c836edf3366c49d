//! Why a FEN is not a position: the error of [`super::Rules::from_fen`].

use std::error::Error;
use std::fmt;

use super::VariantId;

/// A refused FEN. Front ends tell the kinds apart by matching: each says
/// in its own words how to read a Chess960 position (UCI's
/// `UCI_Chess960`, the match runner's `--chess960`); the `Display` text is
/// the reason alone (callers say "invalid fen").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not a FEN of the variant, or no position the variant can reach:
    /// the backend's reason, for people.
    Invalid(String),
    /// Castling rights that need a king or rook off its usual square, read
    /// under standard castling: a Chess960 position.
    NeedsChess960,
    /// Chess960 castling asked of a backend that has no Chess960 form.
    NoChess960(VariantId),
    /// A variant the backend does not play; the variants it does.
    NotPlayed {
        variant: VariantId,
        plays: &'static [VariantId],
    },
}

impl FenError {
    /// A [`FenError::Invalid`] with the backend's reason.
    pub fn invalid(reason: impl Into<String>) -> FenError {
        FenError::Invalid(reason.into())
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Invalid(reason) => f.write_str(reason),
            FenError::NeedsChess960 => f.write_str(
                "castling rights without a king and rook on their usual squares: \
                 a Chess960 position",
            ),
            FenError::NoChess960(variant) => write!(f, "{variant} has no Chess960 form"),
            FenError::NotPlayed { variant, plays } => {
                let names: Vec<&str> = plays.iter().map(|v| v.name()).collect();
                write!(
                    f,
                    "{variant} is not played by this backend (it plays {})",
                    names.join(", ")
                )
            }
        }
    }
}

impl Error for FenError {}

/// Backends' FEN readers build their reasons as text.
impl From<String> for FenError {
    fn from(reason: String) -> FenError {
        FenError::Invalid(reason)
    }
}
