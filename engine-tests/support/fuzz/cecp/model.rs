//! What the engine's CECP session should hold after each line: the
//! variant, the game (or "no position" after a refused `setboard`), force
//! mode, the side the engine plays, analysis mode, and whether it thinks on
//! its move. Lines are read with the engine's own parser
//! (`chimera::xboard::command::parse`); their effects are modelled here on
//! the library's rules ([`crate::fuzz::mirror`]).
//!
//! The one thing the driver cannot see is when a search ends. A line that
//! would call off a search on the engine's move (anything but the clock
//! readings, `ping`, `?`, `post` and the like) races that search: its move
//! may be played before the line or dropped. Such a line is a [`Race`]: the
//! driver sends a `ping` after it, collects the moves printed until the
//! `pong`, and [`Model::resolve`] tries every order those moves can have
//! come in. When the readings leave different states, the model gives up
//! ([`Model::known`] false) until the next `new`.

use chimera::engine::options::{self, Change};
use chimera::variants::{CastlingMode, VariantId};
use chimera::xboard::command::{self, Command};

use crate::fuzz::mirror::{self, Mirror, UserMove};

/// How many lines of one kind the engine may print: `min..=max`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Range {
    pub min: u64,
    pub max: u64,
}

impl Range {
    pub fn exactly(n: u64) -> Range {
        Range { min: n, max: n }
    }

    pub fn add(&mut self, other: Range) {
        self.min += other.min;
        self.max += other.max;
    }

    fn widen(&mut self, other: Range) {
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
    }

    pub fn contains(&self, n: u64) -> bool {
        (self.min..=self.max).contains(&n)
    }
}

impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}..{}", self.min, self.max)
        }
    }
}

/// The error lines (`Error (...)`) and refused-move lines (`Illegal
/// move...`) a line must print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Expect {
    pub errors: Range,
    pub illegal: Range,
}

impl Expect {
    pub fn add(&mut self, other: Expect) {
        self.errors.add(other.errors);
        self.illegal.add(other.illegal);
    }

    fn widen(&mut self, other: Expect) {
        self.errors.widen(other.errors);
        self.illegal.widen(other.illegal);
    }

    fn error() -> Expect {
        Expect {
            errors: Range::exactly(1),
            ..Expect::default()
        }
    }

    fn maybe_error() -> Expect {
        Expect {
            errors: Range { min: 0, max: 1 },
            ..Expect::default()
        }
    }

    fn illegal() -> Expect {
        Expect {
            illegal: Range::exactly(1),
            ..Expect::default()
        }
    }
}

/// A search on the engine's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub id: u64,
    /// The game has not ended: the search must end in a move (unless a
    /// line calls it off). Otherwise the engine may announce the result
    /// instead, or search on (a draw XBoard would not confirm).
    pub must_move: bool,
}

/// Why the engine's output is wrong.
#[derive(Clone, Debug)]
pub struct Wrong {
    pub kind: &'static str,
    pub detail: String,
}

fn wrong(kind: &'static str, detail: String) -> Wrong {
    Wrong { kind, detail }
}

/// What the driver must know of a line it sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `ping N`: `pong N` comes back.
    Ping(String),
    /// `?`.
    MoveNow,
    Quit,
    Other,
}

/// A line that races a search on the engine's move (or a `new` that ends
/// an unknown state): to be resolved at the `pong` of a ping sent right
/// after it.
#[derive(Clone, Debug)]
pub struct Race {
    cmd: Command,
    /// A `new` sent while the model did not know the state.
    recovery: bool,
}

pub struct Applied {
    pub kind: Kind,
    /// The lines it must print; `None` when the model cannot tell (an
    /// unknown state, or a race resolved later).
    pub expect: Option<Expect>,
    pub race: Option<Race>,
}

/// How a race came out.
pub struct Resolved {
    pub expect: Expect,
    /// Engine moves checked against a known position.
    pub checked: u64,
    /// The readings disagree: the model no longer knows the state.
    pub lost: bool,
}

