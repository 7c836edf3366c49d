//! One search thread: PVS negamax with quiescence search.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::eval::Variant;
use crate::nnue::features::InputSpace;
use crate::nnue::network::Network;
use crate::nnue::stack::AccumulatorStack;
use crate::tablebase::{Tablebases, TbValue};
use crate::variants::{GameEnd, Outcome, VariantId};

use super::history::{Histories, PieceTo};
use super::movepick::{Mode, MovePicker};
use super::params::{self, SearchParams};
use super::score::{is_mate, DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY, TB_WIN};
use super::tt::{Bound, Entry};
use super::Shared;

/// In-check quiescence nodes on one path that search every evasion.
const QS_EVASIONS: u32 = 2;

/// The static evaluation of a node in check (none).
const NO_EVAL: i32 = -INFINITY;

/// Score of a finished game at `ply`, from the side to move.
fn end_score(end: GameEnd, ply: usize) -> i32 {
    match end.outcome {
        Outcome::Win => MATE - ply as i32,
        Outcome::Loss => -MATE + ply as i32,
        Outcome::Draw => DRAW,
    }
}

/// Late-move reductions by depth and move number (both below 64).
fn lmr_table(params: &SearchParams) -> Vec<[i32; 64]> {
    let base = f64::from(params.lmr_base) / 100.0;
    let divisor = f64::from(params.lmr_divisor) / 100.0;
    (0..64)
        .map(|d| {
            let mut row = [0; 64];
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                if d > 0 {
                    *r = (base + (d as f64).ln() * (n as f64).ln() / divisor) as i32;
                }
            }
            row
        })
        .collect()
}

/// A table value as a search score and the bound it gives: a win is worth
/// at least [`TB_WIN`] (the search may find a mate, which is more), a loss
/// at most its negation; a win or loss the 50-move rule turns into a draw
/// is a draw, a point off zero so that the search still prefers the side
/// that may yet win.
fn tb_score(value: TbValue) -> (i32, Bound) {
    match value {
        TbValue::Win => (TB_WIN, Bound::Lower),
        TbValue::CursedWin => (DRAW + 1, Bound::Exact),
        TbValue::Draw => (DRAW, Bound::Exact),
        TbValue::BlessedLoss => (DRAW - 1, Bound::Exact),
        TbValue::Loss => (-TB_WIN, Bound::Upper),
    }
}

/// Whether a table score may be trusted under the 50-move rule: a mate
/// found along another path may need more plies than the rule leaves this
/// one (the table does not know the halfmove clock), and is then no mate.
fn mate_outruns_fifty_moves<P: Variant>(score: i32, ply: usize, pos: &P) -> bool {
    if !is_mate(score) {
        return true;
    }
    let plies_to_mate = MATE - score.abs() - ply as i32;
    let plies_left = P::DRAW_RULES.no_progress_plies as i32 - pos.halfmove_clock() as i32;
    plies_to_mate <= plies_left
}

