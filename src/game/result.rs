//! How a game ended.

use crate::variants::{EndReason, Outcome};

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// The PGN result token.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The result when the side named (`true` = white) loses.
    pub fn loss_for(white: bool) -> GameResult {
        if white {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        }
    }

    /// `Some(true)` when White won, `Some(false)` when Black did.
    pub fn white_won(self) -> Option<bool> {
        match self {
            GameResult::WhiteWins => Some(true),
            GameResult::BlackWins => Some(false),
            GameResult::Draw => None,
        }
    }
}

/// The rules' verdict on a finished game: the result and the rule that gave
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub result: GameResult,
    pub reason: EndReason,
}

impl Verdict {
    pub fn draw(reason: EndReason) -> Verdict {
        Verdict {
            result: GameResult::Draw,
            reason,
        }
    }

    /// The verdict of an outcome for the side to move (`white`).
    pub fn by_outcome(white: bool, outcome: Outcome, reason: EndReason) -> Verdict {
        let result = match outcome {
            Outcome::Draw => GameResult::Draw,
            Outcome::Win => GameResult::loss_for(!white),
            Outcome::Loss => GameResult::loss_for(white),
        };
        Verdict { result, reason }
    }

    /// `White wins (checkmate)`, `Draw (threefold repetition)`.
    pub fn sentence(&self) -> String {
        match self.result {
            GameResult::WhiteWins => format!("White wins ({})", self.reason),
            GameResult::BlackWins => format!("Black wins ({})", self.reason),
            GameResult::Draw => format!("Draw ({})", self.reason),
        }
    }
}
