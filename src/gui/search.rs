//! The board's game and its one search, on the engine facade: the search
//! starts on the facade's job thread, is reported live and can be called
//! off. A search in "move" mode has its best turn played into the game
//! once it ends, unless the game changed meanwhile; the turn is played on
//! the server's thread, before the next request reads anything.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use serde::Serialize;

use super::clock::{Clock, ClockView};
use super::export;
use super::game::{self as view, GameState, ResultView};
use super::tree::{MoveTree, TreeView};
use crate::analysis::pass::GameLine;
use crate::engine::{position, Done, Engine, SearchId, SearchRequest};
use crate::game::GameHandle;
use crate::search::score::{mate_in_moves, wdl};
use crate::search::skill::Skill;
use crate::search::{Limits, SearchInfo, SearchResult};
use crate::variants::{CastlingMode, VariantId};

/// Time kept back from a move's budget for the server's own work.
const MOVE_OVERHEAD_MS: u64 = 10;

/// Locks a mutex even if a thread panicked while holding it: the data here
/// stays consistent between statements.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A score as the page shows it, from White's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct WhiteScore {
    /// Centipawns, absent for a mate score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Mate in this many moves: positive when White mates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
}

impl WhiteScore {
    fn new(score: i32, white_to_move: bool) -> WhiteScore {
        let sign = if white_to_move { 1 } else { -1 };
        match mate_in_moves(score) {
            Some(moves) => WhiteScore {
                cp: None,
                mate: Some(sign * moves),
            },
            None => WhiteScore {
                cp: Some(sign * score),
                mate: None,
            },
        }
    }
}

/// What the search is doing or did last, for the page to poll.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Live {
    pub running: bool,
    /// `move` (play the best turn when done) or `analyse`.
    pub mode: String,
    /// Game version the search started from.
    pub version: u64,
    pub depth: i32,
    pub score: Option<WhiteScore>,
    /// Win, draw and loss per mille for White, from the score.
    pub wdl: Option<[u32; 3]>,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<String>,
    /// The lines of an analysis, best first (one for a move search).
    pub lines: Vec<LineView>,
    pub best: Option<String>,
    /// The turn the engine played into the game, once it has.
    pub played: Option<String>,
    /// A finished move search's best turn, not yet played, with the
    /// search's number and when it ended (the time its clock stopped).
    #[serde(skip)]
    pub pending: Option<(SearchId, String, Instant)>,
}

/// One line of a MultiPV analysis.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LineView {
    /// 1 for the best line.
    pub multipv: usize,
    pub depth: i32,
    pub score: WhiteScore,
    pub pv: Vec<String>,
    /// The same turns in the variant's notation, filled in on the server's
    /// thread when the line belongs to the position shown.
    pub notation: Vec<String>,
}

/// Most lines an analysis shows.
pub const MAX_LINES: usize = 5;

/// What to search for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SearchGoal {
    /// Think for `movetime_ms`, then play the best turn, at `skill`.
    Move { movetime_ms: u64, skill: Skill },
    /// Think until stopped, playing nothing, showing `lines` lines.
    Analyse { lines: usize },
}

/// The board's game and search slot.
pub struct BoardEngine {
    /// Holds the game (never without one here) and runs the search.
    core: Engine,
    /// Grows with every change of the game (the page's check that it
    /// shows the latest). Every change calls the search off first, so a
    /// search's result is played only into the game it searched.
    version: u64,
    live: Arc<Mutex<Live>>,
    /// Every turn played, the game's line being the path to the current.
    tree: MoveTree,
    /// Play mode's clocks, when the game has a time control.
    clock: Option<Clock>,
}

/// Why a request cannot be served: the game is over.
fn game_over(r: &ResultView) -> String {
    format!("the game is over ({} by {})", r.score, r.reason)
}

