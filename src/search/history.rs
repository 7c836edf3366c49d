//! What a search thread learns about turns, kept through a game: killers,
//! the quiet history (by side and [`Rules::history_index`]), the capture
//! history and the continuation history (by [`Rules::piece_to_index`]).
//!
//! Every table is updated with the "gravity" rule, which keeps entries
//! within +-[`HISTORY_MAX`] and lets new evidence outweigh old.
//!
//! Beside them, the correction history learns how far the static
//! evaluation errs, by side to move and [`Rules::pawn_key`].

use crate::variants::Rules;

use super::score::MAX_PLY;

pub const HISTORY_MAX: i32 = 16384;

/// Correction-history slots per side (a power of two).
const CORRECTION_SLOTS: usize = 16384;
/// Entries hold centipawns times this, so that small updates add up.
const CORRECTION_GRAIN: i32 = 256;
/// Largest correction: 32 centipawns.
const CORRECTION_MAX: i32 = 32 * CORRECTION_GRAIN;
/// An update moves an entry by `weight / CORRECTION_WEIGHT_SCALE` of the
/// way towards the error seen, the weight growing with the depth.
const CORRECTION_WEIGHT_SCALE: i32 = 256;

/// The turn that led to a ply, as continuation histories see it: the
/// moved piece and its square, or none (the root, a null move).
pub type PieceTo = Option<usize>;

/// The history tables of one search thread.
pub struct Histories {
    killers: [[u32; 2]; MAX_PLY + 1],
    /// Quiet turns, by side to move and [`Rules::history_index`].
    quiet: Vec<i16>,
    /// Tactical turns, by [`Rules::piece_to_index`] (the piece says whose).
    capture: Vec<i16>,
    /// Quiet turns by the turn one or two plies before and this one, both
    /// by [`Rules::piece_to_index`].
    continuation: Vec<i16>,
    /// The static evaluation's error, by side to move and pawn key.
    correction: Vec<i16>,
    history_slots: usize,
    piece_to_slots: usize,
}

/// The gravity update.
#[inline]
fn update(entry: &mut i16, bonus: i32) {
    let e = i32::from(*entry);
    *entry = (e + bonus - e * bonus.abs() / HISTORY_MAX) as i16;
}

/// The bonus (and malus) of a cutoff at `depth`.
#[inline]
pub fn bonus(depth: i32) -> i32 {
    (160 * depth - 80).clamp(0, 1600)
}

impl Histories {
    pub fn new<P: Rules>() -> Histories {
        Histories {
            killers: [[0; 2]; MAX_PLY + 1],
            quiet: vec![0; 2 * P::HISTORY_SLOTS],
            capture: vec![0; P::PIECE_TO_SLOTS],
            continuation: vec![0; P::PIECE_TO_SLOTS * P::PIECE_TO_SLOTS],
            correction: vec![0; 2 * CORRECTION_SLOTS],
            history_slots: P::HISTORY_SLOTS,
            piece_to_slots: P::PIECE_TO_SLOTS,
        }
    }

    /// Before the next search of the same game: killers belong to the old
    /// root's plies and go; the turn tables are halved, so that they still
    /// order but yield to what the new search learns. The evaluation's
    /// error does not age: the next search meets the same pawns.
    pub fn age(&mut self) {
        self.killers = [[0; 2]; MAX_PLY + 1];
        for table in [&mut self.quiet, &mut self.capture, &mut self.continuation] {
            for entry in table.iter_mut() {
                *entry /= 2;
            }
        }
    }

    /// Forgets everything learnt, as new tables would.
    pub fn clear(&mut self) {
        self.killers = [[0; 2]; MAX_PLY + 1];
        self.quiet.fill(0);
        self.capture.fill(0);
        self.continuation.fill(0);
        self.correction.fill(0);
    }

    fn correction_slot<P: Rules>(pos: &P) -> usize {
        let side = usize::from(!pos.white_to_move());
        side * CORRECTION_SLOTS + (pos.pawn_key() >> 50) as usize % CORRECTION_SLOTS
    }

