//! The rules abstraction and the variant backends behind it.
//!
//! Every variant is a position type implementing [`Rules`] (what the moves
//! are) and [`crate::eval::Evaluate`] (what a position is worth). The search,
//! perft, the game and the match runner are generic over these traits and
//! monomorphised per backend, so nothing in the hot path goes through `dyn`
//! (the one `dyn` is the game handle the front ends hold, `game/handle.rs`).
//!
//! The trait is deliberately opaque about squares and boards: a backend owns
//! its board geometry (8x8, Omega's 12x12 grid with holes), its move encoding
//! (a chess move, a two-part avalanche turn, a dynamo push) and its notation.
//! The generic code only ever sees moves it got from [`Rules::generate`] and
//! tokens it gets from [`Rules::format_move`] / [`Rules::parse_move`].

pub mod atomic;
pub mod avalanche;
pub mod board8;
pub mod chess;
pub mod chess960;
pub mod dynamo;
#[cfg(test)]
mod exchange_value;
mod fen_error;
mod id;
mod move_error;
pub mod omega;
pub mod packed;
mod pawn_key;
pub mod pieces;
pub mod registry;
pub mod shakmaty_backend;
pub mod shakmaty_check;
mod shakmaty_san;
mod shakmaty_view;
pub mod view;
pub mod xboard;

use std::fmt::Debug;

pub use fen_error::FenError;
pub use id::{UnknownVariant, VariantId};
pub use move_error::{MoveError, Reason};
pub use pawn_key::pawn_key;
/// How castling is written and which castling rights a FEN may give:
/// `Standard` (king and rooks on their usual files; castling as the king's
/// two-square move, `e1g1`) or `Chess960` (any files, Shredder-FEN or X-FEN
/// rights; castling as king takes own rook, `e1h1`), as in shakmaty.
pub use shakmaty::CastlingMode;

/// The result of a finished game, seen from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

/// The rule that ended a game. Its `Display` is the reason as people read
/// it ("checkmate", "threefold repetition"); front ends that word it their
/// own way (CECP's result comments) match on the value, never on the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    /// Atomic: a king was blown up.
    KingExploded,
    InsufficientMaterial,
    /// Avalanche: every legal first part forces a push that exposes the
    /// mover's own king.
    ForcedSelfCheck,
    ThreefoldRepetition,
    FiftyMoveRule,
}

impl EndReason {
    /// The reason as people read it.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::KingExploded => "king exploded",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::ForcedSelfCheck => {
                "every legal move forces a push that exposes the own king"
            }
            EndReason::ThreefoldRepetition => "threefold repetition",
            EndReason::FiftyMoveRule => "50-move rule",
        }
    }

    /// A draw by the game's history (repetition, the 50-move rule), which
    /// a player claims, as opposed to one the position itself decides.
    pub const fn by_history(self) -> bool {
        matches!(
            self,
            EndReason::ThreefoldRepetition | EndReason::FiftyMoveRule
        )
    }
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why and how a game ended, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub outcome: Outcome,
    pub reason: EndReason,
}

impl GameEnd {
    pub const fn new(outcome: Outcome, reason: EndReason) -> GameEnd {
        GameEnd { outcome, reason }
    }
}

/// Draws by the history of the game, as a variant declares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// The same position (same [`Rules::hash`]) this many times draws.
    pub repetitions: usize,
    /// [`Rules::halfmove_clock`] at this value draws (the 50-move rule
    /// counts 100 plies), unless the side to move has been mated.
    pub no_progress_plies: u32,
}

impl DrawRules {
    /// Threefold repetition and the 50-move rule: every variant Chimera
    /// plays today uses them (see ../shared/spec/README.md).
    pub const CHESS: DrawRules = DrawRules {
        repetitions: 3,
        no_progress_plies: 100,
    };
}

