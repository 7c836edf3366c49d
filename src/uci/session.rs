//! The game being analysed, behind one object-safe trait so the UCI loop can
//! switch variants at run time. Only command handling goes through `dyn`;
//! `go` and `go perft` hand the game to the engine facade's monomorphised
//! jobs.

use crate::engine::{Engine, SearchRequest};
use crate::eval::Variant;
use crate::game::Game;
use crate::nnue::features::InputSpace;
use crate::nnue::network::Network;
use crate::search::{score::uci_score, Limits, SearchInfo};
use crate::variants::{MoveError, Reason, VariantId};
use crate::with_variant;

/// Why there is no position to work on.
pub const NO_POSITION: &str =
    "no position: the last position command was rejected (send a valid one)";

/// What a search needs besides the position.
pub struct GoRequest {
    pub limits: Limits,
    pub multipv: usize,
    pub move_overhead: u64,
    /// Complaints about the `go` line so far; the session may add to them
    /// and prints them as one error line.
    pub warnings: Vec<String>,
}

/// A position of some variant together with the game that led to it.
pub trait Session: Send {
    fn variant(&self) -> VariantId;
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
    /// The `eval` command: the hand-written evaluation's terms, and the
    /// network's output when `network` is loaded for the variant.
    fn eval(&self, network: Option<&Network>) -> Result<String, String>;
    /// `go perft` on the engine: prints each root turn's count as it is
    /// known, stops early when told to.
    fn perft(&self, engine: &mut Engine, depth: u32) -> Result<(), String>;
    /// A search on the engine that prints `info` lines and, when done (and,
    /// for `infinite`/`ponder`, told to stop), exactly one `bestmove`.
    /// Without a position it prints an error and `bestmove 0000`.
    fn go(&self, engine: &mut Engine, request: GoRequest) -> Result<(), String>;
}

/// Creates the session of a variant.
pub fn new_session(variant: VariantId) -> Box<dyn Session> {
    with_variant!(variant, P => Box::new(UciGame::<P>::new(variant)) as Box<dyn Session>)
}

/// The UCI session of one variant.
pub struct UciGame<P: Variant> {
    variant: VariantId,
    /// `None` after a rejected `position`.
    game: Option<Game<P>>,
}

impl<P: Variant> UciGame<P> {
    pub fn new(variant: VariantId) -> Self {
        UciGame {
            variant,
            game: Some(Game::new(variant)),
        }
    }

    fn position(&self) -> Result<&P, String> {
        self.game
            .as_ref()
            .map(Game::position)
            .ok_or_else(|| NO_POSITION.to_string())
    }

    fn setup(&self, fen: Option<&str>, moves: &[String]) -> Result<Game<P>, String> {
        let mut game = match fen {
            None => Game::new(self.variant),
            Some(f) => Game::from_fen(self.variant, f).map_err(|e| prefixed("invalid fen", &e))?,
        };
        for token in moves {
            // Draw rules (dead material, repetition, 50 moves) are the GUI's
            // to apply; only a game the rules of movement ended takes no turn.
            if let Some(end) = game.decided_without_turns() {
                return Err(format!(
                    "illegal move {}: the game is over ({})",
                    shorten(token),
                    end.reason
                ));
            }
            game.play_token(token).map_err(|e| match e {
                // Already "illegal move <token>[: detail]"; the token may be
                // long: the error line is cut to a sane length when printed.
                MoveError::Illegal {
                    reason: Reason::Unstated | Reason::Detail(_),
                    ..
                } => e.to_string(),
                _ => format!("illegal move {} ({e})", shorten(token)),
            })?;
        }
        Ok(game)
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

impl<P: Variant> Session for UciGame<P> {
    fn variant(&self) -> VariantId {
        self.variant
    }

    fn start_fen(&self) -> &'static str {
        P::start_fen(self.variant)
    }

    fn reset(&mut self) {
        self.game = Some(Game::new(self.variant));
    }

    fn forget_position(&mut self) {
        self.game = None;
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        match self.setup(fen, moves) {
            Ok(game) => {
                self.game = Some(game);
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

    fn eval(&self, network: Option<&Network>) -> Result<String, String> {
        let pos = self.position()?;
        let mut text = pos.explain();
        if let Some(net) = network {
            let space = InputSpace::of::<P>(pos.variant());
            let mut pieces = Vec::new();
            pos.pieces(&mut pieces);
            let cp = net.evaluate_pieces(&space, &pieces, pos.white_to_move());
            text.push_str(&format!(
                "\nNNUE evaluation: {cp} cp (side to move), the one the search uses"
            ));
        }
        Ok(text)
    }

    fn perft(&self, engine: &mut Engine, depth: u32) -> Result<(), String> {
        let pos = self.position()?.clone();
        engine.perft(
            pos,
            depth,
            |token, n| println!("{token}: {n}"),
            move |total, done| match total {
                Some((total, ms)) => done.print_last(&format!(
                    "\nNodes searched: {total}\ninfo string perft {depth} time {ms} ms nps {}",
                    total * 1000 / ms
                )),
                None => {
                    done.print_last("info string perft stopped: the counts above are incomplete")
                }
            },
        )
    }

    fn go(&self, engine: &mut Engine, mut request: GoRequest) -> Result<(), String> {
        let Some(game) = &self.game else {
            request.warnings.push(NO_POSITION.to_string());
            println!("info string error: {}", request.warnings.join("; "));
            println!("bestmove 0000");
            return Ok(());
        };
        let pos = game.position();
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
        if !request.warnings.is_empty() {
            println!("info string error: {}", request.warnings.join("; "));
        }
        let search = SearchRequest {
            limits,
            multipv: request.multipv,
            move_overhead: request.move_overhead,
        };
        engine.go(
            game,
            search,
            |info| println!("{}", info_line(info)),
            |result, done| {
                done.print_last(&match (result.best, result.ponder) {
                    (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
                    (Some(b), None) => format!("bestmove {b}"),
                    (None, _) => "bestmove (none)".to_string(),
                })
            },
        )
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
        let mut game = UciGame::<crate::variants::chess::ChessPosition>::new(VariantId::Chess);
        assert!(game.set_position(None, &["e2e5".into()]).is_err());
        assert_eq!(game.display(), Err(NO_POSITION.to_string()));
        game.reset();
        assert!(game.display().is_ok());
    }

    #[test]
    fn moves_go_on_after_dead_material() {
        // K vs K is a draw by material, but a GUI that plays on may.
        let mut game = UciGame::<crate::variants::chess::ChessPosition>::new(VariantId::Chess);
        let fen = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
        assert!(game
            .set_position(Some(fen), &["e1e2".into(), "e5e4".into()])
            .is_ok());
    }
}
