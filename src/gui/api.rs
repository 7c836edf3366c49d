//! The JSON API: one function per route, each taking the request body and
//! answering JSON or an [`ApiError`]. Nothing a client sends can panic the
//! server: every input is checked and refused with a readable message.

use serde::Deserialize;
use serde_json::{json, Value};

use super::analysis::GameAnalysis;
use super::load;
use super::notation;
use super::search::{BoardEngine, SearchGoal, MAX_LINES};
use crate::analysis::pass::Budget;
use crate::game::{new_game, new_game_with};
use crate::search::skill::Skill;
use crate::variants::{chess960, CastlingMode, FenError, VariantId};

/// A refused request: HTTP status and message (sent as `{"error": ...}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
        }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 404,
            message: message.into(),
        }
    }

    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 409,
            message: message.into(),
        }
    }

    /// The board's own state is inconsistent (a bug, not the request).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 500,
            message: message.into(),
        }
    }
}

pub type ApiResult = Result<Value, ApiError>;

/// The server's state: the engine with its game and search slot.
pub struct App {
    pub engine: BoardEngine,
    /// The tags and result of the PGN game loaded last, until a new game.
    pub loaded: Option<(Vec<(String, String)>, String)>,
    /// The last "Analyse game" pass, running or over, until a new game.
    pub game_analysis: Option<GameAnalysis>,
}

/// Hash table size of the board's search, in MiB.
const HASH_MB: usize = 32;

/// The longest clock the board keeps: ten hours.
const MAX_CLOCK_MS: u64 = 36_000_000;

/// "Analyse game"'s time per position when the page names no limit.
const DEFAULT_ANALYSIS_MS: u64 = 1000;

impl App {
    pub fn new() -> App {
        App {
            engine: BoardEngine::new(HASH_MB),
            loaded: None,
            game_analysis: None,
        }
    }

    /// Routes one API request. `path` has no query string.
    pub fn handle(&mut self, method: &str, path: &str, body: &str) -> ApiResult {
        match (method, path) {
            ("GET", "/api/variants") => Ok(variants()),
            ("GET", "/api/state") => Ok(self.state()),
            ("GET", "/api/search") => Ok(json!(self.engine.live())),
            ("GET", "/api/pgn") => {
                let pgn = self.engine.pgn().map_err(ApiError::internal)?;
                Ok(json!({ "pgn": pgn }))
            }
            ("POST", "/api/new") => self.new_game(parse(body)?),
            ("POST", "/api/move") => self.play(parse(body)?),
            ("POST", "/api/undo") => self.undo(parse(body)?),
            ("POST", "/api/load-pgn") => self.load_pgn(parse(body)?),
            ("POST", "/api/clock") => {
                let req: SetClock = parse(body)?;
                let control = match (req.base_ms, req.increment_ms) {
                    (None, None) => None,
                    (Some(base), inc) if (1..=MAX_CLOCK_MS).contains(&base) && inc.unwrap_or(0) <= MAX_CLOCK_MS => {
                        Some((base, inc.unwrap_or(0)))
                    }
                    _ => {
                        return Err(ApiError::bad_request(format!(
                            "base_ms must be 1 to {MAX_CLOCK_MS} and increment_ms at most that (or neither, for no clock)"
                        )))
                    }
                };
                self.engine.set_clock(control);
                Ok(self.state())
            }
            ("POST", "/api/analyse-game") => self.analyse_game(parse(body)?),
            ("GET", "/api/analyse-game") => Ok(json!(self.game_analysis()?.view())),
            ("POST", "/api/analyse-game/cancel") => {
                parse::<Empty>(body)?;
                let analysis = self.game_analysis_mut()?;
                analysis.cancel();
                Ok(json!(analysis.view()))
            }
            ("GET", "/api/analyse-game/pgn") => {
                let tags = self
                    .loaded
                    .as_ref()
                    .map(|(tags, result)| (tags.as_slice(), result.as_str()));
                let pgn = self
                    .game_analysis()?
                    .annotated_pgn(tags)
                    .map_err(ApiError::conflict)?;
                Ok(json!({ "pgn": pgn }))
            }
            ("POST", "/api/goto") => {
                let req: GoTo = parse(body)?;
                self.engine.go_to(req.node).map_err(ApiError::bad_request)?;
                Ok(self.state())
            }
            ("POST", "/api/go") => self.go(parse(body)?),
            ("POST", "/api/stop") => {
                let req: Stop = parse(body)?;
                if req.move_now.unwrap_or(false) {
                    self.engine.move_now();
                } else {
                    self.engine.stop();
                }
                Ok(self.state())
            }
            (_, p) if p.starts_with("/api/") => {
                Err(ApiError::not_found(format!("no API route {method} {path}")))
            }
            _ => Err(ApiError::not_found(format!("no such page {path}"))),
        }
    }

