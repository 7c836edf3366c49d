//! The two questions the search asks of the tables, for every backend
//! ([`Endgames`]; a backend without tables keeps the answers "not known"),
//! and their answers for the shakmaty-backed chess and atomic.

use shakmaty::variant::Atomic;
use shakmaty::{Chess, Move, Position};
use shakmaty_syzygy::{AmbiguousWdl, Syzygy, Tablebase, Wdl};

use super::Tablebases;
use crate::variants::shakmaty_backend::{Shakmaty, ShakmatyVariant};
use crate::variants::Rules;

/// What the tables say a position is worth to the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TbValue {
    Loss,
    /// Lost, but the 50-move rule saves it.
    BlessedLoss,
    Draw,
    /// Won, but the 50-move rule spoils it.
    CursedWin,
    Win,
}

impl TbValue {
    /// The value once the 50-move rule is taken into account or not
    /// (`Syzygy50MoveRule`): without it a cursed win is a win.
    pub fn under(self, fifty_move_rule: bool) -> TbValue {
        match self {
            TbValue::CursedWin if !fifty_move_rule => TbValue::Win,
            TbValue::BlessedLoss if !fifty_move_rule => TbValue::Loss,
            v => v,
        }
    }

    fn of(wdl: Wdl) -> TbValue {
        match wdl {
            Wdl::Loss => TbValue::Loss,
            Wdl::BlessedLoss => TbValue::BlessedLoss,
            Wdl::Draw => TbValue::Draw,
            Wdl::CursedWin => TbValue::CursedWin,
            Wdl::Win => TbValue::Win,
        }
    }

    /// A value from DTZ and the halfmove clock; where rounding leaves it
    /// ambiguous, the outright result.
    fn of_ambiguous(wdl: AmbiguousWdl) -> TbValue {
        match wdl {
            AmbiguousWdl::Loss | AmbiguousWdl::MaybeLoss => TbValue::Loss,
            AmbiguousWdl::BlessedLoss => TbValue::BlessedLoss,
            AmbiguousWdl::Draw => TbValue::Draw,
            AmbiguousWdl::CursedWin => TbValue::CursedWin,
            AmbiguousWdl::MaybeWin | AmbiguousWdl::Win => TbValue::Win,
        }
    }

    /// The same result seen by the other side.
    fn flipped(self) -> TbValue {
        match self {
            TbValue::Loss => TbValue::Win,
            TbValue::BlessedLoss => TbValue::CursedWin,
            TbValue::Draw => TbValue::Draw,
            TbValue::CursedWin => TbValue::BlessedLoss,
            TbValue::Win => TbValue::Loss,
        }
    }
}

/// The root turns the tables keep: those that reach the best value, the
/// fastest to a zeroing move or mate when that value is a win, the slowest
/// when a loss, every one when a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootTurns<M> {
    pub turns: Vec<M>,
    pub value: TbValue,
    /// Plies to the next capture, pawn move or mate (DTZ) along the kept
    /// turns, from the root.
    pub plies: u32,
}

/// Tablebase probes for a backend.
pub trait Endgames: Rules {
    /// The tables' value of the position as if just after a capture or pawn
    /// move (the search probes only there: the halfmove clock is 0), if
    /// they hold it.
    fn probe_wdl(&self, _tables: &Tablebases) -> Option<TbValue> {
        None
    }

    /// At the root: the turns that keep the tables' best result
    /// ([`RootTurns`]), if the tables hold the position and every turn's
    /// successor.
    fn root_turns(&self, _tables: &Tablebases) -> Option<RootTurns<Self::Move>> {
        None
    }
}

/// The tables of a shakmaty position type.
pub trait TablesOf: Position + Clone + Syzygy {
    fn tables(tables: &Tablebases) -> &Tablebase<Self>;
}

impl TablesOf for Chess {
    fn tables(tables: &Tablebases) -> &Tablebase<Chess> {
        &tables.chess
    }
}

impl TablesOf for Atomic {
    fn tables(tables: &Tablebases) -> &Tablebase<Atomic> {
        &tables.atomic
    }
}

/// Whether the tables can hold `pos`: no castling right, few enough pieces.
fn probeable<P: TablesOf>(pos: &P, tables: &Tablebases) -> bool {
    let pieces = pos.board().occupied().count();
    pieces <= tables.config.probe_limit
        && pieces <= P::tables(tables).max_pieces()
        && !pos.castles().any()
}

/// A root turn's rank: its value for the mover, then how many plies it
/// takes to the next zeroing move or mate.
fn rank_turn<P: TablesOf>(pos: &P, m: Move, tables: &Tablebase<P>) -> Option<(TbValue, u32)> {
    let mut after = pos.clone();
    after.play_unchecked(m);
    if let Some(outcome) = after.outcome().known() {
        return Some(match outcome.winner() {
            Some(winner) if winner == pos.turn() => (TbValue::Win, 1),
            Some(_) => (TbValue::Loss, 1),
            None => (TbValue::Draw, 1),
        });
    }
    if m.is_zeroing() {
        // The move itself resets the count: one ply to a zeroing move.
        let wdl = tables.probe_wdl_after_zeroing(&after).ok()?;
        return Some((TbValue::of(wdl).flipped(), 1));
    }
    let dtz = tables.probe_dtz(&after).ok()?;
    let wdl = AmbiguousWdl::from_dtz_and_halfmoves(dtz, after.halfmoves());
    let plies = 1 + dtz.ignore_rounding().0.unsigned_abs();
    Some((TbValue::of_ambiguous(wdl).flipped(), plies))
}

impl<P: ShakmatyVariant + TablesOf> Endgames for Shakmaty<P> {
    fn probe_wdl(&self, tables: &Tablebases) -> Option<TbValue> {
        if !probeable(&self.pos, tables) {
            return None;
        }
        let wdl = P::tables(tables).probe_wdl_after_zeroing(&self.pos).ok()?;
        Some(TbValue::of(wdl))
    }

    fn root_turns(&self, tables: &Tablebases) -> Option<RootTurns<Move>> {
        if !probeable(&self.pos, tables) {
            return None;
        }
        let fifty = tables.config.fifty_move_rule;
        let ranked: Vec<(Move, TbValue, u32)> = self
            .pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let (value, plies) = rank_turn(&self.pos, m, P::tables(tables))?;
                Some((m, value.under(fifty), plies))
            })
            .collect::<Option<_>>()?;
        let value = ranked.iter().map(|r| r.1).max()?;
        let best = ranked.iter().filter(|r| r.1 == value);
        let plies = match value {
            TbValue::Win | TbValue::CursedWin => best.clone().map(|r| r.2).min()?,
            TbValue::Loss | TbValue::BlessedLoss => best.clone().map(|r| r.2).max()?,
            TbValue::Draw => 0,
        };
        let turns = best
            .filter(|r| value == TbValue::Draw || r.2 == plies)
            .map(|r| r.0)
            .collect();
        Some(RootTurns {
            turns,
            value,
            plies,
        })
    }
}
