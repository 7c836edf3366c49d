//! Standings while the match runs: the progress line after every game and
//! the final table.
//!
//! Besides win/draw/loss counts, the standings pair up the two games of each
//! opening (see [`Job::pair`]) and count complete pairs pentanomially; an
//! SPRT decides on the pentanomial LLR, as fastchess does.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use super::record::{GameRecord, GameResult, Termination};
use super::scheduler::{GamePair, Job};
use super::stats::{normalized_elo, EloEstimate, Pentanomial, Sprt, SprtDecision, Tally};

/// Running totals of a match.
#[derive(Clone, Debug)]
pub struct Standings {
    pub names: Vec<String>,
    /// Each engine against all its opponents.
    pub tallies: Vec<Tally>,
    /// The first engine against the second (what an SPRT tests).
    pub head_to_head: Tally,
    /// Complete opening pairs of each pairing `(first, second)` (engine
    /// indices, `first < second`), from the first engine's view.
    pub pentanomials: BTreeMap<(usize, usize), Pentanomial>,
    pub terminations: BTreeMap<&'static str, u32>,
    pub games_played: u32,
    pub games_scheduled: u32,
    pub sprt: Option<Sprt>,
    /// Why the match stopped before its last game, if it did (an SPRT
    /// decision is not a stop: it is the plan).
    pub stopped: Option<String>,
    /// The opening pair of every scheduled game, by game number.
    pair_of: HashMap<u32, GamePair>,
    /// Pairs with one game finished: the first engine's half points in it.
    pending: HashMap<GamePair, u8>,
}

/// `+12.3`, `-4.0`, `+inf`.
pub(crate) fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // `+ 0.0` turns -0.0 (the Elo of a 50% score) into 0.0.
        format!("{:+.1}", x + 0.0)
    }
}

/// An LLR with two decimals, `0.00` rather than `-0.00`.
pub(crate) fn llr2(x: f64) -> String {
    if x.abs() < 0.005 {
        "0.00".to_string()
    } else {
        format!("{x:.2}")
    }
}

/// `[LL, LD, DD+WL, WD, WW]`, as fastchess prints `Ptnml(0-2)`.
pub(crate) fn ptnml(p: &Pentanomial) -> String {
    let [ll, ld, dd_wl, wd, ww] = p.counts();
    format!("[{ll}, {ld}, {dd_wl}, {wd}, {ww}]")
}

/// `1 pair`, `2 pairs`.
fn pairs(n: u32) -> String {
    if n == 1 {
        "1 pair".to_string()
    } else {
        format!("{n} pairs")
    }
}

/// Half points of white in a game: 2 for a win, 1 for a draw, 0 for a loss.
fn white_half_points(result: GameResult) -> u8 {
    match result {
        GameResult::WhiteWins => 2,
        GameResult::Draw => 1,
        GameResult::BlackWins => 0,
    }
}

