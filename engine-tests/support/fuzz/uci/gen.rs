//! The input generator: a seeded stream of UCI lines, valid and mutated, in
//! every variant. It reads the model only to find legal moves; whatever it
//! sends, the model (not the generator) decides what the engine must do.

use std::collections::HashMap;

use super::model::{Model, State, VariantId};
use crate::fuzz::mirror::{self, guarded, Pos};
use crate::rng::Rng;
use crate::variants::fuzz_fens;

/// One thing for the driver to do.
#[derive(Clone, Debug)]
pub enum Step {
    /// Send these bytes (line ending included).
    Line(Vec<u8>),
    /// Let this many milliseconds pass, reading the engine's output.
    Sleep(u64),
    /// Wait until every `go` sent so far has its `bestmove` (so that the
    /// `stop` of an `infinite` block reaches that search and no other).
    Await,
}

/// Families of input that can be turned off (to look past a known failure).
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Invalid UTF-8 (`\xff`, `\xc3\x28`, ...).
    pub bytes: bool,
    /// `go` with unknown tokens, bad or missing values, junk searchmoves.
    pub odd_go: bool,
    /// `position` commands that must be rejected.
    pub bad_position: bool,
    /// Lines of tens of kilobytes.
    pub long_lines: bool,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            bytes: true,
            odd_go: true,
            bad_position: true,
            long_lines: true,
        }
    }
}

impl GenConfig {
    /// Turns off the families named in a comma-separated list.
    pub fn skip(&mut self, list: &str) -> Result<(), String> {
        for name in list.split(',').filter(|s| !s.is_empty()) {
            match name {
                "bytes" => self.bytes = false,
                "odd-go" => self.odd_go = false,
                "bad-position" => self.bad_position = false,
                "long-lines" => self.long_lines = false,
                _ => {
                    return Err(format!(
                        "unknown family {name} (bytes, odd-go, bad-position, long-lines)"
                    ))
                }
            }
        }
        Ok(())
    }
}

/// Characters a mutated FEN is made of.
const FEN_CHARS: &[u8] = b"pnbrqkcwPNBRQKCW0123456789*/-wbKQkqxae ";
/// Characters a mutated move token is made of.
const MOVE_CHARS: &[u8] = b"abcdefghijklmz0123456789,qrbnkcwQx-+=#@";

pub struct Generator {
    rng: Rng,
    cfg: GenConfig,
    /// Positions to set up, per variant (its registry entry's).
    pools: HashMap<VariantId, Vec<String>>,
    cycles: HashMap<VariantId, Option<Vec<String>>>,
}

fn s(text: &str) -> Vec<u8> {
    text.as_bytes().to_vec()
}

impl Generator {
    pub fn new(seed: u64, cfg: GenConfig) -> Generator {
        let pools = VariantId::ALL
            .into_iter()
            .map(|v| (v, chimera::with_variant!(v, P => fuzz_fens::<P>(v))))
            .collect();
        Generator {
            rng: Rng::new(seed),
            cfg,
            pools,
            cycles: HashMap::new(),
        }
    }

