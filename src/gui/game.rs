//! The game on the board: a position of some variant plus the turns that
//! led to it, behind one object-safe trait so the server can switch
//! variants at run time. Every rule question goes to the backend through
//! [`Rules`]; this file only keeps history and reports.

use serde::Serialize;

use super::notation::{self, Geometry, PieceOn, TurnShape};
use crate::engine::{Done, Engine, SearchRequest};
use crate::eval::Variant;
use crate::game::pgn::{self, PgnGame};
use crate::game::{Game, Verdict};
use crate::search::{SearchInfo, SearchResult};
use crate::variants::view::BoardView;
use crate::variants::VariantId;
use crate::with_variant;

/// Receives each finished iteration of the board's search.
pub type OnInfo = Box<dyn FnMut(&SearchInfo) + Send>;
/// Receives the board's search result on the engine's job thread.
pub type OnDone = Box<dyn FnOnce(SearchResult, &Done) + Send>;

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
    /// Squares the turn empties other than by a piece moving away: en
    /// passant's victim, atomic's explosion ([`notation::vanished`]).
    pub vanished: Vec<String>,
}

/// Everything the page shows about the game.
#[derive(Clone, Debug, Serialize)]
pub struct GameState {
    /// Serialised as its name.
    pub variant: VariantId,
    pub start_fen: String,
    pub fen: String,
    pub white_to_move: bool,
    pub in_check: bool,
    pub halfmove_clock: u32,
    pub geometry: Geometry,
    pub board: Vec<PieceOn>,
    /// Turns played since `start_fen`, as tokens.
    pub moves: Vec<String>,
    /// The same turns as a reader writes them: SAN (chess, atomic, Omega),
    /// else the variant's own notation (avalanche `Nf3/c6`, Dynamo
    /// `Ra1a5/Ba5E`).
    pub notation: Vec<String>,
    pub last_move: Option<TurnShape>,
    /// Every legal turn (empty once the game is over).
    pub turns: Vec<TurnView>,
    pub result: Option<GameResult>,
}

/// A game of some variant, as the server drives it.
pub trait BoardGame: Send {
    fn variant(&self) -> VariantId;
    fn state(&self) -> GameState;
    /// Plays a turn given as its token; an illegal token or a finished game
    /// is an `Err` and changes nothing.
    fn play(&mut self, token: &str) -> Result<(), String>;
    /// Takes back up to `plies` turns; returns how many were taken back.
    fn undo(&mut self, plies: usize) -> usize;
    fn result(&self) -> Option<GameResult>;
    fn white_to_move(&self) -> bool;
    /// Starts a search of the current position (with the game's history,
    /// for repetitions) on the engine.
    fn search(
        &self,
        engine: &mut Engine,
        request: SearchRequest,
        on_info: OnInfo,
        on_done: OnDone,
    ) -> Result<(), String>;
    fn pgn(&self) -> String;
}

/// Creates a game of `variant` from `fen` (or its start position).
pub fn new_game(variant: VariantId, fen: Option<&str>) -> Result<Box<dyn BoardGame>, String> {
    with_variant!(variant, P => GameOf::<P>::new(variant, fen).map(|g| Box::new(g) as Box<dyn BoardGame>))
}

/// The board geometry of a variant.
pub fn geometry_of(variant: VariantId) -> Geometry {
    with_variant!(variant, P => notation::geometry::<P>(variant))
}

/// The start FEN of a variant.
pub fn start_fen_of(variant: VariantId) -> &'static str {
    with_variant!(variant, P => P::start_fen(variant))
}

/// What the board needs of a backend: its rules, its evaluation (for the
/// engine) and its board view (to draw).
trait Drawable: Variant + BoardView {}

impl<T: Variant + BoardView> Drawable for T {}

struct GameOf<P: Drawable> {
    game: Game<P>,
}

/// The page's form of a verdict.
fn result_view(verdict: Verdict) -> GameResult {
    GameResult {
        score: verdict.result.pgn(),
        winner: verdict
            .result
            .white_won()
            .map(|white| if white { "white" } else { "black" }),
        reason: verdict.reason,
    }
}

