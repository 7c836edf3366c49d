//! Perft suites for the shakmaty-backed variants (chess, atomic).
//! Data: engine-tests/perft/{chess,atomic,chess960,atomic960}.epd,
//! `FEN ;D1 n ;D2 n ...`.

mod common;

use chimera::variants::atomic::AtomicPosition;
use chimera::variants::chess::ChessPosition;
use chimera::variants::{CastlingMode, VariantId};

#[test]
fn chess_perft_suite() {
    common::run_perft_suite::<ChessPosition>(
        VariantId::Chess,
        "engine-tests/perft/chess.epd",
        6_000_000,
    );
}

#[test]
fn atomic_perft_suite() {
    common::run_perft_suite::<AtomicPosition>(
        VariantId::Atomic,
        "engine-tests/perft/atomic.epd",
        6_000_000,
    );
}

#[test]
fn chess960_perft_suite() {
    common::run_perft_suite_with::<ChessPosition>(
        VariantId::Chess,
        "engine-tests/perft/chess960.epd",
        1_000_000,
        CastlingMode::Chess960,
    );
}

#[test]
fn atomic960_perft_suite() {
    common::run_perft_suite_with::<AtomicPosition>(
        VariantId::Atomic,
        "engine-tests/perft/atomic960.epd",
        6_000_000,
        CastlingMode::Chess960,
    );
}