    /// The next few steps. Lines that must wait for the engine (an
    /// `infinite` search and its `stop`) come in one block.
    pub fn block(&mut self, model: &Model) -> Vec<Step> {
        let mut out = Vec::new();
        let c = &self.cfg;
        let weights = [
            10,                                 // 0 isready
            16,                                 // 1 valid position
            if c.bad_position { 8 } else { 0 }, // 2 mutated position
            16,                                 // 3 bounded go
            3,                                  // 4 searchmoves
            if c.odd_go { 4 } else { 0 },       // 5 odd go
            3,                                  // 6 infinite
            2,                                  // 7 ponder
            2,                                  // 8 perft
            3,                                  // 9 d / eval
            6,                                  // 10 variant
            1,                                  // 11 bad variant
            4,                                  // 12 options
            2,                                  // 13 bad options
            3,                                  // 14 ucinewgame / uci
            3,                                  // 15 junk commands
            2,                                  // 16 empty lines
            if c.long_lines { 1 } else { 0 },   // 17 long lines
            if c.bytes { 3 } else { 0 },        // 18 invalid UTF-8
            3,                                  // 19 control characters, NUL, non-ASCII
            2,                                  // 20 stray stop / ponderhit
        ];
        match self.rng.weighted(&weights) {
            0 => out.push(self.line("isready")),
            1 => {
                let l = self.valid_position(model);
                out.push(self.decorated(&l));
                if self.rng.chance(50) {
                    let go = self.bounded_go();
                    out.push(self.decorated(&go));
                }
            }
            2 => {
                let l = self.bad_position(model);
                out.push(self.decorated(&l));
                if self.rng.chance(60) {
                    let go = self.bounded_go();
                    out.push(self.decorated(&go));
                }
            }
            3 => {
                let go = self.bounded_go();
                out.push(self.decorated(&go));
                if self.rng.chance(40) {
                    out.push(self.line("isready"));
                }
                if self.rng.chance(50) {
                    out.push(Step::Await);
                }
            }
            4 => self.searchmoves_go(model, &mut out),
            5 => self.odd_go(&mut out),
            6 => self.infinite(model, &mut out),
            7 => self.ponder(&mut out),
            8 => self.perft(model, &mut out),
            9 => {
                let l = if self.rng.chance(60) { "d" } else { "eval" };
                out.push(self.line(l));
            }
            10 => {
                let v = *self.rng.pick(&VariantId::ALL);
                let name = *self
                    .rng
                    .pick(&["UCI_Variant", "UCI_Variant", "uci_variant"]);
                out.push(self.line(&format!("setoption name {name} value {v}")));
                if self.rng.chance(30) {
                    out.push(self.line("isready"));
                }
            }
            11 => {
                let l = *self.rng.pick(&[
                    "setoption name UCI_Variant value xiangqi",
                    "setoption name UCI_Variant value chess960",
                    "setoption name UCI_Variant value avalanche-",
                    "setoption name UCI_Variant value omega omega",
                    "setoption name UCI_Variant value",
                    "setoption name UCI_Variant",
                    "setoption name UCI_Variant value -1",
                    "setoption name UCI_Variant value avalanche_balanced",
                    "setoption name UCI_Variant value dynamo2",
                ]);
                out.push(self.line(l));
            }
            12 => {
                let l = match self.rng.below(6) {
                    0 => format!("setoption name Hash value {}", self.rng.range(1, 32)),
                    1 => format!("setoption name Threads value {}", self.rng.range(1, 4)),
                    2 => format!("setoption name MultiPV value {}", self.rng.range(1, 5)),
                    3 => format!(
                        "setoption name Move Overhead value {}",
                        self.rng.range(0, 30)
                    ),
                    4 => "setoption name Clear Hash".to_string(),
                    _ => format!(
                        "setoption name Ponder value {}",
                        self.rng.pick(&["true", "false"])
                    ),
                };
                out.push(self.decorated(&l));
            }
            13 => {
                let l = *self.rng.pick(&[
                    "setoption name Hash value 0",
                    "setoption name Hash value -1",
                    "setoption name Hash value 99999999999",
                    "setoption name Hash value 18446744073709551616",
                    "setoption name Hash value lots",
                    "setoption name Hash value 65537",
                    "setoption name Hash value 1.5",
                    "setoption name Threads value 0",
                    "setoption name Threads value -1",
                    "setoption name Threads value 257",
                    "setoption name Threads value two",
                    "setoption name MultiPV value 0",
                    "setoption name MultiPV value 9999",
                    "setoption name Move Overhead value -5",
                    "setoption name Move Overhead value 5001",
                    "setoption name Ponder value maybe",
                    "setoption name Contempt value 10",
                    "setoption name Skill Level value 3",
                    "setoption name NoSuchOption",
                    "setoption Hash 3",
                    "setoption name",
                    "setoption",
                    "setoption name Hash value",
                    "setoption value 3",
                    "setoption name Hash Hash value 4",
                ]);
                out.push(self.line(l));
            }
            14 => match self.rng.below(4) {
                0 => out.push(self.line("uci")),
                _ => {
                    out.push(self.line("ucinewgame"));
                    if self.rng.chance(50) {
                        out.push(self.line("isready"));
                    }
                }
            },
            15 => {
                let l = *self.rng.pick(&[
                    "frobnicate",
                    "isready now",
                    "isready isready",
                    "stop now",
                    "ponderhit me",
                    "ucinewgame please",
                    "uci uci",
                    "d 3",
                    "eval all",
                    "debug on",
                    "debug off",
                    "register later",
                    "bench x",
                    "bench 0",
                    "bench 1 2",
                    "gо depth 1",
                    "position",
                    "position startpos e2e4",
                    "position fen",
                    "position startpos moves",
                    "position moves e2e4",
                    "position fen moves e2e4",
                    "position startpos startpos",
                    "position kiwipete",
                    "perft 3",
                    "ucci",
                    "xboard",
                    "moves e2e4",
                    "-",
                    "0000",
                ]);
                out.push(self.decorated(l));
            }
            16 => {
                let l = *self.rng.pick(&["", " ", "\t", "  \t  ", "\r"]);
                out.push(Step::Line(format!("{l}\n").into_bytes()));
            }
            17 => self.long_line(model, &mut out),
            18 => self.invalid_utf8(model, &mut out),
            19 => self.control_chars(model, &mut out),
            _ => {
                let l = *self.rng.pick(&["stop", "ponderhit"]);
                out.push(self.line(l));
            }
        }
        if self.rng.chance(8) {
            out.push(self.line("isready"));
        }
        out
    }