impl BoardEngine {
    pub fn new(hash_mb: usize) -> BoardEngine {
        BoardEngine {
            core: Engine::new(VariantId::DEFAULT, hash_mb, 1),
            version: 0,
            live: Arc::new(Mutex::new(Live::default())),
            tree: MoveTree::new(),
            clock: None,
        }
    }

    fn game(&self) -> &dyn GameHandle {
        // The board only ever sets games (`new_game`), never forgets one.
        self.core.game().expect("the board always has a game")
    }

    /// Plays a finished move search's turn if the engine still wants it
    /// (it was not called off); the live view says it was played.
    fn collect(&mut self) -> Live {
        let mut live = lock(&self.live);
        if let Some((id, best, ended)) = live.pending.take() {
            // A turn made after the engine's time ran out is not played.
            let in_time = self
                .clock
                .as_ref()
                .is_none_or(|c| c.flagged(ended).is_none());
            let wanted = self.core.wants(id) && in_time;
            if let Some(game) = self.core.game_mut().filter(|_| wanted) {
                if game.play(&best).is_ok() {
                    self.version += 1;
                    record(&mut self.tree, game, &best);
                    if let Some(clock) = &mut self.clock {
                        clock.played(ended);
                        if game.verdict().is_some() {
                            clock.stop(ended);
                        }
                    }
                    live.played = Some(best);
                }
            }
        }
        live.clone()
    }

    /// The search as it is now (a finished move search's turn played).
    pub fn live(&mut self) -> Live {
        let live = self.collect();
        self.with_notation(live)
    }

    /// `live` with each line written in the variant's notation, when the
    /// lines are of the position the game is at.
    fn with_notation(&self, mut live: Live) -> Live {
        if live.version == self.version {
            for line in &mut live.lines {
                line.notation = view::line_notation(self.game(), &line.pv);
            }
        }
        live
    }

    /// The game as the page shows it, its version and the search, read
    /// together: a finished move search's turn is in the game before the
    /// search reads as stopped.
    pub fn snapshot(&mut self) -> (GameState, u64, Live) {
        let live = self.collect();
        let live = self.with_notation(live);
        (view::state(self.game()), self.version, live)
    }

    /// The whole move tree as PGN (*Export PGN*).
    pub fn pgn(&mut self) -> Result<String, String> {
        self.collect();
        export::tree_pgn(self.game(), &self.tree, self.time_loss().as_ref())
    }

    /// Starts clocks of `base_ms` each with `increment_ms` a turn, the side
    /// to move's running; `None` plays without clocks.
    pub fn set_clock(&mut self, control: Option<(u64, u64)>) {
        self.stop();
        let now = Instant::now();
        self.clock = control.map(|(base, increment)| {
            let game = self.game();
            let mut clock = Clock::new(base, increment, game.white_to_move(), now);
            if game.verdict().is_some() {
                clock.stop(now);
            }
            clock
        });
        self.version += 1;
    }

    pub fn clock(&self) -> Option<ClockView> {
        self.clock.as_ref().map(|c| c.view(Instant::now()))
    }

    /// The game's end by the clock: the side whose time ran out lost, or
    /// drew if the other side could not have won.
    pub fn time_loss(&self) -> Option<ResultView> {
        let white = self.clock.as_ref()?.flagged(Instant::now())?;
        let other_could_win = self.game().could_win(!white);
        Some(ResultView::time_forfeit(white, other_could_win))
    }

    /// After a change that was not a turn: the side to move's clock runs.
    fn clock_follows(&mut self) {
        let now = Instant::now();
        let white = self.game().white_to_move();
        if let Some(clock) = &mut self.clock {
            clock.turn_to(white, now);
        }
    }

    /// Ends the running search, if any, and waits for it; its result is
    /// played only when `play_result` (and it is a move search).
    fn halt(&mut self, play_result: bool) {
        if play_result {
            self.core.stop();
        } else {
            self.core.call_off();
        }
        lock(&self.live).running = false;
        self.collect();
    }

