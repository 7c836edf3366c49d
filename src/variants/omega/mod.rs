//! Omega chess (`UCI_Variant omega`): a 10x10 field plus four wizard
//! squares, written on a 12x12 grid; champion (WAD) and wizard (FC).
//!
//! Rules: `shared/spec/omega.md`. Board representation and rulings:
//! `docs/omega.md`.

pub mod board;
mod fen;
mod movegen;
mod notation;
mod san;
mod see;
mod view;
pub mod xboard;
mod zobrist;

use std::fmt;

pub(crate) use board::RANKS;
use board::{geometry, square_at, Bits, Squares, NUM_SQUARES};

pub use board::{file_of, rank_of};
pub use notation::{parse_square, square_name};

use super::{
    assert_played, check_played, EndReason, FenError, GameEnd, MoveError, Outcome, Rules, VariantId,
};

pub const WHITE: usize = 0;
pub const BLACK: usize = 1;

/// Piece kinds (index into [`OmegaPosition`]'s bitboards).
pub const PAWN: usize = 0;
pub const KNIGHT: usize = 1;
pub const BISHOP: usize = 2;
pub const ROOK: usize = 3;
pub const QUEEN: usize = 4;
pub const KING: usize = 5;
pub const CHAMPION: usize = 6;
pub const WIZARD: usize = 7;

/// FEN letters of the kinds, white (upper case).
pub const PIECE_LETTERS: [char; 8] = ['P', 'N', 'B', 'R', 'Q', 'K', 'C', 'W'];

/// Promotion choices, in the order moves are generated.
pub const PROMOTION_KINDS: [usize; 6] = [QUEEN, ROOK, BISHOP, KNIGHT, CHAMPION, WIZARD];

/// Mailbox value of an empty square; a piece is `kind | colour << 3`.
const EMPTY: u8 = 16;

/// Castling-right bits.
pub const WHITE_KINGSIDE: u8 = 1;
pub const WHITE_QUEENSIDE: u8 = 2;
pub const BLACK_KINGSIDE: u8 = 4;
pub const BLACK_QUEENSIDE: u8 = 8;

const fn sq(file: i32, rank: i32) -> usize {
    match square_at(file, rank) {
        Some(s) => s,
        None => panic!("not a square"),
    }
}

/// Everything about one castling move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastleSquares {
    pub king_from: usize,
    pub king_to: usize,
    pub rook_from: usize,
    pub rook_to: usize,
    /// Squares between king and rook, all of which must be empty.
    pub empty: Bits,
    /// The square the king crosses (where the rook lands). It must not be
    /// attacked with the rook still home; the king's landing square
    /// ([`CastleSquares::king_to`]) must not be attacked once both have
    /// moved (see `movegen::castling_moves`).
    pub crossed: usize,
}

const fn castle(rank: i32, kingside: bool) -> CastleSquares {
    if kingside {
        CastleSquares {
            king_from: sq(6, rank),
            king_to: sq(8, rank),
            rook_from: sq(9, rank),
            rook_to: sq(7, rank),
            empty: 1 << sq(7, rank) | 1 << sq(8, rank),
            crossed: sq(7, rank),
        }
    } else {
        CastleSquares {
            king_from: sq(6, rank),
            king_to: sq(4, rank),
            rook_from: sq(2, rank),
            rook_to: sq(5, rank),
            empty: 1 << sq(3, rank) | 1 << sq(4, rank) | 1 << sq(5, rank),
            crossed: sq(5, rank),
        }
    }
}

const CASTLES: [[(u8, CastleSquares); 2]; 2] = [
    [
        (WHITE_KINGSIDE, castle(1, true)),
        (WHITE_QUEENSIDE, castle(1, false)),
    ],
    [
        (BLACK_KINGSIDE, castle(10, true)),
        (BLACK_QUEENSIDE, castle(10, false)),
    ],
];

#[inline(always)]
pub(crate) fn castle_squares(color: usize) -> [(u8, CastleSquares); 2] {
    CASTLES[color]
}

