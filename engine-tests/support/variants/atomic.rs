//! Atomic: the spec's and published perft counts, SAN, checked against
//! shakmaty's atomic.

use chimera::variants::atomic::AtomicPosition;
use chimera::variants::CastlingMode;

use super::{Facts, Quirks};
use crate::reference;

pub fn facts() -> Facts {
    Facts {
        perft_max_nodes: 6_000_000,
        more_perft: &[(
            "engine-tests/perft/atomic960.epd",
            CastlingMode::Chess960,
            6_000_000,
        )],
        sample_fens: &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ],
        special_fens: SPECIAL,
        record_len: 8 + 16 + 7,
        san: true,
        reference: reference::atomic_divide,
    }
}

/// Chess's hand-picked positions, and games one capture from an
/// explosion, kings side by side.
const SPECIAL: &[&str] = &[
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "7k/8/6Q1/8/8/8/8/K7 b - - 0 1",
    "8/8/8/4k3/8/8/4K3/8 w - - 0 1",
    "8/8/8/4k3/8/8/4K3/5B2 w - - 0 1",
    "8/8/4k3/8/8/8/4K3/R7 w - - 0 1",
    "8/8/8/4k3/8/8/4K3/R7 b - - 99 80",
    "8/8/8/4k3/8/8/4K3/R7 w - - 150 200",
    "8/8/4k3/8/8/4K3/8/7R w - - 100 80",
    "rnbqkb1r/pppp1ppp/4pn2/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
    "8/8/8/8/8/8/8/K6k w - - 0 1",
    "8/8/8/8/8/8/8/K1k5 w - - 0 1",
    "4k3/4P3/4K3/8/8/8/8/8 b - - 0 1",
    "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
    "4k3/8/8/8/8/5n2/3q4/7K w - - 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "1n1k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1",
    "4k1r1/p7/8/8/8/8/P7/4K1NR b K - 0 1",
    "2RQ4/5kr1/6p1/p3pp2/1P3P2/7P/PB2K3/8 w - - 1 36",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",
];

impl Quirks for AtomicPosition {
    type Track = ();
    fn track_new(_: &Self) {}
}
