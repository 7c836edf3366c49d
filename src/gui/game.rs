//! The page's view of the game: the engine's [`GameHandle`] read into the
//! JSON the page draws from, and its PGN tags. Every rule question goes to the
//! handle; this file only translates.

use serde::Serialize;

use super::notation::{self, Geometry, PieceView, TurnShape};
use crate::game::pgn::{self, PgnMove};
use crate::game::{new_game_with, GameHandle, Verdict};
use crate::variants::{CastlingMode, VariantId};

/// How a finished game ended, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: &'static str,
    /// `white`, `black`, or absent for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    pub reason: &'static str,
}

impl ResultView {
    pub fn of(verdict: Verdict) -> ResultView {
        ResultView {
            score: verdict.result.pgn(),
            winner: verdict
                .result
                .white_won()
                .map(|white| if white { "white" } else { "black" }),
            reason: verdict.reason.as_str(),
        }
    }

    /// The side (`white_flagged`: White) whose clock ran out lost, or drew
    /// when the other side could not have won (FIDE's article 6.9, as
    /// lichess plays it).
    pub fn time_forfeit(white_flagged: bool, other_could_win: bool) -> ResultView {
        if !other_could_win {
            return ResultView {
                score: "1/2-1/2",
                winner: None,
                reason: TIME_FORFEIT_DRAWN,
            };
        }
        ResultView {
            score: if white_flagged { "0-1" } else { "1-0" },
            winner: Some(if white_flagged { "black" } else { "white" }),
            reason: "time forfeit",
        }
    }
}

/// [`ResultView::time_forfeit`]'s reason for a draw.
pub const TIME_FORFEIT_DRAWN: &str = "time forfeit against insufficient material";

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
    /// Castling as in Chess960 (king takes rook).
    pub chess960: bool,
    pub start_fen: String,
    pub fen: String,
    pub white_to_move: bool,
    pub in_check: bool,
    pub halfmove_clock: u32,
    pub geometry: Geometry,
    pub board: Vec<PieceView>,
    /// Turns played since `start_fen`, as tokens.
    pub moves: Vec<String>,
    /// The same turns as a reader writes them: SAN (chess, atomic, Omega),
    /// else the variant's own notation (avalanche `Nf3/c6`, Dynamo
    /// `Ra1a5/Ba5E`).
    pub notation: Vec<String>,
    pub last_move: Option<TurnShape>,
    /// Every legal turn (empty once the game is over).
    pub turns: Vec<TurnView>,
    pub result: Option<ResultView>,
}

/// The page's view of `game`, from one generation of its legal turns.
pub fn state(game: &dyn GameHandle) -> GameState {
    let (verdict, legal) = game.verdict_and_turns();
    let diagram = game.diagram();
    let turns = legal
        .into_iter()
        .map(|turn| TurnView {
            shape: notation::shape(&turn.parts),
            vanished: notation::vanished(diagram.grid, &turn.parts),
            token: turn.token,
        })
        .collect();
    GameState {
        variant: game.variant(),
        chess960: game.chess960(),
        start_fen: game.start_fen(),
        fen: game.fen(),
        white_to_move: game.white_to_move(),
        in_check: verdict.is_none() && game.in_check(),
        halfmove_clock: game.halfmove_clock(),
        geometry: notation::geometry(&diagram),
        board: notation::board(&diagram),
        moves: game.tokens().to_vec(),
        notation: game.move_list().iter().map(written).collect(),
        last_move: game.last_turn_parts().map(|parts| notation::shape(&parts)),
        turns,
        result: verdict.map(ResultView::of),
    }
}

/// A turn as the move list shows it: SAN, else the variant's own notation.
pub fn written(m: &PgnMove) -> String {
    m.notation.clone().unwrap_or_else(|| m.text.clone())
}

/// The turns `pv` from the game's position, as the move list would show
/// them; it stops at the first turn that is not legal there.
pub fn line_notation(game: &dyn GameHandle, pv: &[String]) -> Vec<String> {
    let castling = if game.chess960() {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    // A copy from the FEN: the line's notation needs the position, not the
    // game's history.
    let Ok(mut copy) = new_game_with(game.variant(), Some(&game.fen()), castling) else {
        return Vec::new();
    };
    for token in pv {
        if copy.play(token).is_err() {
            break;
        }
    }
    copy.move_list().iter().map(written).collect()
}

/// The board's PGN tags for `game`: the seven standard ones, the variant,
/// the start when set up, how the game ended (by the clock when
/// `lost_on_time`).
pub fn tags(
    game: &dyn GameHandle,
    lost_on_time: Option<&ResultView>,
) -> Vec<(&'static str, String)> {
    let end = lost_on_time
        .cloned()
        .or_else(|| game.verdict().map(ResultView::of));
    let result = end.as_ref().map_or("*", |r| r.score);
    let mut tags = vec![
        ("Event", "Chimera board".to_string()),
        ("Site", "chimera gui".into()),
        ("Date", "????.??.??".into()),
        ("Round", "-".into()),
        ("White", "?".into()),
        ("Black", "?".into()),
        ("Result", result.into()),
        ("Variant", pgn::variant_tag(game.variant(), game.chess960())),
    ];
    if !game.began_at_start() {
        tags.push(("SetUp", "1".into()));
        tags.push(("FEN", game.start_fen()));
    }
    if let Some(end) = end {
        tags.push(("Termination", end.reason.to_string()));
    }
    tags
}
