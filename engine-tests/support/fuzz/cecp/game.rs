//! The referee: a game of any variant held by the library's own
//! [`Game`] (`chimera::with_variant!` picks the backend), type-erased so
//! that the model can keep one whatever the variant.

use std::panic::{catch_unwind, AssertUnwindSafe};

use chimera::game::Game;
use chimera::variants::{CastlingMode, Rules, VariantId};

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

pub trait MirrorGame: Send {
    fn variant(&self) -> VariantId;
    /// The current position's FEN.
    fn fen(&self) -> String;
    fn white_to_move(&self) -> bool;
    fn boxed(&self) -> Box<dyn MirrorGame>;
    /// The same start and the same turns.
    fn same(&self, other: &dyn MirrorGame) -> bool;
    fn start_fen(&self) -> String;
    fn tokens(&self) -> Vec<String>;
    /// Every legal turn as its token (none once the game is decided).
    fn legal(&self) -> Vec<String>;
    /// The rules have ended the game (mate, stalemate, an exploded king,
    /// dead material, repetition, the 50-move rule).
    fn over(&self) -> bool;
    fn user_move(&mut self, token: &str) -> UserMove;
    /// Checks a move the engine sent with the library (parsed in this
    /// position, listed by its generator, the game not decided) and plays
    /// it; `Err` says why it is not legal here.
    fn engine_move(&mut self, token: &str) -> Result<(), String>;
    /// Takes back up to `plies` turns; returns how many.
    fn undo(&mut self, plies: usize) -> usize;
}

struct Wrap<P: Rules>(Game<P>);

impl<P: Rules> MirrorGame for Wrap<P> {
    fn variant(&self) -> VariantId {
        self.0.variant()
    }
    fn fen(&self) -> String {
        self.0.position().fen()
    }
    fn white_to_move(&self) -> bool {
        self.0.position().white_to_move()
    }
    fn boxed(&self) -> Box<dyn MirrorGame> {
        Box::new(Wrap(self.0.clone()))
    }
    fn same(&self, other: &dyn MirrorGame) -> bool {
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
    fn legal(&self) -> Vec<String> {
        let pos = self.0.position();
        if self.0.decided_without_turns().is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        moves.into_iter().map(|m| pos.format_move(m)).collect()
    }
    fn over(&self) -> bool {
        self.0.verdict().is_some()
    }
    fn user_move(&mut self, token: &str) -> UserMove {
        if self.0.decided_without_turns().is_some() {
            return UserMove::GameOver;
        }
        if self.0.play_token(token).is_ok() {
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
        let m = pos.parse_move(token).map_err(|e| e.to_string())?;
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
}

/// A game of `variant` from `fen`, or from its start position, as the
/// engine sets one up (`setboard`, `variant`, `new`).
pub fn set_up(variant: VariantId, fen: Option<&str>) -> Result<Box<dyn MirrorGame>, String> {
    chimera::with_variant!(variant, P => {
        Game::<P>::set_up(variant, fen, CastlingMode::Standard)
            .map(|g| Box::new(Wrap(g)) as Box<dyn MirrorGame>)
            .map_err(|e| e.to_string())
    })
}

pub fn start(variant: VariantId) -> Box<dyn MirrorGame> {
    set_up(variant, None).unwrap_or_else(|e| panic!("{variant}'s start position: {e}"))
}

/// Runs a library call, turning a panic into an `Err` (the engine runs the
/// same code, so it would die there too).
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