    /// The game plus the search, with the version the page compares.
    fn state(&mut self) -> Value {
        let (state, version, search) = self.engine.snapshot();
        let mut value = json!(state);
        value["version"] = json!(version);
        value["search"] = json!(search);
        value["tree"] = json!(self.engine.tree());
        value["clock"] = json!(self.engine.clock());
        // A side out of time lost, whatever the board says.
        if let Some(loss) = self.engine.time_loss() {
            value["result"] = json!(loss);
            value["turns"] = json!([]);
            value["in_check"] = json!(false);
        }
        value
    }

    fn new_game(&mut self, req: NewGame) -> ApiResult {
        let variant = VariantId::parse(&req.variant).map_err(|_| {
            ApiError::bad_request(format!(
                "unknown variant {:?} (known: {})",
                req.variant,
                VariantId::known_names()
            ))
        })?;
        let mut fen = req.fen.filter(|f| !f.trim().is_empty());
        let castling = if req.chess960 {
            if !variant.has_chess960() {
                return Err(ApiError::bad_request(format!(
                    "{variant} has no Chess960 form"
                )));
            }
            fen.get_or_insert_with(random_chess960_start);
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let game = new_game_with(variant, fen.as_deref(), castling).map_err(|e| {
            let hint = match e {
                FenError::NeedsChess960 => " (tick Chess960)",
                _ => "",
            };
            ApiError::bad_request(format!("invalid FEN: {e}{hint}"))
        })?;
        self.engine.new_game(game);
        self.loaded = None;
        self.game_analysis = None;
        Ok(self.state())
    }

    fn game_analysis(&self) -> Result<&GameAnalysis, ApiError> {
        self.game_analysis
            .as_ref()
            .ok_or_else(|| ApiError::conflict("no game analysis was started"))
    }

    fn game_analysis_mut(&mut self) -> Result<&mut GameAnalysis, ApiError> {
        self.game_analysis
            .as_mut()
            .ok_or_else(|| ApiError::conflict("no game analysis was started"))
    }

    /// Starts the whole-game pass over the main line (a running one is
    /// called off first); the board's own search stops, so as not to take
    /// the cores from it.
    fn analyse_game(&mut self, req: AnalyseGame) -> ApiResult {
        let budget = match (req.movetime_ms, req.nodes, req.depth) {
            (None, None, None) => Budget::Movetime(DEFAULT_ANALYSIS_MS),
            (Some(ms), None, None) if (1..=60_000).contains(&ms) => Budget::Movetime(ms),
            (None, Some(n), None) if n > 0 => Budget::Nodes(n),
            (None, None, Some(d)) if (1..=64).contains(&d) => Budget::Depth(d),
            _ => {
                return Err(ApiError::bad_request(
                    "give one of movetime_ms (1 to 60000), nodes (positive) or depth (1 to 64)",
                ))
            }
        };
        let (line, nodes) = self.engine.main_line();
        if line.tokens.is_empty() {
            return Err(ApiError::bad_request("no moves to analyse"));
        }
        self.game_analysis = None;
        self.engine.stop();
        let analysis = GameAnalysis::start(line, nodes, budget).map_err(|message| ApiError {
            status: 500,
            message,
        })?;
        let view = analysis.view();
        self.game_analysis = Some(analysis);
        Ok(json!(view))
    }

    /// The first game of the PGN text, from its start, shown at its end.
    /// A game without a `Variant` tag is chess, as PGN has it. Nothing
    /// changes unless the whole game reads.
    fn load_pgn(&mut self, req: LoadPgn) -> ApiResult {
        let chess = (VariantId::Chess, CastlingMode::Standard);
        let loaded = load::first_game(&req.pgn, chess).map_err(ApiError::bad_request)?;
        let line = &loaded.game.line;
        let game = new_game_with(line.variant, line.start_fen.as_deref(), line.castling)
            .map_err(|e| ApiError::bad_request(format!("invalid FEN tag: {e}")))?;
        self.engine.new_game(game);
        self.game_analysis = None;
        for token in &line.tokens {
            // `read_game` checked every turn in its position.
            self.engine.play(token).map_err(|e| ApiError {
                status: 500,
                message: format!("a read turn does not replay: {e}"),
            })?;
        }
        self.loaded = Some((loaded.game.tags.clone(), loaded.game.result.clone()));
        let mut state = self.state();
        if let Some(notice) = loaded.notice {
            state["notice"] = json!(notice);
        }
        Ok(state)
    }

    fn play(&mut self, req: PlayTurn) -> ApiResult {
        self.engine
            .play(&req.token)
            .map_err(ApiError::bad_request)?;
        Ok(self.state())
    }

    fn undo(&mut self, req: Undo) -> ApiResult {
        self.engine.undo(req.plies.unwrap_or(1));
        Ok(self.state())
    }

    fn go(&mut self, req: Go) -> ApiResult {
        let mode = match req.mode.as_str() {
            "move" => SearchGoal::Move {
                movetime_ms: req.movetime_ms.unwrap_or(1000),
                skill: req.elo.map_or(Skill::default(), Skill::from_elo),
            },
            "analyse" | "analyze" => {
                let lines = req.lines.unwrap_or(1);
                if !(1..=MAX_LINES).contains(&lines) {
                    return Err(ApiError::bad_request(format!(
                        "lines must be 1 to {MAX_LINES}, not {lines}"
                    )));
                }
                SearchGoal::Analyse { lines }
            }
            other => {
                return Err(ApiError::bad_request(format!(
                    "unknown search mode {other:?} (use \"move\" or \"analyse\")"
                )))
            }
        };
        self.engine.start(mode).map_err(ApiError::conflict)?;
        Ok(json!(self.engine.live()))
    }
}

impl Default for App {
    fn default() -> Self {
        App::new()
    }
}

/// One of the 960 Chess960 starts, chosen by the clock.
fn random_chess960_start() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    chess960::start_fen((nanos % u32::from(chess960::STARTS)) as u16)
}