pub struct Worker<P: Variant> {
    pub shared: Arc<Shared>,
    /// Nodes not yet added to the shared counter.
    unflushed: u64,
    /// Nodes between looks at the shared counter and the clock: fewer under
    /// a small `go nodes` limit, so that it is kept.
    check_every: u64,
    /// Nodes this worker searched since the search began.
    pub nodes: u64,
    /// Nodes spent below each root turn searched to the end in the current
    /// iteration, by code (the clock's node share).
    pub root_nodes: Vec<(u32, u64)>,
    pub seldepth: usize,
    pub history: Histories,
    /// Keys of the game before the root, then of the path from the root.
    pub keys: Vec<u64>,
    /// Index in `keys` of the root position.
    root_index: usize,
    /// Index in `keys` of the first position after the last null move on
    /// the path (no repetition reaches across a pass); 0 without one.
    null_floor: usize,
    /// The [`Searcher`](super::Searcher)'s game number this worker's
    /// histories belong to: a new game starts them afresh.
    game: u64,
    move_buffers: Vec<Vec<P::Move>>,
    score_buffers: Vec<Vec<i32>>,
    quiets_tried: Vec<Vec<P::Move>>,
    tacticals_tried: Vec<Vec<P::Move>>,
    /// Static evaluation of each ply on the path ([`NO_EVAL`] in check).
    evals: Vec<i32>,
    /// The turn into each ply, for continuation histories.
    moved: Vec<PieceTo>,
    /// Triangular principal-variation table.
    pub pv: Vec<Vec<P::Move>>,
    /// Root turns to skip (MultiPV lines already found) and to allow
    /// (`searchmoves`; empty = all).
    pub root_excluded: Vec<P::Move>,
    pub root_allowed: Vec<P::Move>,
    /// The search parameters, read when the search starts.
    pub params: SearchParams,
    /// Late-move reductions by depth and move number.
    lmr: Vec<[i32; 64]>,
    /// Whether the turn into each ply was a null move (no two in a row).
    null_played: Vec<bool>,
    /// The turn (its code) a singular-extension search at each ply leaves
    /// out; 0 for none.
    excluded: Vec<u32>,
    /// Double singular extensions on the path to each ply (they are
    /// capped, or the tree could grow without end).
    double_extensions: Vec<u32>,
    /// The network's accumulators, when the variant has a network loaded.
    nnue: Option<AccumulatorStack>,
    /// The endgame tables, probed inside the search when `tb_probing`
    /// (not when the root itself was decided by them, as in Stockfish).
    pub tables: Arc<Tablebases>,
    pub tb_probing: bool,
    /// The score of the root turn that last raised alpha (and heads
    /// `pv[0]`), for an iteration cut short.
    pub root_best_score: i32,
    pub stopped: bool,
}

impl<P: Variant> Worker<P> {
    /// The worker a pool thread (or the main thread) left in `slot` after
    /// its last search, reset for a new one; a new worker if there is none
    /// for this variant.
    ///
    /// `keys` are the game's keys up to and including the root's; `game`
    /// numbers the game (histories learnt in an earlier one are dropped).
    pub fn take(
        slot: &mut Option<Box<dyn std::any::Any + Send>>,
        shared: &Arc<Shared>,
        keys: &[u64],
        game: u64,
    ) -> Box<Self> {
        match slot.take().and_then(|b| b.downcast::<Self>().ok()) {
            Some(mut worker) => {
                worker.reset(shared, keys, game);
                worker
            }
            None => Box::new(Worker::new(shared, keys, game)),
        }
    }

    /// Ready for the next search of the game, keeping the buffers' memory
    /// and, within one game, what the histories learnt (aged).
    fn reset(&mut self, shared: &Arc<Shared>, keys: &[u64], game: u64) {
        self.shared = Arc::clone(shared);
        let params = params::current();
        if params != self.params {
            self.lmr = lmr_table(&params);
            self.params = params;
        }
        self.unflushed = 0;
        self.check_every = Self::check_interval(shared);
        self.nodes = 0;
        self.root_nodes.clear();
        self.seldepth = 0;
        if self.game == game {
            self.history.age();
        } else {
            self.history.clear();
            self.game = game;
        }
        self.keys.clear();
        self.keys.extend_from_slice(keys);
        self.root_index = keys.len().saturating_sub(1);
        self.null_floor = 0;
        self.root_excluded.clear();
        self.root_allowed.clear();
        self.null_played.fill(false);
        self.excluded.fill(0);
        self.double_extensions.fill(0);
        self.moved.fill(None);
        self.stopped = false;
    }

    fn check_interval(shared: &Shared) -> u64 {
        shared
            .node_limit()
            .map_or(1024, |n| (n / 64).clamp(1, 1024))
    }

