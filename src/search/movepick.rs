//! The staged move picker: the table's turn first, before anything is
//! generated (most nodes with one end there); then the generated turns,
//! scored once and picked lazily best first: tactical turns that do not
//! lose material by static exchange (most valuable victim, capture
//! history), killers, quiet turns by their histories (read when the first
//! quiet turn is reached), and last the tactical turns that lose material.
//!
//! A backend that generates its quiet turns apart ([`Rules::QUIETS_APART`])
//! is asked for the tactical turns alone first; the killers are checked by
//! their codes, and the quiet turns generated only when the picker reaches
//! them, so that a node cut by a capture or a killer never generates them.
//! The order is the same, but for ties among equal scores.

use crate::variants::{retain_from, Rules};

use super::history::{Histories, PieceTo};

const TABLE_TURN: i32 = 1 << 30;
const GOOD_TACTICAL: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
const BAD_TACTICAL: i32 = -(1 << 28);
/// Scores within a band stay below this distance from its base.
const BAND: i32 = 1 << 24;
/// A quiet turn not yet scored by its histories: below the killers, above
/// every scored quiet turn. The histories are read only when the picker
/// reaches the quiet turns, so a node cut by a capture or a killer never
/// reads them, and the others read what their earlier siblings taught.
const QUIET_UNSCORED: i32 = KILLER - 1;

/// Which turns the picker hands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every legal turn (the main search, quiescence in check).
    All,
    /// The turns [`Rules::is_tactical`] accepts (quiescence).
    Tactical,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    TableTurn,
    Generate,
    /// With the quiet turns apart: the tactical turns that do not lose
    /// material, best first.
    GoodTactical,
    /// With the quiet turns apart: the first killer, then the second.
    Killer(usize),
    /// With the quiet turns apart: generate and score them.
    GenerateQuiet,
    Pick,
}

/// Picks the turns of one node in order. It owns the node's buffers,
/// which the search lends it and takes back ([`MovePicker::into_buffers`]).
pub struct MovePicker<P: Rules> {
    moves: Vec<P::Move>,
    scores: Vec<i32>,
    table_code: u32,
    stage: Stage,
    index: usize,
    mode: Mode,
    /// Some turns are still [`QUIET_UNSCORED`].
    quiets_unscored: bool,
    /// The killers handed out in their own stage, to be left out of the
    /// quiet turns (0 for none).
    killers_out: [u32; 2],
}

impl<P: Rules> MovePicker<P> {
    /// A picker for a node whose table turn has code `table_code` (0 for
    /// none), over the buffers `moves` and `scores`.
    pub fn new(mut moves: Vec<P::Move>, mut scores: Vec<i32>, table_code: u32, mode: Mode) -> Self {
        moves.clear();
        scores.clear();
        MovePicker {
            moves,
            scores,
            table_code,
            stage: Stage::TableTurn,
            index: 0,
            mode,
            quiets_unscored: false,
            killers_out: [0; 2],
        }
    }

    /// Whether this node generates its tactical and quiet turns apart.
    fn quiets_apart(&self) -> bool {
        P::QUIETS_APART && self.mode == Mode::All
    }

    pub fn into_buffers(self) -> (Vec<P::Move>, Vec<i32>) {
        (self.moves, self.scores)
    }

