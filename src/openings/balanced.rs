//! Balanced openings: random legal plies from a start, kept when a shallow
//! search scores the result near equality, so that games from them measure
//! the engines rather than the luck of the draw (random atomic openings
//! are often lost already). `chimera openings` writes them to files, UCI's
//! `genfens` (OpenBench's opening workload) prints them.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::epd::position_of_line;
use crate::eval::Variant;
use crate::rng::SplitMix64;
use crate::search::{Limits, Searcher, Shared};
use crate::text::shorten;
use crate::variants::{chess960, CastlingMode, Rules, VariantId};
use crate::with_variant;

/// The variant's start position, or under Chess960 castling (in a variant
/// with a Chess960 form) its 960 start positions.
pub fn start_positions<P: Rules>(variant: VariantId, castling: CastlingMode) -> Vec<P> {
    if castling == CastlingMode::Standard || !P::CHESS960 {
        return vec![P::start(variant)];
    }
    (0..chess960::STARTS)
        .map(|n| {
            P::set_up(variant, Some(&chess960::start_fen(n)), castling)
                .unwrap_or_else(|e| panic!("Chess960 start {n}: {e}"))
        })
        .collect()
}

/// Whether a game at `pos` is still on: no early end, a legal turn.
pub fn playable<P: Rules>(pos: &P) -> bool {
    let mut moves = Vec::new();
    pos.early_end().is_none() && {
        pos.generate(&mut moves);
        !moves.is_empty()
    }
}

/// Up to `plies` uniformly random legal turns from `start`, as tokens, and
/// the position after them: all of them when the game is still playable
/// then, else the longest prefix after which it is.
pub fn random_walk<P: Rules>(start: &P, plies: u32, rng: &mut SplitMix64) -> (Vec<String>, P) {
    let mut positions = vec![start.clone()];
    let mut tokens = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let pos = &positions[positions.len() - 1];
        moves.clear();
        pos.generate(&mut moves);
        if moves.is_empty() || pos.early_end().is_some() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        tokens.push(pos.format_move(m));
        let mut next = pos.clone();
        next.play(m);
        positions.push(next);
    }
    while !tokens.is_empty() && !playable(&positions[positions.len() - 1]) {
        tokens.pop();
        positions.pop();
    }
    let end = positions.swap_remove(positions.len() - 1);
    (tokens, end)
}

/// When a candidate counts as balanced.
#[derive(Clone, Copy, Debug)]
pub struct Balance {
    /// Depth of the search that scores each candidate.
    pub depth: i32,
    /// Kept when |score| is at most this (centipawns).
    pub max_score: i32,
}

/// Finds distinct balanced positions among `candidate`'s (a random walk,
/// or `None` when one failed), each scored by a fresh one-thread search on
/// an empty table, so the result depends on the seed alone. `found` gets
/// each kept position with the candidates searched so far, and says
/// whether to go on; the search also ends after `draws` candidates or when
/// `stop` is set. Returns the candidates searched.
pub fn find<P: Variant>(
    candidate: &mut dyn FnMut(&mut SplitMix64) -> Option<P>,
    balance: &Balance,
    rng: &mut SplitMix64,
    draws: usize,
    stop: &AtomicBool,
    found: &mut dyn FnMut(&P, usize) -> bool,
) -> usize {
    let shared = Arc::new(Shared::new(16));
    let limits = Limits {
        depth: Some(balance.depth),
        ..Limits::default()
    };
    let mut seen = HashSet::new();
    let mut tried = 0;
    for _ in 0..draws {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let Some(pos) = candidate(rng) else { continue };
        if !seen.insert(pos.hash()) {
            continue;
        }
        tried += 1;
        shared.tt.clear();
        shared.start(None, None, false);
        // A fresh searcher: no history from the previous candidate.
        let result = Searcher::new(1).run(&pos, &[], &limits, 1, &shared, &mut |_| {});
        if result.score.abs() <= balance.max_score && !found(&pos, tried) {
            break;
        }
    }
    tried
}

/// How `genfens` makes its openings: random plies from the start, fewer
/// from a book position, each checked by a short search.
const GENFENS_PLIES: u32 = 8;
const GENFENS_BOOK_PLIES: u32 = 4;
const GENFENS_BALANCE: Balance = Balance {
    depth: 6,
    max_score: 100,
};

/// OpenBench's `genfens`: exactly `count` distinct openings of `variant`,
/// each given to `emit` as a FEN as soon as it is found, the same for the
/// same seed and book. Each is a random walk from the start (or from a
/// position of `book`, FEN or EPD lines) kept when a short search scores
/// it near equality; should too few be balanced, the bound doubles until
/// the count is reached. `Ok(false)` when `stop` ended it early. Under
/// Chess960 castling the walks start from the 960 start positions, or the
/// book's positions read as Chess960 ones.
pub fn genfens(
    variant: VariantId,
    castling: CastlingMode,
    count: usize,
    seed: u64,
    book: &[String],
    stop: &AtomicBool,
    emit: &mut dyn FnMut(&str),
) -> Result<bool, String> {
    with_variant!(variant, P => genfens_of::<P>(variant, castling, count, seed, book, stop, emit))
}

