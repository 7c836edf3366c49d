//! The input generator: a seeded stream of CECP lines, valid and mutated.
//! Most of it plays games as XBoard would (`new`, a variant, maybe a
//! `setboard`, a time control, then the user's moves and the engine's
//! answers), in force mode, in analysis, with pondering, and with lines
//! sent while the engine thinks; the rest is every other command with good
//! and bad arguments, and junk. It reads the model only to pick legal
//! moves and to know when the engine thinks; the model (not the generator)
//! decides what the engine must do.

use std::collections::HashMap;

use chimera::variants::VariantId;
use chimera::with_variant;

use crate::variants::{facts, fuzz_fens};

use super::model::Model;
use crate::fuzz::mirror::{self, guarded};
use crate::rng::Rng;

/// One thing for the driver to do.
#[derive(Clone, Debug)]
pub enum Step {
    /// Send these bytes (line ending included).
    Line(Vec<u8>),
    /// Send a `ping` of the driver's own and wait for its `pong` (a
    /// search on the engine's move ends first: its move comes before).
    Sync,
    /// Let this many milliseconds pass, reading the engine's output.
    Sleep(u64),
}

/// Characters a mutated FEN is made of.
const FEN_CHARS: &[u8] = b"pnbrqkcwPNBRQKCW0123456789*/-wbKQkqxae ";
/// Characters a mutated move token is made of.
const MOVE_CHARS: &[u8] = b"abcdefghijklmz0123456789qrbnkcwQx-+=#@";

/// What the generator is in the middle of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scenario {
    Idle,
    /// A game against the engine, this many more steps.
    Game(u32),
    /// Moves entered in force mode, then the engine is set going.
    Force(u32),
    /// Analysis mode, this many more steps.
    Analyze(u32),
}

pub struct Generator {
    rng: Rng,
    /// Depth-limited searches of a few milliseconds only (the fixed test).
    quick: bool,
    /// The variants in CECP, with their names.
    variants: Vec<(&'static str, VariantId)>,
    /// Positions to set up, per variant (its registry entry's).
    pools: HashMap<VariantId, Vec<String>>,
    scenario: Scenario,
    pings: u64,
}

/// The variants `variant` accepts, as CECP names them (the engine's
/// `feature variants`).
fn cecp_variants() -> Vec<(&'static str, VariantId)> {
    chimera::xboard::variants::announced()
        .map(|(v, x)| (x.name, v))
        .collect()
}

impl Generator {
    pub fn new(seed: u64, quick: bool) -> Generator {
        let variants = cecp_variants();
        let pools = variants
            .iter()
            .map(|&(_, v)| (v, with_variant!(v, P => fuzz_fens::<P>(v))))
            .collect();
        Generator {
            rng: Rng::new(seed),
            quick,
            variants,
            pools,
            scenario: Scenario::Idle,
            pings: 0,
        }
    }

    /// The first lines after the driver's `xboard` and `protover 2`: a
    /// quick time control, as XBoard sends one before the game.
    pub fn preamble(&mut self) -> Vec<Step> {
        let mut out = vec![self.line("new")];
        let l = self.fast_control();
        out.extend(l);
        out
    }

    /// The next few steps.
    pub fn block(&mut self, model: &Model) -> Vec<Step> {
        let mut out = Vec::new();
        if !model.known && self.rng.chance(60) {
            out.push(self.line("new"));
            return out;
        }
        match self.scenario {
            Scenario::Game(n) if n > 0 => {
                self.scenario = Scenario::Game(n - 1);
                self.game_step(model, &mut out);
            }
            Scenario::Force(n) if n > 0 => {
                self.scenario = Scenario::Force(n - 1);
                self.force_step(model, n - 1, &mut out);
            }
            Scenario::Analyze(n) if n > 0 => {
                self.scenario = Scenario::Analyze(n - 1);
                self.analyze_step(model, n - 1, &mut out);
            }
            _ => {
                self.scenario = Scenario::Idle;
                self.fresh(model, &mut out);
            }
        }
        if self.rng.chance(6) {
            out.push(self.ping());
        }
        out
    }

