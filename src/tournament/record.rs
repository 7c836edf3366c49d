//! The record of one finished game: who played, from where, the moves, and
//! how it ended.

pub use crate::game::pgn::PgnMove;
pub use crate::game::GameResult;
use crate::variants::VariantId;

/// How the game ended, as the PGN `Termination` tag names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// By the rules: mate, stalemate, repetition, 50 moves, material, variant wins.
    Normal,
    Adjudication,
    TimeForfeit,
    /// Illegal or malformed move.
    IllegalMove,
    /// The engine crashed, hung, or failed to start.
    Abandoned,
}

impl Termination {
    /// The PGN `Termination` tag value.
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "rules infraction",
            Termination::Abandoned => "abandoned",
        }
    }
}

/// One game, ready for the PGN and the statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// 1-based number of the game in the schedule.
    pub number: u32,
    /// Engine indices (into the `--engine` list).
    pub white: usize,
    pub black: usize,
    pub variant: VariantId,
    /// The starting FEN, `None` for the variant's start position.
    pub start_fen: Option<String>,
    /// Every move token from the start, opening moves included.
    pub moves: Vec<String>,
    /// The same moves as the PGN writes them (SAN where the variant has it).
    pub movetext: Vec<PgnMove>,
    /// Per move, what the engine said about it (`+0.31/12 0.052s`), empty
    /// for opening moves.
    pub annotations: Vec<String>,
    /// How many of `moves` came from the opening.
    pub opening_plies: usize,
    pub result: GameResult,
    pub termination: Termination,
    /// Why, in words ("White mates", "Black makes an illegal move: e7e9").
    pub reason: String,
    /// Whether each engine (white, black) can play on: `false` after a
    /// crash or hang, when the process was killed.
    pub healthy: [bool; 2],
}
