//! The engine's state as the spec says it must be after each input line:
//! the current variant and the current position, "no position" after a
//! rejected `position`, or a set of possibilities after a line whose effect
//! the spec leaves open (see `docs/fuzzing.md`). It also says what each line
//! must be answered with.

use crate::fuzz::mirror::{self, guarded, Pos};

pub use chimera::variants::VariantId;

/// How the GUI reached the current position (`None` = `startpos`).
#[derive(Clone, Debug, Default)]
pub struct Setup {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

#[derive(Clone)]
pub enum State {
    Known(Pos, Setup),
    /// The last `position` was rejected.
    NoPosition,
    /// Any of these (`None` = no position).
    Either(Vec<Option<Pos>>),
}

impl State {
    pub fn candidates(&self) -> Vec<Option<Pos>> {
        match self {
            State::Known(p, _) => vec![Some(p.clone())],
            State::NoPosition => vec![None],
            State::Either(v) => v.clone(),
        }
    }

    fn either(mut v: Vec<Option<Pos>>) -> State {
        // Keep the set small: it only grows over a run of ambiguous lines.
        let mut seen: Vec<Option<String>> = Vec::new();
        v.retain(|c| {
            let key = c.as_ref().map(|p| p.fen());
            if seen.contains(&key) {
                false
            } else {
                seen.push(key);
                true
            }
        });
        v.truncate(6);
        match v.as_slice() {
            [None] => State::NoPosition,
            _ => State::Either(v),
        }
    }

    /// Some position the generator can build moves on.
    pub fn some_position(&self) -> Option<Pos> {
        self.candidates().into_iter().flatten().next()
    }
}

/// What a `go` asked for, as far as the checker cares.
#[derive(Clone, Debug, Default)]
pub struct GoInfo {
    /// Ends by itself (clean, small limits; no `infinite`/`ponder`).
    pub bounded: bool,
    pub infinite: bool,
    pub ponder: bool,
    /// After `ponderhit`, ends by itself.
    pub bounded_after_ponderhit: bool,
    pub searchmoves: Vec<String>,
    /// Unknown tokens, missing or odd values: the spec asks for a
    /// `bestmove` all the same.
    pub odd: bool,
}

/// What one input line asks of the engine.
#[derive(Clone)]
pub enum Kind {
    Empty,
    /// Exactly `isready`: one `readyok`.
    IsReady,
    /// Exactly `uci`: one `uciok`.
    Uci,
    /// `go` (not `go perft`): exactly one `bestmove`, checked against the
    /// state the `go` saw.
    Go(GoInfo, State),
    /// `go perft ...`: no `bestmove`; `Some(depth)` when well-formed.
    Perft(Option<u32>, State),
    /// Exactly `d`.
    Display(State),
    /// Exactly `eval`.
    Eval,
    Stop,
    PonderHit,
    Quit,
    /// Anything else: `position`, `setoption`, `ucinewgame`, junk.
    Other,
}

impl Kind {
    /// Lines that have an answer to wait for; the generator never hides
    /// them behind bytes whose meaning is open.
    fn answered(&self) -> bool {
        !matches!(self, Kind::Empty | Kind::Other)
    }
}

pub struct Applied {
    pub kind: Kind,
    /// The model expects an `info string error` for this line.
    pub error: bool,
}

pub struct Model {
    pub variant: VariantId,
    pub state: State,
}

impl Default for Model {
    fn default() -> Self {
        Model::new()
    }
}

impl Model {
    pub fn new() -> Model {
        let variant = VariantId::DEFAULT;
        Model {
            variant,
            state: State::Known(mirror::start(variant), Setup::default()),
        }
    }

    /// Applies one raw input line (without its line ending). Invalid UTF-8
    /// has no ruling in the spec: the line may be read with replacement
    /// characters, with the bad bytes dropped, or rejected whole, so the
    /// state becomes the union of the three outcomes.
    pub fn apply(&mut self, raw: &[u8]) -> Result<Applied, String> {
        match std::str::from_utf8(raw) {
            Ok(text) => self.apply_text(text),
            Err(_) => {
                let lossy = String::from_utf8_lossy(raw).into_owned();
                let stripped: String = lossy.chars().filter(|&c| c != '\u{FFFD}').collect();
                let before = self.state.clone();
                let variant = self.variant;
                let mut outcomes = before.candidates();
                let mut error = false;
                for text in [lossy, stripped] {
                    self.state = before.clone();
                    let a = self.apply_text(&text)?;
                    if a.kind.answered() || self.variant != variant {
                        return Err(format!(
                            "fuzzer bug: invalid UTF-8 on a line that reads as a command: {text:?}"
                        ));
                    }
                    error |= a.error;
                    outcomes.extend(self.state.candidates());
                }
                self.state = State::either(outcomes);
                Ok(Applied {
                    kind: Kind::Other,
                    error,
                })
            }
        }
    }

    fn start_state(&self) -> State {
        State::Known(mirror::start(self.variant), Setup::default())
    }

