//! The game the fuzzers' models hold: any variant's game, kept by the
//! library's own [`Game`] (`chimera::with_variant!` picks the backend) and
//! type-erased so that a model keeps one whatever the variant. It is the
//! oracle the engine's answers are checked against, in both protocols.

use std::panic::{catch_unwind, AssertUnwindSafe};

use chimera::game::Game;
use chimera::variants::{CastlingMode, Outcome, Rules, VariantId};

/// What `usermove` does to the game, as the engine's CECP front end plays
/// it: refused once the rules of movement decided the game (an exploded
/// king), played if the library parses the token (or the variant's second
/// reading of it), refused otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserMove {
    Played,
    /// `Illegal move (the game is over)`.
    GameOver,
    /// `Illegal move...`.
    Refused,
}

pub trait Mirror: Send + Sync {
    fn variant(&self) -> VariantId;
    /// The current position's FEN.
    fn fen(&self) -> String;
    fn white_to_move(&self) -> bool;
    fn boxed(&self) -> Box<dyn Mirror>;
    /// The same start and the same turns.
    fn same(&self, other: &dyn Mirror) -> bool;
    fn start_fen(&self) -> String;
    fn tokens(&self) -> Vec<String>;
    /// Every turn the rules of movement allow, as tokens, even in a game
    /// already decided.
    fn turns(&self) -> Vec<String>;
    /// Every legal turn as its token, none once the game is decided.
    fn legal(&self) -> Vec<String>;
    /// The game is decided before any turn (an exploded king, a king pushed
    /// off the board): the engine has no move to give.
    fn decided(&self) -> bool;
    /// `early_end` says draw (insufficient material and the like): UCI
    /// still wants moves accepted and played.
    fn drawn_early(&self) -> bool;
    /// The rules have ended the game (mate, stalemate, an exploded king,
    /// dead material, repetition, the 50-move rule).
    fn over(&self) -> bool;
    /// Parses a token with the library and plays it, whatever the game's
    /// state (as a UCI `position ... moves` does).
    fn play(&mut self, token: &str) -> Result<(), String>;
    fn user_move(&mut self, token: &str) -> UserMove;
    /// Checks a move the engine sent with the library (parsed in this
    /// position, listed by its generator, the game not decided) and plays
    /// it; `Err` says why it is not legal here.
    fn engine_move(&mut self, token: &str) -> Result<(), String>;
    /// Takes back up to `plies` turns; returns how many.
    fn undo(&mut self, plies: usize) -> usize;
    fn perft(&self, depth: u32) -> u64;
}

impl Clone for Box<dyn Mirror> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

impl dyn Mirror {
    /// The game after `token` ([`Mirror::play`] on a copy).
    pub fn after(&self, token: &str) -> Result<Box<dyn Mirror>, String> {
        let mut next = self.boxed();
        next.play(token)?;
        Ok(next)
    }
}

pub type Pos = Box<dyn Mirror>;

struct Wrap<P: Rules>(Game<P>);