    fn fresh(&mut self, model: &Model, out: &mut Vec<Step>) {
        let weights = [
            30, // 0 a new game against the engine
            8,  // 1 force mode
            5,  // 2 analysis
            6,  // 3 a line sent while the engine thinks
            8,  // 4 setboard, good or bad
            4,  // 5 variant, good or bad
            6,  // 6 time controls, good and bad
            4,  // 7 options, memory, cores
            8,  // 8 other commands
            6,  // 9 junk lines
            3,  // 10 undo / remove
            3,  // 11 usermove, good or bad, wherever the game is
            3,  // 12 ping
            4,  // 13 the engine set going in a finished game
        ];
        match self.rng.weighted(&weights) {
            0 => self.new_game(model, out),
            1 => {
                out.push(self.line("force"));
                self.scenario = Scenario::Force(self.rng.range(1, 10) as u32);
            }
            2 => {
                if self.rng.chance(50) {
                    let l = if self.rng.chance(50) {
                        "post"
                    } else {
                        "nopost"
                    };
                    out.push(self.line(l));
                }
                out.push(self.line("analyze"));
                self.scenario = Scenario::Analyze(self.rng.range(2, 8) as u32);
            }
            3 => self.race(model, out),
            4 => {
                let l = self.setboard(model);
                out.push(self.decorated(&l));
            }
            5 => {
                let l = self.variant_line();
                out.push(self.line(&l));
            }
            6 => {
                if self.rng.chance(60) {
                    let l = self.fast_control();
                    out.extend(l);
                } else {
                    let l = self.bad_control();
                    out.push(self.line(&l));
                }
            }
            7 => {
                let l = self.option_line();
                out.push(self.line(&l));
            }
            8 => {
                let l = self.other_command();
                out.push(self.decorated(&l));
            }
            9 => self.junk(out),
            10 => {
                let l = if self.rng.chance(60) {
                    "undo"
                } else {
                    "remove"
                };
                out.push(self.line(l));
            }
            11 => {
                let l = self.user_move_line(model);
                out.push(self.decorated(&l));
            }
            12 => out.push(self.ping()),
            _ => {
                // Mate, stalemate, the 50-move rule, dead material, one
                // capture from an explosion (the variant's special FENs):
                // the engine announces the end, or plays on where XBoard
                // would not confirm it.
                let (name, variant) = self.pick_variant();
                let fen = *self.rng.pick(facts(variant).special_fens);
                out.push(self.line("new"));
                if variant != VariantId::Chess {
                    out.push(self.line(&format!("variant {name}")));
                }
                out.push(self.line("force"));
                out.push(self.line(&format!("setboard {fen}")));
                out.push(self.line("sd 2"));
                out.push(self.line("go"));
                out.push(Step::Sync);
            }
        }
    }

    /// `new`, a variant, maybe a position, a time control; the engine plays
    /// Black, or White after `go`.
    fn new_game(&mut self, model: &Model, out: &mut Vec<Step>) {
        out.push(self.line("new"));
        let variant = if self.rng.chance(55) {
            let (name, v) = self.pick_variant();
            out.push(self.line(&format!("variant {name}")));
            v
        } else {
            VariantId::Chess
        };
        if self.rng.chance(35) {
            out.push(self.line("force"));
            let fen = self.pool_fen(variant);
            out.push(self.line(&format!("setboard {fen}")));
        }
        if self.quick || self.rng.chance(50) {
            out.extend(self.fast_control());
        }
        for (chance, on, off) in [(20, "post", "nopost"), (15, "hard", "easy")] {
            if self.rng.chance(chance) {
                let l = if self.rng.chance(50) { on } else { off };
                out.push(self.line(l));
            }
        }
        if self.rng.chance(40) {
            // The engine takes the side to move.
            out.push(self.line("go"));
        }
        let _ = model;
        self.scenario = Scenario::Game(self.rng.range(4, 40) as u32);
    }

