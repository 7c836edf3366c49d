//! Move ordering: TT move, then tactical turns by material won, killers,
//! then quiet turns by history. Scores are computed once per node and the
//! best remaining turn is picked lazily, since most nodes cut off early.

use crate::variants::Rules;

use super::score::MAX_PLY;

const TT_MOVE: i32 = 1 << 30;
const TACTICAL: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const HISTORY_MAX: i32 = 1 << 14;

/// Killer moves and the history table of one search thread.
pub struct History {
    killers: [[u32; 2]; MAX_PLY + 1],
    /// Indexed by side to move and [`Rules::history_index`].
    table: Vec<i32>,
    slots: usize,
}

impl History {
    pub fn new(slots: usize) -> History {
        History {
            killers: [[0; 2]; MAX_PLY + 1],
            table: vec![0; slots * 2],
            slots,
        }
    }

    /// Before the next search of the same game: killers belong to the old
    /// root's plies and go; the history is halved, so that it still orders
    /// but yields to what the new search learns.
    pub fn age(&mut self) {
        self.killers = [[0; 2]; MAX_PLY + 1];
        for entry in &mut self.table {
            *entry /= 2;
        }
    }

    /// Forgets everything learnt, as a new table would.
    pub fn clear(&mut self) {
        self.killers = [[0; 2]; MAX_PLY + 1];
        self.table.fill(0);
    }

    /// Scores every turn of `moves` into `scores`.
    pub fn score<P: Rules>(
        &self,
        pos: &P,
        moves: &[P::Move],
        tt_move: u32,
        ply: usize,
        scores: &mut Vec<i32>,
    ) {
        scores.clear();
        let side = usize::from(!pos.white_to_move()) * self.slots;
        let killers = self.killers[ply];
        scores.extend(moves.iter().map(|&m| {
            let code = P::encode(m);
            if code == tt_move {
                TT_MOVE
            } else if pos.is_tactical(m) {
                TACTICAL + pos.tactical_gain(m).clamp(-(1 << 20), 1 << 20)
            } else if code == killers[0] {
                KILLER + 1
            } else if code == killers[1] {
                KILLER
            } else {
                self.table[side + pos.history_index(m)]
            }
        }));
    }

    /// A quiet turn caused a beta cutoff; `tried` are the quiet turns
    /// searched before it at this node, which get a malus.
    pub fn reward<P: Rules>(
        &mut self,
        pos: &P,
        m: P::Move,
        tried: &[P::Move],
        depth: i32,
        ply: usize,
    ) {
        let code = P::encode(m);
        if self.killers[ply][0] != code {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = code;
        }
        let side = usize::from(!pos.white_to_move()) * self.slots;
        let bonus = (depth * depth).min(400);
        Self::update(&mut self.table[side + pos.history_index(m)], bonus);
        for &q in tried {
            Self::update(&mut self.table[side + pos.history_index(q)], -bonus);
        }
    }

    /// Gravity update: keeps entries within +-HISTORY_MAX.
    fn update(entry: &mut i32, bonus: i32) {
        *entry += bonus * 32 - *entry * bonus.abs() * 32 / HISTORY_MAX;
    }

    pub fn is_killer(&self, code: u32, ply: usize) -> bool {
        self.killers[ply].contains(&code)
    }
}

/// Swaps the best-scored remaining turn into position `index` and returns it.
#[inline]
pub fn pick<M: Copy>(moves: &mut [M], scores: &mut [i32], index: usize) -> M {
    let mut best = index;
    for i in index + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(index, best);
    scores.swap(index, best);
    moves[index]
}