/// Every registered variant with its start FEN and board geometry.
fn variants() -> Value {
    let list: Vec<Value> = VariantId::ALL
        .iter()
        .map(|&variant| {
            let start = new_game(variant, None).map(|g| g.diagram());
            json!({
                "name": variant,
                "chess960": variant.has_chess960(),
                "start_fen": variant.start_fen(),
                "geometry": start.as_ref().map(notation::geometry).ok(),
            })
        })
        .collect();
    json!({ "variants": list })
}

fn parse<T: for<'de> Deserialize<'de>>(body: &str) -> Result<T, ApiError> {
    let body = if body.trim().is_empty() { "{}" } else { body };
    serde_json::from_str(body).map_err(|e| ApiError::bad_request(format!("bad JSON body: {e}")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    variant: String,
    fen: Option<String>,
    /// Chess960 castling; without a FEN, one of the 960 starts at random.
    #[serde(default)]
    chess960: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayTurn {
    token: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Undo {
    plies: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyseGame {
    movetime_ms: Option<u64>,
    nodes: Option<u64>,
    depth: Option<i32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetClock {
    /// Each side's time; absent: no clocks.
    base_ms: Option<u64>,
    increment_ms: Option<u64>,
}

/// A body that must say nothing.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadPgn {
    pgn: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GoTo {
    /// A turn's id in the move tree; 0 for the start position.
    node: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Stop {
    move_now: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Go {
    mode: String,
    movetime_ms: Option<u64>,
    /// Play at about this Elo (`UCI_Elo`'s scale); full strength without.
    elo: Option<u32>,
    /// Lines an analysis shows (MultiPV), 1 to 5.
    lines: Option<usize>,
}