fn genfens_of<P: Variant>(
    variant: VariantId,
    castling: CastlingMode,
    count: usize,
    seed: u64,
    book: &[String],
    stop: &AtomicBool,
    emit: &mut dyn FnMut(&str),
) -> Result<bool, String> {
    let lines = book
        .iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let mut starts = Vec::new();
    for line in lines {
        let pos = position_of_line::<P>(variant, castling, line)
            .map_err(|e| format!("book line {}: {e}", shorten(line)))?;
        starts.push(pos);
    }
    let plies = if starts.is_empty() {
        starts = start_positions::<P>(variant, castling);
        GENFENS_PLIES
    } else {
        GENFENS_BOOK_PLIES
    };
    let mut rng = SplitMix64::new(seed);
    let mut candidate = |rng: &mut SplitMix64| {
        let (tokens, pos) = random_walk(&starts[rng.below(starts.len())], plies, rng);
        (tokens.len() == plies as usize).then_some(pos)
    };
    let mut emitted = HashSet::new();
    let mut balance = GENFENS_BALANCE;
    while emitted.len() < count {
        if stop.load(Ordering::Relaxed) {
            return Ok(false);
        }
        let wanted = count - emitted.len();
        let tried = find(
            &mut candidate,
            &balance,
            &mut rng,
            wanted.saturating_mul(100),
            stop,
            &mut |pos, _| {
                if emitted.insert(pos.hash()) {
                    emit(&pos.fen());
                }
                emitted.len() < count
            },
        );
        if tried == 0 && emitted.is_empty() {
            return Err(format!("no playable opening of {plies} plies here"));
        }
        balance.max_score = balance.max_score.saturating_mul(2);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::atomic::AtomicPosition;
    use crate::variants::VariantId;

    fn genfens_lines(variant: VariantId, count: usize, seed: u64, book: &[String]) -> Vec<String> {
        genfens_in(variant, CastlingMode::Standard, count, seed, book)
    }

    fn genfens_in(
        variant: VariantId,
        castling: CastlingMode,
        count: usize,
        seed: u64,
        book: &[String],
    ) -> Vec<String> {
        let mut fens = Vec::new();
        let done = genfens(
            variant,
            castling,
            count,
            seed,
            book,
            &AtomicBool::new(false),
            &mut |f: &str| fens.push(f.to_string()),
        );
        assert_eq!(done, Ok(true));
        fens
    }

    #[test]
    fn genfens_gives_the_count_distinct_playable_and_per_seed() {
        for variant in [VariantId::Chess, VariantId::Atomic] {
            let fens = genfens_lines(variant, 12, 7, &[]);
            assert_eq!(fens.len(), 12);
            assert_eq!(fens.iter().collect::<HashSet<_>>().len(), 12);
            for fen in &fens {
                with_variant!(variant, P => assert!(playable(&P::from_fen(variant, fen).unwrap()), "{fen}"));
            }
            assert_eq!(genfens_lines(variant, 12, 7, &[]), fens);
            assert_ne!(genfens_lines(variant, 12, 8, &[]), fens);
        }
    }

    #[test]
    fn chess960_genfens_walk_from_the_960_starts() {
        for variant in [VariantId::Chess, VariantId::Atomic] {
            let fens = genfens_in(variant, CastlingMode::Chess960, 12, 7, &[]);
            assert_eq!(fens.iter().collect::<HashSet<_>>().len(), 12);
            let back_ranks: HashSet<&str> =
                fens.iter().map(|f| &f[f.rfind('/').unwrap()..]).collect();
            assert!(back_ranks.len() > 6, "{fens:?}");
            for fen in &fens {
                with_variant!(variant, P => {
                    let pos = P::from_fen_with(variant, fen, CastlingMode::Chess960).unwrap();
                    assert!(playable(&pos), "{fen}");
                });
            }
        }
    }

    #[test]
    fn genfens_walks_from_a_book_and_refuses_a_bad_one() {
        let book = [
            "# a comment".to_string(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1;".to_string(),
        ];
        let fens = genfens_lines(VariantId::Chess, 5, 1, &book);
        // Four plies after 1.e4: Black to move at move 3.
        assert_eq!(fens.len(), 5);
        for fen in &fens {
            assert!(fen.contains(" b ") && fen.ends_with(" 3"), "{fen}");
        }
        let bad = ["not a fen".to_string()];
        let e = genfens(
            VariantId::Chess,
            CastlingMode::Standard,
            5,
            1,
            &bad,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        assert!(e.unwrap_err().starts_with("book line not a fen"));
    }

    #[test]
    fn a_walk_ends_playable_and_replays_from_its_tokens() {
        let start = AtomicPosition::start(VariantId::Atomic);
        let mut rng = SplitMix64::new(5);
        for _ in 0..50 {
            let (tokens, end) = random_walk(&start, 10, &mut rng);
            assert!(playable(&end));
            let mut pos = start.clone();
            for t in &tokens {
                let m = pos.parse_move(t).unwrap();
                pos.play(m);
            }
            assert_eq!(pos.fen(), end.fen());
        }
    }
}