    /// One step of a game: wait for the engine's move, or make the user's.
    fn game_step(&mut self, model: &Model, out: &mut Vec<Step>) {
        if !model.known {
            out.push(self.line("new"));
            return;
        }
        if model.thinking.is_some() {
            match self.rng.below(20) {
                0..=13 => out.push(Step::Sync),
                14 | 15 => {
                    out.push(self.line("?"));
                    out.push(Step::Sync);
                }
                16 | 17 => {
                    let l = *self
                        .rng
                        .pick(&["post", "nopost", "easy", "hard", "draw", "."]);
                    out.push(self.line(l));
                    if self.rng.chance(50) {
                        let t = self.time_lines();
                        out.extend(t);
                    }
                }
                _ => self.race_line(model, out),
            }
            return;
        }
        let Some(g) = &model.game else {
            let l = self.setboard(model);
            out.push(self.line(&l));
            return;
        };
        let legal = g.legal();
        if legal.is_empty() || g.over() && self.rng.chance(50) {
            // The game is over: the GUI says so, or starts another.
            if self.rng.chance(30) {
                let r = *self.rng.pick(&[
                    "result 1-0 {White mates}",
                    "result 1/2-1/2 {Draw}",
                    "result *",
                ]);
                out.push(self.line(r));
            }
            self.scenario = Scenario::Idle;
            return;
        }
        let engine_to_move = g.white_to_move() == model.engine_white;
        if (model.force || model.analyzing) && self.rng.chance(25) {
            // Out of force mode (or analysis): the engine takes the side
            // to move.
            out.push(self.line("go"));
            out.push(Step::Sync);
            return;
        }
        if engine_to_move && !model.force && !model.analyzing {
            // Idle on its own move (after `undo`, `setboard`): set it going.
            let l = *self.rng.pick(&["go", "go", "playother", "?"]);
            out.push(self.line(l));
            return;
        }
        if self.rng.chance(40) {
            let t = self.time_lines();
            out.extend(t);
        }
        match self.rng.below(20) {
            0 => out.push(self.line("undo")),
            1 => out.push(self.line("remove")),
            2 => {
                let l = self.user_move_line(model);
                out.push(self.line(&l));
            }
            _ => {
                let l = self.legal_move_line(model);
                out.push(self.decorated(&l));
            }
        }
        // Sometimes wait for the answer at once, as a GUI would.
        if self.rng.chance(30) {
            out.push(Step::Sync);
        }
    }

    /// One step in force mode: moves (mostly legal), takebacks, then `go`
    /// or `playother` at the end.
    fn force_step(&mut self, model: &Model, left: u32, out: &mut Vec<Step>) {
        if left == 0 {
            if self.rng.chance(60) {
                out.push(self.line("go"));
            } else {
                out.push(self.line("playother"));
                let l = self.legal_move_line(model);
                out.push(self.line(&l));
            }
            out.push(Step::Sync);
            self.scenario = Scenario::Game(self.rng.range(2, 20) as u32);
            return;
        }
        if model.thinking.is_some() {
            out.push(Step::Sync);
            return;
        }
        match self.rng.below(12) {
            0 => out.push(self.line("undo")),
            1 => out.push(self.line("remove")),
            2 => {
                let l = self.user_move_line(model);
                out.push(self.decorated(&l));
            }
            _ => {
                let l = self.legal_move_line(model);
                out.push(self.decorated(&l));
            }
        }
    }

    /// One step of analysis: moves, takebacks, `.`, a new position, and
    /// `exit` (or a `go`, which makes the engine move) at the end.
    fn analyze_step(&mut self, model: &Model, left: u32, out: &mut Vec<Step>) {
        if left == 0 {
            out.push(Step::Sleep(self.rng.range(0, 60)));
            if self.rng.chance(80) {
                out.push(self.line("exit"));
            } else {
                out.push(self.line("go"));
                out.push(Step::Sync);
                out.push(self.line("exit"));
            }
            return;
        }
        if model.thinking.is_some() {
            out.push(Step::Sync);
            return;
        }
        out.push(Step::Sleep(self.rng.range(0, 40)));
        match self.rng.below(10) {
            0 => out.push(self.line(".")),
            1 => out.push(self.line("undo")),
            2 => {
                let l = self.setboard(model);
                out.push(self.line(&l));
            }
            3 => out.push(self.ping()),
            _ => {
                let l = self.legal_move_line(model);
                out.push(self.line(&l));
            }
        }
    }

