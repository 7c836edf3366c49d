//! The engine's services on a game's current position, with the backend's
//! own type again: a root for a search or perft on the job thread, the
//! evaluation's terms, and what a score means as a win rate.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::eval::win_rate::WinRate;
use crate::eval::{Evaluate, Variant};
use crate::game::GameHandle;
use crate::nnue::features::InputSpace;
use crate::nnue::network::Network;
use crate::perft;
use crate::search::{Limits, SearchInfo, SearchResult, Searcher, Shared};
use crate::variants::pieces::Pieces;
use crate::with_variant;

/// A position and the game's keys before it, taken when a job starts: the
/// search and perft run on it with the backend's own type.
pub trait SearchRoot: Send {
    fn white_to_move(&self) -> bool;
    fn search(
        &self,
        searcher: &mut Searcher,
        limits: &Limits,
        multipv: usize,
        shared: &Arc<Shared>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult;
    /// Perft `depth` below the position, each root turn's count through
    /// `emit`; `false` when stopped.
    fn perft(&self, depth: u32, stop: &AtomicBool, emit: &mut dyn FnMut(&str, u64)) -> bool;
}

/// The game's current position as the backend `P` its variant plays with.
fn position_of<P: Variant>(game: &dyn GameHandle) -> &P {
    // `new_game_with` picks the backend by the same registry line.
    game.position()
        .downcast_ref::<P>()
        .unwrap_or_else(|| panic!("a {} game holds another backend", game.variant()))
}

/// The current position and the keys before it, for a job thread.
pub fn search_root(game: &dyn GameHandle) -> Box<dyn SearchRoot> {
    with_variant!(game.variant(), P => Box::new(Root {
        pos: position_of::<P>(game).clone(),
        keys: game.keys_before().to_vec(),
    }) as Box<dyn SearchRoot>)
}

/// The variant's win-rate model at the current position's material: what
/// a score of it means as win, draw and loss chances.
pub fn win_rate(game: &dyn GameHandle) -> WinRate {
    with_variant!(game.variant(), P => {
        let mut pieces = Vec::new();
        Pieces::pieces(position_of::<P>(game), &mut pieces);
        P::WIN_RATE.at(pieces.len())
    })
}

/// The hand-written evaluation's terms, and the network's output when
/// `network` is given (the `eval` command).
pub fn explain(game: &dyn GameHandle, network: Option<&Network>) -> String {
    with_variant!(game.variant(), P => {
        let pos = position_of::<P>(game);
        let mut text = pos.explain();
        if let Some(net) = network {
            let space = InputSpace::of::<P>(pos.variant());
            let mut pieces = Vec::new();
            Pieces::pieces(pos, &mut pieces);
            let cp = net.evaluate_pieces(&space, &pieces, pos.white_to_move());
            text.push_str(&format!(
                "\nNNUE evaluation: {cp} cp (side to move), the one the search uses"
            ));
        }
        text
    })
}

struct Root<P: Variant> {
    pos: P,
    keys: Vec<u64>,
}

impl<P: Variant> SearchRoot for Root<P> {
    fn white_to_move(&self) -> bool {
        self.pos.white_to_move()
    }

    fn search(
        &self,
        searcher: &mut Searcher,
        limits: &Limits,
        multipv: usize,
        shared: &Arc<Shared>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        searcher.run(&self.pos, &self.keys, limits, multipv, shared, report)
    }

    fn perft(&self, depth: u32, stop: &AtomicBool, emit: &mut dyn FnMut(&str, u64)) -> bool {
        perft::divide_each(&self.pos, depth, stop, emit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::new_game;
    use crate::variants::VariantId;

    #[test]
    fn every_variant_gets_its_own_backend_back() {
        for v in VariantId::ALL {
            let mut g = new_game(v, None).unwrap();
            let rate = win_rate(&*g);
            assert!(rate.win_chance(1000.0) > rate.win_chance(0.0), "{v}");
            assert!(!explain(&*g, None).is_empty(), "{v}");
            let root = search_root(&*g);
            assert!(root.white_to_move());
            if let Some(first) = g.verdict_and_turns().1.first() {
                g.play(&first.token).unwrap();
            }
            assert!(!search_root(&*g).white_to_move(), "{v}");
        }
    }
}
