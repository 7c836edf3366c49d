//! Avalanche chess (Betza 1977) and its sub-variants `avalanche-balanced`
//! and `avalanche-reversed`: every turn is a chess move followed by the
//! compulsory push of one opponent pawn one square towards the mover.
//! Rules and rulings: `shared/spec/avalanche.md`, `docs/avalanche.md`.
//!
//! Representation: bitboards per colour and role plus a mailbox
//! ([`board::Board`]), the pending pawn (a pawn of the side to move on its
//! last rank, promoted by the first part of its owner's next turn) and an
//! incrementally updated Zobrist key. A [`Turn`] packs the choice, the first
//! part and the push into one `u32`. Square numbering, colours, roles, piece
//! letters, the common FEN fields and the drawing are shared with Dynamo in
//! [`super::board8`].

pub mod bits;
mod board;
mod castling;
mod fen;
mod game_score;
mod movegen;
mod notation;
mod play;
mod see;
mod turn;
mod view;
mod zobrist;

pub use board::Board;
pub use turn::Turn;

use super::{
    board8, not_played, EndReason, FenError, GameEnd, MoveError, Outcome, Rules, VariantId,
};
use bits::*;
use board8::piece::EXCHANGE_VALUE;

/// Which of the three avalanche games a position belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `avalanche`: Betza's rules.
    Standard,
    /// `avalanche-balanced`: White makes no push on the game's first turn.
    Balanced,
    /// `avalanche-reversed`: Black's king d8 and queen e8.
    Reversed,
}

impl Kind {
    /// The avalanche game `variant` names, `None` for another variant.
    pub fn of(variant: VariantId) -> Option<Kind> {
        match variant {
            VariantId::Avalanche => Some(Kind::Standard),
            VariantId::AvalancheBalanced => Some(Kind::Balanced),
            VariantId::AvalancheReversed => Some(Kind::Reversed),
            _ => None,
        }
    }

    /// The game [`Kind::of`] a variant, asked by `start_fen` and `bench_fens`.
    ///
    /// # Panics
    ///
    /// For a variant other than the three avalanche ones.
    #[track_caller]
    fn expect(variant: VariantId) -> Kind {
        Kind::of(variant).unwrap_or_else(|| panic!("{}", not_played::<AvalanchePosition>(variant)))
    }

    pub fn variant(self) -> VariantId {
        match self {
            Kind::Standard => VariantId::Avalanche,
            Kind::Balanced => VariantId::AvalancheBalanced,
            Kind::Reversed => VariantId::AvalancheReversed,
        }
    }
}

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const REVERSED_START_FEN: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A full avalanche game state.
#[derive(Clone, Debug)]
pub struct AvalanchePosition {
    pub(crate) board: Board,
    /// Side to move: 0 White, 1 Black.
    pub(crate) turn: usize,
    /// Castling rights: bit 0 `K`, 1 `Q`, 2 `k`, 3 `q`.
    pub(crate) castling: u8,
    /// Square of the side to move's pawn waiting for its promotion choice.
    pub(crate) pending: Option<u32>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) kind: Kind,
    pub(crate) key: u64,
}

impl AvalanchePosition {
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Side to move as a colour index (0 White, 1 Black).
    pub fn side(&self) -> usize {
        self.turn
    }