    /// The engine set thinking for a while, and a line sent meanwhile.
    fn race(&mut self, model: &Model, out: &mut Vec<Step>) {
        if model.thinking.is_none() {
            if model.known && model.game.as_ref().is_some_and(|g| !g.over()) {
                let l = if self.quick {
                    "st 0.1"
                } else {
                    *self
                        .rng
                        .pick(&["st 0.2", "st 0.1", "level 0 0:10 0", "level 40 1 0"])
                };
                out.push(self.line(l));
                if l.starts_with("level") {
                    let t = self.rng.range(200, 800);
                    out.push(self.line(&format!("time {t}")));
                }
                out.push(self.line("go"));
            } else {
                out.push(self.line("new"));
                out.push(self.line("st 0.1"));
                out.push(self.line("go"));
            }
        }
        out.push(Step::Sleep(self.rng.range(0, 150)));
        self.race_line(model, out);
        // Back to quick searches.
        if self.quick || self.rng.chance(70) {
            let l = self.fast_control();
            out.extend(l);
        }
    }

    /// A line that calls off a search on the engine's move.
    fn race_line(&mut self, model: &Model, out: &mut Vec<Step>) {
        let l = match self.rng.below(16) {
            0 | 1 => "force".to_string(),
            2 => "new".to_string(),
            3 => "undo".to_string(),
            4 => "remove".to_string(),
            5 => self.setboard(model),
            6 => self.variant_line(),
            7 | 8 => self.legal_move_line(model),
            9 => "go".to_string(),
            10 => "playother".to_string(),
            11 => "result 1-0 {White mates}".to_string(),
            12 => "analyze".to_string(),
            13 => "exit".to_string(),
            14 => self.option_line(),
            _ => self.user_move_line(model),
        };
        out.push(self.line(&l));
    }

    fn ping(&mut self) -> Step {
        self.pings += 1;
        let n = self.pings;
        let l = match self.rng.below(20) {
            0 => "ping".to_string(),
            1 => format!("ping {n} {n}"),
            2 => format!("ping -{n}"),
            3 => format!("ping p{n}"),
            _ => format!("ping {n}"),
        };
        self.line(&l)
    }

    /// `time`/`otim`, as XBoard sends them before each move.
    fn time_lines(&mut self) -> Vec<Step> {
        let own = self.rng.range(5, 200);
        let opp = self.rng.range(5, 200);
        let mut out = vec![self.line(&format!("time {own}"))];
        if self.rng.chance(80) {
            out.push(self.line(&format!("otim {opp}")));
        }
        out
    }

    /// A time control that keeps searches short.
    fn fast_control(&mut self) -> Vec<Step> {
        let mut out = Vec::new();
        if self.quick {
            out.push(self.line("st 0.01"));
            let d = self.rng.range(1, 2);
            out.push(self.line(&format!("sd {d}")));
            return out;
        }
        match self.rng.below(6) {
            0 | 1 => {
                let cs = self.rng.range(1, 6);
                out.push(self.line(&format!("st 0.{cs:02}")));
            }
            2 | 3 => {
                let l = *self.rng.pick(&[
                    "level 0 0:02 0",
                    "level 0 0:05 0.05",
                    "level 40 0:03 0",
                    "level 1 0:01 0",
                    "level 0 0:01 0.01",
                ]);
                out.push(self.line(l));
                out.extend(self.time_lines());
            }
            _ => {}
        }
        if self.rng.chance(60) {
            let d = self.rng.range(1, 4);
            out.push(self.line(&format!("sd {d}")));
        }
        if out.is_empty() {
            out.push(self.line("sd 2"));
        }
        out
    }

    fn bad_control(&mut self) -> String {
        self.rng
            .pick(&[
                "level",
                "level 40 5",
                "level 40 x 0",
                "level -1 5 0",
                "level 40 5:xx 0",
                "level 40 5 -1",
                "level 0 99999999999 0",
                "st",
                "st -1",
                "st nan",
                "st inf",
                "st 1e99",
                "st 0.05 0.05",
                "sd",
                "sd 0",
                "sd -3",
                "sd x",
                "sd 99999999999",
                "time",
                "time lots",
                "time 99999999999999999999",
                "time -5",
                "otim -5",
                "otim x",
                "otim 1 2",
                "time 0",
            ])
            .to_string()
    }

