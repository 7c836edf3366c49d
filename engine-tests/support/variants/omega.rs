//! Omega: the spec's and Sjaak II's perft counts, SAN, checked against the
//! reference model.

use chimera::variants::omega::OmegaPosition;

use super::{Facts, Quirks};
use crate::reference;

pub fn facts() -> Facts {
    Facts {
        perft_max_nodes: 30_000_000,
        more_perft: &[],
        sample_fens: &[
            "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1",
            "w**********w/*Rr3k2rQ*/*pppp2pppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPP2PPPP*/*qR3K2Rr*/W**********W w KQkq - 0 1",
            "w**********w/*Qr3kb1rc*/*9p*/*1p1qn5*/*7p2*/*10*/*3Pp5*/*2p7*/*10*/*P5P2P*/*CRN1BK2RC*/W**********W b KQkq - 0 2",
            "1**********1/*5k2rQ*/*10*/*10*/*5p4*/*5P4*/*10*/*9P*/*10*/*10*/*1R3K2R1*/1**********1 b KQk - 0 1",
            "1**********w/*5k3r*/*1b5p2*/*10*/*10*/*10*/*3Pp5*/*p1p7*/*10*/*CP4P3*/*R1N2K4*/W**********1 b - e4e5 0 1",
        ],
        special_fens: &[
            "w**********w/*4k5*/*1P8*/*10*/*10*/*10*/*10*/*10*/*10*/*8p1*/*4K5*/W**********W w - - 0 1",
            "w**********w/*4k5*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*4K5*/W**********W w - - 0 1",
            "w**********w/*4k5*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*4K5*/W**********W b - - 120 90",
        ],
        record_len: 13 + 22 + 7,
        san: true,
        reference: reference::omega_divide,
    }
}

impl Quirks for OmegaPosition {
    type Track = ();
    fn track_new(_: &Self) {}
}