    /// The next turn, or `None` when all were handed out. `context` holds
    /// the turns one and two plies back (continuation histories).
    pub fn next(
        &mut self,
        pos: &P,
        histories: &Histories,
        ply: usize,
        context: &[PieceTo; 2],
    ) -> Option<P::Move> {
        loop {
            match self.stage {
                Stage::TableTurn => {
                    self.stage = Stage::Generate;
                    // Quiescence generates only tactical turns, which is
                    // cheaper than a backend's check of a code may be: there
                    // the table turn is just scored first.
                    if self.table_code == 0 || self.mode == Mode::Tactical {
                        continue;
                    }
                    match pos.legal_from_code(self.table_code, &mut self.moves) {
                        Some(m) => return Some(m),
                        None => self.table_code = 0,
                    }
                }
                Stage::Generate => {
                    self.stage = if self.quiets_apart() {
                        Stage::GoodTactical
                    } else {
                        Stage::Pick
                    };
                    self.generate(pos);
                    self.score(pos, histories, ply);
                }
                Stage::GoodTactical => match self.best() {
                    Some(i) if self.scores[i] >= GOOD_TACTICAL - BAND => {
                        return Some(self.hand_out(i))
                    }
                    _ => self.stage = Stage::Killer(0),
                },
                Stage::Killer(k) => {
                    self.stage = if k == 0 {
                        Stage::Killer(1)
                    } else {
                        Stage::GenerateQuiet
                    };
                    if let Some(m) = self.killer(pos, histories.killers(ply), k) {
                        return Some(m);
                    }
                }
                Stage::GenerateQuiet => {
                    self.stage = Stage::Pick;
                    self.generate_quiet(pos, histories, context);
                }
                Stage::Pick => return self.pick(pos, histories, context),
            }
        }
    }

    /// Fills the list (with the tactical turns alone if the quiet turns
    /// come apart), unless [`Rules::legal_from_code`] already did.
    fn generate(&mut self, pos: &P) {
        if self.quiets_apart() {
            pos.generate_tactical(&mut self.moves);
        } else if self.moves.is_empty() {
            match self.mode {
                Mode::All => pos.generate(&mut self.moves),
                Mode::Tactical => pos.generate_tactical(&mut self.moves),
            }
        } else if self.mode == Mode::Tactical {
            self.moves.retain(|&m| pos.is_tactical(m));
        }
        // The table turn was handed out already (its code is unique).
        if self.table_code != 0 && self.mode == Mode::All {
            let code = self.table_code;
            if let Some(i) = self.moves.iter().position(|&m| P::encode(m) == code) {
                self.moves.remove(i);
            }
        }
    }

    /// Scores every turn but the quiet ones that are not killers: those
    /// wait as [`QUIET_UNSCORED`] for [`MovePicker::score_quiets`].
    fn score(&mut self, pos: &P, histories: &Histories, ply: usize) {
        let killers = histories.killers(ply);
        self.scores.clear();
        // Only quiescence's list can hold the table turn (a tactical one):
        // elsewhere it was handed out first and taken off the list.
        let table_code = match self.mode {
            Mode::Tactical => self.table_code,
            Mode::All => 0,
        };
        let mut unscored = false;
        self.scores.extend(self.moves.iter().map(|&m| {
            if pos.is_tactical(m) {
                if table_code != 0 && P::encode(m) == table_code {
                    return TABLE_TURN;
                }
                let value = (pos.tactical_gain(m) + histories.capture_score(pos, m) / 4)
                    .clamp(-BAND + 1, BAND - 1);
                if pos.see_ge(m, 0) {
                    GOOD_TACTICAL + value
                } else {
                    BAD_TACTICAL + value
                }
            } else if killers == [0, 0] {
                unscored = true;
                QUIET_UNSCORED
            } else {
                let code = P::encode(m);
                if code == killers[0] {
                    KILLER + 1
                } else if code == killers[1] {
                    KILLER
                } else {
                    unscored = true;
                    QUIET_UNSCORED
                }
            }
        }));
        self.quiets_unscored = unscored;
    }

    /// The histories' scores of the quiet turns still waiting for them.
    /// The turns handed out so far all scored above them, so the list is
    /// now as if every turn had been scored at once: the order is the same.
    fn score_quiets(&mut self, pos: &P, histories: &Histories, context: &[PieceTo; 2]) {
        self.quiets_unscored = false;
        let rest = self.index..self.moves.len();
        for (score, &m) in self.scores[rest.clone()].iter_mut().zip(&self.moves[rest]) {
            if *score == QUIET_UNSCORED {
                *score = histories
                    .quiet_score(pos, m, context)
                    .clamp(-BAND + 1, BAND - 1);
            }
        }
    }

