//! Why a token is not a legal turn: the error of [`super::Rules::parse_move`].

use std::error::Error;
use std::fmt;

/// A refused turn token. Callers tell the kinds apart by matching (the
/// UCI session and the match runner word their messages on it); the
/// `Display` text is the backend's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The token does not spell a turn in the variant's notation.
    Malformed { token: String, reason: Reason },
    /// The token spells a turn, but no legal one of this position.
    Illegal { token: String, reason: Reason },
}

/// What a [`MoveError`] says beyond its kind and token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Nothing more: `illegal move e2e5`, `malformed move e2`.
    Unstated,
    /// A detail after the token:
    /// `illegal move e1off,e2off: a king cannot push or pull off the board`.
    Detail(String),
    /// A message of the backend's own that stands for the whole error and
    /// names what it needs of the token itself: `e2e4 is not a legal move
    /// here`, `no such square m1 (files a-l, ranks 1-12) in move m1a1`.
    Message(String),
}

impl MoveError {
    /// `malformed move <token>`.
    pub fn malformed(token: &str) -> MoveError {
        MoveError::Malformed {
            token: token.to_string(),
            reason: Reason::Unstated,
        }
    }

    /// `illegal move <token>`.
    pub fn illegal(token: &str) -> MoveError {
        MoveError::Illegal {
            token: token.to_string(),
            reason: Reason::Unstated,
        }
    }

    /// The same kind, with a detail written after the token.
    pub fn because(self, detail: impl Into<String>) -> MoveError {
        self.with_reason(Reason::Detail(detail.into()))
    }

    /// The same kind, shown as the backend's own message.
    pub fn saying(self, message: impl Into<String>) -> MoveError {
        self.with_reason(Reason::Message(message.into()))
    }

    fn with_reason(self, reason: Reason) -> MoveError {
        match self {
            MoveError::Malformed { token, .. } => MoveError::Malformed { token, reason },
            MoveError::Illegal { token, .. } => MoveError::Illegal { token, reason },
        }
    }

    /// The refused token.
    pub fn token(&self) -> &str {
        match self {
            MoveError::Malformed { token, .. } | MoveError::Illegal { token, .. } => token,
        }
    }

    pub fn reason(&self) -> &Reason {
        match self {
            MoveError::Malformed { reason, .. } | MoveError::Illegal { reason, .. } => reason,
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self {
            MoveError::Malformed { .. } => "malformed",
            MoveError::Illegal { .. } => "illegal",
        };
        match self.reason() {
            Reason::Unstated => write!(f, "{kind} move {}", self.token()),
            Reason::Detail(detail) => write!(f, "{kind} move {}: {detail}", self.token()),
            Reason::Message(message) => f.write_str(message),
        }
    }
}

impl Error for MoveError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts() {
        assert_eq!(MoveError::illegal("e2e5").to_string(), "illegal move e2e5");
        assert_eq!(MoveError::malformed("e9").to_string(), "malformed move e9");
        assert_eq!(
            MoveError::illegal("a1a3,a3a5")
                .because("the pushed piece's path is blocked on a5")
                .to_string(),
            "illegal move a1a3,a3a5: the pushed piece's path is blocked on a5"
        );
        let e = MoveError::illegal("e2e4").saying("e2e4 is not a legal move here");
        assert_eq!(e.to_string(), "e2e4 is not a legal move here");
        assert_eq!(e.token(), "e2e4");
        assert!(matches!(e, MoveError::Illegal { .. }));
    }
}