    /// Stops the running search, if any, and waits for its thread. A move
    /// search stopped here plays nothing unless it had already finished.
    pub fn stop(&mut self) {
        self.halt(false);
    }

    /// Ends a move search at once and plays the best turn found so far
    /// (an analysis just stops).
    pub fn move_now(&mut self) {
        self.halt(true);
    }

    /// A new game: the previous one's table and histories are forgotten.
    pub fn new_game(&mut self, game: Box<dyn GameHandle>) {
        self.stop();
        if let Err(e) = self.core.new_game() {
            eprintln!("chimera gui: {e}");
        }
        self.core.set_game(game);
        self.version += 1;
        self.tree = MoveTree::new();
        self.clock = None;
        *lock(&self.live) = Live::default();
    }

    /// The moves played, with their variations.
    pub fn tree(&self) -> TreeView {
        self.tree.view()
    }

    /// The tree's main line as the whole-game pass takes it, with the id
    /// of each of its positions in the tree (0: the start).
    pub fn main_line(&self) -> (GameLine, Vec<usize>) {
        let game = self.game();
        let ids = self.tree.main_line();
        let line = GameLine {
            variant: game.variant(),
            castling: if game.chess960() {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            },
            start_fen: (!game.began_at_start()).then(|| game.start_fen()),
            tokens: ids
                .iter()
                .map(|&id| self.tree.token(id).to_string())
                .collect(),
        };
        (line, std::iter::once(0).chain(ids).collect())
    }

    /// Shows the position after turn `node` of the tree (0: the start): the
    /// game takes back to where the lines part and plays on from there.
    pub fn go_to(&mut self, node: usize) -> Result<(), String> {
        let (back, forward) = self
            .tree
            .route(node)
            .ok_or_else(|| format!("no turn {node} in the move tree"))?;
        if back == 0 && forward.is_empty() {
            return Ok(());
        }
        self.stop();
        let game = self.core.game_mut().ok_or("no game")?;
        game.undo(back);
        for token in &forward {
            // Every turn of the tree was legal where it was played.
            game.play(token)
                .map_err(|e| format!("the tree's turn {token} does not replay: {e}"))?;
        }
        self.tree.go_to(node);
        self.version += 1;
        self.clock_follows();
        Ok(())
    }

    /// Plays a turn given as its token; an illegal token or a finished
    /// game is an `Err` and changes nothing.
    pub fn play(&mut self, token: &str) -> Result<(), String> {
        self.stop();
        let now = Instant::now();
        if let Some(loss) = self.time_loss() {
            return Err(game_over(&loss));
        }
        let game = self.core.game_mut().ok_or("no game")?;
        // The legal turns are generated once, by the token's parsing: a
        // mated or stalemated side has none, and the full verdict is only
        // looked for to say why a turn was refused.
        let refused = if game.over_without_generating() {
            Err("the game is over".to_string())
        } else {
            game.play(token.trim())
                .map_err(|e| format!("illegal turn {token:?}: {e}"))
        };
        if let Err(illegal) = refused {
            return Err(match game.verdict() {
                Some(v) => game_over(&ResultView::of(v)),
                None => illegal,
            });
        }
        record(&mut self.tree, game, token.trim());
        if let Some(clock) = &mut self.clock {
            clock.played(now);
            if game.verdict().is_some() {
                clock.stop(now);
            }
        }
        self.version += 1;
        Ok(())
    }

    /// Takes back up to `plies` turns: they leave the move tree too.
    pub fn undo(&mut self, plies: usize) {
        self.stop();
        let undone = self.core.game_mut().map_or(0, |g| g.undo(plies));
        for _ in 0..undone {
            self.tree.take_back();
        }
        if undone > 0 {
            self.version += 1;
            self.clock_follows();
        }
    }