    /// Killer `k` of `killers`, if it is a legal quiet turn that was not
    /// handed out already (the table's turn, the other killer).
    fn killer(&mut self, pos: &P, killers: [u32; 2], k: usize) -> Option<P::Move> {
        let code = killers[k];
        if code == 0 || code == self.table_code || (k == 1 && code == killers[0]) {
            return None;
        }
        // `legal_from_code` leaves the list as it is (QUIETS_APART).
        let m = pos
            .legal_from_code(code, &mut self.moves)
            .filter(|&m| !pos.is_tactical(m))?;
        self.killers_out[k] = code;
        Some(m)
    }

    /// Appends the quiet turns but those handed out already, scored by
    /// their histories.
    fn generate_quiet(&mut self, pos: &P, histories: &Histories, context: &[PieceTo; 2]) {
        let start = self.moves.len();
        pos.generate_quiet(&mut self.moves);
        let (table_code, killers_out) = (self.table_code, self.killers_out);
        retain_from(&mut self.moves, start, |m| {
            let code = P::encode(m);
            code != table_code && !killers_out.contains(&code)
        });
        self.scores.extend(self.moves[start..].iter().map(|&m| {
            histories
                .quiet_score(pos, m, context)
                .clamp(-BAND + 1, BAND - 1)
        }));
    }

    /// Where the best remaining turn (the first of equals) is.
    fn best(&self) -> Option<usize> {
        Some(self.index + first_highest(self.scores.get(self.index..)?)?)
    }

    /// Swaps the turn at `i` to the front of what is left and hands it out.
    fn hand_out(&mut self, i: usize) -> P::Move {
        self.moves.swap(self.index, i);
        self.scores.swap(self.index, i);
        self.index += 1;
        self.moves[self.index - 1]
    }

    /// Hands out the best remaining turn.
    fn pick(&mut self, pos: &P, histories: &Histories, context: &[PieceTo; 2]) -> Option<P::Move> {
        let mut best = self.best()?;
        if self.quiets_unscored && self.scores[best] == QUIET_UNSCORED {
            self.score_quiets(pos, histories, context);
            best = self.best()?;
        }
        Some(self.hand_out(best))
    }
}

/// Where the highest score first is. Two passes, the highest score (eight
/// lanes at a time, which vectorises) and then where it first is, rather
/// than one loop of compares and branches: avalanche's nodes have a hundred
/// turns and more (a move times the pushes after it), and that loop was a
/// third of its search time.
fn first_highest(scores: &[i32]) -> Option<usize> {
    let chunks = scores.chunks_exact(8);
    let mut high = chunks.remainder().iter().copied().max();
    let mut lanes = [i32::MIN; 8];
    for chunk in chunks {
        for (lane, &s) in lanes.iter_mut().zip(chunk) {
            *lane = (*lane).max(s);
        }
    }
    if scores.len() >= 8 {
        high = high.max(lanes.into_iter().max());
    }
    let high = high?;
    scores.iter().position(|&s| s == high)
}

/// Perft whose every node lists its turns through a [`MovePicker`], with
/// the table turn taken from `table_turn(position, legal turns)`, and
/// killers as a search would leave them: turns of the nodes before at the
/// same ply (every third turn, quiet or tactical, made a killer after it
/// was counted), which may be legal here, the table's turn, or stale. Must
/// equal plain perft whatever the table and the killers say.
pub fn perft_through_picker<P: Rules>(
    pos: &P,
    depth: u32,
    table_turn: &dyn Fn(&P, &[P::Move]) -> u32,
) -> u64 {
    fn count<P: Rules>(
        pos: &P,
        depth: u32,
        ply: usize,
        table_turn: &dyn Fn(&P, &[P::Move]) -> u32,
        histories: &mut Histories,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut legal = Vec::new();
        pos.generate(&mut legal);
        let code = table_turn(pos, &legal);
        let mut picker = MovePicker::<P>::new(Vec::new(), Vec::new(), code, Mode::All);
        let mut nodes = 0;
        let mut handed_out = 0;
        while let Some(m) = picker.next(pos, histories, ply, &[None, None]) {
            let mut child = pos.clone();
            child.play(m);
            nodes += count(&child, depth - 1, ply + 1, table_turn, histories);
            handed_out += 1;
            if pos.hash().wrapping_add(handed_out).is_multiple_of(3) {
                histories.reward_quiet(pos, m, &[], 1, ply, &[None, None]);
            }
        }
        nodes
    }
    count(pos, depth, 0, table_turn, &mut Histories::new::<P>())
}