    pub fn new(shared: &Arc<Shared>, keys: &[u64], game: u64) -> Self {
        let params = params::current();
        Worker {
            shared: Arc::clone(shared),
            unflushed: 0,
            check_every: Self::check_interval(shared),
            nodes: 0,
            root_nodes: Vec::new(),
            seldepth: 0,
            history: Histories::new::<P>(),
            keys: keys.to_vec(),
            root_index: keys.len().saturating_sub(1),
            null_floor: 0,
            game,
            move_buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            score_buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            quiets_tried: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            tacticals_tried: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            evals: vec![NO_EVAL; MAX_PLY + 2],
            moved: vec![None; MAX_PLY + 2],
            pv: (0..=MAX_PLY + 1)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            root_excluded: Vec::new(),
            root_allowed: Vec::new(),
            lmr: lmr_table(&params),
            params,
            null_played: vec![false; MAX_PLY + 2],
            excluded: vec![0; MAX_PLY + 2],
            double_extensions: vec![0; MAX_PLY + 2],
            nnue: None,
            tables: Arc::default(),
            tb_probing: false,
            root_best_score: 0,
            stopped: false,
        }
    }

    /// Evaluates with `network` (the hand-written evaluation for `None`)
    /// in the searches to come; a worker keeps its accumulators while the
    /// network stays the same.
    pub fn use_network(&mut self, network: Option<Arc<Network>>, variant: VariantId) {
        match network {
            None => self.nnue = None,
            Some(net) => {
                if let Some(stack) = &mut self.nnue {
                    if Arc::ptr_eq(stack.network(), &net) {
                        stack.clear();
                        return;
                    }
                }
                let space = InputSpace::of::<P>(variant);
                self.nnue = Some(AccumulatorStack::new(net, space, MAX_PLY + 2));
            }
        }
    }

    /// The static evaluation of the node at `ply`: the network's when one is
    /// loaded, else the hand-written one.
    #[inline]
    fn evaluate(&mut self, pos: &P, ply: usize) -> i32 {
        match &mut self.nnue {
            Some(stack) => stack.evaluate(pos, ply),
            None => pos.evaluate(),
        }
    }

    /// The static evaluation of the node at `ply`: the table's, when its
    /// entry for the position holds one (the same number, stored by an
    /// earlier visit), else computed.
    fn evaluate_or_recall(&mut self, pos: &P, ply: usize, entry: Option<Entry>) -> i32 {
        match entry.and_then(|e| e.eval) {
            Some(eval) => {
                self.note_unevaluated(pos, ply);
                eval
            }
            None => self.evaluate(pos, ply),
        }
    }

    /// A node that searches on without evaluating itself tells the
    /// network's stack its pieces, so that the nodes below update from it
    /// rather than from a slot of another subtree.
    fn note_unevaluated(&mut self, pos: &P, ply: usize) {
        if let Some(stack) = &mut self.nnue {
            stack.skip(pos, ply);
        }
    }

    /// Counts a node and, every `check_every` nodes, looks at the limits.
    /// Every thread looks, not only the main one, so that the deadline is
    /// noticed by whichever thread the system runs at that moment.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= self.check_every {
            let total = self
                .shared
                .nodes
                .fetch_add(self.unflushed, Ordering::Relaxed)
                + self.unflushed;
            self.unflushed = 0;
            if self.shared.out_of_budget(total) {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
    }

    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// A draw by the game's history, as the search scores it: the 50-move
    /// rule (unless the side to move is mated), or a repetition within the
    /// reversible stretch since the last null move: once is enough when the
    /// earlier position is on the search path (after the root), a position
    /// of the game before the root must have occurred twice already.
    fn is_rule_draw(&self, pos: &P) -> bool {
        let clock = pos.halfmove_clock();
        if clock >= P::DRAW_RULES.no_progress_plies {
            return !pos.in_check() || pos.count_moves() > 0;
        }
        let n = self.keys.len();
        let key = self.keys[n - 1];
        // Positions a null move separates from this one cannot repeat it.
        let limit = (clock as usize).min(n - 1 - self.null_floor.min(n - 1));
        let mut before_root = 0;
        for back in (4..=limit).step_by(2) {
            let index = n - 1 - back;
            if self.keys[index] == key {
                if index >= self.root_index {
                    return true;
                }
                before_root += 1;
                if before_root + 1 >= P::DRAW_RULES.repetitions {
                    return true;
                }
            }
        }
        false
    }