    /// `raw`, the static evaluation of `pos`, corrected by what the
    /// searches found it missed in positions with the same pawns.
    pub fn corrected_eval<P: Rules>(&self, pos: &P, raw: i32) -> i32 {
        raw + i32::from(self.correction[Self::correction_slot(pos)]) / CORRECTION_GRAIN
    }

    /// A search to `depth` scored `pos` `error` centipawns above its
    /// (corrected) static evaluation.
    pub fn update_correction<P: Rules>(&mut self, pos: &P, depth: i32, error: i32) {
        let entry = &mut self.correction[Self::correction_slot(pos)];
        let weight = (depth + 1).min(16);
        let target = (error * CORRECTION_GRAIN).clamp(-CORRECTION_MAX, CORRECTION_MAX);
        let e = i32::from(*entry);
        let moved =
            (e * (CORRECTION_WEIGHT_SCALE - weight) + target * weight) / CORRECTION_WEIGHT_SCALE;
        *entry = moved.clamp(-CORRECTION_MAX, CORRECTION_MAX) as i16;
    }

    pub fn killers(&self, ply: usize) -> [u32; 2] {
        self.killers[ply]
    }

    pub fn is_killer(&self, code: u32, ply: usize) -> bool {
        self.killers[ply].contains(&code)
    }

    fn quiet_slot<P: Rules>(&self, pos: &P, m: P::Move) -> usize {
        usize::from(!pos.white_to_move()) * self.history_slots + pos.history_index(m)
    }

    fn continuation_slot(&self, before: usize, piece_to: usize) -> usize {
        before * self.piece_to_slots + piece_to
    }

    /// How well a quiet turn did: its own history plus its continuation
    /// histories after the turns one and two plies back.
    pub fn quiet_score<P: Rules>(&self, pos: &P, m: P::Move, context: &[PieceTo; 2]) -> i32 {
        let piece_to = pos.piece_to_index(m);
        let mut score = i32::from(self.quiet[self.quiet_slot(pos, m)]);
        for before in context.iter().flatten() {
            score += i32::from(self.continuation[self.continuation_slot(*before, piece_to)]);
        }
        score
    }

    pub fn capture_score<P: Rules>(&self, pos: &P, m: P::Move) -> i32 {
        i32::from(self.capture[pos.piece_to_index(m)])
    }

    /// A quiet turn `m` caused a cutoff at `depth`: it gains, the quiet
    /// turns `tried` before it lose.
    pub fn reward_quiet<P: Rules>(
        &mut self,
        pos: &P,
        m: P::Move,
        tried: &[P::Move],
        depth: i32,
        ply: usize,
        context: &[PieceTo; 2],
    ) {
        let code = P::encode(m);
        if self.killers[ply][0] != code {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = code;
        }
        let b = bonus(depth);
        self.update_quiet(pos, m, b, context);
        for &q in tried {
            self.update_quiet(pos, q, -b, context);
        }
    }

    fn update_quiet<P: Rules>(&mut self, pos: &P, m: P::Move, b: i32, context: &[PieceTo; 2]) {
        let slot = self.quiet_slot(pos, m);
        update(&mut self.quiet[slot], b);
        let piece_to = pos.piece_to_index(m);
        for before in context.iter().flatten() {
            let slot = self.continuation_slot(*before, piece_to);
            update(&mut self.continuation[slot], b);
        }
    }

    /// A cutoff at `depth`: a tactical `best` gains; the tactical turns
    /// `tried` before the cutting turn lose.
    pub fn reward_captures<P: Rules>(
        &mut self,
        pos: &P,
        best: Option<P::Move>,
        tried: &[P::Move],
        depth: i32,
    ) {
        let b = bonus(depth);
        if let Some(m) = best {
            update(&mut self.capture[pos.piece_to_index(m)], b);
        }
        for &c in tried {
            update(&mut self.capture[pos.piece_to_index(c)], -b);
        }
    }
}
