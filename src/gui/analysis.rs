//! "Analyse game": the whole-game pass of `chimera analyse` run on the
//! board's main line, on a thread of its own, with progress the page polls
//! and a cancel; then the evaluation graph's points, the judged moves and
//! the annotated PGN, all from `crate::analysis`.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use serde::Serialize;

use super::game::{self as view};
use super::search::lock;
use crate::analysis::annotate::{self, Annotated, SideTotals};
use crate::analysis::judge::capped_cp;
use crate::analysis::pass::{Budget, GameLine, PositionEval};
use crate::analysis::workers::{analyse_games, Progress, Workers, CANCELLED};
use crate::engine::ENGINE_NAME;

/// Hash table of each worker's engine, in MiB.
const WORKER_HASH_MB: usize = 16;

/// One position of the analysed line, as the graph draws it.
#[derive(Clone, Debug, Serialize)]
pub struct PointView {
    /// Turns from the start (0: the start position).
    pub ply: usize,
    /// The position's turn in the move tree (0: the start).
    pub node: usize,
    /// `%eval`'s text: `0.35`, `#-3`.
    pub eval: String,
    /// White's score in centipawns, capped at ±1000 (a mate at the cap).
    pub cp: i32,
}

/// A move of the analysed line with what the pass says of it.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    pub ply: usize,
    pub node: usize,
    pub notation: String,
    /// `inaccuracy`, `mistake` or `blunder`, when it earned one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judgement: Option<String>,
    /// The engine's turn where the move was judged, in the variant's
    /// notation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
}

/// One side's totals, as the page lists them.
#[derive(Clone, Debug, Serialize)]
pub struct TotalsView {
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    pub average_loss: i64,
}

impl From<SideTotals> for TotalsView {
    fn from(t: SideTotals) -> TotalsView {
        TotalsView {
            inaccuracies: t.inaccuracies,
            mistakes: t.mistakes,
            blunders: t.blunders,
            average_loss: t.average_loss(),
        }
    }
}

/// The analysis as the page polls it.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisView {
    pub running: bool,
    pub cancelled: bool,
    pub done: usize,
    pub total: usize,
    /// `300 ms per position`.
    pub budget: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Filled once the pass is over.
    pub points: Vec<PointView>,
    pub moves: Vec<MoveView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white: Option<TotalsView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black: Option<TotalsView>,
}

/// How the pass ended.
type Outcome = Result<Vec<PositionEval>, String>;

/// A pass over one line, running or over.
pub struct GameAnalysis {
    line: GameLine,
    /// The tree's id of each position of `line`.
    nodes: Vec<usize>,
    budget: Budget,
    progress: Arc<Progress>,
    outcome: Arc<Mutex<Option<Outcome>>>,
    thread: Option<JoinHandle<()>>,
}

impl GameAnalysis {
    /// Starts the pass over `line` on a thread, with as many workers as
    /// the hardware runs at once.
    pub fn start(
        line: GameLine,
        nodes: Vec<usize>,
        budget: Budget,
    ) -> Result<GameAnalysis, String> {
        let progress = Arc::new(Progress::default());
        let outcome = Arc::new(Mutex::new(None));
        let workers = Workers {
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_mb: WORKER_HASH_MB,
            threads: 1,
        };
        let (pass_line, pass_progress, pass_outcome) =
            (line.clone(), Arc::clone(&progress), Arc::clone(&outcome));
        let thread = std::thread::Builder::new()
            .name("gui-analyse-game".into())
            .spawn(move || {
                let result = analyse_games(&[&pass_line], budget, workers, &pass_progress)
                    .map(|mut evals| evals.pop().unwrap_or_default());
                *lock(&pass_outcome) = Some(result);
            })
            .map_err(|e| format!("cannot start the analysis: {e}"))?;
        Ok(GameAnalysis {
            line,
            nodes,
            budget,
            progress,
            outcome,
            thread: Some(thread),
        })
    }

    /// Calls the pass off and waits for its workers (each ends its
    /// position first).
    pub fn cancel(&mut self) {
        self.progress.cancel.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    fn evals(&self) -> Option<Vec<PositionEval>> {
        lock(&self.outcome)
            .as_ref()
            .and_then(|o| o.as_ref().ok().cloned())
    }

    pub fn view(&self) -> AnalysisView {
        let outcome = lock(&self.outcome).clone();
        let mut view = AnalysisView {
            running: outcome.is_none(),
            cancelled: self.progress.cancelled(),
            done: self.progress.done.load(Ordering::SeqCst),
            total: self.line.positions(),
            budget: self.budget.to_string(),
            error: None,
            points: Vec::new(),
            moves: Vec::new(),
            white: None,
            black: None,
        };
        match outcome {
            Some(Ok(evals)) => {
                if let Err(e) = self.fill(&mut view, &evals) {
                    view.error = Some(e);
                }
            }
            Some(Err(e)) if e != CANCELLED => view.error = Some(e),
            _ => {}
        }
        view
    }

    /// The graph's points, the judged moves and the totals.
    fn fill(&self, view: &mut AnalysisView, evals: &[PositionEval]) -> Result<(), String> {
        view.points = evals
            .iter()
            .enumerate()
            .map(|(ply, eval)| PointView {
                ply,
                node: self.nodes[ply],
                eval: annotate::eval_text(eval),
                cp: white_cp(eval),
            })
            .collect();
        let notes = annotate::notes(&self.line, evals);
        let played = self.line.replay(self.line.tokens.len())?;
        let written = played.move_list();
        for (i, note) in notes.iter().enumerate() {
            let best = match note.judgement {
                Some(_) => {
                    let before = self.line.replay(i)?;
                    view::line_notation(before.as_ref(), &evals[i].pv[..evals[i].pv.len().min(1)])
                        .pop()
                }
                None => None,
            };
            view.moves.push(MoveView {
                ply: i + 1,
                node: self.nodes[i + 1],
                notation: written.get(i).map(view::written).unwrap_or_default(),
                judgement: note.judgement.map(|j| j.name().to_ascii_lowercase()),
                best,
            });
        }
        let (white, black) = annotate::totals(&notes);
        view.white = Some(white.into());
        view.black = Some(black.into());
        Ok(())
    }

    /// The analysed line as `chimera analyse` writes it, with `tags` (the
    /// loaded game's, or the board's) and `result`.
    pub fn annotated_pgn(
        &self,
        tags: Option<(&[(String, String)], &str)>,
    ) -> Result<String, String> {
        let evals = self.evals().ok_or("the game's analysis has not finished")?;
        let end = self.line.replay(self.line.tokens.len())?;
        let (tags, result) = match tags {
            Some((tags, result)) => (tags.to_vec(), result.to_string()),
            None => (
                view::tags(end.as_ref(), None)
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
                end.verdict().map_or("*", |v| v.result.pgn()).to_string(),
            ),
        };
        annotate::write(&Annotated {
            tags: &tags,
            line: &self.line,
            evals: &evals,
            result: &result,
            annotator: &format!("{ENGINE_NAME} ({})", self.budget),
        })
    }
}

impl Drop for GameAnalysis {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// White's score, capped as the graph draws it (a mate at the cap).
fn white_cp(eval: &PositionEval) -> i32 {
    capped_cp(eval.white_score())
}
