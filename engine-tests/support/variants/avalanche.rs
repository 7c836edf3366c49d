//! Avalanche in its three forms (avalanche, avalanche-balanced,
//! avalanche-reversed): one backend, the spec's start-position perft per
//! form, its own notation, checked against the reference model.

use chimera::variants::avalanche::AvalanchePosition;
use chimera::variants::{Rules, VariantId};

use super::{Facts, Quirks};
use crate::reference;

pub fn facts(variant: VariantId) -> Facts {
    let reversed = variant == VariantId::AvalancheReversed;
    Facts {
        // The spec's depth 3 (about five million turns) stays in.
        perft_max_nodes: 6_000_000,
        more_perft: &[],
        sample_fens: if reversed {
            &[
                "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
            ]
        } else {
            &[
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
                "4k3/8/8/8/8/8/8/p2RK2R b K - 0 30",
                "4kb1P/8/8/8/8/8/8/R3K3 w Q - 0 9",
            ]
        },
        special_fens: if reversed { SPECIAL_REVERSED } else { SPECIAL },
        record_len: 8 + 16 + 7,
        san: false,
        reference: reference::avalanche_divide,
    }
}

/// Positions of engine-tests/rules/avalanche_rules.rs: mate, stalemate,
/// every push a self-check, no pushable pawn, pending pawns, bare kings,
/// full 50-move clocks.
const SPECIAL: &[&str] = &[
    "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1",
    "1r2k3/8/8/8/8/p7/P7/K7 w - - 0 1",
    "1r2k2q/8/8/8/3p4/p7/P5P1/K7 w - - 0 1",
    "4k3/8/8/8/8/4p3/4P3/R3K3 w Q - 0 1",
    "4k3/8/8/8/8/7P/4K3/p7 b - - 0 1",
    "P7/7k/8/3p4/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/7p/4K3 w - - 0 1",
    "8/8/8/4k3/8/8/4K3/8 w - - 0 1",
    "8/8/8/4k3/8/8/4K3/R7 b - - 99 80",
    "8/8/4k3/8/8/4K3/8/7R w - - 100 80",
];

/// The reversed start's king and queen, castling to both sides, and the
/// positions above that hold no castling right.
const SPECIAL_REVERSED: &[&str] = &[
    "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "r2k3r/ppp1pppp/8/5B2/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
    "r1bk1b1r/pp2qppp/2n2n2/2ppp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5",
    "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1",
    "1r2k3/8/8/8/8/p7/P7/K7 w - - 0 1",
    "4k3/8/8/8/8/7P/4K3/p7 b - - 0 1",
    "8/8/8/4k3/8/8/4K3/8 w - - 0 1",
    "8/8/4k3/8/8/4K3/8/7R w - - 100 80",
];

impl Quirks for AvalanchePosition {
    type Track = ();
    fn track_new(_: &Self) {}
    /// In `avalanche-balanced` White makes no push on the game's first turn
    /// (spec avalanche.md), so there the fullmove number 1 with White to
    /// move is part of the position (and of the hash).
    fn position_key(&self) -> String {
        let fen = self.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let first_turn =
            self.variant() == VariantId::AvalancheBalanced && fields[1] == "w" && fields[5] == "1";
        format!(
            "{}{}",
            fields[..4].join(" "),
            if first_turn { " first turn" } else { "" }
        )
    }
}