    /// The principal-variation search of one node: `cut_node` when the
    /// parent expects this node to fail high (a zero-window child searched
    /// first or reduced).
    #[allow(clippy::too_many_arguments)]
    pub fn negamax(
        &mut self,
        pos: &P,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if ply > 0 {
            if let Some(end) = pos.early_end() {
                return end_score(end, ply);
            }
            if self.is_rule_draw(pos) {
                return DRAW;
            }
            // Mate-distance pruning: no line can beat a faster mate.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = pos.in_check();
        if depth <= 0 {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, ply);
        }

        // A singular-extension search of this node without one turn: its
        // result is no value of the node, so it neither reads the table's
        // bound nor stores one, and prunes nothing before the turns.
        let excluded = self.excluded[ply];
        let key = pos.hash();
        let tt_entry = self.shared.tt.probe(key, ply as i32);
        let tt_move = tt_entry.map_or(0, |e| e.move_code);
        if let Some(e) = tt_entry {
            if !pv_node
                && excluded == 0
                && ply > 0
                && e.depth >= depth
                && e.decides(alpha, beta)
                && mate_outruns_fifty_moves(e.score, ply, pos)
            {
                return e.score;
            }
        }

        // The tables, right after a capture or pawn move (where their
        // value does not depend on the 50-move count): a cut-off whenever
        // the value they give settles the window.
        if ply > 0
            && excluded == 0
            && self.tb_probing
            && depth >= self.tables.config.probe_depth
            && pos.halfmove_clock() == 0
        {
            if let Some(value) = pos.probe_wdl(&self.tables) {
                self.shared.tb_hits.fetch_add(1, Ordering::Relaxed);
                let value = value.under(self.tables.config.fifty_move_rule);
                let (score, bound) = tb_score(value);
                let settles = match bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if settles {
                    let entry = Entry {
                        move_code: 0,
                        score,
                        depth: (depth + 6).min(MAX_PLY as i32 - 1),
                        bound,
                        eval: None,
                    };
                    self.shared.tt.store(key, ply as i32, entry);
                    return score;
                }
            }
        }

        let raw_eval = if in_check {
            self.note_unevaluated(pos, ply);
            None
        } else {
            Some(self.evaluate_or_recall(pos, ply, tt_entry))
        };
        let static_eval = raw_eval.map_or(NO_EVAL, |raw| self.history.corrected_eval(pos, raw));
        self.evals[ply] = static_eval;
        // Better than two plies ago (our last turn): prune less, reduce less.
        let improving = !in_check
            && ply >= 2
            && self.evals[ply - 2] != NO_EVAL
            && static_eval > self.evals[ply - 2];
        // Internal iterative reduction: a node the table knows nothing
        // about is searched shallower first, which finds it a turn.
        if depth >= self.params.iir_min_depth && tt_move == 0 && (pv_node || cut_node) {
            depth -= 1;
        }
        if !pv_node && !in_check && ply > 0 && excluded == 0 {
            // Reverse futility: far above beta with little depth left.
            if depth <= self.params.rfp_max_depth
                && static_eval - self.params.rfp_margin * (depth - i32::from(improving)) >= beta
                && !is_mate(beta)
                && !pos.king_threatened()
            {
                return static_eval;
            }
            // Razoring: far below alpha with little depth left, only a
            // tactical turn could save the node, which quiescence sees.
            if depth <= self.params.razor_max_depth
                && static_eval + self.params.razor_margin * depth <= alpha
            {
                let score = self.quiescence(pos, alpha, alpha + 1, ply, 0);
                if self.stopped {
                    return 0;
                }
                if score <= alpha {
                    return score;
                }
            }
            // Null move: if passing still fails high, a real move will too.
            if depth >= self.params.nmp_min_depth
                && static_eval >= beta
                && !self.null_played[ply]
                && pos.null_move_allowed()
            {
                let r = self.params.nmp_base_reduction
                    + depth / self.params.nmp_depth_divisor
                    + ((static_eval - beta) / self.params.nmp_eval_divisor).min(3);
                let mut child = pos.clone();
                child.play_null();
                self.shared.tt.prefetch(child.hash());
                self.keys.push(child.hash());
                self.null_played[ply + 1] = true;
                self.moved[ply + 1] = None;
                let floor = std::mem::replace(&mut self.null_floor, self.keys.len() - 1);
                let score = -self.negamax(
                    &child,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                    !cut_node,
                );
                self.null_floor = floor;
                self.null_played[ply + 1] = false;
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if is_mate(score) { beta } else { score };
                }
            }
        }