/// The rules of one variant family.
///
/// A value is a full game state: board, side to move, castling rights, any
/// pending choice, and whatever history the rules themselves need (Dynamo's
/// "no undoing" rule keeps the previous placement inside the position).
/// Repetition and the game's move history are kept by the caller through
/// [`Rules::hash`].
pub trait Rules: Clone + Send + Sync + 'static {
    /// One whole turn (perft counts one node per `Move`).
    type Move: Copy + Eq + Debug + Send + Sync + 'static;

    /// What a position works out once so that [`Rules::may_force`] can
    /// answer for each of its turns (`()` where it always says yes).
    type ForcingTest: Copy + Default;

    /// The variants this backend plays (the registry hands it no other).
    const VARIANTS: &'static [VariantId];

    /// Number of slots [`Rules::history_index`] can address.
    const HISTORY_SLOTS: usize;

    /// Number of slots [`Rules::piece_to_index`] can address.
    const PIECE_TO_SLOTS: usize;

    /// The backend generates its tactical and quiet turns apart, each
    /// faster than every turn, and [`Rules::legal_from_code`] checks a code
    /// without generating (it leaves `scratch` as it found it). The move
    /// picker then generates the tactical turns first, tries the killers,
    /// and generates the quiet turns only when it reaches them.
    const QUIETS_APART: bool = false;

    /// The variant's draw rules that depend on the game's history rather
    /// than the position alone (repetition, the 50-move rule); the game
    /// arbiter and the search both read them here.
    const DRAW_RULES: DrawRules = DrawRules::CHESS;

    /// Start FEN of one of [`Rules::VARIANTS`].
    ///
    /// # Panics
    ///
    /// For a variant the backend does not play (see [`not_played`]).
    fn start_fen(variant: VariantId) -> &'static str;

    /// Parses a FEN for one of [`Rules::VARIANTS`]. Every malformed or
    /// illegal FEN is an `Err` with a readable reason (the reason alone:
    /// callers say "invalid fen"), and so is a variant the backend does not
    /// play.
    fn from_fen(variant: VariantId, fen: &str) -> Result<Self, FenError>;

    /// The backend plays a Chess960 form of its variants (chess and atomic,
    /// as `UCI_Chess960` in Stockfish and Fairy-Stockfish).
    const CHESS960: bool = false;

    /// The variant `variant` is a form of, if any: its game but for a detail
    /// (avalanche-balanced and avalanche-reversed are forms of avalanche).
    /// The other's network evaluates it when it has none of its own
    /// (matches showed the gain, nets/README.md).
    fn form_of(_variant: VariantId) -> Option<VariantId> {
        None
    }

    /// [`Rules::from_fen`] with castling under `castling`; the position
    /// keeps it (its FEN and castling tokens follow it). Only a backend
    /// with [`Rules::CHESS960`] takes [`CastlingMode::Chess960`].
    fn from_fen_with(
        variant: VariantId,
        fen: &str,
        castling: CastlingMode,
    ) -> Result<Self, FenError> {
        match castling {
            CastlingMode::Standard => Self::from_fen(variant, fen),
            CastlingMode::Chess960 => Err(FenError::NoChess960(variant)),
        }
    }

    /// The position of `fen`, or the variant's start position without one,
    /// castling under `castling` if the backend has a Chess960 form; the
    /// others play as always (`UCI_Chess960` does not concern them).
    fn set_up(
        variant: VariantId,
        fen: Option<&str>,
        castling: CastlingMode,
    ) -> Result<Self, FenError> {
        let castling = if Self::CHESS960 {
            castling
        } else {
            CastlingMode::Standard
        };
        Self::from_fen_with(
            variant,
            fen.unwrap_or_else(|| Self::start_fen(variant)),
            castling,
        )
    }

    /// The start position of one of [`Rules::VARIANTS`].
    ///
    /// # Panics
    ///
    /// For a variant the backend does not play.
    fn start(variant: VariantId) -> Self {
        match Self::from_fen(variant, Self::start_fen(variant)) {
            Ok(pos) => pos,
            Err(e) => panic!("start FEN of {variant} must parse: {e}"),
        }
    }

    /// The variant this position is played under.
    fn variant(&self) -> VariantId;

    /// Castling is played as in Chess960 ([`Rules::from_fen_with`]).
    fn chess960(&self) -> bool {
        false
    }

    /// FEN of the position, in the variant's notation.
    fn fen(&self) -> String;

    /// Board drawn as text for the `d` command.
    fn pretty(&self) -> String;

    fn white_to_move(&self) -> bool;

    /// 64-bit Zobrist-style key of everything that decides the future of the
    /// game (not the move counters).
    fn hash(&self) -> u64;

    /// Plies since the last irreversible turn, as the variant's 50-move rule
    /// counts them.
    fn halfmove_clock(&self) -> u32;

    /// Appends every legal turn to `out` (the caller clears it).
    fn generate(&self, out: &mut Vec<Self::Move>);

    /// Appends the legal turns that [`Rules::is_tactical`] accepts
    /// (quiescence search); backends may override it with a faster generator.
    fn generate_tactical(&self, out: &mut Vec<Self::Move>) {
        let start = out.len();
        self.generate(out);
        retain_from(out, start, |m| self.is_tactical(m));
    }

    /// Appends the legal turns that [`Rules::is_tactical`] rejects; with
    /// [`Rules::generate_tactical`], every legal turn once.
    fn generate_quiet(&self, out: &mut Vec<Self::Move>) {
        let start = out.len();
        self.generate(out);
        retain_from(out, start, |m| !self.is_tactical(m));
    }

    /// Number of legal turns; backends override this with a counting
    /// shortcut for bulk-counting perft.
    fn count_moves(&self) -> u64 {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves.len() as u64
    }

    /// Plays a turn that [`Rules::generate`] produced for this position.
    fn play(&mut self, m: Self::Move);

    /// Whether a null move (passing) is safe to try for pruning here: the
    /// variant supports it and the side to move has enough material that
    /// zugzwang is unlikely. Never asked when in check.
    fn null_move_allowed(&self) -> bool {
        false
    }

    /// Passes the turn. Only called after [`Rules::null_move_allowed`].
    fn play_null(&mut self) {}

    /// Is the side to move in check (as the variant defines check)?
    fn in_check(&self) -> bool;

    /// Can the side to move lose its king to the opponent's next turn in a
    /// way other than a check (atomic: a capture beside the king would
    /// explode it)? The search treats a turn that makes such a threat
    /// like a check when it prunes and reduces.
    fn king_threatened(&self) -> bool {
        false
    }

    /// [`Rules::may_force`]'s test for this position.
    fn forcing_test(&self) -> Self::ForcingTest {
        Self::ForcingTest::default()
    }

    /// Whether playing `m` may give check or leave the opponent's king
    /// threatened ([`Rules::king_threatened`]): `false` only when it
    /// certainly does neither, so that the search may prune the turn
    /// without playing it. `test` is this position's
    /// [`Rules::forcing_test`]. The default always says it may.
    fn may_force(&self, _test: &Self::ForcingTest, _m: Self::Move) -> bool {
        true
    }

    /// A game end that does not depend on the legal turns: an exploded king,
    /// insufficient material. Checked before generating.
    fn early_end(&self) -> Option<GameEnd>;

    /// Could the side (`white`: White) still win by some series of legal
    /// turns, as the variant's insufficient-material rule sees it? A side
    /// whose clock runs out draws instead of losing when the other side
    /// could not win (docs/gui.md, "Clocks").
    fn could_win(&self, white: bool) -> bool;

    /// The game end when [`Rules::generate`] produced no turn: checkmate,
    /// stalemate, or a variant's own rule.
    fn end_without_moves(&self) -> GameEnd;

    /// Turns that quiescence search must look at: captures, removals,
    /// promotions, and whatever else wins material at once.
    fn is_tactical(&self, m: Self::Move) -> bool;

    /// Material the turn wins at once, in centipawn-like units, used only to
    /// order tactical turns (most valuable victim first).
    fn tactical_gain(&self, m: Self::Move) -> i32;

    /// Slot for history-heuristic tables, below [`Rules::HISTORY_SLOTS`].
    fn history_index(&self, m: Self::Move) -> usize;

    /// Slot of the piece the turn moves and the square it lands on, below
    /// [`Rules::PIECE_TO_SLOTS`]: continuation histories learn by these
    /// which turn answers which.
    fn piece_to_index(&self, m: Self::Move) -> usize;

    /// Static exchange evaluation: whether the turn, answered by the best
    /// sequence of recaptures (each side free to stop), wins at least
    /// `threshold` in material, a pawn being 100. Each backend decides what
    /// it can see cheaply (a chess exchange on one square, an atomic
    /// explosion); a turn it sees neither win nor lose anything scores 0.
    /// The search orders and prunes by it, so it must be cheap and must
    /// never call a winning turn losing by much.
    fn see_ge(&self, m: Self::Move, threshold: i32) -> bool;

    /// A key of where the pawns stand (see [`pawn_key`]), by which the
    /// search learns how its static evaluation errs. 0 (the default) makes
    /// that one correction for every position.
    fn pawn_key(&self) -> u64 {
        0
    }

    /// Compact code of the turn, unique among the legal turns of this
    /// position and never 0 (0 means "no move" in the transposition table).
    fn encode(m: Self::Move) -> u32;

    /// The legal turn whose [`Rules::encode`] code is `code`, if there is
    /// one: the search tries the table's turn before generating the others.
    /// `scratch` comes empty; a backend that cannot check a code without
    /// generating fills it with all its legal turns (the default does), and
    /// the caller then uses that list instead of generating again.
    fn legal_from_code(&self, code: u32, scratch: &mut Vec<Self::Move>) -> Option<Self::Move> {
        self.generate(scratch);
        scratch.iter().copied().find(|&m| Self::encode(m) == code)
    }

    /// The turn as a UCI token.
    fn format_move(&self, m: Self::Move) -> String;

    /// Parses a UCI token into a legal turn of this position.
    fn parse_move(&self, token: &str) -> Result<Self::Move, MoveError> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves
            .into_iter()
            .find(|&m| self.format_move(m) == token)
            .ok_or_else(|| MoveError::illegal(token))
    }

    /// Parses a move of a PGN file: the UCI token, or whatever notation the
    /// backend also reads there (SAN for chess, atomic and Omega).
    fn parse_pgn_move(&self, token: &str) -> Result<Self::Move, MoveError> {
        self.parse_move(token)
    }

    /// Positions for `bench`, one FEN per line, for one of
    /// [`Rules::VARIANTS`].
    ///
    /// # Panics
    ///
    /// For a variant the backend does not play.
    fn bench_fens(variant: VariantId) -> &'static [&'static str];

    /// The depth `bench` searches [`Rules::bench_fens`] to, chosen so that
    /// the whole bench takes a few seconds.
    const BENCH_DEPTH: i32;
}