    fn line(&mut self, text: &str) -> Step {
        let ending: &[u8] = if self.rng.chance(5) { b"\r\n" } else { b"\n" };
        let mut b = s(text);
        b.extend_from_slice(ending);
        Step::Line(b)
    }

    /// The line with its spaces sometimes turned into tabs or runs of
    /// spaces, padded, or ended with CR LF.
    fn decorated(&mut self, text: &str) -> Step {
        if !self.rng.chance(10) {
            return self.line(text);
        }
        let sep = *self.rng.pick(&["\t", "  ", " \t ", "   "]);
        let mut t = text.split(' ').collect::<Vec<_>>().join(sep);
        if self.rng.chance(50) {
            t = format!(" \t{t}  ");
        }
        self.line(&t)
    }

    fn random_moves(&mut self, pos: &Pos, plies: usize) -> (Pos, Vec<String>) {
        let mut pos = pos.clone();
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = match guarded("generate", || {
                if pos.decided() {
                    Vec::new()
                } else {
                    pos.turns()
                }
            }) {
                Ok(l) => l,
                Err(_) => break,
            };
            if legal.is_empty() {
                break;
            }
            let t = self.rng.pick(&legal).clone();
            match guarded("play", || pos.after(&t)) {
                Ok(Ok(next)) => pos = next,
                _ => break,
            }
            moves.push(t);
        }
        (pos, moves)
    }

    fn pool_fen(&mut self, variant: VariantId) -> String {
        let pool = &self.pools[&variant];
        pool[self.rng.below(pool.len())].clone()
    }

    /// A `position` command the engine must accept, as a GUI sends it.
    fn valid_position(&mut self, model: &Model) -> String {
        let variant = model.variant;
        // Continue the current game by a move or two, as GUIs do.
        if let State::Known(pos, setup) = &model.state {
            if setup.moves.len() < 300 && self.rng.chance(40) {
                let plies = self.rng.range(1, 2) as usize;
                let (_, more) = self.random_moves(pos, plies);
                let mut moves = setup.moves.clone();
                moves.extend(more);
                return position_line(setup.fen.as_deref(), &moves);
            }
        }
        match self.rng.below(3) {
            0 => {
                let plies = self.rng.below(12);
                let (_, moves) = self.random_moves(&mirror::start(variant), plies);
                position_line(None, &moves)
            }
            _ => {
                let fen = self.pool_fen(variant);
                let Ok(base) = mirror::from_fen(variant, &fen) else {
                    return position_line(None, &[]);
                };
                // Sometimes a FEN from the middle of a random game.
                let (base, fen) = if self.rng.chance(40) {
                    let plies = self.rng.range(1, 10) as usize;
                    let (p, _) = self.random_moves(&base, plies);
                    let f = p.fen();
                    match mirror::from_fen(variant, &f) {
                        Ok(p) => (p, f),
                        Err(_) => (base, fen),
                    }
                } else {
                    (base, fen)
                };
                let plies = self.rng.below(5);
                let (_, moves) = self.random_moves(&base, plies);
                position_line(Some(&fen), &moves)
            }
        }
    }

    fn junk_token(&mut self, legal: &str) -> String {
        let mut t: Vec<u8> = legal.as_bytes().to_vec();
        match self.rng.below(12) {
            0 if !t.is_empty() => {
                let i = self.rng.below(t.len());
                t[i] = *self.rng.pick(MOVE_CHARS);
            }
            1 if !t.is_empty() => {
                t.remove(self.rng.below(t.len()));
            }
            2 => t.push(*self.rng.pick(b"qrbnkcwx")),
            3 => t = t.to_ascii_uppercase(),
            4 => {
                return (*self.rng.pick(&[
                    "0000",
                    "(none)",
                    ",",
                    "e2e4,",
                    ",e2e4",
                    "a1a1",
                    "z9z9",
                    "e2e4e5",
                    "a10a11",
                    "a13a12",
                    "a99999999999b1",
                    "e1h1",
                    "e7e8k",
                    "e2e4,d7d6,c7c6",
                    "e2-e4",
                    "Nf3",
                    "O-O",
                    "e2e4off",
                    "offe2",
                    "e2",
                    "-",
                ]))
                .to_string()
            }
            5 if t.len() >= 4 => {
                // from and to swapped
                let (a, b) = t.split_at(2);
                t = [b, a].concat();
            }
            _ => {
                let n = self.rng.range(1, 6) as usize;
                t = (0..n).map(|_| *self.rng.pick(MOVE_CHARS)).collect();
            }
        }
        String::from_utf8(t).unwrap()
    }

    fn mutate_fen(&mut self, fen: &str) -> String {
        let mut f: Vec<u8> = fen.as_bytes().to_vec();
        for _ in 0..self.rng.range(1, 3) {
            let n = f.len().max(1);
            match self.rng.below(10) {
                0 if !f.is_empty() => {
                    let i = self.rng.below(f.len());
                    f[i] = *self.rng.pick(FEN_CHARS);
                }
                1 if !f.is_empty() => {
                    f.remove(self.rng.below(f.len()));
                }
                2 => {
                    let i = self.rng.below(n);
                    f.insert(i.min(f.len()), *self.rng.pick(FEN_CHARS));
                }
                3 => f.truncate(self.rng.below(n)),
                4 => {
                    // a huge or odd number in a counter field
                    let fields: Vec<&str> = std::str::from_utf8(&f).unwrap().split(' ').collect();
                    let mut fields: Vec<String> = fields.iter().map(|s| s.to_string()).collect();
                    let huge = *self.rng.pick(&[
                        "99999999999999999999",
                        "4294967296",
                        "18446744073709551616",
                        "-1",
                        "0",
                        "1e9",
                        "65536",
                    ]);
                    let i = self.rng.below(fields.len());
                    fields[i] = huge.to_string();
                    f = fields.join(" ").into_bytes();
                }
                5 => {
                    // a multi-digit or odd empty-square count on the board
                    if let Some(i) = f.iter().position(|c| c.is_ascii_digit()) {
                        let rep =
                            *self
                                .rng
                                .pick(&["10", "12", "0", "99", "9", "11", "100000000000"]);
                        f.splice(i..=i, rep.bytes());
                    }
                }
                6 => {
                    let i = self.rng.below(n).min(f.len());
                    f.insert(i, b'*');
                }
                7 => {
                    // fields dropped or added
                    let text = String::from_utf8(f.clone()).unwrap();
                    let mut fields: Vec<&str> = text.split(' ').collect();
                    if self.rng.chance(50) && fields.len() > 1 {
                        fields.truncate(self.rng.range(1, fields.len() as u64 - 1) as usize);
                    } else {
                        fields.push(*self.rng.pick(&["0", "w", "-", "KQkq", "extra"]));
                    }
                    f = fields.join(" ").into_bytes();
                }
                8 => {
                    // a rank duplicated or dropped
                    let text = String::from_utf8(f.clone()).unwrap();
                    let (board, rest) = text.split_once(' ').unwrap_or((&text, ""));
                    let mut ranks: Vec<&str> = board.split('/').collect();
                    let i = self.rng.below(ranks.len());
                    if self.rng.chance(50) {
                        ranks.insert(i, ranks[i]);
                    } else if ranks.len() > 1 {
                        ranks.remove(i);
                    }
                    f = format!("{} {rest}", ranks.join("/")).into_bytes();
                }
                _ => {
                    // side, castling or en-passant field replaced
                    let text = String::from_utf8(f.clone()).unwrap();
                    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
                    if fields.len() > 1 {
                        let i = self.rng.range(1, fields.len().min(4) as u64 - 1) as usize;
                        fields[i] = self
                            .rng
                            .pick(&[
                                "x", "W", "KQkqKQkq", "A", "-K", "e9", "z3", "a10", "e3e4", "",
                            ])
                            .to_string();
                    }
                    f = fields.join(" ").into_bytes();
                }
            }
        }
        String::from_utf8_lossy(&f).into_owned()
    }

    /// A `position` command that is broken somewhere (or, now and then,
    /// turns out valid all the same: the model decides).
    fn bad_position(&mut self, model: &Model) -> String {
        let variant = model.variant;
        match self.rng.below(6) {
            0 | 1 => {
                // an illegal or malformed move somewhere in a legal game
                let start = mirror::start(variant);
                let plies = self.rng.range(1, 8) as usize;
                let (_, mut moves) = self.random_moves(&start, plies);
                let i = self.rng.below(moves.len().max(1)).min(moves.len());
                let base = moves.get(i).cloned().unwrap_or_else(|| "e2e4".into());
                let junk = self.junk_token(&base);
                if i < moves.len() {
                    moves[i] = junk;
                } else {
                    moves.push(junk);
                }
                position_line(None, &moves)
            }
            2 | 3 => {
                let fen = self.pool_fen(variant);
                let bad = self.mutate_fen(&fen);
                let plies = self.rng.below(3);
                let moves = match mirror::from_fen(variant, &fen) {
                    Ok(p) => self.random_moves(&p, plies).1,
                    Err(_) => Vec::new(),
                };
                position_line(Some(&bad), &moves)
            }
            4 => {
                // another variant's FEN or moves
                let other = *self.rng.pick(&VariantId::ALL);
                let fen = self.pool_fen(other);
                if self.rng.chance(50) {
                    position_line(Some(&fen), &[])
                } else {
                    let plies = self.rng.range(1, 6) as usize;
                    let (_, moves) = self.random_moves(&mirror::start(other), plies);
                    position_line(None, &moves)
                }
            }
            _ => {
                // keyword trouble
                let fen = self.pool_fen(variant);
                (*self.rng.pick(&[
                    format!("position fen {fen} move e2e4"),
                    format!("position fen {fen} moves moves"),
                    format!("position fen {fen} startpos"),
                    format!("position startpos fen {fen}"),
                    format!("position fen fen {fen}"),
                    "position startpos moves e2e4 moves e7e5".to_string(),
                    "position startpos moves 0000".to_string(),
                    "position startpos moves e2e4 e2e4".to_string(),
                    "position Startpos".to_string(),
                    "position fen 8/8/8/8/8/8/8/8 w - - 0 1".to_string(),
                    "position fen k7/8/8/8/8/8/8/7K x - - 0 1".to_string(),
                    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"
                        .to_string(),
                    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".to_string(),
                    "position fen kk6/8/8/8/8/8/8/KK6 w - - 0 1".to_string(),
                    "position fen 8/8/8/8/8/8/8/K6k w - - -5 1".to_string(),
                    "position fen 8/8/8/8/8/8/8/K6k b - - 0 0".to_string(),
                    "position fen 8/8/8/8/8/8/8/K6k w - - 0 99999999999999999999".to_string(),
                    "position fen 8/8/8/8/8/8/8/K6k w - - 99999999999999999999 1".to_string(),
                    "position fen 7P/8/8/8/8/8/8/K6k w - - 0 1".to_string(),
                    "position fen 8/8/8/8/8/8/8/K5kq w - - 0 1".to_string(),
                ]))
                .clone()
            }
        }
    }

    fn bounded_go(&mut self) -> String {
        let mut parts: Vec<String> = Vec::new();
        match self.rng.below(6) {
            0 | 1 => parts.push(format!("depth {}", self.rng.range(1, 4))),
            2 => parts.push(format!("nodes {}", self.rng.range(1, 3000))),
            3 => parts.push(format!("movetime {}", self.rng.range(5, 50))),
            4 => {
                let t = |r: &mut Rng| r.range(0, 800);
                let (w, b) = (t(&mut self.rng), t(&mut self.rng));
                parts.push(format!("wtime {w} btime {b}"));
                if self.rng.chance(50) {
                    let (wi, bi) = (self.rng.range(0, 50), self.rng.range(0, 50));
                    parts.push(format!("winc {wi} binc {bi}"));
                }
                if self.rng.chance(30) {
                    parts.push(format!("movestogo {}", self.rng.range(1, 40)));
                }
            }
            _ => {
                parts.push(format!("depth {}", self.rng.range(1, 4)));
                parts.push(format!("movetime {}", self.rng.range(5, 50)));
                if self.rng.chance(30) {
                    parts.push(format!("mate {}", self.rng.range(1, 3)));
                }
            }
        }
        format!("go {}", parts.join(" "))
    }

    fn legal_now(&mut self, model: &Model) -> Vec<String> {
        model
            .state
            .some_position()
            .and_then(|p| guarded("generate", || p.turns()).ok())
            .unwrap_or_default()
    }

    fn searchmoves_go(&mut self, model: &Model, out: &mut Vec<Step>) {
        let legal = self.legal_now(model);
        let mut moves: Vec<String> = Vec::new();
        let n = self.rng.range(1, 3);
        for _ in 0..n {
            if legal.is_empty() || (self.cfg.odd_go && self.rng.chance(30)) {
                let base = if legal.is_empty() {
                    "e2e4".to_string()
                } else {
                    self.rng.pick(&legal).clone()
                };
                moves.push(self.junk_token(&base));
            } else {
                moves.push(self.rng.pick(&legal).clone());
            }
        }
        let depth = self.rng.range(1, 3);
        let l = format!("go depth {depth} searchmoves {}", moves.join(" "));
        out.push(self.decorated(&l));
    }

    /// A `go` the spec still wants answered: unknown tokens, bad values.
    /// It may run until `stop`, so it gets one.
    fn odd_go(&mut self, out: &mut Vec<Step>) {
        let d = self.rng.range(1, 3);
        let l = self
            .rng
            .pick(&[
                format!("go wibble 3 depth {d}"),
                format!("go depth {d} wibble"),
                format!("go depth {d} sideways"),
                format!("go depth {d} depth"),
                format!("go movetime 30 foo bar depth {d}"),
                format!("go Depth {d}"),
                format!("go depth {d} nodes"),
                "go depth deep".to_string(),
                "go depth".to_string(),
                "go depth 0".to_string(),
                "go depth -1".to_string(),
                "go depth 99999999999999999999".to_string(),
                "go nodes 0".to_string(),
                "go nodes -5".to_string(),
                "go movetime 0".to_string(),
                "go movetime -10".to_string(),
                "go movetime 999999999".to_string(),
                "go wtime -100 btime -100".to_string(),
                "go wtime 99999999999 btime 99999999999".to_string(),
                "go movestogo 0 wtime 100 btime 100".to_string(),
                "go mate 0 depth 2".to_string(),
                "go searchmoves".to_string(),
                "go".to_string(),
                "go infinite wibble".to_string(),
                "go 3".to_string(),
                "go depth 2.5".to_string(),
                "go depth 0x10".to_string(),
                format!("go depth {d} searchmoves zz99 0000"),
            ])
            .clone();
        out.push(Step::Await);
        out.push(self.decorated(&l));
        out.push(Step::Sleep(self.rng.range(5, 30)));
        if self.rng.chance(50) {
            out.push(self.line("isready"));
        }
        out.push(self.line("stop"));
        out.push(self.line("isready"));
        // A missing bestmove shows up here, not as the next go's answer.
        out.push(Step::Await);
    }

    /// Commands that may arrive while an `infinite` search runs; they wait
    /// for it (none of them waits for the engine's output itself).
    fn deferred_command(&mut self, model: &Model) -> String {
        match self.rng.below(7) {
            0 => self.valid_position(model),
            1 => self.bad_position(model),
            2 => self.bounded_go(),
            3 => format!(
                "setoption name UCI_Variant value {}",
                self.rng.pick(&VariantId::ALL)
            ),
            4 => format!("setoption name Threads value {}", self.rng.range(1, 3)),
            5 => (*self.rng.pick(&[
                "ucinewgame",
                "uci",
                "frobnicate",
                "setoption name Hash value 8",
            ]))
            .to_string(),
            _ => "isready".to_string(),
        }
    }

    fn infinite(&mut self, model: &Model, out: &mut Vec<Step>) {
        out.push(Step::Await);
        let legal = self.legal_now(model);
        let l = match self.rng.below(5) {
            0 if !legal.is_empty() => {
                format!("go infinite searchmoves {}", self.rng.pick(&legal))
            }
            1 => format!("go infinite depth {}", self.rng.range(1, 3)),
            2 => "go wtime 50 btime 50 infinite".to_string(),
            _ => "go infinite".to_string(),
        };
        out.push(self.decorated(&l));
        out.push(Step::Sleep(self.rng.range(5, 40)));
        out.push(self.line("isready"));
        for _ in 0..self.rng.below(3) {
            let c = self.deferred_command(model);
            out.push(self.decorated(&c));
        }
        if self.rng.chance(30) {
            out.push(self.line("ponderhit"));
        }
        out.push(Step::Sleep(self.rng.range(0, 20)));
        out.push(self.line("isready"));
        out.push(self.line("stop"));
        if self.rng.chance(50) {
            out.push(self.line("isready"));
        }
        out.push(Step::Await);
    }

    fn ponder(&mut self, out: &mut Vec<Step>) {
        out.push(Step::Await);
        let (w, b) = (self.rng.range(20, 300), self.rng.range(20, 300));
        let l = match self.rng.below(3) {
            0 => format!("go ponder wtime {w} btime {b}"),
            1 => format!("go ponder wtime {w} btime {b} winc 10 binc 10"),
            _ => format!("go ponder movetime {}", self.rng.range(5, 40)),
        };
        out.push(self.decorated(&l));
        out.push(Step::Sleep(self.rng.range(5, 40)));
        out.push(self.line("isready"));
        let end = if self.rng.chance(60) {
            "ponderhit"
        } else {
            "stop"
        };
        out.push(self.line(end));
        out.push(self.line("isready"));
        out.push(Step::Await);
    }

    fn perft(&mut self, model: &Model, out: &mut Vec<Step>) {
        let heavy = model.variant.name().starts_with("avalanche");
        let max = if heavy { 2 } else { 3 };
        let l = if self.cfg.odd_go && self.rng.chance(20) {
            (*self.rng.pick(&[
                "go perft",
                "go perft 0",
                "go perft x",
                "go perft -1",
                "go perft 2 3",
                "go perft 21",
                "go perft 99999999999",
            ]))
            .to_string()
        } else {
            format!("go perft {}", self.rng.range(1, max))
        };
        out.push(self.line(&l));
    }

    /// A 4-ply cycle (out and back for both sides) from the position, so
    /// that a long list of legal moves can be built.
    fn cycle(&mut self, variant: VariantId) -> Option<Vec<String>> {
        if let Some(c) = self.cycles.get(&variant) {
            return c.clone();
        }
        let found = guarded("cycle search", || find_cycle(&mirror::start(variant)))
            .ok()
            .flatten();
        self.cycles.insert(variant, found.clone());
        found
    }

    fn long_line(&mut self, model: &Model, out: &mut Vec<Step>) {
        let size = self.rng.range(10_000, 40_000) as usize;
        let repeat = |unit: &str| -> String {
            let mut t = String::new();
            while t.len() < size {
                t.push_str(unit);
            }
            t
        };
        // One huge token where each command echoes its bad argument.
        let units = ["x", "e", "9", "A"];
        let huge = repeat(units[self.rng.below(units.len())]);
        let l = match self.rng.below(14) {
            0 | 1 => match self.cycle(model.variant) {
                Some(c) => {
                    // legal: thousands of plies of repetition and a 50-move
                    // clock far past 100, which the spec says to accept
                    let unit = format!("{} ", c.join(" "));
                    format!("position startpos moves {}", repeat(&unit).trim_end())
                }
                None => format!("position startpos moves {}", repeat("e2e4 ").trim_end()),
            },
            2 => format!("position startpos moves {}", repeat("zz9 ").trim_end()),
            3 => format!("position startpos moves {huge}"),
            4 => format!("position fen {}", repeat("rnbqkbnr/")),
            5 => format!("position fen 8/8/8/8/8/8/8/K6k w - - 0 {huge}"),
            6 => format!("setoption name {huge} value 1"),
            7 => format!(
                "setoption name {} value {huge}",
                self.rng
                    .pick(&["Hash", "Threads", "UCI_Variant", "MultiPV", "Ponder"])
            ),
            8 => format!("go depth 1 searchmoves {}", repeat("a1a9 ").trim_end()),
            9 if self.cfg.odd_go => (*self.rng.pick(&[
                format!("go depth {huge}"),
                format!("go {huge}"),
                format!("go depth 1 {huge}"),
            ]))
            .clone(),
            10 => format!("go perft {huge}"),
            11 => format!("bench {huge}"),
            12 => format!("unknown {}", repeat("junk ")),
            _ => huge,
        };
        let go = l.starts_with("go ") && !l.starts_with("go perft");
        if go {
            out.push(Step::Await);
        }
        out.push(self.line(&l));
        if go {
            out.push(Step::Sleep(5));
            out.push(self.line("stop"));
            out.push(Step::Await);
        } else if l.starts_with("position") && self.rng.chance(70) {
            out.push(self.line("go depth 1"));
        }
        out.push(self.line("isready"));
    }

    /// Invalid UTF-8 where its reading cannot turn a line into a command
    /// that has an answer (the spec has no ruling on such bytes).
    fn invalid_utf8(&mut self, model: &Model, out: &mut Vec<Step>) {
        let bad: &[&[u8]] = &[
            b"\xff",
            b"\xc3\x28",
            b"\xfe\xff",
            b"\x80",
            b"\xe2\x82",
            b"\xf0\x9f",
            b"\xed\xa0\x80",
            b"\xc0\xaf",
        ];
        let b = *self.rng.pick(bad);
        let mut line: Vec<u8> = match self.rng.below(5) {
            0 => {
                let mut l = b"x".to_vec();
                for _ in 0..self.rng.range(1, 12) {
                    l.extend_from_slice(bad[self.rng.below(bad.len())]);
                    l.push(*self.rng.pick(b"abc 019\x00\x01\x1b"));
                }
                l
            }
            1 | 2 => {
                // inside a position command: a move, the FEN, a keyword
                let p = self.valid_position(model);
                let mut bytes = p.into_bytes();
                let i = self.rng.range(9, bytes.len() as u64) as usize;
                bytes.splice(i..i, b.iter().copied());
                bytes
            }
            3 => {
                let mut l = s(&format!(
                    "setoption name Hash value {}",
                    self.rng.range(1, 16)
                ));
                let i = self.rng.range(10, l.len() as u64) as usize;
                l.splice(i..i, b.iter().copied());
                l
            }
            _ => [b"x".as_slice(), b, b" isready"].concat(),
        };
        line.extend_from_slice(if self.rng.chance(20) { b"\r\n" } else { b"\n" });
        out.push(Step::Line(line));
        if self.rng.chance(50) {
            out.push(self.line("go depth 1"));
        }
        out.push(self.line("isready"));
    }

    /// Valid UTF-8 that no command contains: NUL, control characters,
    /// non-ASCII letters.
    fn control_chars(&mut self, model: &Model, out: &mut Vec<Step>) {
        let odd = *self.rng.pick(&[
            "\0", "\x01", "\x07", "\x1b[31m", "\x7f", "é", "２", "🐉", "\u{200b}",
        ]);
        let l = match self.rng.below(4) {
            0 => odd.to_string(),
            1 => format!("{odd}isready"),
            2 => format!("x{odd}y go depth 1"),
            _ => {
                let p = self.valid_position(model);
                if p.contains(" moves ") {
                    format!("{p}{odd}")
                } else {
                    format!("{p} moves e2e4{odd}")
                }
            }
        };
        out.push(self.line(&l));
        if self.rng.chance(50) {
            out.push(self.line("go depth 1"));
        }
        out.push(self.line("isready"));
    }
}