impl Standings {
    /// Empty standings for the games of `jobs` (which tell the opening pair
    /// of each game number).
    pub fn new(names: Vec<String>, jobs: &[Job], sprt: Option<Sprt>) -> Standings {
        let pair_of: HashMap<u32, GamePair> = jobs.iter().map(|j| (j.number, j.pair())).collect();
        let pentanomials = pair_of
            .values()
            .map(|p| ((p.first, p.second), Pentanomial::default()))
            .collect();
        Standings {
            tallies: vec![Tally::default(); names.len()],
            names,
            head_to_head: Tally::default(),
            pentanomials,
            terminations: BTreeMap::new(),
            games_played: 0,
            games_scheduled: jobs.len() as u32,
            sprt,
            stopped: None,
            pair_of,
            pending: HashMap::new(),
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
        self.add_to_pair(game);
        *self.terminations.entry(game.termination.pgn()).or_insert(0) += 1;
        self.games_played += 1;
    }

    /// Keeps the game until the other game of its opening pair is in, then
    /// counts the pair in its pairing's pentanomial.
    fn add_to_pair(&mut self, game: &GameRecord) {
        let Some(&pair) = self.pair_of.get(&game.number) else {
            return;
        };
        let white = white_half_points(game.result);
        let first = if game.white == pair.first {
            white
        } else {
            2 - white
        };
        match self.pending.remove(&pair) {
            Some(other) => self
                .pentanomials
                .entry((pair.first, pair.second))
                .or_default()
                .add_pair(other, first),
            None => {
                self.pending.insert(pair, first);
            }
        }
    }

    /// Complete pairs of the first engine against the second.
    pub fn head_to_head_pentanomial(&self) -> Pentanomial {
        self.pentanomials.get(&(0, 1)).copied().unwrap_or_default()
    }

    /// Complete pairs of engine `i` against all its opponents, from its view.
    pub fn engine_pentanomial(&self, i: usize) -> Pentanomial {
        let mut total = Pentanomial::default();
        for (&(a, b), p) in &self.pentanomials {
            if a == i {
                total += *p;
            } else if b == i {
                total += p.reversed();
            }
        }
        total
    }

    /// Finished games whose opening pair is not complete (left out of the
    /// pentanomial figures).
    pub fn unpaired_games(&self) -> usize {
        self.pending.len()
    }

    /// The pentanomial LLR of the SPRT, which decides it.
    pub fn llr(&self) -> Option<f64> {
        self.sprt
            .map(|s| s.llr_pentanomial(&self.head_to_head_pentanomial()))
    }

    pub fn count(&self, termination: Termination) -> u32 {
        self.terminations
            .get(termination.pgn())
            .copied()
            .unwrap_or(0)
    }

    /// The SPRT's state, decided on the pentanomial LLR of complete pairs
    /// (as fastchess with its default pentanomial reporting): before the
    /// first pair is complete the LLR is 0 and the test continues.
    pub fn sprt_decision(&self) -> Option<SprtDecision> {
        self.sprt
            .map(|s| s.decision_pentanomial(&self.head_to_head_pentanomial()))
    }

    fn name(&self, i: usize) -> &str {
        self.names.get(i).map_or("?", String::as_str)
    }

    /// One line per finished game, with the score of the first engine
    /// against the second so far: W-L-D and Elo of all games, then the
    /// pentanomial counts and Elo of complete pairs, and the LLR.
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
        let p = self.head_to_head_pentanomial();
        let _ = write!(line, " | Ptnml(0-2): {}", ptnml(&p));
        if p.pairs() > 0 {
            let est = EloEstimate::from_pentanomial(&p);
            let _ = write!(line, " Elo {} +/- {:.1}", signed(est.elo), est.margin());
        }
        if let Some(llr) = self.llr() {
            let _ = write!(line, " LLR {}", llr2(llr));
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
            "Rank {:<width$} {:>5} {:>5} {:>5} {:>5} {:>7} {:>6} {:>7} {:>17} {:>6}  Ptnml(0-2)",
            "Name", "Games", "W", "D", "L", "Points", "Score", "Elo", "95% interval", "LOS"
        );
        for (rank, &i) in order.iter().enumerate() {
            let t = self.tallies[i];
            let est = EloEstimate::from_tally(&t);
            let _ = writeln!(
                out,
                "{:>4} {:<width$} {:>5} {:>5} {:>5} {:>5} {:>7.1} {:>5.1}% {:>7} {:>17} {:>5.1}%  {}",
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
                100.0 * est.los,
                ptnml(&self.engine_pentanomial(i))
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
        let _ = writeln!(
            out,
            "Game pairs (two games each, colours reversed; complete pairs only):"
        );
        for (&(a, b), p) in &self.pentanomials {
            let _ = write!(
                out,
                "{} vs {}: {}, Ptnml(0-2): {}",
                self.name(a),
                self.name(b),
                pairs(p.pairs()),
                ptnml(p)
            );
            if p.pairs() > 0 {
                let est = EloEstimate::from_pentanomial(p);
                let _ = write!(
                    out,
                    ", Elo {} [{}, {}] (+/- {:.1})",
                    signed(est.elo),
                    signed(est.low),
                    signed(est.high),
                    est.margin()
                );
                if let Some((nelo, margin)) = normalized_elo(p) {
                    let _ = write!(out, ", nElo {} +/- {:.1}", signed(nelo), margin);
                }
                let _ = write!(out, ", LOS {:.1}%", 100.0 * est.los);
            }
            out.push('\n');
        }
        match self.unpaired_games() {
            0 => {}
            1 => out
                .push_str("1 game of an unfinished pair is left out of the pentanomial figures\n"),
            n => {
                let _ = writeln!(
                    out,
                    "{n} games of unfinished pairs are left out of the pentanomial figures"
                );
            }
        }
        if let Some(sprt) = self.sprt {
            let (lower, upper) = sprt.bounds();
            let p = self.head_to_head_pentanomial();
            let verdict = match sprt.decision_pentanomial(&p) {
                SprtDecision::Continue => "no decision yet",
                SprtDecision::AcceptH0 => "H0 accepted",
                SprtDecision::AcceptH1 => "H1 accepted",
            };
            let _ = writeln!(
                out,
                "SPRT {} vs {} (elo0={}, elo1={}, alpha={}, beta={}): LLR {} [{:.2}, {:.2}] from {} (trinomial LLR {}): {verdict}",
                self.name(0),
                self.name(1),
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                llr2(sprt.llr_pentanomial(&p)),
                lower,
                upper,
                pairs(p.pairs()),
                llr2(sprt.llr(&self.head_to_head))
            );
        }
        if let Some(why) = &self.stopped {
            let _ = writeln!(out, "Match stopped: {why}");
        }
        out
    }
}
