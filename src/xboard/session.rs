//! The CECP state machine: which side the engine plays (or none, in force
//! mode), the game, the clocks, and the one search that may run: the
//! engine thinking on its move, pondering on the opponent's time, or
//! analysing.
//!
//! Commands are handled one at a time on the main thread; a search runs on
//! the engine facade's job thread and reports its end as an
//! [`Event::SearchDone`], so `?`, `ping` and `quit` are answered while it
//! runs and the game is only ever touched here.

use std::io::Write;
use std::sync::mpsc::Sender;

use super::clock::Clock;
use super::command::{self, Command, Invalid};
use super::{claims, features, output, variants, Event};
use crate::engine::options::{self, Change, OptionError, DEFAULT_HASH_MB};
use crate::engine::Notice;
use crate::engine::{Engine, SearchId, SearchRequest};
use crate::game::{new_game_with, Verdict};
use crate::search::Limits;
use crate::variants::{CastlingMode, VariantId};

/// A line to the GUI. Not `println!`, which panics when the GUI has gone
/// (its end of the pipe closed): the engine then just ends at the end of
/// its input, with status 0.
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// What the search that runs is for. Whether its result is still wanted
/// is the engine's to say (by its number, [`Engine::wants`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Search {
    Idle,
    /// On the engine's move: its result is played and sent as `move`.
    Thinking,
    /// On the opponent's time (`hard`): only fills the table.
    Pondering,
    /// `analyze`: thinking output until the position changes or `exit`.
    Analyzing,
}

pub struct Session {
    engine: Engine,
    /// Where searches report their end.
    events: Sender<Event>,
    force: bool,
    /// The side the engine plays when not in force mode.
    engine_white: bool,
    clock: Clock,
    post: bool,
    ponder: bool,
    analyzing: bool,
    search: Search,
    /// `ping`s received while thinking, answered after the move.
    pongs: Vec<String>,
}

impl Session {
    pub fn new(events: Sender<Event>) -> Session {
        Session {
            engine: Engine::new(VariantId::Chess, DEFAULT_HASH_MB, 1),
            events,
            force: false,
            engine_white: false,
            clock: Clock::default(),
            post: false,
            ponder: false,
            analyzing: false,
            search: Search::Idle,
            pongs: Vec::new(),
        }
    }

    /// The engine thinks on its move (then `quit` at end of input waits
    /// for the move).
    pub fn thinking(&self) -> bool {
        matches!(self.search, Search::Thinking)
    }