pub fn position_line(fen: Option<&str>, moves: &[String]) -> String {
    let mut l = match fen {
        None => "position startpos".to_string(),
        Some(f) => format!("position fen {f}"),
    };
    if !moves.is_empty() {
        l.push_str(" moves ");
        l.push_str(&moves.join(" "));
    }
    l
}

/// `g1f3` -> `f3g1` for plain from-to tokens.
fn reverse(token: &str) -> Option<String> {
    let b = token.as_bytes();
    let split = |s: &[u8]| -> Option<usize> {
        if s.is_empty() || !s[0].is_ascii_lowercase() {
            return None;
        }
        let digits = s[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        (digits > 0).then_some(1 + digits)
    };
    let a = split(b)?;
    let c = split(&b[a..])?;
    (a + c == b.len()).then(|| format!("{}{}", &token[a..], &token[..a]))
}

/// The FEN without its move counters.
fn placement(pos: &Pos) -> String {
    let fen = pos.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    fields[..fields.len().saturating_sub(2)].join(" ")
}

fn find_cycle(pos: &Pos) -> Option<Vec<String>> {
    let key = placement(pos);
    for t1 in pos.turns() {
        let Some(r1) = reverse(&t1) else { continue };
        let Ok(p1) = pos.after(&t1) else { continue };
        for t2 in p1.turns() {
            let Some(r2) = reverse(&t2) else { continue };
            let Ok(p2) = p1.after(&t2) else { continue };
            let Ok(p3) = p2.after(&r1) else { continue };
            let Ok(p4) = p3.after(&r2) else { continue };
            if placement(&p4) == key {
                return Some(vec![t1, t2, r1, r2]);
            }
        }
    }
    None
}
