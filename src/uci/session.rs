//! The game being analysed, behind one object-safe trait so the UCI loop can
//! switch variants at run time. Only command handling goes through `dyn`;
//! `go` hands a cloned position to the monomorphised search.

use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use crate::eval::Variant;
use crate::perft;
use crate::search::{self, score::uci_score, Limits, SearchConfig, SearchInfo, Shared};
use crate::with_variant;

/// A position of some variant together with the game that led to it.
pub trait Session: Send {
    fn variant(&self) -> &'static str;
    fn start_fen(&self) -> &'static str;
    /// Sets up `fen` (or the start position) and plays `moves`; on any error
    /// the session keeps its previous position.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String>;
    fn display(&self) -> String;
    fn eval(&self) -> String;
    fn perft(&self, depth: u32) -> String;
    /// Starts a search on its own thread; it prints `info` lines and, when
    /// done (and, for `infinite`/`ponder`, told to stop), `bestmove`.
    fn go(
        &self,
        limits: Limits,
        config: SearchConfig,
        move_overhead: u64,
        shared: Arc<Shared>,
    ) -> JoinHandle<()>;
}

/// Creates the session for a registered variant name.
pub fn new_session(variant: &str) -> Option<Box<dyn Session>> {
    with_variant!(variant, P => Box::new(Game::<P>::new(variant)) as Box<dyn Session>)
}

pub struct Game<P: Variant> {
    variant: &'static str,
    pos: P,
    /// Keys of the positions before `pos`, oldest first.
    keys: Vec<u64>,
}

impl<P: Variant> Game<P> {
    pub fn new(variant: &str) -> Self {
        let pos = P::start(variant);
        Game {
            variant: pos.variant(),
            pos,
            keys: Vec::new(),
        }
    }
}

/// Formats one `info` line.
pub fn info_line(i: &SearchInfo) -> String {
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        i.depth,
        i.seldepth,
        i.multipv,
        uci_score(i.score),
        i.nodes,
        i.nps,
        i.hashfull,
        i.time_ms,
        i.pv.join(" ")
    )
}

impl<P: Variant> Session for Game<P> {
    fn variant(&self) -> &'static str {
        self.variant
    }

    fn start_fen(&self) -> &'static str {
        P::start_fen(self.variant)
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        let mut pos = match fen {
            None => P::start(self.variant),
            Some(f) => P::from_fen(self.variant, f).map_err(|e| format!("invalid fen: {e}"))?,
        };
        let mut keys = Vec::with_capacity(moves.len());
        for token in moves {
            if let Some(end) = pos.early_end() {
                return Err(format!(
                    "illegal move {token}: the game is over ({})",
                    end.reason
                ));
            }
            let m = pos.parse_move(token).map_err(|e| {
                if e.starts_with("illegal move") {
                    e
                } else {
                    format!("illegal move {token} ({e})")
                }
            })?;
            keys.push(pos.hash());
            pos.play(m);
        }
        self.pos = pos;
        self.keys = keys;
        Ok(())
    }

    fn display(&self) -> String {
        format!(
            "{}\nFen: {}\nKey: {:016X}\nCheckers: {}\n",
            self.pos.pretty(),
            self.pos.fen(),
            self.pos.hash(),
            if self.pos.in_check() { "yes" } else { "none" }
        )
    }

    fn eval(&self) -> String {
        self.pos.explain()
    }

    fn perft(&self, depth: u32) -> String {
        let start = Instant::now();
        let lines = perft::divide(&self.pos, depth);
        let total: u64 = lines.iter().map(|(_, n)| n).sum();
        let ms = start.elapsed().as_millis().max(1) as u64;
        let mut out: String = lines.iter().map(|(m, n)| format!("{m}: {n}\n")).collect();
        out.push_str(&format!(
            "\nNodes searched: {total}\ninfo string perft {depth} time {ms} ms nps {}",
            total * 1000 / ms
        ));
        out
    }

    fn go(
        &self,
        limits: Limits,
        config: SearchConfig,
        move_overhead: u64,
        shared: Arc<Shared>,
    ) -> JoinHandle<()> {
        let pos = self.pos.clone();
        let keys = self.keys.clone();
        let budget = limits.budget(pos.white_to_move(), move_overhead);
        shared.start(budget, limits.nodes, limits.ponder);
        std::thread::spawn(move || {
            let result = search::search(&pos, &keys, &limits, &config, &shared, &mut |info| {
                println!("{}", info_line(info));
            });
            // UCI: after `infinite` or `ponder`, bestmove waits for stop/ponderhit.
            while (limits.infinite || shared.pondering.load(Ordering::SeqCst))
                && !shared.stop_requested()
            {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            let line = match (result.best, result.ponder) {
                (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
                (Some(b), None) => format!("bestmove {b}"),
                (None, _) => "bestmove (none)".to_string(),
            };
            // Mark the search reported while holding stdout: whatever the
            // input thread runs next prints after this line.
            let mut out = std::io::stdout().lock();
            shared.reported.store(true, Ordering::SeqCst);
            let _ = writeln!(out, "{line}");
        })
    }
}