pub struct Model {
    /// When false, nothing below is trusted until the next `new`.
    pub known: bool,
    pub variant: VariantId,
    /// Chess960 castling after `variant fischerandom`, until `new`.
    pub castling: CastlingMode,
    /// `None`: no position (a `setboard` was refused).
    pub game: Option<Box<dyn Mirror>>,
    pub force: bool,
    pub engine_white: bool,
    pub analyzing: bool,
    pub thinking: Option<Thinking>,
    thinks: u64,
}

impl Clone for Model {
    fn clone(&self) -> Model {
        Model {
            known: self.known,
            variant: self.variant,
            castling: self.castling,
            game: self.game.as_ref().map(|g| g.boxed()),
            force: self.force,
            engine_white: self.engine_white,
            analyzing: self.analyzing,
            thinking: self.thinking,
            thinks: self.thinks,
        }
    }
}

/// A line as the engine reads it: without its line ending, bad UTF-8 as
/// U+FFFD (`chimera::input::read_line`).
pub fn decode(bytes: &[u8]) -> String {
    let mut b = bytes;
    while let [rest @ .., b'\n' | b'\r'] = b {
        b = rest;
    }
    String::from_utf8_lossy(b).into_owned()
}

/// Commands that leave a search on the engine's move running (the
/// session's `calls_off_search`, as docs/xboard.md states it: clock
/// readings, `ping`, `post` and the like).
fn harmless(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::Ignored
            | Command::Ping(_)
            | Command::MoveNow
            | Command::Time(_)
            | Command::OpponentTime(_)
            | Command::Post
            | Command::NoPost
            | Command::Hard
            | Command::Easy
            | Command::Protover(_)
            | Command::Level(_)
            | Command::SearchTime(_)
            | Command::SearchDepth(_)
    )
}

impl Default for Model {
    fn default() -> Model {
        Model::new()
    }
}

impl Model {
    /// A freshly started engine: chess from the start, the engine plays
    /// Black, not in force mode.
    pub fn new() -> Model {
        Model {
            known: true,
            variant: VariantId::Chess,
            castling: CastlingMode::Standard,
            game: Some(mirror::start(VariantId::Chess)),
            force: false,
            engine_white: false,
            analyzing: false,
            thinking: None,
            thinks: 0,
        }
    }

    /// The engine may be thinking on its move (or the model cannot tell).
    pub fn maybe_thinking(&self) -> bool {
        !self.known || self.thinking.is_some()
    }

    /// Reads a line the driver is about to send.
    pub fn apply(&mut self, bytes: &[u8]) -> Applied {
        let text = decode(bytes);
        let cmd = match command::parse(&text) {
            Err(_) => {
                return Applied {
                    kind: Kind::Other,
                    expect: self.known.then(Expect::error),
                    race: None,
                }
            }
            Ok(None) => {
                return Applied {
                    kind: Kind::Other,
                    expect: self.known.then(Expect::default),
                    race: None,
                }
            }
            Ok(Some(cmd)) => cmd,
        };
        let kind = match &cmd {
            Command::Ping(n) => Kind::Ping(n.clone()),
            Command::MoveNow => Kind::MoveNow,
            Command::Quit => Kind::Quit,
            _ => Kind::Other,
        };
        if !self.known {
            let race = (cmd == Command::New).then_some(Race {
                cmd,
                recovery: true,
            });
            return Applied {
                kind,
                expect: None,
                race,
            };
        }
        if self.thinking.is_some() && !harmless(&cmd) && cmd != Command::Quit {
            return Applied {
                kind,
                expect: None,
                race: Some(Race {
                    cmd,
                    recovery: false,
                }),
            };
        }
        let expect = self.exec(&cmd);
        Applied {
            kind,
            expect: Some(expect),
            race: None,
        }
    }

