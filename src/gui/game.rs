//! The game on the board: a position of some variant plus the turns that
//! led to it, behind one object-safe trait so the server can switch
//! variants at run time. Every rule question goes to the backend through
//! [`Rules`]; this file only keeps history and reports.

use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;

use super::notation::{self, Geometry, PieceOn, TurnShape};
use crate::eval::Variant;
use crate::search::{self, Limits, SearchConfig, SearchInfo, SearchResult, Shared};
use crate::variants::registry::VARIANT_NAMES;
use crate::variants::Outcome;
use crate::with_variant;

/// A search over a copy of the current position, ready to run on a thread.
pub type SearchJob = Box<
    dyn FnOnce(&Limits, &SearchConfig, &Arc<Shared>, &mut dyn FnMut(&SearchInfo)) -> SearchResult
        + Send,
>;

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: &'static str,
    /// `white`, `black`, or absent for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    pub reason: &'static str,
}

/// A legal turn with what the page needs to draw and enter it.
#[derive(Clone, Debug, Serialize)]
pub struct TurnView {
    pub token: String,
    #[serde(flatten)]
    pub shape: TurnShape,
    /// Squares whose piece disappears other than by moving away: a capture
    /// victim, atomic's explosion, a piece pulled along. Found by comparing
    /// the boards before and after the turn, so it holds for any variant.
    pub vanished: Vec<String>,
}

/// Everything the page shows about the game.
#[derive(Clone, Debug, Serialize)]
pub struct GameState {
    pub variant: &'static str,
    pub start_fen: String,
    pub fen: String,
    pub white_to_move: bool,
    pub in_check: bool,
    pub halfmove_clock: u32,
    pub geometry: Geometry,
    pub board: Vec<PieceOn>,
    /// Turns played since `start_fen`, as tokens.
    pub moves: Vec<String>,
    pub last_move: Option<TurnShape>,
    /// Every legal turn (empty once the game is over).
    pub turns: Vec<TurnView>,
    pub result: Option<GameResult>,
}

/// A game of some variant, as the server drives it.
pub trait Game: Send {
    fn variant(&self) -> &'static str;
    fn state(&self) -> GameState;
    /// Plays a turn given as its token; an illegal token or a finished game
    /// is an `Err` and changes nothing.
    fn play(&mut self, token: &str) -> Result<(), String>;
    /// Takes back up to `plies` turns; returns how many were taken back.
    fn undo(&mut self, plies: usize) -> usize;
    fn result(&self) -> Option<GameResult>;
    fn white_to_move(&self) -> bool;
    /// A search of the current position with the game's history for
    /// repetitions.
    fn search_job(&self) -> SearchJob;
    fn pgn(&self) -> String;
}

/// Creates a game of `variant` from `fen` (or its start position).
pub fn new_game(variant: &str, fen: Option<&str>) -> Result<Box<dyn Game>, String> {
    let made = with_variant!(variant, P => GameOf::<P>::new(variant, fen).map(|g| Box::new(g) as Box<dyn Game>));
    made.unwrap_or_else(|| {
        Err(format!(
            "unknown variant {variant:?} (known: {})",
            VARIANT_NAMES.join(", ")
        ))
    })
}

/// The board geometry of a registered variant, from its start FEN.
pub fn geometry_of(variant: &str) -> Option<Geometry> {
    let fen = with_variant!(variant, P => P::start_fen(variant))?;
    notation::parse_board(fen).ok().map(|b| b.geometry)
}

/// The start FEN of a registered variant.
pub fn start_fen_of(variant: &str) -> Option<&'static str> {
    with_variant!(variant, P => P::start_fen(variant))
}

struct GameOf<P: Variant> {
    variant: &'static str,
    start_fen: String,
    /// `positions[0]` is the start; one more per turn played.
    positions: Vec<P>,
    tokens: Vec<String>,
}

fn result_for(white_to_move: bool, outcome: Outcome, reason: &'static str) -> GameResult {
    let mover_wins = match outcome {
        Outcome::Draw => None,
        Outcome::Win => Some(true),
        Outcome::Loss => Some(false),
    };
    match mover_wins.map(|w| w == white_to_move) {
        None => GameResult {
            score: "1/2-1/2",
            winner: None,
            reason,
        },
        Some(true) => GameResult {
            score: "1-0",
            winner: Some("white"),
            reason,
        },
        Some(false) => GameResult {
            score: "0-1",
            winner: Some("black"),
            reason,
        },
    }
}

/// Squares whose piece vanished, by comparing two board fields.
fn vanished(before: &[PieceOn], after_fen: &str, shape: &TurnShape) -> Vec<String> {
    let Ok(after) = notation::parse_board(after_fen) else {
        return Vec::new();
    };
    if after.pieces.len() >= before.len() {
        return Vec::new();
    }
    let occupied: HashMap<&str, &str> = after
        .pieces
        .iter()
        .map(|p| (p.square.as_str(), p.piece.as_str()))
        .collect();
    before
        .iter()
        .filter(|p| !occupied.contains_key(p.square.as_str()))
        .filter(|p| !shape.parts.iter().any(|part| part.from == p.square))
        .map(|p| p.square.clone())
        .collect()
}

