//! Dynamo chess (spec: `shared/spec/dynamo.md`): no captures; pieces are
//! pushed or pulled off the board instead.
//!
//! One idea per file: `geometry` (square tables), `board` (pieces,
//! bitboards, Zobrist keys), `check` (can a piece be removed: check
//! detection), `king_safety` (is a turn legal, cheaply), `movegen`
//! (turns), `table_turn` (the table's turn checked alone), `fen`,
//! `notation` (UCI tokens and the reasons a token is refused). This file holds the position and applies
//! turns. Square numbering, colours, roles, piece letters, the common FEN
//! fields and the drawing are shared with avalanche in [`super::board8`].

pub mod board;
mod check;
mod fen;
mod game_score;
pub mod geometry;
mod king_safety;
mod movegen;
mod notation;
mod packed;
mod see;
mod table_turn;
mod view;

use super::{
    assert_played, board8, check_played, EndReason, FenError, GameEnd, MoveError, Outcome, Rules,
    VariantId,
};
use board::{color_of, role_of, Bits, Piece, BLACK, EMPTY, KING, PAWN, ROOK, WHITE, ZOBRIST};
use board8::piece::EXCHANGE_VALUE;
use geometry::OFF;
use movegen::after_promotion;

pub use board::{BISHOP, KNIGHT, QUEEN, ROLE_CHARS};

/// Square of each colour's king at the start.
pub(crate) const KING_HOME: [u8; 2] = [4, 60];
/// Home square of the rook of each castling right: WK, WQ, BK, BQ.
pub(crate) const ROOK_HOME: [u8; 4] = [7, 0, 63, 56];
/// `castle_rook` value of a right that is lost.
pub(crate) const NO_RIGHT: u8 = 255;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A chess move to an empty square (promotion included).
    Ordinary,
    /// King two squares, the rook crossing it; `moved_*` are the rook's.
    Castle,
    /// Push or pull: `from`/`to` the mover, `moved_*` the other piece.
    Dynamo,
}

/// One turn. Squares are `0..64` (a1 = 0) or [`OFF`] (64) for "off the
/// board"; a stationary mover has `to == from`. `promotion` is the role the
/// moving or moved pawn becomes (1 knight .. 4 queen), or 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DynamoMove {
    pub from: u8,
    pub to: u8,
    pub moved_from: u8,
    pub moved_to: u8,
    pub promotion: u8,
    pub kind: MoveKind,
}

impl DynamoMove {
    #[inline]
    pub const fn ordinary(from: u8, to: u8, promotion: u8) -> DynamoMove {
        DynamoMove {
            from,
            to,
            moved_from: OFF,
            moved_to: OFF,
            promotion,
            kind: MoveKind::Ordinary,
        }
    }

    #[inline]
    pub const fn dynamo(from: u8, to: u8, moved_from: u8, moved_to: u8, promotion: u8) -> Self {
        DynamoMove {
            from,
            to,
            moved_from,
            moved_to,
            promotion,
            kind: MoveKind::Dynamo,
        }
    }

    /// Does some piece leave the board?
    #[inline]
    pub fn removes(self) -> bool {
        self.kind == MoveKind::Dynamo && self.moved_to == OFF
    }
}

/// A Dynamo game state: placement, side to move, castling rights (with the
/// identity of their rooks), counters, and the placement the no-undo rule
/// forbids.
#[derive(Clone, Debug)]
pub struct DynamoPosition {
    pub(crate) bits: Bits,
    pub(crate) board: [Piece; 64],
    pub(crate) turn: usize,
    /// Where the rook owning each right (WK, WQ, BK, BQ) stands now, or
    /// [`NO_RIGHT`] once the right is lost. Following the rook through
    /// pushes and pulls is what makes the right belong to that rook.
    pub(crate) castle_rook: [u8; 4],
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Zobrist key of the placement alone (what the no-undo rule compares).
    pub(crate) placement: u64,
    /// Placement key before the opponent's last turn, when known.
    pub(crate) forbidden: Option<u64>,
}