    /// Handles one input line; returns `false` on `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        match command::parse(line) {
            Ok(None) => true,
            Ok(Some(cmd)) => self.execute(cmd, line),
            Err(Invalid(reason)) => {
                say!("{}", output::error(&reason, line));
                true
            }
        }
    }

    fn execute(&mut self, cmd: Command, line: &str) -> bool {
        if self.calls_off_search(&cmd) {
            self.halt();
        }
        match cmd {
            Command::Ignored => {}
            Command::Quit => {
                self.halt();
                return false;
            }
            Command::Protover(_) => {
                for l in features::lines(&variants::names()) {
                    say!("{l}");
                }
            }
            Command::Ping(n) => {
                if self.thinking() {
                    self.pongs.push(n);
                } else {
                    say!("pong {n}");
                }
            }
            Command::MoveNow => {
                // The result comes as an event: the move, then any pongs.
                if self.thinking() {
                    self.engine.stop();
                }
            }
            Command::New => self.new_game(),
            Command::Variant(name) => self.set_variant(&name, line),
            Command::Force => self.force = true,
            Command::Go => {
                self.force = false;
                if let Some(g) = self.engine.game() {
                    self.engine_white = g.white_to_move();
                    self.think();
                } else {
                    say!("{}", output::error("no position", line));
                }
            }
            Command::PlayOther => {
                self.force = false;
                if let Some(g) = self.engine.game() {
                    self.engine_white = !g.white_to_move();
                    self.start_ponder();
                } else {
                    say!("{}", output::error("no position", line));
                }
            }
            Command::UserMove(token) => self.user_move(&token, line),
            Command::Level(tc) => {
                self.clock.control = tc;
                self.clock.per_move_ms = None;
            }
            Command::SearchTime(ms) => self.clock.per_move_ms = Some(ms),
            Command::SearchDepth(d) => self.clock.depth = Some(d),
            Command::Time(cs) => self.clock.own_cs = Some(cs),
            Command::OpponentTime(cs) => self.clock.opponent_cs = Some(cs),
            Command::SetBoard(fen) => self.set_board(&fen, line),
            Command::Undo => self.take_back(1, line),
            Command::Remove => self.take_back(2, line),
            Command::Hard => self.ponder = true,
            Command::Easy => self.ponder = false,
            Command::Post => self.post = true,
            Command::NoPost => self.post = false,
            Command::Analyze => {
                self.analyzing = true;
                self.start_analysis();
            }
            Command::Exit => self.analyzing = false,
            Command::Result(_) => self.force = true,
            // XBoard's memory budget; the table takes at most what `Hash`
            // may (so a huge number never asks the system for it).
            Command::Memory(mb) => self.apply(Change::Hash(mb.min(options::max_hash_mb())), line),
            Command::Cores(n) => self.apply(Change::Threads(n.min(options::MAX_THREADS)), line),
            Command::SetOption { name, value } => {
                match options::parse_change(&name, value.as_deref()) {
                    Ok(
                        c @ (Change::Hash(_)
                        | Change::Threads(_)
                        | Change::MoveOverhead(_)
                        | Change::EvalFile(_)),
                    ) => self.apply(c, line),
                    // UCI's other options are not CECP's: named as unknown
                    // as one neither protocol has.
                    Ok(_) => {
                        let e = OptionError::unknown(&name);
                        say!("{}", output::error(&e.to_string(), line))
                    }
                    Err(e) => say!("{}", output::error(&e.to_string(), line)),
                }
            }
        }
        true
    }

    /// Whether a command ends the search that runs before it acts. A
    /// search on the engine's move ends only by `?` (which plays its
    /// result) or by a command that changes the game or the engine; the
    /// clock readings, `ping`, `post` and the like leave any search alone.
    fn calls_off_search(&self, cmd: &Command) -> bool {
        let harmless = matches!(
            cmd,
            Command::Ignored
                | Command::Ping(_)
                | Command::MoveNow
                | Command::Time(_)
                | Command::OpponentTime(_)
                | Command::Post
                | Command::NoPost
                | Command::Hard
                | Command::Protover(_)
                | Command::Level(_)
                | Command::SearchTime(_)
                | Command::SearchDepth(_)
        );
        match self.search {
            Search::Idle => false,
            // Pondering off does not take back the move being searched.
            Search::Thinking => !harmless && *cmd != Command::Easy,
            Search::Pondering | Search::Analyzing => !harmless,
        }
    }

    /// Stops the search that runs; its result is dropped.
    fn halt(&mut self) {
        if self.search != Search::Idle {
            self.engine.call_off();
            self.search = Search::Idle;
            self.answer_pongs();
        }
    }

    fn answer_pongs(&mut self) {
        for n in self.pongs.drain(..) {
            say!("pong {n}");
        }
    }

    fn new_game(&mut self) {
        self.force = false;
        self.engine_white = false;
        self.clock.depth = None;
        self.analyzing = false;
        self.engine.settle();
        // Standard castling again; set_castling starts a chess game.
        self.engine.set_variant(VariantId::Chess);
        self.engine.set_castling(CastlingMode::Standard);
        if let Err(e) = self.engine.new_game() {
            say!("{}", output::error(&e, "new"));
        }
    }

    fn set_variant(&mut self, name: &str, line: &str) {
        match variants::parse(name) {
            Ok((v, castling)) => {
                self.engine.set_variant(v);
                self.engine.set_castling(castling);
                for l in variants::definition(v) {
                    say!("{l}");
                }
                self.restart_analysis();
            }
            Err(refusal) => say!("{}", output::error(&refusal.reason(), line)),
        }
    }

    fn set_board(&mut self, fen: &str, line: &str) {
        match new_game_with(self.engine.variant(), Some(fen), self.engine.castling()) {
            Ok(g) => {
                self.engine.set_game(g);
                self.restart_analysis();
            }
            Err(e) => {
                // No move of some other position is ever sent.
                self.engine.forget_game();
                say!("{}", output::error(&format!("illegal position: {e}"), line));
            }
        }
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        match self.engine.game_mut().map(|g| g.undo(plies)) {
            Some(n) if n == plies => {}
            Some(_) => say!("{}", output::error("not enough moves to take back", line)),
            None => say!("{}", output::error("no position", line)),
        }
        self.restart_analysis();
    }

    fn user_move(&mut self, token: &str, line: &str) {
        let Some(g) = self.engine.game_mut() else {
            say!("{}", output::error("no position", line));
            return;
        };
        if g.decided().is_some() {
            say!("{}", output::illegal_move(token, Some("the game is over")));
            return;
        }
        // FischerRandom castling comes as `O-O`/`O-O-O`.
        let castling = variants::castling_token(g, token);
        let token = castling.as_deref().unwrap_or(token);
        if let Err(e) = g.play(token) {
            let second = variants::second_reading(g.variant(), token);
            if second.is_none_or(|t| g.play(&t).is_err()) {
                say!("{}", output::refused_move(&e));
                return;
            }
        }
        let engine_to_move = g.white_to_move() == self.engine_white;
        if self.analyzing {
            self.start_analysis();
        } else if !self.force && engine_to_move {
            self.think();
        }
    }

    /// An option change; XBoard shows errors, so only what went wrong is
    /// said.
    fn apply(&mut self, change: Change, line: &str) {
        self.engine.settle();
        match self.engine.set_option(change) {
            Ok(notices) => {
                for notice in notices {
                    if let Notice::Problem(e) = notice {
                        say!("{}", output::error(&e, line));
                    }
                }
            }
            Err(e) => say!("{}", output::error(&e, line)),
        }
    }

    /// The engine's turn: its move, or the result if the game is over.
    fn think(&mut self) {
        let Some(g) = self.engine.game() else { return };
        let claimed = |v: &Verdict| !variants::plays_on(g.variant(), v) && claims::claimable(g, v);
        if let Some(v) = g.verdict().filter(claimed) {
            say!("{}", output::result(&v));
            return;
        }
        let moves_made = (g.tokens().len() / 2) as u64;
        let limits = self.clock.limits(g.white_to_move(), moves_made);
        let post = self.post;
        if self.start(limits, post) {
            self.search = Search::Thinking;
        }
    }

    /// Searches the opponent's move while it thinks (`hard`), silently.
    fn start_ponder(&mut self) {
        let wanted = self.ponder && !self.force && !self.analyzing;
        let Some(g) = self.engine.game() else { return };
        if !wanted || g.white_to_move() == self.engine_white || g.verdict().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        if self.start(limits, false) {
            self.search = Search::Pondering;
        }
    }

    fn restart_analysis(&mut self) {
        if self.analyzing {
            self.start_analysis();
        }
    }

    /// Analyses the current position until told otherwise.
    fn start_analysis(&mut self) {
        self.halt();
        let Some(g) = self.engine.game() else { return };
        if g.verdict().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        if self.start(limits, true) {
            self.search = Search::Analyzing;
        }
    }

    /// Starts a search of the game with `limits`; its end comes back as an
    /// event with its number. Whether it started.
    fn start(&mut self, limits: Limits, post: bool) -> bool {
        self.halt();
        self.engine.settle();
        if self.engine.game().is_none() {
            return false;
        }
        let events = self.events.clone();
        let request = SearchRequest {
            limits,
            multipv: 1,
            move_overhead: self.engine.options().move_overhead,
        };
        let started = self.engine.go(
            request,
            move |info| {
                if post {
                    // On the search thread: a panic here would end the
                    // search without its result, and the engine, which
                    // sends its move before it quits at the end of input,
                    // would wait for it forever.
                    say!("{}", output::thinking(info));
                }
            },
            move |result, id, _| {
                let _ = events.send(Event::SearchDone {
                    id,
                    best: result.best,
                });
            },
        );
        if let Err(e) = &started {
            say!("{}", output::error(e, "go"));
        }
        started.is_ok()
    }

    /// A search has ended; if it was the engine thinking on its move, the
    /// move is played and sent, then the result if the game is over.
    pub fn search_done(&mut self, id: SearchId, best: Option<String>) {
        if self.search != Search::Thinking || !self.engine.wants(id) {
            return;
        }
        self.search = Search::Idle;
        self.engine.wait();
        if let (Some(g), Some(token)) = (self.engine.game_mut(), best) {
            match g.play(&token) {
                Ok(()) => say!("move {}", variants::cecp_move(g, &token)),
                Err(e) => say!("{}", output::error(&e.to_string(), "go")),
            }
        }
        self.answer_pongs();
        let Some(g) = self.engine.game() else { return };
        match g.verdict() {
            Some(v) if variants::announce_own_end(g.variant(), &v) && claims::claimable(g, &v) => {
                say!("{}", output::result(&v))
            }
            Some(_) => {}
            None => self.start_ponder(),
        }
    }
}
