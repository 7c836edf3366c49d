//! The whole-game pass: what the engine thinks of every position of a
//! game, through the engine facade as any front end searches.
//!
//! A game is cut into stretches of about [`STRETCH`] positions, each
//! searched on an emptied table, last position first (so each search finds
//! the table filled by the positions after it, as ChessBase's blunder check
//! does). Their number is a multiple of four, so two or four workers share
//! a game evenly. The stretches depend on the game alone, so with a node
//! limit and one thread the result is the same however many run at once.

use std::ops::Range;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use crate::engine::{position, Engine, SearchRequest};
use crate::eval::win_rate::WinRate;
use crate::game::{new_game_with, GameHandle, GameResult};
use crate::search::score::MATE;
use crate::search::Limits;
use crate::variants::{CastlingMode, VariantId};

/// Positions searched on one emptied table, about.
pub const STRETCH: usize = 8;

/// A game to analyse: where it starts and the turns played, as tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    pub variant: VariantId,
    pub castling: CastlingMode,
    /// `None`: the variant's start position.
    pub start_fen: Option<String>,
    pub tokens: Vec<String>,
}

impl GameLine {
    /// The game after its first `plies` turns.
    pub fn replay(&self, plies: usize) -> Result<Box<dyn GameHandle>, String> {
        let mut game = new_game_with(self.variant, self.start_fen.as_deref(), self.castling)
            .map_err(|e| e.to_string())?;
        for (ply, token) in self.tokens.iter().take(plies).enumerate() {
            game.play(token)
                .map_err(|e| format!("ply {}: {e}", ply + 1))?;
        }
        Ok(game)
    }

    /// Positions in the game: the start and one after each turn.
    pub fn positions(&self) -> usize {
        self.tokens.len() + 1
    }

    /// The stretches of positions the pass searches on one table each.
    pub fn stretches(&self) -> Vec<Range<usize>> {
        let n = self.positions();
        let count = n.div_ceil(STRETCH).next_multiple_of(4).min(n);
        // The first `n % count` stretches hold one position more.
        let (size, longer) = (n / count, n % count);
        let mut start = 0;
        (0..count)
            .map(|i| {
                let len = size + usize::from(i < longer);
                start += len;
                start - len..start
            })
            .collect()
    }
}

/// How long each position is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Nodes(u64),
    Depth(i32),
    Movetime(u64),
}

impl Budget {
    fn limits(self) -> Limits {
        let mut limits = Limits::default();
        match self {
            Budget::Nodes(n) => limits.nodes = Some(n),
            Budget::Depth(d) => limits.depth = Some(d),
            Budget::Movetime(ms) => limits.movetime = Some(ms),
        }
        limits
    }
}

/// What the engine thinks of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionEval {
    /// The score for the side to move: centipawns, or a mate score
    /// (`crate::search::score`).
    pub score: i32,
    pub white_to_move: bool,
    /// The best turn and the line it starts, as tokens; empty when the
    /// game is over here.
    pub pv: Vec<String>,
    pub depth: i32,
    pub nodes: u64,
    /// The game ended here by its rules (then `score` is the verdict's).
    pub over: Option<GameResult>,
    /// The variant's win-rate model at this position's material.
    pub rate: WinRate,
}

impl PositionEval {
    /// The score from White's side.
    pub fn white_score(&self) -> i32 {
        if self.white_to_move {
            self.score
        } else {
            -self.score
        }
    }

    pub fn best(&self) -> Option<&str> {
        self.pv.first().map(String::as_str)
    }
}

/// Searches positions `stretch` of `line` with `engine`, last first, on an
/// emptied table; returns them in game order. `on_position` is called
/// after each and says whether to go on (an error when it says no).
pub fn analyse_stretch(
    engine: &mut Engine,
    line: &GameLine,
    stretch: Range<usize>,
    budget: Budget,
    on_position: &mut dyn FnMut() -> bool,
) -> Result<Vec<PositionEval>, String> {
    engine.settle();
    engine.new_game()?;
    engine.wait();
    let mut evals = Vec::with_capacity(stretch.len());
    for ply in stretch.rev() {
        let game = line.replay(ply)?;
        evals.push(evaluate(engine, game, budget)?);
        if !on_position() {
            return Err("called off".to_string());
        }
    }
    evals.reverse();
    Ok(evals)
}

/// The engine's view of the game's current position: the verdict's score
/// if the game is over there, a search's otherwise.
fn evaluate(
    engine: &mut Engine,
    game: Box<dyn GameHandle>,
    budget: Budget,
) -> Result<PositionEval, String> {
    let white_to_move = game.white_to_move();
    let rate = position::win_rate(game.as_ref());
    if let Some(verdict) = game.verdict() {
        let score = match verdict.result.white_won() {
            None => 0,
            Some(white_won) if white_won == white_to_move => MATE,
            Some(_) => -MATE,
        };
        return Ok(PositionEval {
            score,
            white_to_move,
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
            over: Some(verdict.result),
            rate,
        });
    }
    engine.set_game(game);
    let pv = Arc::new(Mutex::new(Vec::new()));
    let last_pv = Arc::clone(&pv);
    let (tx, rx) = mpsc::channel();
    let request = SearchRequest {
        limits: budget.limits(),
        multipv: 1,
        move_overhead: 0,
    };
    engine.go(
        request,
        move |info| {
            if info.multipv == 1 && !info.pv.is_empty() {
                *last_pv.lock().unwrap_or_else(|e| e.into_inner()) = info.pv.clone();
            }
        },
        move |result, _, done| {
            done.set();
            let _ = tx.send(result);
        },
    )?;
    let result = rx
        .recv()
        .map_err(|_| "the search ended without a result".to_string())?;
    engine.wait();
    let mut pv = std::mem::take(&mut *pv.lock().unwrap_or_else(|e| e.into_inner()));
    // The best move is the result's; the line is the last one reported
    // for it.
    if let Some(best) = result.best.filter(|b| b != "0000") {
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
    }
    Ok(PositionEval {
        score: result.score,
        white_to_move,
        pv,
        depth: result.depth,
        nodes: result.nodes,
        over: None,
        rate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(plies: usize) -> GameLine {
        GameLine {
            variant: VariantId::Chess,
            castling: CastlingMode::Standard,
            start_fen: None,
            tokens: vec!["e2e4".to_string(); plies],
        }
    }

    #[test]
    fn stretches_cover_the_game_in_even_parts() {
        // 81 positions: 12 stretches of 7 or 6.
        let s = line(80).stretches();
        assert_eq!(s.len(), 12);
        assert_eq!(s[0], 0..7);
        assert_eq!(s[8], 56..63);
        assert_eq!(s[9], 63..69);
        assert_eq!(s[11], 75..81);
        // A short game: one position each.
        assert_eq!(line(2).stretches(), [0..1, 1..2, 2..3]);
        assert_eq!(line(0).stretches(), vec![0..1]);
        for plies in 0..200 {
            let s = line(plies).stretches();
            assert_eq!(s.first().map(|r| r.start), Some(0));
            assert_eq!(s.last().map(|r| r.end), Some(plies + 1));
            assert!(s.windows(2).all(|w| w[0].end == w[1].start));
            let lens: Vec<usize> = s.iter().map(|r| r.len()).collect();
            assert!(
                lens.iter().max().unwrap() - lens.iter().min().unwrap() <= 1,
                "{lens:?}"
            );
        }
    }
}
