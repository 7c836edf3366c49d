//! A type-erased position of any variant, built with the library's own rules
//! (`chimera::with_variant!` and the `Rules` trait): the oracle the checker
//! compares the engine's answers with.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use chimera::variants::{Outcome, Rules, VariantId};

/// A position the engine should hold, as the library sees it.
pub trait Mirror: Send + Sync {
    fn variant(&self) -> VariantId;
    fn fen(&self) -> String;
    /// Every legal turn as its UCI token.
    fn legal(&self) -> Vec<String>;
    /// The game is decided before any turn (an exploded king, a king pushed
    /// off the board): the engine has no move to give.
    fn decided(&self) -> bool;
    /// `early_end` says draw (insufficient material and the like): the spec
    /// still wants moves accepted and played.
    fn drawn_early(&self) -> bool;
    /// Parses a token with the library and plays it.
    fn play(&self, token: &str) -> Result<Arc<dyn Mirror>, String>;
    fn perft(&self, depth: u32) -> u64;
}

struct Wrap<P: Rules>(P);

impl<P: Rules> Mirror for Wrap<P> {
    fn variant(&self) -> VariantId {
        self.0.variant()
    }
    fn fen(&self) -> String {
        self.0.fen()
    }
    fn legal(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.0.generate(&mut moves);
        moves.into_iter().map(|m| self.0.format_move(m)).collect()
    }
    fn decided(&self) -> bool {
        self.0
            .early_end()
            .is_some_and(|e| e.outcome != Outcome::Draw)
    }
    fn drawn_early(&self) -> bool {
        self.0
            .early_end()
            .is_some_and(|e| e.outcome == Outcome::Draw)
    }
    fn play(&self, token: &str) -> Result<Arc<dyn Mirror>, String> {
        let m = self.0.parse_move(token).map_err(|e| e.to_string())?;
        let mut next = self.0.clone();
        next.play(m);
        Ok(Arc::new(Wrap(next)))
    }
    fn perft(&self, depth: u32) -> u64 {
        chimera::perft::perft(&self.0, depth)
    }
}

pub type Pos = Arc<dyn Mirror>;

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

/// The position a `fen` gives in `variant` (an `Err` for a broken FEN).
pub fn from_fen(variant: VariantId, fen: &str) -> Result<Pos, String> {
    chimera::with_variant!(variant, P => P::from_fen(variant, fen).map(|p| Arc::new(Wrap(p)) as Pos).map_err(|e| e.to_string()))
}

pub fn start(variant: VariantId) -> Pos {
    chimera::with_variant!(variant, P => Arc::new(Wrap(P::start(variant))) as Pos)
}

pub fn start_fen(variant: VariantId) -> &'static str {
    chimera::with_variant!(variant, P => P::start_fen(variant))
}

/// The engine has no move to give here: no legal turn, or a decided game.
pub fn no_moves(pos: &Pos) -> bool {
    pos.decided() || pos.legal().is_empty()
}