/// Keeps the items of `list[start..]` that `keep` accepts, in order (a
/// generator's filter over what it just appended).
pub fn retain_from<T: Copy>(list: &mut Vec<T>, start: usize, mut keep: impl FnMut(T) -> bool) {
    let mut kept = start;
    for i in start..list.len() {
        if keep(list[i]) {
            list[kept] = list[i];
            kept += 1;
        }
    }
    list.truncate(kept);
}

/// The error of asking backend `P` about a variant it does not play: a bug
/// of the caller, since the registry hands each backend only its own
/// [`Rules::VARIANTS`]. `from_fen` returns it; `start_fen`, `start` and
/// `bench_fens`, which cannot fail otherwise, panic with it.
pub fn not_played<P: Rules>(variant: VariantId) -> FenError {
    FenError::NotPlayed {
        variant,
        plays: P::VARIANTS,
    }
}

/// `Ok` if backend `P` plays `variant`, else the [`not_played`] error.
pub fn check_played<P: Rules>(variant: VariantId) -> Result<(), FenError> {
    if P::VARIANTS.contains(&variant) {
        Ok(())
    } else {
        Err(not_played::<P>(variant))
    }
}

/// Panics with the [`not_played`] error unless backend `P` plays `variant`.
#[track_caller]
pub fn assert_played<P: Rules>(variant: VariantId) {
    if let Err(e) = check_played::<P>(variant) {
        panic!("{e}");
    }
}