/// Castling rights kept when a move touches each square.
const CASTLE_KEEP: [u8; NUM_SQUARES] = {
    let mut keep = [15u8; NUM_SQUARES];
    keep[sq(6, 1)] = 15 & !(WHITE_KINGSIDE | WHITE_QUEENSIDE);
    keep[sq(9, 1)] = 15 & !WHITE_KINGSIDE;
    keep[sq(2, 1)] = 15 & !WHITE_QUEENSIDE;
    keep[sq(6, 10)] = 15 & !(BLACK_KINGSIDE | BLACK_QUEENSIDE);
    keep[sq(9, 10)] = 15 & !BLACK_KINGSIDE;
    keep[sq(2, 10)] = 15 & !BLACK_QUEENSIDE;
    keep
};

/// One turn: from (7 bits), to (7 bits), promotion kind (3 bits, 0 = none),
/// special flag (2 bits).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct OmegaMove(u32);

const FLAG_EN_PASSANT: u32 = 1;
const FLAG_CASTLE: u32 = 2;

impl OmegaMove {
    #[inline(always)]
    fn normal(from: usize, to: usize) -> OmegaMove {
        OmegaMove(from as u32 | (to as u32) << 7)
    }
    #[inline(always)]
    fn promotion(from: usize, to: usize, kind: usize) -> OmegaMove {
        OmegaMove(from as u32 | (to as u32) << 7 | (kind as u32) << 14)
    }
    #[inline(always)]
    fn en_passant(from: usize, to: usize) -> OmegaMove {
        OmegaMove(from as u32 | (to as u32) << 7 | FLAG_EN_PASSANT << 17)
    }
    #[inline(always)]
    fn castle(from: usize, to: usize) -> OmegaMove {
        OmegaMove(from as u32 | (to as u32) << 7 | FLAG_CASTLE << 17)
    }
    #[inline(always)]
    pub fn from(self) -> usize {
        (self.0 & 127) as usize
    }
    #[inline(always)]
    pub fn to(self) -> usize {
        (self.0 >> 7 & 127) as usize
    }
    /// The kind a pawn promotes to.
    #[inline(always)]
    pub fn promotion_kind(self) -> Option<usize> {
        match self.0 >> 14 & 7 {
            0 => None,
            k => Some(k as usize),
        }
    }
    #[inline(always)]
    pub fn is_en_passant(self) -> bool {
        self.0 >> 17 & 3 == FLAG_EN_PASSANT
    }
    #[inline(always)]
    pub fn is_castle(self) -> bool {
        self.0 >> 17 & 3 == FLAG_CASTLE
    }
}

impl fmt::Debug for OmegaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", notation::move_token(*self))
    }
}

/// An Omega position: bitboards by kind and colour, a mailbox, the rights
/// and counters, and the incrementally updated Zobrist key.
#[derive(Clone)]
pub struct OmegaPosition {
    pieces: [Bits; 8],
    colors: [Bits; 2],
    board: [u8; NUM_SQUARES],
    /// Squares the pawn that just advanced two or three passed over.
    ep: Bits,
    /// That pawn's square (meaningful when `ep != 0`).
    ep_pawn: u8,
    /// The en-passant part of `key` (0 when no capture is possible).
    ep_key: u64,
    side: u8,
    castling: u8,
    halfmove: u32,
    fullmove: u32,
    key: u64,
}

impl fmt::Debug for OmegaPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OmegaPosition({})", self.fen())
    }
}

/// Piece values in centipawns for move ordering (the seed's values x100).
pub const KIND_VALUE: [i32; 8] = [100, 300, 300, 600, 1200, 2000, 500, 400];

pub const START_FEN: &str =
    "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1";

