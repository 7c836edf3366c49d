//! Perft suites for the shakmaty-backed variants (chess, atomic).
//! Data: engine-tests/perft/{chess,atomic}.epd, `FEN ;D1 n ;D2 n ...`.

mod common;

use chimera::variants::atomic::AtomicPosition;
use chimera::variants::chess::ChessPosition;

#[test]
fn chess_perft_suite() {
    common::run_perft_suite::<ChessPosition>("chess", "engine-tests/perft/chess.epd", 6_000_000);
}

#[test]
fn atomic_perft_suite() {
    common::run_perft_suite::<AtomicPosition>("atomic", "engine-tests/perft/atomic.epd", 6_000_000);
}
