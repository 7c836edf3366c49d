//! Lazy SMP's choice among its threads, as Stockfish makes it: the last
//! finished iteration of each thread votes for its best turn, weighted by
//! how far its score is above the lowest and by its depth; the turn with
//! the most votes wins, and a mate found by any thread is preferred (the
//! shortest one).

use super::score::is_mate;

/// A thread's last finished iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadBest {
    pub best: String,
    pub ponder: Option<String>,
    pub score: i32,
    pub depth: i32,
}

/// The index of the thread whose turn is played; `threads[0]` is the main
/// thread, which wins ties. `None` for no thread.
pub fn vote(threads: &[ThreadBest]) -> Option<usize> {
    let lowest = threads.iter().map(|t| t.score).min()?;
    let votes = |turn: &str| -> i64 {
        threads
            .iter()
            .filter(|t| t.best == turn)
            .map(|t| i64::from(t.score - lowest + 14) * i64::from(t.depth))
            .sum()
    };
    let mut chosen = 0;
    for (i, t) in threads.iter().enumerate().skip(1) {
        let c = &threads[chosen];
        let better = if is_mate(c.score) {
            t.score > c.score
        } else {
            (is_mate(t.score) && t.score > 0) || votes(&t.best) > votes(&c.best)
        };
        if better {
            chosen = i;
        }
    }
    Some(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::MATE;

    fn t(best: &str, score: i32, depth: i32) -> ThreadBest {
        ThreadBest {
            best: best.into(),
            ponder: None,
            score,
            depth,
        }
    }

    #[test]
    fn the_main_thread_wins_ties_and_majorities_win() {
        assert_eq!(vote(&[]), None);
        assert_eq!(vote(&[t("e2e4", 20, 10), t("d2d4", 20, 10)]), Some(0));
        // Two helpers agreeing on d2d4 outvote the main thread.
        assert_eq!(
            vote(&[t("e2e4", 30, 10), t("d2d4", 25, 10), t("d2d4", 25, 10)]),
            Some(1)
        );
        // A deeper thread's vote weighs more: (30-20+14)*12 > (20-20+14)*10.
        assert_eq!(vote(&[t("e2e4", 20, 10), t("d2d4", 30, 12)]), Some(1));
    }

    #[test]
    fn a_mate_is_preferred_and_the_shortest_one() {
        assert_eq!(vote(&[t("e2e4", 50, 20), t("h5f7", MATE - 5, 8)]), Some(1));
        assert_eq!(
            vote(&[t("h5f7", MATE - 5, 8), t("d1h5", MATE - 3, 6)]),
            Some(1)
        );
        assert_eq!(
            vote(&[t("h5f7", MATE - 3, 8), t("d1h5", MATE - 5, 9)]),
            Some(0)
        );
    }
}