const BENCH_FENS: &[&str] = &[
    START_FEN,
    "w**********w/*crnbqk1nrc*/*ppp1p1pppp*/*3p1pb3*/*4b5*/*4p5*/*3P1N4*/*1P4B3*/*2B7*/*P1PP1PPPPP*/*CRN1QK1NRC*/W**********W w KQkq - 2 6",
    "w**********w/*r2q1rk2c*/*pbpp1ppbp1*/*1pn2n2p1*/*4p5*/*3PP5*/*2N1BN4*/*5P4*/*PPPQ2PPPP*/*1P8*/*C2R1K1R1C*/W**********W b - - 3 12",
    "1**********w/*c2r2rk1c*/*pp3bppp1*/*2pqn5*/*4p5*/*10*/*10*/*4P5*/*2QPN5*/*PP1B2PPP1*/*C1R3RK1C*/W**********1 w - - 4 18",
    "1**********1/*10*/*3r2w3*/*10*/*3pk5*/*5p4*/*4P1p3*/*1W1P6*/*5KP3*/*10*/*8R1*/1**********1 b - - 0 41",
    "1**********1/*10*/*10*/*10*/*10*/*3k6*/*4c3n1*/*1p8*/*P1C7*/*1P8*/*6B3*/K**********w w - - 0 33",
];

