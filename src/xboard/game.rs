//! The game XBoard and the engine play, behind one object-safe trait so the
//! front end can switch variants at run time: the arbiter's [`Game`] of
//! the variant's backend, and searches handed to the engine facade's
//! monomorphised jobs.

use crate::engine::{Done, Engine, SearchRequest};
use crate::eval::Variant;
use crate::game::{Game, Verdict};
use crate::search::{SearchInfo, SearchResult};
use crate::variants::view::BoardView;
use crate::variants::{MoveError, VariantId};
use crate::with_variant;

/// What the search reports while it runs.
pub type OnInfo = Box<dyn FnMut(&SearchInfo) + Send>;
/// What the search reports at its end.
pub type OnDone = Box<dyn FnOnce(SearchResult, &Done) + Send>;

/// A game of some variant.
pub trait CecpGame: Send {
    fn variant(&self) -> VariantId;
    fn white_to_move(&self) -> bool;
    /// Turns played since the start or the last `setboard`.
    fn plies(&self) -> usize;
    /// Plays a turn given as a move token.
    fn play(&mut self, token: &str) -> Result<(), MoveError>;
    /// Takes back up to `plies` turns; returns how many.
    fn undo(&mut self, plies: usize) -> usize;
    /// How the rules (with repetition and the 50-move rule) ended the game.
    fn verdict(&self) -> Option<Verdict>;
    /// Whether XBoard, checking claims with its own record of the game,
    /// would confirm a draw claimed now ([`super::claims`]).
    fn xboard_confirms_draw(&self) -> bool;
    /// An end the rules of movement decide (an exploded king), after which
    /// no turn is played; a mated side has no turn anyway.
    fn decided(&self) -> Option<Verdict>;
    /// Starts a search of the current position on the engine.
    fn search(
        &self,
        engine: &mut Engine,
        request: SearchRequest,
        on_info: OnInfo,
        on_done: OnDone,
    ) -> Result<(), String>;
}

/// A variant's start position.
pub fn new_game(variant: VariantId) -> Box<dyn CecpGame> {
    with_variant!(variant, P => Box::new(Game::<P>::new(variant)) as Box<dyn CecpGame>)
}

/// A variant's position from a FEN.
pub fn from_fen(variant: VariantId, fen: &str) -> Result<Box<dyn CecpGame>, String> {
    with_variant!(variant, P => Game::<P>::from_fen(variant, fen)
        .map(|g| Box::new(g) as Box<dyn CecpGame>))
}

impl<P: Variant + BoardView> CecpGame for Game<P> {
    fn variant(&self) -> VariantId {
        Game::variant(self)
    }

    fn white_to_move(&self) -> bool {
        self.position().white_to_move()
    }

    fn plies(&self) -> usize {
        self.tokens().len()
    }

    fn play(&mut self, token: &str) -> Result<(), MoveError> {
        self.play_token(token).map(|_| ())
    }

    fn undo(&mut self, plies: usize) -> usize {
        Game::undo(self, plies)
    }

    fn verdict(&self) -> Option<Verdict> {
        Game::verdict(self)
    }

    fn xboard_confirms_draw(&self) -> bool {
        super::claims::confirms_draw(self)
    }

    fn decided(&self) -> Option<Verdict> {
        self.decided_without_turns()
    }

    fn search(
        &self,
        engine: &mut Engine,
        request: SearchRequest,
        on_info: OnInfo,
        on_done: OnDone,
    ) -> Result<(), String> {
        engine.go(self, request, on_info, on_done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameResult;

    #[test]
    fn plays_undoes_and_judges_every_announced_variant() {
        let mut g = new_game(VariantId::Omega);
        g.play("e3e6").unwrap();
        assert!(!g.white_to_move() && g.plies() == 1);
        assert!(g.play("e3e6").is_err());
        assert_eq!(g.undo(5), 1);
        let mut g = new_game(VariantId::Chess);
        for t in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.play(t).unwrap();
        }
        let v = g.verdict().unwrap();
        assert_eq!((v.result, v.reason), (GameResult::BlackWins, "checkmate"));
        assert_eq!(g.decided(), None);
        let mut g = new_game(VariantId::Atomic);
        for t in ["g1f3", "e7e6", "f3g5", "d7d5", "g5f7"] {
            g.play(t).unwrap();
        }
        assert_eq!(g.decided().map(|v| v.reason), Some("king exploded"));
        // A repetition is a verdict, but play may go on.
        let mut g = new_game(VariantId::Chess);
        for t in [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ] {
            g.play(t).unwrap();
        }
        assert_eq!(g.verdict().map(|v| v.reason), Some("threefold repetition"));
        assert_eq!(g.decided(), None);
        assert!(from_fen(VariantId::Atomic, "junk").is_err());
        // A lone rook cannot mate in atomic (the draw the front end plays on).
        let g = from_fen(VariantId::Atomic, "8/8/4k3/8/8/8/4K3/R7 w - - 0 1").unwrap();
        assert_eq!(g.verdict().map(|v| v.reason), Some("insufficient material"));
    }
}