    /// Starts a search of the current position, stopping any other first.
    pub fn start(&mut self, mode: SearchGoal) -> Result<(), String> {
        self.stop();
        // A table clear must end before a search starts.
        self.core.settle();
        if let Some(loss) = self.time_loss() {
            return Err(game_over(&loss));
        }
        let clock = self.clock.as_ref().map(|c| c.limits(Instant::now()));
        let (limits, mode_name, multipv) = match mode {
            // With clocks, Chimera plays on its own time as under a GUI.
            SearchGoal::Move { skill, .. } if clock.is_some() => {
                let (wtime, btime, increment) = clock.unwrap_or_default();
                (
                    Limits {
                        wtime: Some(wtime),
                        btime: Some(btime),
                        winc: increment,
                        binc: increment,
                        skill,
                        ..Limits::default()
                    },
                    "move",
                    1,
                )
            }
            SearchGoal::Move { movetime_ms, skill } => (
                Limits {
                    movetime: Some(movetime_ms.clamp(20, 3_600_000)),
                    skill,
                    ..Limits::default()
                },
                "move",
                1,
            ),
            SearchGoal::Analyse { lines } => (
                Limits {
                    infinite: true,
                    ..Limits::default()
                },
                "analyse",
                lines.clamp(1, MAX_LINES),
            ),
        };
        let request = SearchRequest {
            limits,
            multipv,
            move_overhead: MOVE_OVERHEAD_MS,
        };
        let game = self.game();
        if let Some(v) = game.verdict() {
            return Err(game_over(&ResultView::of(v)));
        }
        let white_to_move = game.white_to_move();
        let win_rate = position::win_rate(game);
        *lock(&self.live) = Live {
            running: true,
            mode: mode_name.to_string(),
            version: self.version,
            ..Live::default()
        };
        let live = Arc::clone(&self.live);
        let on_info = move |info: &SearchInfo| {
            let mut l = lock(&live);
            let score = WhiteScore::new(info.score, white_to_move);
            let index = info.multipv.max(1) - 1;
            if index >= l.lines.len() {
                l.lines.resize_with(index + 1, LineView::default);
            }
            l.lines[index] = LineView {
                multipv: index + 1,
                depth: info.depth,
                score,
                pv: info.pv.clone(),
                notation: Vec::new(),
            };
            if index != 0 {
                return;
            }
            l.depth = info.depth;
            l.score = Some(score);
            let w = wdl(info.score, &win_rate);
            l.wdl = Some(if white_to_move {
                [w.win, w.draw, w.loss]
            } else {
                [w.loss, w.draw, w.win]
            });
            l.nodes = info.nodes;
            l.nps = info.nps;
            l.time_ms = info.time_ms;
            l.pv = info.pv.clone();
        };
        let live = Arc::clone(&self.live);
        let plays = matches!(mode, SearchGoal::Move { .. });
        let on_done = move |result: SearchResult, id: SearchId, _: &Done| {
            let mut l = lock(&live);
            if plays {
                let ended = Instant::now();
                l.pending = result.best.clone().map(|best| (id, best, ended));
            }
            l.best = result.best;
            l.nodes = l.nodes.max(result.nodes);
            l.running = false;
        };
        let started = self.core.go(request, on_info, on_done);
        if started.is_err() {
            lock(&self.live).running = false;
        }
        started.map(|_| ())
    }
}

/// Adds the turn `game` just played to `tree`, written as the move list
/// writes it.
fn record(tree: &mut MoveTree, game: &dyn GameHandle, token: &str) {
    let notation = game
        .move_list()
        .last()
        .map(view::written)
        .unwrap_or_default();
    tree.advance(token, &notation);
}

impl Drop for BoardEngine {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::WhiteScore;
    use crate::search::score::MATE;

    #[test]
    fn scores_turn_to_whites_view() {
        assert_eq!(WhiteScore::new(35, true).cp, Some(35));
        assert_eq!(WhiteScore::new(35, false).cp, Some(-35));
        assert_eq!(WhiteScore::new(MATE - 1, false).mate, Some(-1));
        assert_eq!(WhiteScore::new(-(MATE - 2), true).mate, Some(-1));
    }
}
