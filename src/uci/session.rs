//! The game being analysed, behind one object-safe trait so the UCI loop can
//! switch variants at run time. Only command handling goes through `dyn`;
//! `go` and `go perft` hand a copy of the position to monomorphised code that
//! runs on the engine's job thread.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::eval::Variant;
use crate::perft;
use crate::search::{score::uci_score, Limits, SearchInfo, Searcher, Shared};
use crate::variants::Outcome;
use crate::with_variant;

/// Work for the engine's job thread; it prints its last line through
/// [`Done::print_last`].
pub type Task = Box<dyn FnOnce(&Done) + Send + 'static>;

/// Marks a job's work as finished, as far as the input side can tell.
///
/// The flag is set while stdout is held for the job's last line, so that
/// whatever the input thread prints once it sees the flag (a waiting
/// command's answer, `readyok`) comes after that line.
#[derive(Clone, Default)]
pub struct Done(Arc<AtomicBool>);

impl Done {
    /// Prints the job's last line and marks the job finished.
    pub fn print_last(&self, text: &str) {
        let mut out = std::io::stdout().lock();
        self.0.store(true, Ordering::SeqCst);
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    /// Marks the job finished (if its last line did not).
    pub fn set(&self) {
        let _lock = std::io::stdout().lock();
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// Why there is no position to work on.
pub const NO_POSITION: &str =
    "no position: the last position command was rejected (send a valid one)";

/// What a search needs besides the position.
pub struct GoRequest {
    pub limits: Limits,
    pub multipv: usize,
    pub move_overhead: u64,
    pub shared: Arc<Shared>,
    pub searcher: Arc<Mutex<Searcher>>,
    /// Complaints about the `go` line so far; the session may add to them
    /// and prints them as one error line.
    pub warnings: Vec<String>,
}

/// A position of some variant together with the game that led to it.
pub trait Session: Send {
    fn variant(&self) -> &'static str;
    fn start_fen(&self) -> &'static str;
    /// Back to the variant's start position (`ucinewgame`).
    fn reset(&mut self);
    /// No position until the next good `position` (one was rejected).
    fn forget_position(&mut self);
    /// Sets up `fen` (or the start position) and plays `moves`. On any error
    /// the session is left with no position (the spec's ruling: a GUI must
    /// never get a move of some other position).
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String>;
    fn display(&self) -> Result<String, String>;
    fn eval(&self) -> Result<String, String>;
    /// `go perft`: prints each root turn's count as it is known, stops early
    /// when `shared.stop` is set.
    fn perft(&self, depth: u32, shared: Arc<Shared>) -> Result<Task, String>;
    /// A search that prints `info` lines and, when done (and, for
    /// `infinite`/`ponder`, told to stop), exactly one `bestmove`. Without a
    /// position it prints an error and `bestmove 0000`.
    fn go(&self, request: GoRequest) -> Task;
}

/// Creates the session for a registered variant name.
pub fn new_session(variant: &str) -> Option<Box<dyn Session>> {
    with_variant!(variant, P => Box::new(Game::<P>::new(variant)) as Box<dyn Session>)
}

pub struct Game<P: Variant> {
    variant: &'static str,
    /// `None` after a rejected `position`.
    pos: Option<P>,
    /// Keys of the positions before `pos`, oldest first.
    keys: Vec<u64>,
}

impl<P: Variant> Game<P> {
    pub fn new(variant: &str) -> Self {
        let pos = P::start(variant);
        Game {
            variant: pos.variant(),
            pos: Some(pos),
            keys: Vec::new(),
        }
    }

    fn position(&self) -> Result<&P, String> {
        self.pos.as_ref().ok_or_else(|| NO_POSITION.to_string())
    }

    fn setup(&self, fen: Option<&str>, moves: &[String]) -> Result<(P, Vec<u64>), String> {
        let mut pos = match fen {
            None => P::start(self.variant),
            Some(f) => P::from_fen(self.variant, f).map_err(|e| prefixed("invalid fen", &e))?,
        };
        let mut keys = Vec::with_capacity(moves.len());
        for token in moves {
            // Draw rules (dead material, repetition, 50 moves) are the GUI's
            // to apply; only a game the rules of movement ended takes no turn.
            if let Some(end) = pos.early_end().filter(|e| e.outcome != Outcome::Draw) {
                return Err(format!(
                    "illegal move {}: the game is over ({})",
                    shorten(token),
                    end.reason
                ));
            }
            let m = pos.parse_move(token).map_err(|e| {
                // The backend's reason may quote the token: the error line
                // is cut to a sane length when printed.
                if e.starts_with("illegal move") {
                    e
                } else {
                    format!("illegal move {} ({e})", shorten(token))
                }
            })?;
            keys.push(pos.hash());
            pos.play(m);
        }
        Ok((pos, keys))
    }
}

/// `prefix: message`, unless the message already starts with the prefix.
fn prefixed(prefix: &str, message: &str) -> String {
    if message
        .to_ascii_lowercase()
        .starts_with(&prefix.to_ascii_lowercase())
    {
        message.to_string()
    } else {
        format!("{prefix}: {message}")
    }
}

/// A piece of user input fit to be echoed in an error line.
pub fn shorten(s: &str) -> String {
    const MAX: usize = 60;
    if s.len() <= MAX {
        return s.to_string();
    }
    let mut end = MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &s[..end], s.len())
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

    fn reset(&mut self) {
        self.pos = Some(P::start(self.variant));
        self.keys.clear();
    }

    fn forget_position(&mut self) {
        self.pos = None;
        self.keys.clear();
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        match self.setup(fen, moves) {
            Ok((pos, keys)) => {
                self.pos = Some(pos);
                self.keys = keys;
                Ok(())
            }
            Err(e) => {
                self.forget_position();
                Err(e)
            }
        }
    }

    fn display(&self) -> Result<String, String> {
        let pos = self.position()?;
        Ok(format!(
            "{}\nFen: {}\nKey: {:016X}\nCheckers: {}\n",
            pos.pretty(),
            pos.fen(),
            pos.hash(),
            if pos.in_check() { "yes" } else { "none" }
        ))
    }

    fn eval(&self) -> Result<String, String> {
        Ok(self.position()?.explain())
    }

    fn perft(&self, depth: u32, shared: Arc<Shared>) -> Result<Task, String> {
        let pos = self.position()?.clone();
        Ok(Box::new(move |done: &Done| {
            let start = Instant::now();
            let mut total = 0u64;
            let complete = perft::divide_each(&pos, depth, &shared.stop, &mut |token, n| {
                total += n;
                println!("{token}: {n}");
            });
            if !complete {
                done.print_last("info string perft stopped: the counts above are incomplete");
                return;
            }
            let ms = start.elapsed().as_millis().max(1) as u64;
            done.print_last(&format!(
                "\nNodes searched: {total}\ninfo string perft {depth} time {ms} ms nps {}",
                total * 1000 / ms
            ));
        }))
    }

    fn go(&self, mut request: GoRequest) -> Task {
        let Some(pos) = self.pos.clone() else {
            return Box::new(move |done: &Done| {
                request.warnings.push(NO_POSITION.to_string());
                println!("info string error: {}", request.warnings.join("; "));
                done.print_last("bestmove 0000");
            });
        };
        let keys = self.keys.clone();
        let mut limits = request.limits;
        if !limits.searchmoves.is_empty() {
            let (legal, unknown): (Vec<String>, Vec<String>) = limits
                .searchmoves
                .iter()
                .cloned()
                .partition(|t| pos.parse_move(t).is_ok());
            if !unknown.is_empty() {
                let list: Vec<String> = unknown.iter().map(|t| shorten(t)).collect();
                request.warnings.push(format!(
                    "go searchmoves: ignored {} (not legal here)",
                    shorten(&list.join(" "))
                ));
            }
            if legal.is_empty() {
                request
                    .warnings
                    .push("go searchmoves: no legal turn given, searching all".into());
            }
            limits.searchmoves = legal;
        }
        let budget = limits.budget(pos.white_to_move(), request.move_overhead);
        let GoRequest {
            multipv,
            shared,
            searcher,
            warnings,
            ..
        } = request;
        // The clock starts now, on the input thread, not when the job
        // thread gets going.
        shared.start(budget, limits.nodes, limits.ponder);
        Box::new(move |done: &Done| {
            if !warnings.is_empty() {
                println!("info string error: {}", warnings.join("; "));
            }
            let result = {
                let mut searcher = searcher.lock().unwrap_or_else(|e| e.into_inner());
                searcher.run(&pos, &keys, &limits, multipv, &shared, &mut |info| {
                    println!("{}", info_line(info));
                })
            };
            // UCI: after `infinite` or `ponder`, bestmove waits for stop/ponderhit.
            while (limits.infinite || shared.pondering.load(Ordering::SeqCst))
                && !shared.stop_requested()
            {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            done.print_last(&match (result.best, result.ponder) {
                (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
                (Some(b), None) => format!("bestmove {b}"),
                (None, _) => "bestmove (none)".to_string(),
            });
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_prefixes_are_not_repeated() {
        assert_eq!(prefixed("invalid fen", "invalid FEN: x"), "invalid FEN: x");
        assert_eq!(prefixed("invalid fen", "no king"), "invalid fen: no king");
    }

    #[test]
    fn long_input_is_shortened() {
        let long = "é".repeat(1000);
        let s = shorten(&long);
        assert!(s.len() < 100 && s.ends_with("(2000 bytes)"), "{s}");
        assert_eq!(shorten("e2e4"), "e2e4");
    }

    #[test]
    fn a_rejected_position_leaves_none() {
        let mut game = Game::<crate::variants::chess::ChessPosition>::new("chess");
        assert!(game.set_position(None, &["e2e5".into()]).is_err());
        assert_eq!(game.display(), Err(NO_POSITION.to_string()));
        game.reset();
        assert!(game.display().is_ok());
    }

    #[test]
    fn moves_go_on_after_dead_material() {
        // K vs K is a draw by material, but a GUI that plays on may.
        let mut game = Game::<crate::variants::chess::ChessPosition>::new("chess");
        let fen = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
        assert!(game
            .set_position(Some(fen), &["e1e2".into(), "e5e4".into()])
            .is_ok());
    }
}