impl DynamoPosition {
    /// An empty board, White to move, no rights.
    pub(crate) fn empty() -> DynamoPosition {
        DynamoPosition {
            bits: Bits::default(),
            board: [EMPTY; 64],
            turn: WHITE,
            castle_rook: [NO_RIGHT; 4],
            halfmoves: 0,
            fullmoves: 1,
            placement: 0,
            forbidden: None,
        }
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: u8, p: Piece) {
        self.board[sq as usize] = p;
        self.bits.put(sq, p);
        self.placement ^= ZOBRIST.piece[p as usize][sq as usize];
    }

    #[inline]
    fn take(&mut self, sq: u8) -> Piece {
        let p = self.board[sq as usize];
        self.board[sq as usize] = EMPTY;
        self.bits.remove(sq, p);
        self.placement ^= ZOBRIST.piece[p as usize][sq as usize];
        p
    }

    /// The piece on a square (`None` when empty), as `(is_white, role)` with
    /// roles indexed like [`ROLE_CHARS`].
    pub fn piece_at(&self, sq: u8) -> Option<(bool, usize)> {
        let p = *self.board.get(sq as usize)?;
        (p != EMPTY).then(|| (color_of(p) == WHITE, role_of(p)))
    }

    /// Bitboard of one colour's pieces of one role.
    pub fn pieces(&self, white: bool, role: usize) -> u64 {
        self.bits.pieces(if white { WHITE } else { BLACK }, role)
    }

    /// Bitboard of all pieces.
    pub fn occupied(&self) -> u64 {
        self.bits.occupied()
    }

    /// Can the given side remove the piece on `sq` with one dynamo move?
    pub fn can_remove(&self, sq: u8, by_white: bool) -> bool {
        let p = self.board[sq as usize & 63];
        p != EMPTY
            && check::removable(
                &self.bits,
                sq,
                color_of(p),
                if by_white { WHITE } else { BLACK },
            )
    }

    /// The placement key after a turn (for the no-undo rule).
    #[inline]
    pub(crate) fn placement_after(&self, m: DynamoMove) -> u64 {
        let z = &ZOBRIST.piece;
        let p = self.board[m.from as usize];
        let mut key = self.placement ^ z[p as usize][m.from as usize];
        if m.to != OFF {
            key ^= z[p as usize][m.to as usize];
        }
        if m.kind != MoveKind::Ordinary {
            let q = self.board[m.moved_from as usize];
            key ^= z[q as usize][m.moved_from as usize];
            if m.moved_to != OFF {
                key ^= z[after_promotion(q, m.promotion) as usize][m.moved_to as usize];
            }
        } else if m.promotion != 0 {
            key ^= z[p as usize][m.to as usize];
            key ^= z[after_promotion(p, m.promotion) as usize][m.to as usize];
        }
        key
    }

    /// Key of the castling rights (alive rights, by where their rook is).
    #[inline]
    fn castle_key(&self) -> u64 {
        let mut key = 0;
        for (i, &sq) in self.castle_rook.iter().enumerate() {
            if sq != NO_RIGHT {
                key ^= ZOBRIST.castle[i][sq as usize];
            }
        }
        key
    }

    #[inline]
    fn lose_rights_of(&mut self, color: usize) {
        self.castle_rook[2 * color] = NO_RIGHT;
        self.castle_rook[2 * color + 1] = NO_RIGHT;
    }

    /// The castling right owned by the rook now on `sq`, if any.
    #[inline]
    fn right_of_rook_on(&self, sq: u8) -> Option<usize> {
        self.castle_rook.iter().position(|&r| r == sq)
    }

