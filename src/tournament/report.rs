//! Standings while the match runs: the progress line after every game and
//! the final table.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::record::{GameRecord, GameResult, Termination};
use super::stats::{EloEstimate, Sprt, SprtDecision, Tally};

/// Running totals of a match.
#[derive(Clone, Debug)]
pub struct Standings {
    pub names: Vec<String>,
    /// Each engine against all its opponents.
    pub tallies: Vec<Tally>,
    /// The first engine against the second (what an SPRT tests).
    pub head_to_head: Tally,
    pub terminations: BTreeMap<&'static str, u32>,
    pub games_played: u32,
    pub games_scheduled: u32,
    pub sprt: Option<Sprt>,
}

/// `+12.3`, `-4.0`, `+inf`.
fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // `+ 0.0` turns -0.0 (the Elo of a 50% score) into 0.0.
        format!("{:+.1}", x + 0.0)
    }
}

impl Standings {
    pub fn new(names: Vec<String>, games_scheduled: u32, sprt: Option<Sprt>) -> Standings {
        Standings {
            tallies: vec![Tally::default(); names.len()],
            names,
            head_to_head: Tally::default(),
            terminations: BTreeMap::new(),
            games_played: 0,
            games_scheduled,
            sprt,
        }
    }

    pub fn add(&mut self, game: &GameRecord) {
        let (w, b) = (game.white, game.black);
        let mut credit = |engine: usize, result: Option<bool>| {
            if let Some(t) = self.tallies.get_mut(engine) {
                match result {
                    Some(true) => t.wins += 1,
                    Some(false) => t.losses += 1,
                    None => t.draws += 1,
                }
            }
        };
        let white_won = match game.result {
            GameResult::WhiteWins => Some(true),
            GameResult::BlackWins => Some(false),
            GameResult::Draw => None,
        };
        credit(w, white_won);
        credit(b, white_won.map(|x| !x));
        let first_won = match (w, b) {
            (0, 1) => Some(white_won),
            (1, 0) => Some(white_won.map(|x| !x)),
            _ => None,
        };
        if let Some(result) = first_won {
            let t = &mut self.head_to_head;
            match result {
                Some(true) => t.wins += 1,
                Some(false) => t.losses += 1,
                None => t.draws += 1,
            }
        }
        *self.terminations.entry(game.termination.pgn()).or_insert(0) += 1;
        self.games_played += 1;
    }

    pub fn count(&self, termination: Termination) -> u32 {
        self.terminations
            .get(termination.pgn())
            .copied()
            .unwrap_or(0)
    }

    pub fn sprt_decision(&self) -> Option<SprtDecision> {
        self.sprt.map(|s| s.decision(&self.head_to_head))
    }

    fn name(&self, i: usize) -> &str {
        self.names.get(i).map_or("?", String::as_str)
    }

    /// One line per finished game, with the score of the first engine
    /// against the second so far.
    pub fn progress_line(&self, game: &GameRecord) -> String {
        let t = self.head_to_head;
        let est = EloEstimate::from_tally(&t);
        let mut line = format!(
            "Finished game {} ({}/{}) {} vs {}: {} {{{}}} | {} vs {}: {} - {} - {} [{:.3}] {} Elo {} +/- {:.1}",
            game.number,
            self.games_played,
            self.games_scheduled,
            self.name(game.white),
            self.name(game.black),
            game.result.pgn(),
            game.reason,
            self.name(0),
            self.name(1),
            t.wins,
            t.losses,
            t.draws,
            t.score(),
            t.games(),
            signed(est.elo),
            est.margin()
        );
        if let Some(sprt) = self.sprt {
            let _ = write!(line, " LLR {:.2}", sprt.llr(&t));
        }
        line
    }

    /// The final table, per engine against its opponents.
    pub fn table(&self) -> String {
        let width = self.names.iter().map(String::len).max().unwrap_or(4).max(4);
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&a, &b| {
            self.tallies[b]
                .points()
                .total_cmp(&self.tallies[a].points())
                .then(a.cmp(&b))
        });
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Rank {:<width$} {:>5} {:>5} {:>5} {:>5} {:>7} {:>6} {:>7} {:>17} {:>6}",
            "Name", "Games", "W", "D", "L", "Points", "Score", "Elo", "95% interval", "LOS"
        );
        for (rank, &i) in order.iter().enumerate() {
            let t = self.tallies[i];
            let est = EloEstimate::from_tally(&t);
            let _ = writeln!(
                out,
                "{:>4} {:<width$} {:>5} {:>5} {:>5} {:>5} {:>7.1} {:>5.1}% {:>7} {:>17} {:>5.1}%",
                rank + 1,
                self.names[i],
                t.games(),
                t.wins,
                t.draws,
                t.losses,
                t.points(),
                100.0 * t.score(),
                signed(est.elo),
                format!("[{}, {}]", signed(est.low), signed(est.high)),
                100.0 * est.los
            );
        }
        let ends: Vec<String> = self
            .terminations
            .iter()
            .map(|(name, n)| format!("{name} {n}"))
            .collect();
        let _ = writeln!(
            out,
            "{} of {} games played; terminations: {}",
            self.games_played,
            self.games_scheduled,
            ends.join(", ")
        );
        if let Some(sprt) = self.sprt {
            let (lower, upper) = sprt.bounds();
            let verdict = match sprt.decision(&self.head_to_head) {
                SprtDecision::Continue => "no decision yet",
                SprtDecision::AcceptH0 => "H0 accepted",
                SprtDecision::AcceptH1 => "H1 accepted",
            };
            let _ = writeln!(
                out,
                "SPRT {} vs {} (elo0={}, elo1={}, alpha={}, beta={}): LLR {:.2} [{:.2}, {:.2}]: {verdict}",
                self.name(0),
                self.name(1),
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                sprt.llr(&self.head_to_head),
                lower,
                upper
            );
        }
        out
    }
}
