//! Omega against the independent reference generator
//! (engine-tests/support/reference/omega.rs) on the positions of
//! engine-tests/perft/omega.epd (whose counts, the spec's and Sjaak II's,
//! `perft.rs` checks) and along random games.

use chimera::perft::perft;
use chimera::variants::omega::OmegaPosition;
use chimera::variants::{Rules, VariantId};
use chimera_test_support::reference::omega::RefPos;

const SUITE: &str = "engine-tests/perft/omega.epd";

fn suite_fens() -> Vec<String> {
    std::fs::read_to_string(SUITE)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect()
}

/// Every suite position, at the depths the slow reference can afford.
#[test]
fn reference_generator_agrees_on_suite() {
    for fen in suite_fens() {
        let pos = OmegaPosition::from_fen(VariantId::Omega, &fen).unwrap();
        let reference = RefPos::from_fen(&fen);
        for depth in 1..=3 {
            assert_eq!(
                perft(&pos, depth),
                reference.perft(depth),
                "perft {depth} of {fen}"
            );
        }
    }
}

/// A small deterministic pseudo-random generator (no dependency needed).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Random games from the start and from every suite position: at each ply
/// the engine's legal-move count must match the reference, the FEN must
/// round-trip, and the incremental hash must match a fresh one.
#[test]
fn random_games_agree_with_reference() {
    let mut rng = Lcg(0x0E6A);
    let mut starts = suite_fens();
    starts.push(OmegaPosition::start_fen(VariantId::Omega).to_string());
    let mut plies = 0;
    for fen in starts {
        for _game in 0..6 {
            let mut pos = OmegaPosition::from_fen(VariantId::Omega, &fen).unwrap();
            for _ply in 0..80 {
                let fen_now = pos.fen();
                let again = OmegaPosition::from_fen(VariantId::Omega, &fen_now).unwrap();
                assert_eq!(again.fen(), fen_now);
                assert_eq!(again.hash(), pos.hash(), "hash of {fen_now}");
                let mut moves = Vec::new();
                pos.generate(&mut moves);
                assert_eq!(moves.len() as u64, pos.count_moves());
                let reference = RefPos::from_fen(&fen_now).perft(1);
                assert_eq!(moves.len() as u64, reference, "moves of {fen_now}");
                if moves.is_empty() || pos.early_end().is_some() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                let token = pos.format_move(m);
                assert_eq!(pos.parse_move(&token), Ok(m));
                pos.play(m);
                plies += 1;
            }
        }
    }
    assert!(plies > 500);
}

/// Prints the reference counts for the suite (used to fill in the counts
/// where Sjaak II differs from the spec): `cargo test --release --test
/// rules -- --ignored --nocapture omega_reference::reference_counts`.
#[test]
#[ignore]
fn reference_counts() {
    for fen in suite_fens() {
        let reference = RefPos::from_fen(&fen);
        let counts: Vec<String> = (1..=4)
            .map(|d| format!(";D{d} {}", reference.perft(d)))
            .collect();
        println!("{fen} {}", counts.join(" "));
    }
}

/// Debug aid: walks the engine's tree and prints the first position whose
/// legal-move count differs from the reference.
/// `OMEGA_FEN=... OMEGA_DEPTH=3 cargo test --release --test rules -- --ignored --nocapture omega_reference::find_mismatch`
#[test]
#[ignore]
fn find_mismatch() {
    fn walk(pos: &OmegaPosition, depth: u32) -> bool {
        let fen = pos.fen();
        if pos.count_moves() != RefPos::from_fen(&fen).perft(1) {
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            let mut tokens: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
            tokens.sort();
            println!(
                "mismatch at {fen}: engine {} reference {}\n{tokens:?}",
                pos.count_moves(),
                RefPos::from_fen(&fen).perft(1)
            );
            return true;
        }
        if depth == 0 {
            return false;
        }
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        moves.iter().any(|&m| {
            let mut c = pos.clone();
            c.play(m);
            walk(&c, depth - 1)
        })
    }
    let fen = std::env::var("OMEGA_FEN").unwrap();
    let depth: u32 = std::env::var("OMEGA_DEPTH").unwrap().parse().unwrap();
    walk(
        &OmegaPosition::from_fen(VariantId::Omega, &fen).unwrap(),
        depth,
    );
}

/// Slower, wider version of the random-game check: perft 3 against the
/// reference at positions along many random games.
/// `cargo test --release --test rules -- --ignored omega_reference::deep_random_check`
#[test]
#[ignore]
fn deep_random_check() {
    let mut rng = Lcg(0xD33F);
    let mut starts = suite_fens();
    starts.push(OmegaPosition::start_fen(VariantId::Omega).to_string());
    for fen in starts {
        for _game in 0..4 {
            let mut pos = OmegaPosition::from_fen(VariantId::Omega, &fen).unwrap();
            for ply in 0..60 {
                if ply % 10 == 5 {
                    let f = pos.fen();
                    assert_eq!(perft(&pos, 3), RefPos::from_fen(&f).perft(3), "{f}");
                }
                let mut moves = Vec::new();
                pos.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
            }
        }
    }
}