    fn option_line(&mut self) -> String {
        match self.rng.below(16) {
            0 => format!("memory {}", self.rng.range(1, 64)),
            1 => format!("cores {}", self.rng.range(1, 2)),
            2 => format!("option Hash={}", self.rng.range(1, 32)),
            3 => format!("option Threads={}", self.rng.range(1, 2)),
            4 => format!("option Move Overhead={}", self.rng.range(0, 50)),
            5 => "option EvalFile=<builtin>".to_string(),
            _ => self
                .rng
                .pick(&[
                    "memory 0",
                    "memory x",
                    "memory -1",
                    "memory 18446744073709551616",
                    "cores 0",
                    "cores none",
                    "cores 1 2",
                    "option",
                    "option =3",
                    "option Bogus=1",
                    "option Hash=0",
                    "option Hash=lots",
                    "option Threads=0",
                    "option Threads=-1",
                    "option Move Overhead=5001",
                    "option EvalFile=/nonexistent/net.nnue",
                    "option UCI_Variant=atomic",
                    "option MultiPV=2",
                    "option Clear Hash",
                    "option Ponder=true",
                    "option Hash",
                ])
                .to_string(),
        }
    }

    fn other_command(&mut self) -> String {
        self.rng
            .pick(&[
                "xboard",
                "protover 2",
                "protover 1",
                "protover x",
                "accepted setboard",
                "accepted usermove",
                "rejected san",
                "random",
                "computer",
                "name Someone Else",
                "rating 2000 1800",
                "ics -",
                "draw",
                "hint",
                "bk",
                ".",
                "?",
                "?",
                "hard",
                "easy",
                "post",
                "nopost",
                "result 1-0 {White mates}",
                "result 1/2-1/2 {Draw}",
                "result",
                "force",
                "go",
                "playother",
                "new",
                "analyze",
                "exit",
                "new game",
                "force now",
                "go now",
                "undo 2",
                "remove x",
                "playother 1",
                "hard core",
                "white",
                "black",
                "edit",
                "pause",
                "resume",
                "st 0.05",
                "sd 2",
                "easy easy",
                "usermove e2e4 e7e5",
                "usermove",
            ])
            .to_string()
    }

    fn variant_line(&mut self) -> String {
        if self.rng.chance(70) {
            let (name, _) = self.pick_variant();
            return format!("variant {name}");
        }
        self.rng
            .pick(&[
                "variant chess",
                "variant dynamo",
                "variant avalanche",
                "variant avalanche-balanced",
                "variant avalanche-reversed",
                "variant xiangqi",
                "variant fischerandom",
                "variant",
                "variant normal atomic",
                "variant Omega",
                "variant 12x12+0_fairy",
            ])
            .to_string()
    }

    fn pick_variant(&mut self) -> (&'static str, VariantId) {
        self.variants[self.rng.below(self.variants.len())]
    }

    fn pool_fen(&mut self, variant: VariantId) -> String {
        let variant = if self.pools.contains_key(&variant) {
            variant
        } else {
            VariantId::Chess
        };
        let pool = &self.pools[&variant];
        pool[self.rng.below(pool.len())].clone()
    }

    /// `setboard` with a good FEN of the variant (from the perft files,
    /// hand-picked, or the current game a few random plies on), another
    /// variant's FEN, or a broken one.
    fn setboard(&mut self, model: &Model) -> String {
        let variant = model.variant;
        let fen = match self.rng.below(10) {
            0..=3 => self.pool_fen(variant),
            4 | 5 => {
                let base = match (&model.game, model.known) {
                    (Some(g), true) => g.fen(),
                    _ => self.pool_fen(variant),
                };
                self.walk(variant, &base)
            }
            6 => {
                let (_, other) = self.pick_variant();
                self.pool_fen(other)
            }
            7 | 8 => {
                let f = self.pool_fen(variant);
                self.mutate_fen(&f)
            }
            _ => self
                .rng
                .pick(&[
                    "8/8/8 w - - 0 1",
                    "8/8/8/8/8/8/8/8 w - - 0 1",
                    "k7/8/8/8/8/8/8/7K x - - 0 1",
                    "kk6/8/8/8/8/8/8/KK6 w - - 0 1",
                    "8/8/8/8/8/8/8/K6k w - - -5 1",
                    "8/8/8/8/8/8/8/K6k w - - 0 99999999999999999999",
                    "7P/8/8/8/8/8/8/K6k w - - 0 1",
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                    "startpos",
                    "-",
                ])
                .to_string(),
        };
        format!("setboard {fen}")
    }