        let context = self.context(ply);
        let (moves, scores) = self.take_buffers(ply);
        let mut picker = MovePicker::<P>::new(moves, scores, tt_move, Mode::All);
        let mut quiets = std::mem::take(&mut self.quiets_tried[ply]);
        let mut tacticals = std::mem::take(&mut self.tacticals_tried[ply]);
        quiets.clear();
        tacticals.clear();

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut legal = 0;
        // A fail-high without the table's turn: the node fails high.
        let mut multi_cut = None;
        // Worked out at the first turn that would be pruned.
        let mut forcing_test = None;
        while let Some(m) = picker.next(pos, &self.history, ply, &context) {
            if excluded != 0 && P::encode(m) == excluded {
                continue;
            }
            if ply == 0
                && (self.root_excluded.contains(&m)
                    || !(self.root_allowed.is_empty() || self.root_allowed.contains(&m)))
            {
                continue;
            }
            legal += 1;
            let quiet = !pos.is_tactical(m);
            let nodes_before = self.nodes;
            let history = if quiet {
                self.history.quiet_score(pos, m, &context)
            } else {
                0
            };
            // Pruned unless forcing: late-move pruning, futility pruning,
            // and turns that put a piece where it is lost.
            let prunable = ply > 0 && best_score > -MATE_BOUND && {
                let lmr_depth = (depth - 1 - self.lmr_at(depth, legal)).max(0);
                if quiet {
                    (!pv_node && legal > (3 + depth * depth) / (2 - i32::from(improving)))
                        || (!in_check
                            && lmr_depth <= self.params.futility_max_depth
                            && static_eval
                                + self.params.futility_base
                                + self.params.futility_margin * lmr_depth
                                <= alpha)
                        || (lmr_depth <= self.params.see_quiet_max_depth
                            && !pos
                                .see_ge(m, -self.params.see_quiet_margin * lmr_depth * lmr_depth))
                } else {
                    depth <= self.params.see_tactical_max_depth
                        && !pos.see_ge(m, -self.params.see_tactical_margin * depth)
                }
            };
            // Most pruned turns are ones the backend can tell are not
            // forcing without playing them.
            if prunable && !pos.may_force(forcing_test.get_or_insert_with(|| pos.forcing_test()), m)
            {
                continue;
            }
            let mut child = pos.clone();
            child.play(m);
            self.shared.tt.prefetch(child.hash());
            let gives_check = child.in_check();
            // A turn that threatens the king another way is as forcing;
            // asked past the first turn only, which is never pruned or
            // reduced.
            let forcing = gives_check || (legal > 1 && child.king_threatened());
            if prunable && !forcing {
                continue;
            }
            let mut extension = i32::from(
                gives_check && ply < 2 * depth as usize + self.params.max_check_extensions as usize,
            );
            // Singular extension: the table's turn, when every other turn
            // searched to half the depth falls clearly short of its score,
            // is the only good one and is searched deeper.
            let singular_candidate = tt_entry.filter(|e| {
                ply > 0
                    && excluded == 0
                    && depth >= self.params.se_min_depth
                    && P::encode(m) == tt_move
                    && e.depth >= depth - 3
                    && e.bound != Bound::Upper
                    && !is_mate(e.score)
            });
            if let Some(e) = singular_candidate {
                let singular_beta = e.score - self.params.se_beta_margin * depth;
                self.excluded[ply] = tt_move;
                let score = self.negamax(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    false,
                    cut_node,
                );
                self.excluded[ply] = 0;
                if self.stopped {
                    break;
                }
                if score < singular_beta {
                    extension = 1;
                    if !pv_node
                        && score < singular_beta - self.params.se_double_margin
                        && self.double_extensions[ply] < 6
                    {
                        extension = 2;
                    }
                } else if singular_beta >= beta {
                    multi_cut = Some(singular_beta);
                    break;
                } else if e.score >= beta {
                    // Another turn is nearly as good: this one needs less.
                    extension = -1;
                }
            }
            self.double_extensions[ply + 1] =
                self.double_extensions[ply] + u32::from(extension >= 2);
            self.keys.push(child.hash());
            self.moved[ply + 1] = Some(pos.piece_to_index(m));
            let new_depth = depth - 1 + extension;

            let score = if legal == 1 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, pv_node, false)
            } else {
                let mut reduction = 0;
                if depth >= self.params.lmr_min_depth && legal > self.params.lmr_min_moves && quiet
                {
                    reduction = self.lmr_at(depth, legal);
                    reduction += i32::from(!improving);
                    reduction += i32::from(cut_node);
                    reduction -= i32::from(pv_node);
                    reduction -= i32::from(in_check || forcing);
                    reduction -= i32::from(self.history.is_killer(P::encode(m), ply));
                    reduction -= history / self.params.lmr_history_divisor;
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                let mut s = -self.negamax(
                    &child,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                    true,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(
                        &child,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                        !cut_node,
                    );
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true, false);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                break;
            }
            if ply == 0 {
                self.root_nodes
                    .push((P::encode(m), self.nodes - nodes_before));
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if ply == 0 {
                        self.root_best_score = score;
                    }
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        if quiet {
                            self.history
                                .reward_quiet(pos, m, &quiets, depth, ply, &context);
                            self.history.reward_captures(pos, None, &tacticals, depth);
                        } else {
                            self.history
                                .reward_captures(pos, Some(m), &tacticals, depth);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets.push(m);
            } else {
                tacticals.push(m);
            }
        }
        let (moves, scores) = picker.into_buffers();
        self.return_buffers(ply, moves, scores);
        self.quiets_tried[ply] = quiets;
        self.tacticals_tried[ply] = tacticals;
        if self.stopped {
            return 0;
        }
        if let Some(score) = multi_cut {
            return score;
        }
        if legal == 0 {
            // Without the excluded turn there is none: it is singular.
            if excluded != 0 {
                return alpha;
            }
            return end_score(pos.end_without_moves(), ply);
        }
        if best_score == -INFINITY {
            // Every turn was pruned: fail low with the static bound.
            return alpha;
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        // The search's verdict, where it bounds the static evaluation's
        // error on the side the bound tells, teaches the correction; a
        // tactical best turn says more about the turn than the position.
        let error_known = match bound {
            Bound::Lower => best_score > static_eval,
            Bound::Upper => best_score < static_eval,
            Bound::Exact => true,
        };
        if excluded != 0 {
            return best_score;
        }
        if error_known
            && !in_check
            && best_move.is_none_or(|m| !pos.is_tactical(m))
            && !is_mate(best_score)
        {
            self.history
                .update_correction(pos, depth, best_score - static_eval);
        }
        self.shared.tt.store(
            key,
            ply as i32,
            Entry {
                move_code: best_move.map_or(tt_move, P::encode),
                score: best_score,
                depth,
                bound,
                eval: raw_eval,
            },
        );
        best_score
    }

    /// Captures (and what else the backend calls tactical) until the position
    /// is quiet; all turns when in check, for the first `QS_EVASIONS` checks
    /// on the path. `evasions` counts the in-check nodes above this one.
    fn quiescence(&mut self, pos: &P, mut alpha: i32, beta: i32, ply: usize, evasions: u32) -> i32 {
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        if ply > 0 {
            if let Some(end) = pos.early_end() {
                return end_score(end, ply);
            }
        }
        // Where every turn carries a push that may give check (avalanche),
        // check after check would make the tree explode: past a few, an
        // in-check node is scored like a quiet one.
        let in_check = pos.in_check() && evasions < QS_EVASIONS;
        if ply >= MAX_PLY - 1 {
            return if in_check {
                DRAW
            } else {
                self.evaluate(pos, ply)
            };
        }
        // The table: a bound that already decides this node, else its move
        // first.
        let key = pos.hash();
        let tt_entry = self.shared.tt.probe(key, ply as i32);
        let tt_move = tt_entry.map_or(0, |e| e.move_code);
        if let Some(e) = tt_entry
            .filter(|e| e.decides(alpha, beta) && mate_outruns_fifty_moves(e.score, ply, pos))
        {
            return e.score;
        }
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut stand_pat = -INFINITY;
        let mut raw_eval = None;
        if in_check {
            self.note_unevaluated(pos, ply);
        } else {
            let raw = self.evaluate_or_recall(pos, ply, tt_entry);
            raw_eval = Some(raw);
            stand_pat = self.history.corrected_eval(pos, raw);
            best_score = stand_pat;
            if best_score >= beta {
                self.store_quiescence(key, ply, best_score, None, Bound::Lower, raw_eval);
                return best_score;
            }
            alpha = alpha.max(best_score);
        }
        let (moves, scores) = self.take_buffers(ply);
        let mode = if in_check { Mode::All } else { Mode::Tactical };
        let mut picker = MovePicker::<P>::new(moves, scores, tt_move, mode);
        let mut best_move = None;
        let mut legal = 0;
        while let Some(m) = picker.next(pos, &self.history, ply, &[None, None]) {
            legal += 1;
            // A turn that loses material, or whose exchange cannot lift
            // the score to alpha even with a margin, is not worth a look.
            if !in_check
                && !pos.see_ge(
                    m,
                    (alpha - stand_pat - self.params.qs_futility_margin + 1).max(0),
                )
            {
                continue;
            }
            let mut child = pos.clone();
            child.play(m);
            self.shared.tt.prefetch(child.hash());
            let score = -self.quiescence(
                &child,
                -beta,
                -alpha,
                ply + 1,
                evasions + u32::from(in_check),
            );
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let (moves, scores) = picker.into_buffers();
        self.return_buffers(ply, moves, scores);
        if in_check && legal == 0 {
            return end_score(pos.end_without_moves(), ply);
        }
        if !self.stopped {
            let bound = Bound::of(best_score, original_alpha, beta);
            self.store_quiescence(key, ply, best_score, best_move, bound, raw_eval);
        }
        best_score
    }

    /// The node's move and score buffers, lent to its picker.
    fn take_buffers(&mut self, ply: usize) -> (Vec<P::Move>, Vec<i32>) {
        (
            std::mem::take(&mut self.move_buffers[ply]),
            std::mem::take(&mut self.score_buffers[ply]),
        )
    }

    fn return_buffers(&mut self, ply: usize, moves: Vec<P::Move>, scores: Vec<i32>) {
        self.move_buffers[ply] = moves;
        self.score_buffers[ply] = scores;
    }

    /// The turns one and two plies before `ply` (continuation histories).
    fn context(&self, ply: usize) -> [PieceTo; 2] {
        [
            self.moved[ply],
            if ply >= 1 { self.moved[ply - 1] } else { None },
        ]
    }

    /// The late-move reduction of the `legal`-th turn at `depth`.
    fn lmr_at(&self, depth: i32, legal: i32) -> i32 {
        self.lmr[depth.clamp(0, 63) as usize][legal.clamp(0, 63) as usize]
    }

    /// A quiescence result in the table, at depth 0: below every main
    /// search depth, so it never cuts a real search short.
    fn store_quiescence(
        &self,
        key: u64,
        ply: usize,
        score: i32,
        best: Option<P::Move>,
        bound: Bound,
        eval: Option<i32>,
    ) {
        self.shared.tt.store(
            key,
            ply as i32,
            Entry {
                move_code: best.map_or(0, P::encode),
                score,
                depth: 0,
                bound,
                eval,
            },
        );
    }
}