    /// A command's effect on an engine that does not think on its move
    /// (it may start thinking).
    fn exec(&mut self, cmd: &Command) -> Expect {
        let mut e = Expect::default();
        match cmd {
            Command::Ignored
            | Command::Protover(_)
            | Command::Level(_)
            | Command::SearchTime(_)
            | Command::SearchDepth(_)
            | Command::Time(_)
            | Command::OpponentTime(_)
            | Command::MoveNow
            | Command::Ping(_)
            | Command::Hard
            | Command::Easy
            | Command::Post
            | Command::NoPost
            | Command::Cores(_)
            | Command::Quit => {}
            Command::New => {
                *self = Model {
                    thinks: self.thinks,
                    ..Model::new()
                }
            }
            Command::Variant(name) => match chimera::xboard::variants::parse(name) {
                Ok((v, castling)) => {
                    self.variant = v;
                    self.castling = castling;
                    self.game = mirror::set_up_with(v, None, castling).ok();
                }
                Err(_) => e = Expect::error(),
            },
            Command::Force | Command::Result(_) => self.force = true,
            Command::Go => {
                self.force = false;
                match &self.game {
                    Some(g) => {
                        self.engine_white = g.white_to_move();
                        self.think();
                    }
                    None => e = Expect::error(),
                }
            }
            Command::PlayOther => {
                self.force = false;
                match &self.game {
                    Some(g) => self.engine_white = !g.white_to_move(),
                    None => e = Expect::error(),
                }
            }
            Command::UserMove(token) => match &mut self.game {
                None => e = Expect::error(),
                Some(g) => match g.user_move(token) {
                    UserMove::Played => {
                        let engine_to_move = g.white_to_move() == self.engine_white;
                        if !self.analyzing && !self.force && engine_to_move {
                            self.think();
                        }
                    }
                    UserMove::GameOver | UserMove::Refused => e = Expect::illegal(),
                },
            },
            Command::SetBoard(fen) => {
                match mirror::set_up_with(self.variant, Some(fen), self.castling) {
                    Ok(g) => self.game = Some(g),
                    Err(_) => {
                        self.game = None;
                        e = Expect::error();
                    }
                }
            }
            Command::Undo | Command::Remove => {
                let plies = if *cmd == Command::Undo { 1 } else { 2 };
                match &mut self.game {
                    None => e = Expect::error(),
                    Some(g) => {
                        if g.undo(plies) < plies {
                            e = Expect::error();
                        }
                    }
                }
            }
            Command::Analyze => self.analyzing = true,
            Command::Exit => self.analyzing = false,
            // A new table may be refused by the system.
            Command::Memory(_) => e = Expect::maybe_error(),
            Command::SetOption { name, value } => {
                e = match options::parse_change(name, value.as_deref()) {
                    Ok(Change::Hash(_) | Change::EvalFile(_)) => Expect::maybe_error(),
                    Ok(Change::Threads(_) | Change::MoveOverhead(_)) => Expect::default(),
                    Ok(_) | Err(_) => Expect::error(),
                }
            }
        }
        e
    }

    /// The engine starts thinking on its move in the current game.
    fn think(&mut self) {
        let Some(g) = &self.game else { return };
        self.thinks += 1;
        self.thinking = Some(Thinking {
            id: self.thinks,
            must_move: !g.over(),
        });
    }

    /// The engine sent `move <token>` while thinking: checks it against
    /// the game and plays it.
    pub fn engine_move(&mut self, token: &str) -> Result<(), Wrong> {
        if self.thinking.take().is_none() {
            return Err(wrong(
                "unexpected-move",
                format!(
                    "move {token} while the engine is not thinking on its move \
                     (force {}, analyzing {}, engine plays {}, position {})",
                    self.force,
                    self.analyzing,
                    if self.engine_white { "White" } else { "Black" },
                    self.game.as_ref().map_or("none".to_string(), |g| g.fen())
                ),
            ));
        }
        let Some(g) = &mut self.game else {
            return Err(wrong(
                "move-without-position",
                format!("move {token} with no position"),
            ));
        };
        let fen = g.fen();
        let before = g.tokens();
        g.engine_move(token).map_err(|e| {
            wrong(
                "illegal-move",
                format!(
                    "move {token} is not legal in {} {fen} (game {} moves {}): {e}",
                    g.variant(),
                    g.start_fen(),
                    before.join(" ")
                ),
            )
        })
    }

