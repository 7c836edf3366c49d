//! A game's evaluations turned into an annotated game, in the conventions
//! lichess and ChessBase write and python-chess reads: `{[%eval 0.35]}`
//! after every move (pawns from White's side, `#-3` for a mate, `#0` once
//! mated), `$6`/`$2`/`$4` for an inaccuracy, a mistake or a blunder, the
//! engine's line as a variation where the move played lost something, and
//! each side's totals before the result.

use super::judge::{capped_cp, expectation, Judgement};
use super::pass::{GameLine, PositionEval};
use crate::game::pgn::{self, PgnGame, PgnLine, PgnMove};
use crate::search::score::mate_in_moves;

/// Turns of the engine's line written in a variation.
pub const VARIATION_PLIES: usize = 12;

/// What the analysis says of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveNote {
    /// The position after the move, from White's side, as `%eval` writes
    /// it (`0.35`, `#-3`).
    pub eval: String,
    pub judgement: Option<Judgement>,
    /// Expectation (win minus loss chance, of 2) the move gave away.
    pub loss: f64,
    /// Centipawns it gave away (capped as lichess does).
    pub cp_loss: i32,
    pub white: bool,
}

/// One side's totals.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideTotals {
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// Centipawns lost in all.
    pub cp_lost: i64,
}

impl SideTotals {
    /// Average centipawn loss per move, rounded.
    pub fn average_loss(&self) -> i64 {
        if self.moves == 0 {
            return 0;
        }
        (self.cp_lost as f64 / self.moves as f64).round() as i64
    }

    fn add(&mut self, note: &MoveNote) {
        self.moves += 1;
        self.cp_lost += i64::from(note.cp_loss);
        match note.judgement {
            Some(Judgement::Inaccuracy) => self.inaccuracies += 1,
            Some(Judgement::Mistake) => self.mistakes += 1,
            Some(Judgement::Blunder) => self.blunders += 1,
            None => {}
        }
    }

    /// `1 inaccuracy, 0 mistakes, 2 blunders, average loss 35 cp`.
    pub fn describe(&self) -> String {
        let count =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        format!(
            "{}, {}, {}, average loss {} cp",
            count(self.inaccuracies, "inaccuracy", "inaccuracies"),
            count(self.mistakes, "mistake", "mistakes"),
            count(self.blunders, "blunder", "blunders"),
            self.average_loss()
        )
    }
}

/// `%eval`'s value for a position: pawns from White's side with two
/// decimals, or `#n` for a mate in `n` (negative when Black mates), `#0`
/// when the side to move is mated.
pub fn eval_text(eval: &PositionEval) -> String {
    match mate_in_moves(eval.score) {
        Some(0) => "#0".to_string(),
        Some(moves) => {
            let white = if eval.white_to_move { moves } else { -moves };
            format!("#{white}")
        }
        None => format!("{:.2}", f64::from(eval.white_score()) / 100.0),
    }
}

/// The notes on every move, `evals` holding one evaluation per position
/// (the start and after each move).
pub fn notes(line: &GameLine, evals: &[PositionEval]) -> Vec<MoveNote> {
    assert_eq!(evals.len(), line.positions(), "one evaluation per position");
    line.tokens
        .iter()
        .enumerate()
        .map(|(ply, token)| {
            let (before, after) = (&evals[ply], &evals[ply + 1]);
            // Both from the mover's side.
            let best = before.score;
            let played = -after.score;
            let loss =
                (expectation(best, &before.rate) - expectation(played, &after.rate)).max(0.0);
            let cp_loss = (capped_cp(best) - capped_cp(played)).max(0);
            let was_best = before.best() == Some(token.as_str());
            MoveNote {
                eval: eval_text(after),
                judgement: if was_best {
                    None
                } else {
                    Judgement::of_loss(loss)
                },
                loss,
                cp_loss: if was_best { 0 } else { cp_loss },
                white: before.white_to_move,
            }
        })
        .collect()
}

/// White's and Black's totals.
pub fn totals(notes: &[MoveNote]) -> (SideTotals, SideTotals) {
    let (mut white, mut black) = (SideTotals::default(), SideTotals::default());
    for note in notes {
        if note.white {
            white.add(note);
        } else {
            black.add(note);
        }
    }
    (white, black)
}

/// A game read from PGN with what the pass found: ready to be written.
pub struct Annotated<'a> {
    pub tags: &'a [(String, String)],
    pub line: &'a GameLine,
    pub evals: &'a [PositionEval],
    /// The result token the game had (`*` when none).
    pub result: &'a str,
    /// The `Annotator` tag's value.
    pub annotator: &'a str,
}

/// The annotated game as PGN text.
pub fn write(game: &Annotated) -> Result<String, String> {
    let notes = notes(game.line, game.evals);
    let played = game.line.replay(game.line.tokens.len())?;
    let moves: Vec<PgnMove> = played.move_list().to_vec();
    let mut comments = Vec::with_capacity(moves.len());
    let mut nags = Vec::with_capacity(moves.len());
    let mut variations = Vec::with_capacity(moves.len());
    for (ply, note) in notes.iter().enumerate() {
        let mut comment = format!("[%eval {}]", note.eval);
        let mut variation = Vec::new();
        if let Some(judgement) = note.judgement {
            variation = engine_line(game.line, ply, &game.evals[ply].pv)?;
            let before = eval_text(&game.evals[ply]);
            comment.push_str(&format!(
                " ({before} -> {}) {}.",
                note.eval,
                judgement.name()
            ));
            if let Some(best) = variation.first() {
                // The variant's own notation where it has one (Dynamo's
                // `Nc3`, not `b1c3`).
                let name = best.notation.as_deref().unwrap_or(&best.text);
                comment.push_str(&format!(" {name} was best."));
            }
        }
        comments.push(comment);
        nags.push(note.judgement.map(Judgement::nag));
        variations.push(if variation.is_empty() {
            Vec::new()
        } else {
            vec![PgnLine::plain(variation)]
        });
    }
    let (white, black) = totals(&notes);
    let summary = format!("White: {}. Black: {}.", white.describe(), black.describe());
    let mut tags: Vec<(&str, String)> = game
        .tags
        .iter()
        .filter(|(key, _)| key != "Annotator")
        .map(|(key, value)| (key.as_str(), value.clone()))
        .collect();
    tags.push(("Annotator", game.annotator.to_string()));
    let start_fen = game.line.start_fen.as_ref().map(|_| played.start_fen());
    Ok(pgn::write(&PgnGame {
        tags,
        start_fen: start_fen.as_deref(),
        moves: &moves,
        comments,
        nags,
        variations,
        final_comment: Some(&summary),
        result: game.result,
    }))
}

/// The engine's line from the position before move `ply`, as the variant
/// writes turns (at most [`VARIATION_PLIES`]); it stops at a turn that is
/// not legal (a line cut short by the table).
fn engine_line(line: &GameLine, ply: usize, pv: &[String]) -> Result<Vec<PgnMove>, String> {
    let mut game = line.replay(ply)?;
    for token in pv.iter().take(VARIATION_PLIES) {
        if game.verdict().is_some() || game.play(token).is_err() {
            break;
        }
    }
    Ok(game.move_list()[ply..].to_vec())
}