impl<P: Drawable> GameOf<P> {
    fn new(variant: VariantId, fen: Option<&str>) -> Result<Self, String> {
        let game: Game<P> = match fen {
            None => Game::new(variant),
            Some(f) => Game::from_fen(variant, f).map_err(|e| format!("invalid FEN: {e}"))?,
        };
        Ok(GameOf { game })
    }

    fn pos(&self) -> &P {
        self.game.position()
    }

    /// The game's end and its legal turns (none once it is over).
    fn end_and_turns(&self) -> (Option<GameResult>, Vec<P::Move>) {
        let (verdict, turns) = self.game.verdict_and_turns();
        (verdict.map(result_view), turns)
    }
}

impl<P: Drawable> BoardGame for GameOf<P> {
    fn variant(&self) -> VariantId {
        self.game.variant()
    }

    fn state(&self) -> GameState {
        let pos = self.pos();
        let fen = pos.fen();
        let (result, moves) = self.end_and_turns();
        let turns = moves
            .into_iter()
            .map(|m| {
                let parts = pos.turn_parts(m);
                TurnView {
                    token: pos.format_move(m),
                    shape: notation::shape(&parts),
                    vanished: notation::vanished(pos, &parts),
                }
            })
            .collect();
        let variant = self.game.variant();
        GameState {
            variant,
            start_fen: self.game.start().fen(),
            fen,
            white_to_move: pos.white_to_move(),
            in_check: result.is_none() && pos.in_check(),
            halfmove_clock: pos.halfmove_clock(),
            geometry: notation::geometry::<P>(variant),
            board: notation::board(pos),
            moves: self.game.tokens().to_vec(),
            notation: self
                .game
                .pgn_moves()
                .into_iter()
                .map(|m| m.notation.unwrap_or(m.text))
                .collect(),
            last_move: self
                .game
                .last_turn()
                .map(|(before, m)| notation::shape(&before.turn_parts(m))),
            turns,
            result,
        }
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        let (result, _) = self.end_and_turns();
        if let Some(r) = result {
            return Err(format!("the game is over ({} by {})", r.score, r.reason));
        }
        self.game
            .play_token(token.trim())
            .map_err(|e| format!("illegal turn {token:?}: {e}"))?;
        Ok(())
    }

    fn undo(&mut self, plies: usize) -> usize {
        self.game.undo(plies)
    }

    fn result(&self) -> Option<GameResult> {
        self.end_and_turns().0
    }

    fn white_to_move(&self) -> bool {
        self.pos().white_to_move()
    }

    fn search(
        &self,
        engine: &mut Engine,
        request: SearchRequest,
        on_info: OnInfo,
        on_done: OnDone,
    ) -> Result<(), String> {
        engine.go(&self.game, request, on_info, on_done)
    }

    fn pgn(&self) -> String {
        let verdict = self.game.verdict();
        let result = verdict.map_or("*", |v| v.result.pgn());
        let start_fen = self.game.start().fen();
        let mut tags = vec![
            ("Event", "Chimera board".to_string()),
            ("Site", "chimera gui".into()),
            ("Date", "????.??.??".into()),
            ("Round", "-".into()),
            ("White", "?".into()),
            ("Black", "?".into()),
            ("Result", result.into()),
            ("Variant", self.game.variant().to_string()),
        ];
        let from_start = self.game.from_start_position();
        if !from_start {
            tags.push(("SetUp", "1".into()));
            tags.push(("FEN", start_fen.clone()));
        }
        if let Some(v) = verdict {
            tags.push(("Termination", v.reason.into()));
        }
        let moves = self.game.pgn_moves();
        pgn::write(&PgnGame {
            tags,
            start_fen: (!from_start).then_some(start_fen.as_str()),
            moves: &moves,
            result,
            ..PgnGame::default()
        })
        .trim_end()
        .to_string()
            + "\n"
    }
}