    /// The `pong` of a ping sent while search `id` ran, with no race
    /// pending: that search has ended. Without a move, it must not have
    /// had to move.
    pub fn search_ended(&mut self, id: u64) -> Result<(), Wrong> {
        match self.thinking {
            Some(t) if t.id == id => {
                self.thinking = None;
                if t.must_move {
                    let fen = self.game.as_ref().map_or(String::new(), |g| g.fen());
                    return Err(wrong(
                        "no-move",
                        format!("the engine thought on its move in {fen} and sent no move"),
                    ));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Resolves a race with the moves printed until the ping after it.
    pub fn resolve(&mut self, race: &Race, moves: &[String]) -> Result<Resolved, Wrong> {
        if race.recovery {
            *self = Model {
                thinks: self.thinks,
                ..Model::new()
            };
            return Ok(Resolved {
                expect: Expect::default(),
                checked: 0,
                lost: false,
            });
        }
        // The search may have moved before the line (k = 1) or not
        // (k = 0: called off, or it ended without a move); a search the
        // line starts may move after it.
        let mut readings: Vec<(Model, Expect, u64)> = Vec::new();
        let mut why: Vec<Wrong> = Vec::new();
        for k in 0..=moves.len().min(1) {
            let mut m = self.clone();
            let mut checked = 0;
            if k == 1 {
                if let Err(w) = m.engine_move(&moves[0]) {
                    why.push(w);
                    continue;
                }
                checked += 1;
            } else {
                m.thinking = None;
            }
            let expect = m.exec(&race.cmd);
            match (m.thinking, &moves[k..]) {
                (None, []) => {}
                (Some(t), []) => {
                    if t.must_move {
                        why.push(wrong(
                            "no-move",
                            format!(
                                "after the race line, the engine thought on its move in {} \
                                 and sent no move before the pong",
                                m.game.as_ref().map_or(String::new(), |g| g.fen())
                            ),
                        ));
                        continue;
                    }
                    m.thinking = None;
                }
                (Some(_), [y]) => {
                    if let Err(w) = m.engine_move(y) {
                        why.push(w);
                        continue;
                    }
                    checked += 1;
                }
                _ => {
                    why.push(wrong(
                        "extra-move",
                        format!(
                            "{} move(s) ({}) around `{:?}`: more than can come",
                            moves.len(),
                            moves.join(" "),
                            race.cmd
                        ),
                    ));
                    continue;
                }
            }
            readings.push((m, expect, checked));
        }
        let Some((first, _, _)) = readings.first() else {
            // No order explains the output: report the likeliest fault.
            let pick = ["illegal-move", "extra-move", "unexpected-move"]
                .iter()
                .find_map(|k| why.iter().find(|w| w.kind == *k))
                .unwrap_or(&why[0]);
            let all: Vec<String> = why.iter().map(|w| w.detail.clone()).collect();
            return Err(wrong(pick.kind, all.join("; or ")));
        };
        let mut expect = readings[0].1;
        for (_, e, _) in &readings[1..] {
            expect.widen(*e);
        }
        let agree = readings.iter().all(|(m, _, _)| m.same(first));
        let checked = readings.iter().map(|r| r.2).min().unwrap_or(0);
        let (state, _, _) = readings.swap_remove(0);
        *self = state;
        if !agree {
            self.known = false;
        }
        Ok(Resolved {
            expect,
            checked: if agree { checked } else { 0 },
            lost: !agree,
        })
    }

    /// Two models the engine cannot tell apart.
    fn same(&self, other: &Model) -> bool {
        let games = match (&self.game, &other.game) {
            (None, None) => true,
            (Some(a), Some(b)) => a.same(b.as_ref()),
            _ => false,
        };
        games
            && self.known == other.known
            && self.variant == other.variant
            && self.force == other.force
            && self.engine_white == other.engine_white
            && self.analyzing == other.analyzing
            && self.thinking.is_some() == other.thinking.is_some()
    }
}