    fn apply_text(&mut self, text: &str) -> Result<Applied, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((&head, args)) = words.split_first() else {
            return Ok(Applied {
                kind: Kind::Empty,
                error: false,
            });
        };
        let simple = |kind: Kind| {
            if args.is_empty() {
                Applied { kind, error: false }
            } else {
                Applied {
                    kind: Kind::Other,
                    error: true,
                }
            }
        };
        Ok(match head {
            "isready" => simple(Kind::IsReady),
            "uci" => simple(Kind::Uci),
            "stop" => simple(Kind::Stop),
            "ponderhit" => simple(Kind::PonderHit),
            "quit" => simple(Kind::Quit),
            "eval" => simple(Kind::Eval),
            "d" => simple(Kind::Display(self.state.clone())),
            "ucinewgame" => {
                let a = simple(Kind::Other);
                if !a.error {
                    self.state = self.start_state();
                }
                a
            }
            "debug" => Applied {
                kind: Kind::Other,
                error: false,
            },
            "setoption" => Applied {
                kind: Kind::Other,
                error: !self.setoption(args),
            },
            "position" => Applied {
                kind: Kind::Other,
                error: !self.position(args)?,
            },
            "go" if args.first() == Some(&"perft") => {
                let depth = match args {
                    [_, d] => d.parse::<u32>().ok().filter(|d| (1..=20).contains(d)),
                    _ => None,
                };
                Applied {
                    kind: Kind::Perft(depth, self.state.clone()),
                    error: depth.is_none(),
                }
            }
            "go" => {
                let info = parse_go(args);
                let error = info.odd || matches!(self.state, State::NoPosition);
                Applied {
                    kind: Kind::Go(info, self.state.clone()),
                    error,
                }
            }
            _ => Applied {
                kind: Kind::Other,
                error: true,
            },
        })
    }

    /// Returns whether the option was accepted.
    fn setoption(&mut self, args: &[&str]) -> bool {
        if args.first() != Some(&"name") {
            return false;
        }
        let value_at = args.iter().position(|&w| w == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at.map(|i| args[i + 1..].join(" "));
        if name.is_empty() || value.as_deref() == Some("") {
            return false;
        }
        let spin = |lo: u64, hi: u64| {
            value
                .as_deref()
                .and_then(|v| v.parse::<u64>().ok())
                .is_some_and(|n| (lo..=hi).contains(&n))
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let Some(v) = value.as_deref() else {
                    return false;
                };
                match VariantId::parse_ignore_case(v) {
                    Ok(n) => {
                        self.variant = n;
                        self.state = self.start_state();
                        true
                    }
                    Err(_) => false,
                }
            }
            "hash" => spin(1, 65536),
            "threads" => spin(1, 256),
            "multipv" => spin(1, 256),
            "move overhead" => spin(0, 5000),
            "clear hash" => true,
            "ponder" => matches!(
                value.as_deref().map(str::to_ascii_lowercase).as_deref(),
                Some("true" | "false")
            ),
            _ => false,
        }
    }

    /// Returns whether the position was accepted.
    fn position(&mut self, args: &[&str]) -> Result<bool, String> {
        let moves_at = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let variant = self.variant;
        let (base, fen) = match setup {
            ["startpos"] => (Ok(mirror::start(variant)), None),
            ["fen", fields @ ..] if !fields.is_empty() => {
                let fen = fields.join(" ");
                let pos = guarded("from_fen", || mirror::from_fen(variant, &fen))?;
                (pos, Some(fen))
            }
            _ => {
                // A malformed command line, not a bad FEN or move: the spec
                // does not say whether that counts as a rejected position.
                let mut v = self.state.candidates();
                v.push(None);
                self.state = State::either(v);
                return Ok(false);
            }
        };
        let Ok(mut pos) = base else {
            self.state = State::NoPosition;
            return Ok(false);
        };
        // Moves after a decided game (an exploded king): the spec only
        // rules on end rules the engine applies (repetition, 50 moves,
        // insufficient material), so either answer is allowed here.
        let mut open = false;
        for token in moves {
            open |= guarded("early_end", || pos.decided())?;
            // In place: a line may hold thousands of moves.
            match guarded("parse_move/play", || pos.play(token))? {
                Ok(()) => {}
                Err(_) => {
                    self.state = State::NoPosition;
                    return Ok(false);
                }
            }
        }
        let setup = Setup {
            fen,
            moves: moves.iter().map(|s| s.to_string()).collect(),
        };
        self.state = if open {
            State::Either(vec![None, Some(pos)])
        } else {
            State::Known(pos, setup)
        };
        Ok(true)
    }
}

/// The small limits the fuzzer uses; anything else makes a `go` "odd"
/// (it must still be answered, but may run until `stop`).
pub fn parse_go(args: &[&str]) -> GoInfo {
    let mut info = GoInfo::default();
    let mut limited = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let clean = |lo: i64, hi: i64| {
            args.get(i + 1)
                .and_then(|v| v.parse::<i64>().ok())
                .is_some_and(|n| (lo..=hi).contains(&n))
        };
        let ok = match key {
            "depth" => clean(1, 4),
            "nodes" => clean(1, 5000),
            "movetime" => clean(1, 60),
            "wtime" | "btime" => clean(0, 3000),
            "winc" | "binc" => clean(0, 200),
            "movestogo" => clean(1, 60),
            "mate" => clean(1, 10),
            "infinite" => {
                info.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                info.ponder = true;
                i += 1;
                continue;
            }
            "searchmoves" => {
                info.searchmoves = args[i + 1..].iter().map(|s| s.to_string()).collect();
                info.odd |= info.searchmoves.is_empty();
                break;
            }
            _ => {
                info.odd = true;
                i += 1;
                continue;
            }
        };
        if ok {
            limited |= key != "mate";
        } else {
            info.odd = true;
        }
        i += 2;
    }
    info.bounded_after_ponderhit = limited && !info.odd && !info.infinite;
    info.bounded = info.bounded_after_ponderhit && !info.ponder;
    info
}
