//! The independent side of the differential and perft tests: shakmaty for
//! chess and atomic (the chess backend wraps it, so there it checks the
//! wrapper; atomic has a generator of its own), and for the others
//! deliberately simple models written from the spec pages
//! (../shared/spec/) that share no code with `src/`.

pub mod avalanche;
pub mod dynamo;
pub mod omega;

use std::collections::BTreeMap;

use chimera::variants::VariantId;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, FromSetup, Position};

/// Perft-divide: the count below each legal turn, keyed by its token.
pub type Divide = BTreeMap<String, u64>;

/// shakmaty's own legal moves and perft, from the FEN (chess, atomic).
pub fn shakmaty_divide<P: Position + FromSetup + Clone>(fen: &str, depth: u32) -> Divide {
    let setup: Fen = fen
        .parse()
        .unwrap_or_else(|e| panic!("shakmaty {fen}: {e}"));
    let pos: P = setup
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("shakmaty {fen}: {e}"));
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let n = if depth <= 1 {
                1
            } else {
                shakmaty::perft(&child, depth - 1)
            };
            (m.to_uci(CastlingMode::Standard).to_string(), n)
        })
        .collect()
}

/// [`shakmaty_divide`] of chess.
pub fn chess_divide(_: VariantId, fen: &str, depth: u32) -> Divide {
    shakmaty_divide::<shakmaty::Chess>(fen, depth)
}

/// [`shakmaty_divide`] of atomic.
pub fn atomic_divide(_: VariantId, fen: &str, depth: u32) -> Divide {
    shakmaty_divide::<shakmaty::variant::Atomic>(fen, depth)
}

/// The avalanche model's divide (any of the three forms).
pub fn avalanche_divide(variant: VariantId, fen: &str, depth: u32) -> Divide {
    avalanche_ref_divide(&avalanche::RefPos::from_fen(variant.name(), fen), depth)
}

/// The Omega model's divide.
pub fn omega_divide(_: VariantId, fen: &str, depth: u32) -> Divide {
    omega_ref_divide(&omega::RefPos::from_fen(fen), depth)
}

/// The Dynamo model's divide.
pub fn dynamo_divide(_: VariantId, fen: &str, depth: u32) -> Divide {
    dynamo_ref_divide(&dynamo::RefPos::from_fen(fen), depth)
}

/// The divide of a position of the avalanche model.
pub fn avalanche_ref_divide(r: &avalanche::RefPos, depth: u32) -> Divide {
    r.turns()
        .into_iter()
        .map(|(t, child)| (t, child.perft(depth - 1)))
        .collect()
}

/// The divide of a position of the Omega model.
pub fn omega_ref_divide(r: &omega::RefPos, depth: u32) -> Divide {
    r.legal_moves()
        .into_iter()
        .map(|(t, child)| (t, child.perft(depth - 1)))
        .collect()
}

/// The divide of a position of the Dynamo model (which may know the
/// placement the no-undo rule forbids, unlike a FEN).
pub fn dynamo_ref_divide(r: &dynamo::RefPos, depth: u32) -> Divide {
    r.legal()
        .into_iter()
        .map(|(t, child)| (t, child.perft(depth - 1)))
        .collect()
}