    /// Applies a turn from [`Rules::generate`].
    pub(crate) fn apply(&mut self, m: DynamoMove) {
        let before = self.placement;
        let mover = self.board[m.from as usize];
        let mut irreversible = false;
        // The mover of a turn loses its castling rights, whatever it does.
        if role_of(mover) == KING {
            self.lose_rights_of(color_of(mover));
        } else if role_of(mover) == ROOK {
            if let Some(i) = self.right_of_rook_on(m.from) {
                self.castle_rook[i] = NO_RIGHT;
            }
        }
        match m.kind {
            MoveKind::Ordinary => {
                let p = self.take(m.from);
                self.put(m.to, after_promotion(p, m.promotion));
                irreversible = role_of(p) == PAWN;
            }
            MoveKind::Castle => {
                let k = self.take(m.from);
                let r = self.take(m.moved_from);
                self.put(m.to, k);
                self.put(m.moved_to, r);
            }
            MoveKind::Dynamo => {
                let p = self.take(m.from);
                let q = self.take(m.moved_from);
                if role_of(q) == ROOK {
                    if let Some(i) = self.right_of_rook_on(m.moved_from) {
                        // The right follows its rook; it dies with it.
                        self.castle_rook[i] = if m.moved_to == OFF {
                            NO_RIGHT
                        } else {
                            m.moved_to
                        };
                    }
                }
                if m.to != OFF {
                    self.put(m.to, p);
                }
                if m.moved_to != OFF {
                    self.put(m.moved_to, after_promotion(q, m.promotion));
                }
                irreversible = m.moved_to == OFF || role_of(q) == PAWN;
            }
        }
        // Saturating: a FEN may give any u32 as a counter.
        self.halfmoves = if irreversible {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if self.turn == BLACK {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn ^= 1;
        self.forbidden = Some(before);
    }
}

impl Rules for DynamoPosition {
    type Move = DynamoMove;
    type ForcingTest = ();
    const VARIANTS: &'static [VariantId] = &[VariantId::Dynamo];
    /// Mover from (64) x mover to (65, `off` included).
    const HISTORY_SLOTS: usize = 64 * 65;
    const PIECE_TO_SLOTS: usize = 12 * 65;

    fn start_fen(variant: VariantId) -> &'static str {
        assert_played::<Self>(variant);
        START_FEN
    }

    fn from_fen(variant: VariantId, fen: &str) -> Result<Self, FenError> {
        check_played::<Self>(variant)?;
        Ok(fen::parse(fen)?)
    }

    fn variant(&self) -> VariantId {
        VariantId::Dynamo
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn pretty(&self) -> String {
        board8::draw::pretty(&self.board)
    }

    fn white_to_move(&self) -> bool {
        self.turn == WHITE
    }

    /// Placement, side to move, castling rights, and the placement the
    /// no-undo rule forbids: two positions are the same only when the same
    /// turns are legal in them.
    fn hash(&self) -> u64 {
        let mut key = self.placement ^ self.castle_key();
        if self.turn == BLACK {
            key ^= ZOBRIST.black_to_move;
        }
        if let Some(f) = self.forbidden {
            key ^= f.rotate_left(17).wrapping_mul(ZOBRIST.undo);
        }
        key
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    #[inline]
    fn generate(&self, out: &mut Vec<DynamoMove>) {
        self.legal_turns(&mut |m| out.push(m));
    }

    #[inline]
    fn generate_tactical(&self, out: &mut Vec<DynamoMove>) {
        self.tactical_turns(&mut |m| out.push(m));
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        let mut n = 0;
        self.legal_turns(&mut |_| n += 1);
        n
    }

    #[inline]
    fn play(&mut self, m: DynamoMove) {
        self.apply(m);
    }

    fn null_move_allowed(&self) -> bool {
        let ours = self.bits.color[self.turn];
        ours & !self.bits.role[PAWN] & !self.bits.role[KING] != 0
    }

    fn play_null(&mut self) {
        self.turn ^= 1;
        self.halfmoves = self.halfmoves.saturating_add(1);
        // A pass restores nothing a dynamo move could undo.
        self.forbidden = None;
    }

    fn in_check(&self) -> bool {
        check::king_in_check(&self.bits, self.turn)
    }

    fn early_end(&self) -> Option<GameEnd> {
        None
    }

    fn could_win(&self, _white: bool) -> bool {
        // Even a bare king can push the other off an edge (spec: no
        // insufficient-material rule).
        true
    }

    fn end_without_moves(&self) -> GameEnd {
        if self.in_check() {
            GameEnd::new(Outcome::Loss, EndReason::Checkmate)
        } else {
            GameEnd::new(Outcome::Draw, EndReason::Stalemate)
        }
    }

    /// Turns that take an enemy piece off the board, and promotions of our
    /// own pawns to a queen.
    #[inline]
    fn is_tactical(&self, m: DynamoMove) -> bool {
        if m.removes() {
            let q = self.board[m.moved_from as usize];
            return color_of(q) != self.turn;
        }
        m.promotion == QUEEN as u8 && self.moved_piece_color(m) == self.turn
    }

    #[inline]
    fn tactical_gain(&self, m: DynamoMove) -> i32 {
        let mut gain = 0;
        let sign = |p: Piece| if color_of(p) == self.turn { -1 } else { 1 };
        if m.kind == MoveKind::Dynamo {
            let q = self.board[m.moved_from as usize];
            if m.moved_to == OFF {
                gain += sign(q) * EXCHANGE_VALUE[role_of(q)];
            }
            if m.to == OFF {
                let p = self.board[m.from as usize];
                gain += sign(p) * EXCHANGE_VALUE[role_of(p)];
            }
        }
        if m.promotion != 0 {
            let p = if m.kind == MoveKind::Ordinary {
                self.board[m.from as usize]
            } else {
                self.board[m.moved_from as usize]
            };
            gain -= sign(p) * (EXCHANGE_VALUE[m.promotion as usize] - EXCHANGE_VALUE[PAWN]);
        }
        gain
    }

    #[inline]
    fn history_index(&self, m: DynamoMove) -> usize {
        m.from as usize * 65 + m.to as usize
    }

    #[inline]
    fn piece_to_index(&self, m: DynamoMove) -> usize {
        let piece = self.board[m.from as usize & 63];
        usize::from(piece).min(11) * 65 + m.to as usize
    }

    /// Material won at once, less the piece that made the turn when the
    /// opponent can then profitably remove it (`see`).
    fn see_ge(&self, m: DynamoMove, threshold: i32) -> bool {
        self.turn_wins_at_least(m, threshold)
    }

    #[inline]
    fn pawn_key(&self) -> u64 {
        crate::variants::pawn_key(
            u128::from(self.bits.pieces(WHITE, PAWN)),
            u128::from(self.bits.pieces(BLACK, PAWN)),
        )
    }

    #[inline]
    fn encode(m: DynamoMove) -> u32 {
        // Tokens are unique per turn and determined by these fields.
        1 << 31
            | (m.promotion as u32) << 28
            | (m.moved_to as u32) << 21
            | (m.moved_from as u32) << 14
            | (m.to as u32) << 7
            | m.from as u32
    }

    /// Checks the one turn; `scratch` stays empty.
    fn legal_from_code(&self, code: u32, _scratch: &mut Vec<DynamoMove>) -> Option<DynamoMove> {
        self.legal_turn_from_code(code)
    }

    fn format_move(&self, m: DynamoMove) -> String {
        notation::format(m)
    }

    fn parse_move(&self, token: &str) -> Result<DynamoMove, MoveError> {
        notation::parse(self, token)
    }

    fn bench_fens(variant: VariantId) -> &'static [&'static str] {
        assert_played::<Self>(variant);
        BENCH
    }

    const BENCH_DEPTH: i32 = 10;
}

impl DynamoPosition {
    /// Colour of the pawn a promotion applies to.
    #[inline]
    fn moved_piece_color(&self, m: DynamoMove) -> usize {
        let sq = if m.kind == MoveKind::Ordinary {
            m.from
        } else {
            m.moved_from
        };
        color_of(self.board[sq as usize])
    }
}

const BENCH: &[&str] = &[
    START_FEN,
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "2r3k1/5ppp/8/3Q4/8/8/5PPP/R5K1 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/3q4/8/2N5/8/4K2R w K - 0 1",
];

#[cfg(test)]
mod tests;

#[cfg(test)]
mod legality_tests;