    /// The FEN a few random plies after `fen` (or `fen` itself).
    fn walk(&mut self, variant: VariantId, fen: &str) -> String {
        let Ok(Ok(mut g)) = guarded("set_up", || mirror::set_up(variant, Some(fen))) else {
            return fen.to_string();
        };
        for _ in 0..self.rng.range(1, 12) {
            let legal = g.legal();
            if legal.is_empty() || g.over() {
                break;
            }
            let t = self.rng.pick(&legal).clone();
            if g.engine_move(&t).is_err() {
                break;
            }
        }
        g.fen()
    }

    fn mutate_fen(&mut self, fen: &str) -> String {
        let mut f: Vec<u8> = fen.as_bytes().to_vec();
        for _ in 0..self.rng.range(1, 3) {
            let n = f.len().max(1);
            match self.rng.below(7) {
                0 if !f.is_empty() => {
                    let i = self.rng.below(f.len());
                    f[i] = *self.rng.pick(FEN_CHARS);
                }
                1 if !f.is_empty() => {
                    f.remove(self.rng.below(f.len()));
                }
                2 => {
                    let i = self.rng.below(n).min(f.len());
                    f.insert(i, *self.rng.pick(FEN_CHARS));
                }
                3 => f.truncate(self.rng.below(n)),
                4 => {
                    let text = String::from_utf8_lossy(&f).into_owned();
                    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
                    let i = self.rng.below(fields.len());
                    fields[i] = self
                        .rng
                        .pick(&[
                            "99999999999999999999",
                            "-1",
                            "0",
                            "x",
                            "KQkqKQkq",
                            "e9",
                            "a10",
                            "",
                        ])
                        .to_string();
                    f = fields.join(" ").into_bytes();
                }
                5 => {
                    let text = String::from_utf8_lossy(&f).into_owned();
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
                    if let Some(i) = f.iter().position(|c| c.is_ascii_digit()) {
                        let rep = *self.rng.pick(&["10", "12", "0", "99", "9", "11"]);
                        f.splice(i..=i, rep.bytes());
                    }
                }
            }
        }
        String::from_utf8_lossy(&f).into_owned()
    }

    /// A legal move of the current game as XBoard sends it (`usermove`, or
    /// the bare move of protocol 1), an Omega promotion sometimes without
    /// its piece; a junk move when the model knows no game.
    fn legal_move_line(&mut self, model: &Model) -> String {
        let legal = match (&model.game, model.known) {
            (Some(g), true) => g.legal(),
            _ => Vec::new(),
        };
        if legal.is_empty() {
            return self.user_move_line(model);
        }
        let mut t = self.rng.pick(&legal).clone();
        let promotion = t.len() >= 5 && t.as_bytes()[t.len() - 1].is_ascii_alphabetic();
        if promotion && model.variant == VariantId::Omega && self.rng.chance(40) {
            t.pop();
        }
        if self.rng.chance(15) {
            t
        } else {
            format!("usermove {t}")
        }
    }

    /// A move the engine should refuse, mostly: a legal move mangled,
    /// another variant's move, or junk.
    fn user_move_line(&mut self, model: &Model) -> String {
        let legal = match (&model.game, model.known) {
            (Some(g), true) => g.legal(),
            _ => Vec::new(),
        };
        let base = if legal.is_empty() {
            "e2e4".to_string()
        } else {
            self.rng.pick(&legal).clone()
        };
        let mut t: Vec<u8> = base.into_bytes();
        match self.rng.below(8) {
            0 if !t.is_empty() => {
                let i = self.rng.below(t.len());
                t[i] = *self.rng.pick(MOVE_CHARS);
            }
            1 if !t.is_empty() => {
                t.remove(self.rng.below(t.len()));
            }
            2 => t.push(*self.rng.pick(b"qrbnkcwx")),
            3 if t.len() >= 4 => {
                let (a, b) = t.split_at(2);
                t = [b, a].concat();
            }
            4 => {
                t = self
                    .rng
                    .pick(&[
                        "e2e4",
                        "e7e5",
                        "g1f3",
                        "e3e6",
                        "f10f7",
                        "e10e11c",
                        "a1a2",
                        "a2a3",
                        "e2e9",
                        "e7e8q",
                        "l12l11",
                        "m1m2",
                        "e2",
                        "e2e4x",
                        "0000",
                        "@@@@",
                        "e1g1",
                        "g2i2",
                        "c10c11",
                        "j3j2w",
                        "a1a1",
                        "e1h1",
                        "O-O",
                        "Nf3",
                        "e2-e4",
                        "a99999999999b1",
                        "e2e4,d7d5",
                        "b1a3+a3b1",
                    ])
                    .as_bytes()
                    .to_vec()
            }
            _ => {
                let n = self.rng.range(1, 6) as usize;
                t = (0..n).map(|_| *self.rng.pick(MOVE_CHARS)).collect();
            }
        }
        let t = String::from_utf8_lossy(&t).into_owned();
        if self.rng.chance(20) {
            t
        } else {
            format!("usermove {t}")
        }
    }