impl<P: Variant> GameOf<P> {
    fn new(variant: &str, fen: Option<&str>) -> Result<Self, String> {
        let start = match fen {
            None => P::start(variant),
            Some(f) => P::from_fen(variant, f).map_err(|e| format!("invalid FEN: {e}"))?,
        };
        notation::parse_board(&start.fen()).map_err(|e| format!("invalid FEN: {e}"))?;
        Ok(GameOf {
            variant: start.variant(),
            start_fen: start.fen(),
            positions: vec![start],
            tokens: Vec::new(),
        })
    }

    fn pos(&self) -> &P {
        self.positions.last().expect("a game always has a position")
    }

    /// The game's end and its legal turns (none once it is over).
    fn end_and_turns(&self) -> (Option<GameResult>, Vec<P::Move>) {
        let pos = self.pos();
        let wtm = pos.white_to_move();
        if let Some(end) = pos.early_end() {
            return (Some(result_for(wtm, end.outcome, end.reason)), Vec::new());
        }
        let mut turns = Vec::new();
        pos.generate(&mut turns);
        if turns.is_empty() {
            let end = pos.end_without_moves();
            return (Some(result_for(wtm, end.outcome, end.reason)), turns);
        }
        let key = pos.hash();
        let earlier = self.positions[..self.positions.len() - 1]
            .iter()
            .filter(|p| p.hash() == key)
            .count();
        if earlier >= 2 {
            return (
                Some(result_for(wtm, Outcome::Draw, "threefold repetition")),
                Vec::new(),
            );
        }
        if pos.halfmove_clock() >= 100 {
            return (
                Some(result_for(wtm, Outcome::Draw, "50-move rule")),
                Vec::new(),
            );
        }
        (None, turns)
    }
}

impl<P: Variant> Game for GameOf<P> {
    fn variant(&self) -> &'static str {
        self.variant
    }

    fn state(&self) -> GameState {
        let pos = self.pos();
        let fen = pos.fen();
        let board = notation::parse_board(&fen)
            .map(|b| b.pieces)
            .unwrap_or_default();
        let (result, moves) = self.end_and_turns();
        let turns = moves
            .into_iter()
            .filter_map(|m| {
                let token = pos.format_move(m);
                let shape = notation::parse_token(&token).ok()?;
                let mut next = pos.clone();
                next.play(m);
                let vanished = vanished(&board, &next.fen(), &shape);
                Some(TurnView {
                    token,
                    shape,
                    vanished,
                })
            })
            .collect();
        GameState {
            variant: self.variant,
            start_fen: self.start_fen.clone(),
            fen,
            white_to_move: pos.white_to_move(),
            in_check: result.is_none() && pos.in_check(),
            halfmove_clock: pos.halfmove_clock(),
            geometry: geometry_of(self.variant).unwrap_or(Geometry {
                files: 8,
                ranks: 8,
                missing: Vec::new(),
            }),
            board,
            moves: self.tokens.clone(),
            last_move: self
                .tokens
                .last()
                .and_then(|t| notation::parse_token(t).ok()),
            turns,
            result,
        }
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        let (result, _) = self.end_and_turns();
        if let Some(r) = result {
            return Err(format!("the game is over ({} by {})", r.score, r.reason));
        }
        let pos = self.pos();
        let m = pos
            .parse_move(token.trim())
            .map_err(|e| format!("illegal turn {token:?}: {e}"))?;
        let mut next = pos.clone();
        let canonical = pos.format_move(m);
        next.play(m);
        self.positions.push(next);
        self.tokens.push(canonical);
        Ok(())
    }

    fn undo(&mut self, plies: usize) -> usize {
        let n = plies.min(self.tokens.len());
        self.tokens.truncate(self.tokens.len() - n);
        self.positions.truncate(self.tokens.len() + 1);
        n
    }

    fn result(&self) -> Option<GameResult> {
        self.end_and_turns().0
    }

    fn white_to_move(&self) -> bool {
        self.pos().white_to_move()
    }

    fn search_job(&self) -> SearchJob {
        let root = self.pos().clone();
        let keys: Vec<u64> = self.positions[..self.positions.len() - 1]
            .iter()
            .map(|p| p.hash())
            .collect();
        Box::new(move |limits, config, shared, report| {
            search::search(&root, &keys, limits, config, shared, report)
        })
    }

    fn pgn(&self) -> String {
        let result = self.result();
        let score = result.as_ref().map_or("*", |r| r.score);
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        };
        tag("Event", "Chimera board");
        tag("Site", "chimera gui");
        tag("Date", "????.??.??");
        tag("Round", "-");
        tag("White", "?");
        tag("Black", "?");
        tag("Result", score);
        tag("Variant", self.variant);
        if start_fen_of(self.variant) != Some(self.start_fen.as_str()) {
            tag("SetUp", "1");
            tag("FEN", &self.start_fen);
        }
        if let Some(r) = &result {
            tag("Termination", r.reason);
        }
        tag("Annotator", "moves in Chimera's UCI notation");
        out.push('\n');
        let fields: Vec<&str> = self.start_fen.split_whitespace().collect();
        let mut number: u32 = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
        let mut white = self.positions[0].white_to_move();
        let mut words = Vec::new();
        for (i, token) in self.tokens.iter().enumerate() {
            if white {
                words.push(format!("{number}."));
            } else if i == 0 {
                words.push(format!("{number}..."));
            }
            words.push(token.clone());
            if !white {
                number += 1;
            }
            white = !white;
        }
        words.push(score.to_string());
        // PGN lines stay under 80 characters.
        let mut line = String::new();
        for w in words {
            if !line.is_empty() && line.len() + 1 + w.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}