impl OmegaPosition {
    fn empty() -> OmegaPosition {
        OmegaPosition {
            pieces: [0; 8],
            colors: [0; 2],
            board: [EMPTY; NUM_SQUARES],
            ep: 0,
            ep_pawn: 0,
            ep_key: 0,
            side: WHITE as u8,
            castling: 0,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    /// Kind and colour of the piece on `sq`, if any.
    pub fn piece_at(&self, sq: usize) -> Option<(usize, usize)> {
        let code = *self.board.get(sq)?;
        (code != EMPTY).then_some(((code & 7) as usize, (code >> 3) as usize))
    }

    /// Bitboard of the pieces of `kind` and `color`.
    #[inline]
    pub fn pieces_of(&self, kind: usize, color: usize) -> Bits {
        self.pieces[kind] & self.colors[color]
    }

    /// Bitboard of all pieces of `color`.
    #[inline]
    pub fn color_bits(&self, color: usize) -> Bits {
        self.colors[color]
    }

    /// Colour to move.
    #[inline]
    pub fn side(&self) -> usize {
        self.side as usize
    }

    /// Squares attacked by the piece of kind `kind` on `sq` with the board
    /// occupied by `occ` (pawn: the capture squares of colour `color`).
    pub fn attacks_from(kind: usize, color: usize, sq: usize, occ: Bits) -> Bits {
        let g = geometry();
        match kind {
            PAWN => g.pawn[color][sq],
            KNIGHT => g.knight[sq],
            BISHOP => g.bishop_attacks(sq, occ),
            ROOK => g.rook_attacks(sq, occ),
            QUEEN => g.bishop_attacks(sq, occ) | g.rook_attacks(sq, occ),
            KING => g.king[sq],
            CHAMPION => g.champion[sq],
            _ => g.wizard[sq],
        }
    }

    /// Is `sq` attacked by a piece of `by`?
    pub fn square_attacked(&self, sq: usize, by: usize) -> bool {
        let occ = self.colors[0] | self.colors[1];
        self.is_attacked(geometry(), sq, occ, by)
    }

    #[inline(always)]
    fn put(&mut self, sq: usize, code: u8) {
        let bit = 1u128 << sq;
        self.pieces[(code & 7) as usize] |= bit;
        self.colors[(code >> 3) as usize] |= bit;
        self.board[sq] = code;
        self.key ^= zobrist::PIECE[code as usize][sq];
    }

    #[inline(always)]
    fn remove(&mut self, sq: usize, code: u8) {
        let bit = 1u128 << sq;
        self.pieces[(code & 7) as usize] &= !bit;
        self.colors[(code >> 3) as usize] &= !bit;
        self.board[sq] = EMPTY;
        self.key ^= zobrist::PIECE[code as usize][sq];
    }

    /// Records the squares a pawn of `mover` just passed over and, if a pawn
    /// of the other side can take it, puts the file into the key.
    fn set_en_passant(&mut self, passed: Bits, pawn_sq: usize, mover: usize) {
        self.ep = passed;
        self.ep_pawn = pawn_sq as u8;
        let g = geometry();
        let takers = self.pieces[PAWN] & self.colors[mover ^ 1];
        if Squares(passed).any(|s| g.pawn[mover][s] & takers != 0) {
            self.ep_key = zobrist::EN_PASSANT[file_of(pawn_sq) as usize];
            self.key ^= self.ep_key;
        }
    }

    /// The key computed from scratch (for FEN loading and tests).
    fn full_key(&self) -> u64 {
        let mut k = 0;
        for (sq, &code) in self.board.iter().enumerate() {
            if code != EMPTY {
                k ^= zobrist::PIECE[code as usize][sq];
            }
        }
        if self.side as usize == BLACK {
            k ^= zobrist::BLACK_TO_MOVE;
        }
        k ^ zobrist::CASTLING[self.castling as usize] ^ self.ep_key
    }

    fn has_only_kings(&self) -> bool {
        (self.colors[0] | self.colors[1]) == self.pieces[KING]
    }
}

impl Rules for OmegaPosition {
    type Move = OmegaMove;
    type ForcingTest = ();
    const VARIANTS: &'static [VariantId] = &[VariantId::Omega];
    const HISTORY_SLOTS: usize = NUM_SQUARES * NUM_SQUARES;
    const PIECE_TO_SLOTS: usize = 16 * NUM_SQUARES;

    fn start_fen(variant: VariantId) -> &'static str {
        assert_played::<Self>(variant);
        START_FEN
    }

    fn from_fen(variant: VariantId, fen: &str) -> Result<Self, FenError> {
        check_played::<Self>(variant)?;
        Ok(fen::parse(fen)?)
    }

    fn variant(&self) -> VariantId {
        VariantId::Omega
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn pretty(&self) -> String {
        notation::pretty(self)
    }

    fn white_to_move(&self) -> bool {
        self.side as usize == WHITE
    }

    fn hash(&self) -> u64 {
        self.key
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    #[inline]
    fn generate(&self, out: &mut Vec<OmegaMove>) {
        self.gen::<false>(out);
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        self.gen::<true>(&mut Vec::new())
    }

    #[inline]
    fn play(&mut self, m: OmegaMove) {
        let from = m.from();
        let to = m.to();
        let us = self.side as usize;
        let code = self.board[from];
        let kind = (code & 7) as usize;

        self.key ^= self.ep_key;
        self.ep_key = 0;
        let ep_victim = self.ep_pawn as usize;
        self.ep = 0;
        self.halfmove = self.halfmove.saturating_add(1);

        let captured = self.board[to];
        if captured != EMPTY {
            self.remove(to, captured);
            self.halfmove = 0;
        }
        self.remove(from, code);
        self.put(to, code);

        if kind == PAWN {
            self.halfmove = 0;
            if m.is_en_passant() {
                self.remove(ep_victim, self.board[ep_victim]);
            } else if let Some(promo) = m.promotion_kind() {
                self.remove(to, code);
                self.put(to, promo as u8 | (us as u8) << 3);
            } else if from.abs_diff(to) >= 20 {
                let passed = geometry().between(from, to);
                self.set_en_passant(passed, to, us);
            }
        } else if m.is_castle() {
            for (_, cs) in castle_squares(us) {
                if cs.king_to == to {
                    let rook = self.board[cs.rook_from];
                    self.remove(cs.rook_from, rook);
                    self.put(cs.rook_to, rook);
                }
            }
        }

        let rights = self.castling & CASTLE_KEEP[from] & CASTLE_KEEP[to];
        if rights != self.castling {
            self.key ^=
                zobrist::CASTLING[self.castling as usize] ^ zobrist::CASTLING[rights as usize];
            self.castling = rights;
        }
        if us == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side ^= 1;
        self.key ^= zobrist::BLACK_TO_MOVE;
    }

    fn null_move_allowed(&self) -> bool {
        let us = self.side as usize;
        self.colors[us] & !self.pieces[PAWN] & !self.pieces[KING] != 0
    }

    fn play_null(&mut self) {
        self.key ^= self.ep_key ^ zobrist::BLACK_TO_MOVE;
        self.ep_key = 0;
        self.ep = 0;
        self.halfmove = self.halfmove.saturating_add(1);
        if self.side as usize == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side ^= 1;
    }

    fn in_check(&self) -> bool {
        let us = self.side as usize;
        self.square_attacked(self.king_square(us), us ^ 1)
    }

    fn early_end(&self) -> Option<GameEnd> {
        self.has_only_kings()
            .then(|| GameEnd::new(Outcome::Draw, EndReason::InsufficientMaterial))
    }

    fn could_win(&self, white: bool) -> bool {
        // Any piece but the king can mate (a lone minor on a wizard square).
        let side = self.colors[if white { WHITE } else { BLACK }];
        side != (side & self.pieces[KING])
    }

    fn end_without_moves(&self) -> GameEnd {
        if self.in_check() {
            GameEnd::new(Outcome::Loss, EndReason::Checkmate)
        } else {
            GameEnd::new(Outcome::Draw, EndReason::Stalemate)
        }
    }

    #[inline]
    fn is_tactical(&self, m: OmegaMove) -> bool {
        self.board[m.to()] != EMPTY || m.is_en_passant() || m.promotion_kind() == Some(QUEEN)
    }

    #[inline]
    fn tactical_gain(&self, m: OmegaMove) -> i32 {
        let victim = match self.board[m.to()] {
            EMPTY if m.is_en_passant() => KIND_VALUE[PAWN],
            EMPTY => 0,
            code => KIND_VALUE[(code & 7) as usize],
        };
        let promo = m
            .promotion_kind()
            .map_or(0, |k| KIND_VALUE[k] - KIND_VALUE[PAWN]);
        let attacker = KIND_VALUE[(self.board[m.from()] & 7) as usize];
        // Most valuable victim first, least valuable attacker as tie-break.
        victim * 8 + promo * 8 - attacker / 10
    }

    #[inline]
    fn history_index(&self, m: OmegaMove) -> usize {
        m.from() * NUM_SQUARES + m.to()
    }

    #[inline]
    fn piece_to_index(&self, m: OmegaMove) -> usize {
        usize::from(self.board[m.from()] & 15) * NUM_SQUARES + m.to()
    }

    /// Chess's exchange on the turn's square, with Omega's pieces (`see`).
    fn see_ge(&self, m: OmegaMove, threshold: i32) -> bool {
        self.exchange_at_least(m, threshold)
    }

    #[inline]
    fn pawn_key(&self) -> u64 {
        crate::variants::pawn_key(self.pieces_of(PAWN, WHITE), self.pieces_of(PAWN, BLACK))
    }

    #[inline]
    fn encode(m: OmegaMove) -> u32 {
        m.0 | 1 << 20
    }

    fn format_move(&self, m: OmegaMove) -> String {
        notation::move_token(m)
    }

    fn parse_move(&self, token: &str) -> Result<OmegaMove, MoveError> {
        notation::parse_move(self, token)
    }

    /// A UCI token, else SAN (`Nc4`, `exd5`, `Wb3`, `O-O`, `e12=C+`).
    fn parse_pgn_move(&self, token: &str) -> Result<OmegaMove, MoveError> {
        self.parse_move(token)
            .or_else(|uci_error| match san::parse(self, token) {
                Err(MoveError::Malformed { .. }) => Err(uci_error),
                read => read,
            })
    }

    fn bench_fens(variant: VariantId) -> &'static [&'static str] {
        assert_played::<Self>(variant);
        BENCH_FENS
    }

    const BENCH_DEPTH: i32 = 10;
}