    /// The square of the pawn awaiting its owner's promotion choice.
    pub fn pending(&self) -> Option<u32> {
        self.pending
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Recomputes the Zobrist key from scratch (for checking the
    /// incremental one).
    pub fn recomputed_hash(&self) -> u64 {
        self.full_key()
    }

    fn insufficient_material(&self) -> bool {
        let b = &self.board;
        if b.by_role[PAWN] | b.by_role[ROOK] | b.by_role[QUEEN] != 0 {
            return false;
        }
        let minors = b.by_role[KNIGHT] | b.by_role[BISHOP];
        if minors.count_ones() <= 1 {
            return true;
        }
        b.by_role[KNIGHT] == 0 && bishops_on_one_colour(b.by_role[BISHOP])
    }

    /// Chess's rule for one side, as shakmaty and lichess have it: without
    /// a pawn, rook or queen, a lone knight cannot win unless the other
    /// side has a piece to block its king in, nor bishops all on one
    /// colour unless a knight or pawn is on the board.
    fn side_cannot_win(&self, color: usize) -> bool {
        let b = &self.board;
        let ours = b.by_color[color];
        if ours & (b.by_role[PAWN] | b.by_role[ROOK] | b.by_role[QUEEN]) != 0 {
            return false;
        }
        if ours & b.by_role[KNIGHT] != 0 {
            let blockers = b.by_color[1 - color] & !(b.by_role[KING] | b.by_role[QUEEN]);
            return ours.count_ones() <= 2 && blockers == 0;
        }
        if ours & b.by_role[BISHOP] != 0 {
            return bishops_on_one_colour(b.by_role[BISHOP])
                && b.by_role[KNIGHT] | b.by_role[PAWN] == 0;
        }
        true
    }
}

/// Are all these bishops on squares of one colour?
fn bishops_on_one_colour(bishops: u64) -> bool {
    const LIGHT: u64 = 0x55aa_55aa_55aa_55aa;
    bishops & LIGHT == 0 || bishops & !LIGHT == 0
}

impl Rules for AvalanchePosition {
    type Move = Turn;
    type ForcingTest = ();
    const VARIANTS: &'static [VariantId] = &[
        VariantId::Avalanche,
        VariantId::AvalancheBalanced,
        VariantId::AvalancheReversed,
    ];
    const HISTORY_SLOTS: usize = 2 * 64 * 64;
    const PIECE_TO_SLOTS: usize = 12 * 64;

    fn start_fen(variant: VariantId) -> &'static str {
        match Kind::expect(variant) {
            Kind::Reversed => REVERSED_START_FEN,
            Kind::Standard | Kind::Balanced => START_FEN,
        }
    }

    fn from_fen(variant: VariantId, fen: &str) -> Result<Self, FenError> {
        let kind = Kind::of(variant).ok_or_else(|| not_played::<Self>(variant))?;
        Ok(AvalanchePosition::parse_fen(kind, fen)?)
    }

    fn variant(&self) -> VariantId {
        self.kind.variant()
    }