impl<P: Rules> Mirror for Wrap<P> {
    fn variant(&self) -> VariantId {
        self.0.variant()
    }
    fn fen(&self) -> String {
        self.0.position().fen()
    }
    fn white_to_move(&self) -> bool {
        self.0.position().white_to_move()
    }
    fn boxed(&self) -> Box<dyn Mirror> {
        Box::new(Wrap(self.0.clone()))
    }
    fn same(&self, other: &dyn Mirror) -> bool {
        self.variant() == other.variant()
            && self.start_fen() == other.start_fen()
            && self.tokens() == other.tokens()
    }
    fn start_fen(&self) -> String {
        self.0.start().fen()
    }
    fn tokens(&self) -> Vec<String> {
        self.0.tokens().to_vec()
    }
    fn turns(&self) -> Vec<String> {
        let pos = self.0.position();
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        moves.into_iter().map(|m| pos.format_move(m)).collect()
    }
    fn legal(&self) -> Vec<String> {
        if self.decided() {
            return Vec::new();
        }
        self.turns()
    }
    fn decided(&self) -> bool {
        self.0.decided_without_turns().is_some()
    }
    fn drawn_early(&self) -> bool {
        self.0
            .position()
            .early_end()
            .is_some_and(|e| e.outcome == Outcome::Draw)
    }
    fn over(&self) -> bool {
        self.0.verdict().is_some()
    }
    fn play(&mut self, token: &str) -> Result<(), String> {
        self.0
            .play_token(token)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
    fn user_move(&mut self, token: &str) -> UserMove {
        if self.decided() {
            return UserMove::GameOver;
        }
        if self.0.play_token(token).is_ok() {
            return UserMove::Played;
        }
        // XBoard's FischerRandom castling, `O-O`/`O-O-O` or with zeros.
        if let Some(m) = castling_move(self.0.position(), token) {
            self.0.play(m);
            return UserMove::Played;
        }
        let second = chimera::xboard::variants::second_reading(self.variant(), token);
        match second {
            Some(t) if self.0.play_token(&t).is_ok() => UserMove::Played,
            _ => UserMove::Refused,
        }
    }
    fn engine_move(&mut self, token: &str) -> Result<(), String> {
        if let Some(v) = self.0.decided_without_turns() {
            return Err(format!("the game is decided ({:?})", v.reason));
        }
        let pos = self.0.position();
        // In a Chess960 game the engine writes castling as `O-O`/`O-O-O`.
        let m = match castling_move(pos, token) {
            Some(m) if pos.chess960() => m,
            _ => pos.parse_move(token).map_err(|e| e.to_string())?,
        };
        let mut all = Vec::new();
        pos.generate(&mut all);
        if !all.contains(&m) {
            return Err(format!(
                "{token} parses, but the generator does not list it ({} turns)",
                all.len()
            ));
        }
        self.0.play(m);
        Ok(())
    }
    fn undo(&mut self, plies: usize) -> usize {
        self.0.undo(plies)
    }
    fn perft(&self, depth: u32) -> u64 {
        chimera::perft::perft(self.0.position(), depth)
    }
}

/// A game of `variant` from `fen`, or from its start position, as the
/// engine sets one up (`position`, `setboard`, `variant`, `new`); an `Err`
/// for a broken FEN.
pub fn set_up(variant: VariantId, fen: Option<&str>) -> Result<Pos, String> {
    set_up_with(variant, fen, CastlingMode::Standard)
}

/// [`set_up`] with `castling` (Chess960 after CECP's `variant fischerandom`).
pub fn set_up_with(
    variant: VariantId,
    fen: Option<&str>,
    castling: CastlingMode,
) -> Result<Pos, String> {
    chimera::with_variant!(variant, P => {
        Game::<P>::set_up(variant, fen, castling)
            .map(|g| Box::new(Wrap(g)) as Pos)
            .map_err(|e| e.to_string())
    })
}

/// The castling move `text` names (`O-O`, `O-O-O`, or with zeros), if it
/// is one and legal in `pos`.
fn castling_move<P: Rules>(pos: &P, text: &str) -> Option<P::Move> {
    let letters = text.replace('0', "O");
    if !matches!(letters.as_str(), "O-O" | "O-O-O") {
        return None;
    }
    let m = pos.parse_pgn_move(&letters).ok()?;
    let mut all = Vec::new();
    pos.generate(&mut all);
    all.contains(&m).then_some(m)
}

/// The game from the position a `fen` gives in `variant`.
pub fn from_fen(variant: VariantId, fen: &str) -> Result<Pos, String> {
    set_up(variant, Some(fen))
}

pub fn start(variant: VariantId) -> Pos {
    set_up(variant, None).unwrap_or_else(|e| panic!("{variant}'s start position: {e}"))
}

pub fn start_fen(variant: VariantId) -> &'static str {
    chimera::with_variant!(variant, P => P::start_fen(variant))
}

/// The engine has no move to give here: no legal turn, or a decided game.
pub fn no_moves(pos: &Pos) -> bool {
    pos.decided() || pos.turns().is_empty()
}

/// Runs a library call, turning a panic into an `Err` the checker reports
/// (the engine runs the same code, so it would die there too).
pub fn guarded<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("the library panicked in {what}: {msg}")
    })
}
