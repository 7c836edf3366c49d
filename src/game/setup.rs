//! A game set up from a FEN (or the start) and the turns played since, as
//! UCI's `position` gives it, with the reason when it cannot be.

use std::fmt;

use super::{new_game_with, GameHandle, Verdict};
use crate::text::shorten;
use crate::variants::{CastlingMode, FenError, MoveError, Reason, VariantId};

/// Why a position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The FEN does not describe a position of the variant.
    Fen(FenError),
    /// A turn is not legal (or not a turn at all) where it is played.
    Move(MoveError),
    /// A turn comes after the rules of movement ended the game.
    GameOver { token: String, verdict: Verdict },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Backends give the reason alone (`Rules::from_fen`).
            SetupError::Fen(e) => write!(f, "invalid fen: {e}"),
            // Already "illegal move <token>[: detail]"; the token may be
            // long: the error line is cut to a sane length when printed.
            SetupError::Move(
                e @ MoveError::Illegal {
                    reason: Reason::Unstated | Reason::Detail(_),
                    ..
                },
            ) => write!(f, "{e}"),
            SetupError::Move(e) => write!(f, "illegal move {} ({e})", shorten(e.token())),
            SetupError::GameOver { token, verdict } => write!(
                f,
                "illegal move {}: the game is over ({})",
                shorten(token),
                verdict.reason
            ),
        }
    }
}

/// The game of `variant` from `fen` (or the start position) after
/// `moves`, castling under `castling` ([`super::Game::set_up`]). Draw rules (dead material, repetition, 50 moves) are the GUI's
/// to apply; only a game the rules of movement ended takes no more turns.
pub fn setup(
    variant: VariantId,
    fen: Option<&str>,
    castling: CastlingMode,
    moves: &[String],
) -> Result<Box<dyn GameHandle>, SetupError> {
    let mut game = new_game_with(variant, fen, castling).map_err(SetupError::Fen)?;
    for token in moves {
        if let Some(verdict) = game.decided() {
            return Err(SetupError::GameOver {
                token: token.clone(),
                verdict,
            });
        }
        game.play(token).map_err(SetupError::Move)?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_what_was_wrong_once() {
        let e = setup(VariantId::Chess, Some("junk"), CastlingMode::Standard, &[]).unwrap_err();
        assert!(e.to_string().starts_with("invalid fen: "), "{e}");
        assert!(!e.to_string().contains("invalid fen: invalid fen"), "{e}");
        let e = setup(
            VariantId::Chess,
            None,
            CastlingMode::Standard,
            &["e2e5".into()],
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("illegal move e2e5"), "{e}");
        let tokens: Vec<String> = ["g1f3", "e7e6", "f3g5", "d7d5", "g5f7", "e6e5"]
            .map(String::from)
            .to_vec();
        let e = setup(VariantId::Atomic, None, CastlingMode::Standard, &tokens).unwrap_err();
        assert_eq!(
            e.to_string(),
            "illegal move e6e5: the game is over (king exploded)"
        );
    }

    #[test]
    fn moves_go_on_after_dead_material() {
        // K vs K is a draw by material, but a GUI that plays on may.
        let fen = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
        let game = setup(
            VariantId::Chess,
            Some(fen),
            CastlingMode::Standard,
            &["e1e2".into(), "e5e4".into()],
        )
        .unwrap();
        assert_eq!(game.tokens().len(), 2);
    }
}