    /// Balanced differs from avalanche only in White's first turn, reversed
    /// in where Black's king and queen start.
    fn form_of(variant: VariantId) -> Option<VariantId> {
        match Kind::of(variant)? {
            Kind::Standard => None,
            Kind::Balanced | Kind::Reversed => Some(VariantId::Avalanche),
        }
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn pretty(&self) -> String {
        let mut out = board8::draw::pretty(&self.board.mailbox);
        if let Some(s) = self.pending {
            out.push_str(&format!(
                "Pending promotion on {} (chosen at the start of this turn)\n",
                square_name(s)
            ));
        }
        out
    }

    fn white_to_move(&self) -> bool {
        self.turn == WHITE
    }

    fn hash(&self) -> u64 {
        self.key
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    #[inline]
    fn generate(&self, out: &mut Vec<Turn>) {
        self.generate_turns(out);
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        self.count_turns()
    }

    #[inline]
    fn play(&mut self, m: Turn) {
        self.play_turn(m);
    }

    /// Not with a pending pawn (its choice begins the turn), nor on
    /// avalanche-balanced's push-free first turn, nor without a piece, nor
    /// when a push is compulsory but every push would lose for us (rules 4
    /// and 5): there only a first part that makes a push safe (or leaves
    /// none possible) gives a legal turn, and a pass that skipped the push
    /// would be the optimistic null move this backend must not make.
    fn null_move_allowed(&self) -> bool {
        let b = &self.board;
        self.pending.is_none()
            && !self.no_push_turn()
            && b.by_color[self.turn] & !b.by_role[PAWN] & !b.by_role[KING] != 0
            && self.null_push().is_some()
    }

    /// Skips the first part only: the compulsory push is still made
    /// (`null_turn`).
    fn play_null(&mut self) {
        self.null_turn();
    }

    fn in_check(&self) -> bool {
        let k = self.board.king(self.turn);
        self.board
            .attackers(k, 1 - self.turn, self.board.occupied())
            != 0
    }

    fn early_end(&self) -> Option<GameEnd> {
        self.insufficient_material()
            .then(|| GameEnd::new(Outcome::Draw, EndReason::InsufficientMaterial))
    }

    fn could_win(&self, white: bool) -> bool {
        !self.side_cannot_win(if white { WHITE } else { BLACK })
    }

    fn end_without_moves(&self) -> GameEnd {
        if self.in_check() {
            GameEnd::new(Outcome::Loss, EndReason::Checkmate)
        } else if self.has_first_part() {
            GameEnd::new(Outcome::Loss, EndReason::ForcedSelfCheck)
        } else {
            GameEnd::new(Outcome::Draw, EndReason::Stalemate)
        }
    }

    /// A capturing or promoting first part with its quiet push (see
    /// `movegen`): the same capture with the other pushes is left to the
    /// main search, so quiescence keeps chess-like branching.
    #[inline]
    fn is_tactical(&self, m: Turn) -> bool {
        m.is_for_quiescence()
    }

    fn generate_tactical(&self, out: &mut Vec<Turn>) {
        self.generate_tactical_turns(out);
    }

    #[inline]
    fn tactical_gain(&self, m: Turn) -> i32 {
        let fp = m.first();
        let victim = if fp.is_capture() {
            self.role_on(fp.to()).map_or(0, |r| EXCHANGE_VALUE[r])
        } else {
            0
        };
        let promo = fp.promotion().map_or(0, |r| EXCHANGE_VALUE[r] - 100);
        let attacker = self.role_on(fp.from()).map_or(0, |r| EXCHANGE_VALUE[r]);
        // Pushing a pawn onto the last rank hands the opponent a new piece.
        let gift = match m.push_from() {
            Some(s) if shift_back(last_rank(1 - self.turn), 1 - self.turn) & bit(s) != 0 => 850,
            _ => 0,
        };
        (victim + promo - gift) * 8 - attacker / 10
    }

    /// The first part's from/to; the main push and the other pushes of a
    /// first part keep separate entries.
    #[inline]
    fn history_index(&self, m: Turn) -> usize {
        let first = (m.from() * 64 + m.to()) as usize;
        if m.has_main_push() {
            first
        } else {
            64 * 64 + first
        }
    }

    /// The first part's piece and destination.
    #[inline]
    fn piece_to_index(&self, m: Turn) -> usize {
        let piece = self.board.mailbox[m.from() as usize & 63];
        usize::from(piece).min(11) * 64 + (m.to() as usize & 63)
    }

    /// Chess's exchange on the first part's square after the whole turn,
    /// less a pawn pushed to promote for the opponent (`see`).
    fn see_ge(&self, m: Turn, threshold: i32) -> bool {
        self.exchange_at_least(m, threshold)
    }

    #[inline]
    fn pawn_key(&self) -> u64 {
        crate::variants::pawn_key(
            u128::from(self.board.pieces(WHITE, PAWN)),
            u128::from(self.board.pieces(BLACK, PAWN)),
        )
    }

    #[inline]
    fn encode(m: Turn) -> u32 {
        m.0
    }

    fn format_move(&self, m: Turn) -> String {
        self.format_turn(m)
    }

    fn parse_move(&self, token: &str) -> Result<Turn, MoveError> {
        self.parse_turn(token)
    }

    fn bench_fens(variant: VariantId) -> &'static [&'static str] {
        match Kind::expect(variant) {
            Kind::Reversed => &[
                REVERSED_START_FEN,
                "r1bk1b1r/pp2qppp/2n2n2/2ppp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5",
            ],
            Kind::Balanced => &[START_FEN, "4k3/8/3p4/8/8/4P3/8/4K2R w K - 0 1"],
            Kind::Standard => &[
                START_FEN,
                "r1bqkb1r/pp3ppp/2n2n2/2ppp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5",
                "4k3/8/3p4/8/8/4P3/8/4K2R w K - 0 20",
                "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
            ],
        }
    }

    // A turn is a move and a push, so turns branch widely: depth 6 keeps
    // avalanche's bench as short as the others'.
    const BENCH_DEPTH: i32 = 6;
}