/// The tactical turns a quiescence picker hands out at `pos` when the
/// table names `code`: the same set as [`Rules::generate_tactical`].
pub fn tactical_through_picker<P: Rules>(pos: &P, code: u32) -> Vec<P::Move> {
    let histories = Histories::new::<P>();
    let mut picker = MovePicker::<P>::new(Vec::new(), Vec::new(), code, Mode::Tactical);
    std::iter::from_fn(|| picker.next(pos, &histories, 0, &[None, None])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::ChessPosition;
    use crate::variants::VariantId;

    #[test]
    fn turns_come_best_first_and_the_first_of_equals_first() {
        let pos = ChessPosition::start(VariantId::Chess);
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        moves.truncate(6);
        let mut picker = MovePicker::<ChessPosition>::new(Vec::new(), Vec::new(), 0, Mode::All);
        picker.moves = moves.clone();
        picker.scores = vec![3, 7, 7, -1, 7, 5];
        picker.stage = Stage::Pick;
        let histories = Histories::new::<ChessPosition>();
        let order: Vec<usize> = std::iter::from_fn(|| picker.pick(&pos, &histories, &[None, None]))
            .map(|m| moves.iter().position(|&n| n == m).unwrap())
            .collect();
        assert_eq!(order, [1, 2, 4, 5, 0, 3]);
    }

    /// Every turn of a node, in the picker's order; `eager` scores the
    /// quiet turns at once, as the picker did before it waited for them.
    fn picked(pos: &ChessPosition, histories: &Histories, eager: bool) -> Vec<String> {
        let mut picker = MovePicker::<ChessPosition>::new(Vec::new(), Vec::new(), 0, Mode::All);
        picker.generate(pos);
        picker.score(pos, histories, 3);
        if eager {
            picker.score_quiets(pos, histories, &[None, None]);
        }
        picker.stage = Stage::Pick;
        std::iter::from_fn(|| picker.next(pos, histories, 3, &[None, None]))
            .map(|m| pos.format_move(m))
            .collect()
    }

    #[test]
    fn quiet_turns_scored_late_come_in_the_order_of_scoring_all_at_once() {
        // Captures good and bad, quiet turns, and histories that rank the
        // quiet turns apart from their generation order.
        let pos = ChessPosition::from_fen(
            VariantId::Chess,
            "r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 7",
        )
        .expect("a legal position");
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        let quiet: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&m| !pos.is_tactical(m))
            .collect();
        let mut histories = Histories::new::<ChessPosition>();
        for (k, &m) in quiet.iter().enumerate().rev().step_by(3) {
            histories.reward_quiet(&pos, m, &quiet[..k / 2], 1 + k as i32 % 7, 3, &[None, None]);
        }
        let lazy = picked(&pos, &histories, false);
        assert_eq!(lazy, picked(&pos, &histories, true));
        assert_eq!(lazy.len(), moves.len());
        // The order does follow the histories: the killer first among the
        // quiet turns, some quiet turns moved ahead of generation order.
        let quiet_text: Vec<String> = quiet.iter().map(|&m| pos.format_move(m)).collect();
        let lazy_quiet: Vec<&String> = lazy.iter().filter(|t| quiet_text.contains(t)).collect();
        assert_ne!(lazy_quiet, quiet_text.iter().collect::<Vec<_>>());
    }

    #[test]
    fn the_first_highest_score_is_found_in_the_lanes_and_the_tail() {
        assert_eq!(first_highest(&[]), None);
        assert_eq!(first_highest(&[-5]), Some(0));
        let mut scores: Vec<i32> = (0..21).map(|i| (i * 7) % 11 - 40).collect();
        assert_eq!(first_highest(&scores), Some(3));
        scores[19] = 9;
        assert_eq!(first_highest(&scores), Some(19));
        scores[11] = 9;
        assert_eq!(first_highest(&scores), Some(11));
        assert_eq!(first_highest(&[i32::MIN; 9]), Some(0));
    }
}