    /// Lines no command matches, or bytes no reading can turn into one
    /// with an answer that depends on how they are read.
    fn junk(&mut self, out: &mut Vec<Step>) {
        match self.rng.below(8) {
            0 => {
                let l = *self.rng.pick(&["", " ", "\t", "  \t  ", "\r"]);
                out.push(Step::Line(format!("{l}\n").into_bytes()));
            }
            1 => {
                let l = *self.rng.pick(&[
                    "fly",
                    "uci",
                    "isready",
                    "position startpos",
                    "go depth 1",
                    "stop",
                    "ping 1 2 3",
                    "setboard",
                    "variant normal omega",
                    "level 40",
                    "st 0.1 0.2",
                    "xyzzy plugh",
                    "-",
                    "0000",
                    "e2",
                    "E2E4",
                ]);
                out.push(self.line(l));
            }
            2 => {
                // Invalid UTF-8: read as U+FFFD, never a command.
                let l: &[&[u8]] = &[
                    b"\xff\xfe",
                    b"\xc3\x28",
                    b"usermove \xff\xfe",
                    b"setboard \xff",
                    b"variant \xe2\x82",
                    b"ping \xff",
                    b"\xf0\x9f\x98",
                ];
                let mut b = self.rng.pick(l).to_vec();
                b.push(b'\n');
                out.push(Step::Line(b));
            }
            3 => {
                // Control characters and non-ASCII text.
                let l = *self.rng.pick(&[
                    "\u{0}",
                    "usermove\u{0}e2e4",
                    "\u{1b}[2J",
                    "sd\u{7f}2",
                    "ping\u{b}7",
                    "usermove e2e4\u{0}",
                    "variant ωmega",
                    "usermove é2é4",
                    "名前",
                    "\u{feff}new",
                ]);
                out.push(self.line(l));
            }
            4 => {
                // Long lines: errors must not echo them whole.
                let n = self.rng.range(5_000, 60_000) as usize;
                let l = match self.rng.below(5) {
                    0 => "x".repeat(n),
                    1 => format!("usermove {}", "e2e4".repeat(n / 4)),
                    2 => format!("setboard {}", "8/".repeat(n / 2)),
                    3 => format!("variant {}", "a".repeat(n)),
                    _ => format!("option Hash={}", "9".repeat(n)),
                };
                out.push(self.line(&l));
            }
            5 => {
                // Tabs and runs of spaces between the words.
                let l = *self.rng.pick(&[
                    "  new  ",
                    "\tforce",
                    "sd\t2",
                    "usermove\t\te2e4",
                    "ping   3",
                ]);
                out.push(self.line(l));
            }
            _ => {
                let n = self.rng.range(1, 12) as usize;
                let t: String = (0..n).map(|_| *self.rng.pick(MOVE_CHARS) as char).collect();
                out.push(self.line(&t));
            }
        }
    }

    fn line(&mut self, text: &str) -> Step {
        let ending: &[u8] = if self.rng.chance(5) { b"\r\n" } else { b"\n" };
        let mut b = text.as_bytes().to_vec();
        b.extend_from_slice(ending);
        Step::Line(b)
    }

    /// The line with its spaces now and then turned into tabs or runs of
    /// spaces, or padded.
    fn decorated(&mut self, text: &str) -> Step {
        if !self.rng.chance(10) {
            return self.line(text);
        }
        let sep = *self.rng.pick(&["\t", "  ", " \t "]);
        let mut t = text.split(' ').collect::<Vec<_>>().join(sep);
        if self.rng.chance(50) {
            t = format!(" \t{t}  ");
        }
        self.line(&t)
    }
}
