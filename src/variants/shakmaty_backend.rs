//! One [`Rules`] implementation for every variant that shakmaty plays.
//!
//! Chess and atomic differ only in the shakmaty position type and a few
//! variant hooks ([`ShakmatyVariant`]); everything else (FEN, UCI tokens,
//! incremental Zobrist keys, move codes) is shared here.

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::uci::UciMove;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::PositionErrorKinds;
use shakmaty::{
    CastlingMode, CastlingSide, Color, EnPassantMode, FromSetup, Move, Position, Rank, Role, Square,
};

use super::board8::piece::EXCHANGE_VALUE;
use super::{
    assert_played, check_played, retain_from, EndReason, FenError, GameEnd, MoveError, Rules,
    VariantId,
};

/// What a shakmaty position type needs to become a Chimera backend.
pub trait ShakmatyVariant: Position + FromSetup + Clone + Send + Sync + 'static {
    /// The one variant this position type plays.
    const ID: VariantId;
    const START_FEN: &'static str;
    const BENCH: &'static [&'static str];
    /// [`Rules::BENCH_DEPTH`].
    const BENCH_DEPTH: i32;
    /// How XBoard plays the variant ([`super::view::BoardView::xboard`]).
    const XBOARD: super::xboard::XboardVariant;
    /// Captures remove more than the captured piece (atomic explosions) and
    /// put nothing down: their keys lose whatever stood on the squares they
    /// empty.
    const EXPLOSIVE: bool;
    /// [`Rules::QUIETS_APART`]: only with a generator of quiet moves faster
    /// than [`ShakmatyVariant::legal_into`], and an `is_legal_with` that
    /// leaves its scratch as it was.
    const QUIETS_APART: bool = false;
    /// [`Rules::ForcingTest`].
    type ForcingTest: Copy + Default;
    /// Material won at once by a tactical move (for move ordering).
    fn tactical_gain(&self, m: Move) -> i32;
    /// [`Rules::see_ge`] under this variant's captures.
    fn see_ge(&self, m: Move, threshold: i32) -> bool;
    /// A variant end that needs no move generation.
    fn early_end(&self) -> Option<GameEnd>;
    /// Appends the legal moves: shakmaty's generator, unless the variant
    /// has a faster one that lists the same moves in the same order.
    fn legal_into(&self, out: &mut Vec<Move>) {
        out.extend(self.legal_moves());
    }
    /// Appends the legal captures and queen promotions, in the order of
    /// [`ShakmatyVariant::legal_into`].
    fn tactical_into(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.legal_into(out);
        retain_from(out, start, is_tactical);
    }
    /// Appends the legal moves that are not captures or queen promotions,
    /// in the order of [`ShakmatyVariant::legal_into`].
    fn quiet_into(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.legal_into(out);
        retain_from(out, start, |m| !is_tactical(m));
    }
    /// The number of legal moves.
    fn count_legal(&self) -> u64 {
        self.legal_moves().len() as u64
    }
    /// Whether a move of the side to move is legal (`scratch`, an empty
    /// buffer the test may use, is left empty).
    fn is_legal_with(&self, m: Move, _scratch: &mut Vec<Move>) -> bool {
        self.is_legal(m)
    }
    /// [`Rules::king_threatened`].
    fn king_threatened(&self) -> bool {
        false
    }
    /// [`Rules::forcing_test`].
    fn forcing_test(&self) -> Self::ForcingTest;
    /// [`Rules::may_force`].
    fn may_force(&self, test: &Self::ForcingTest, m: Move) -> bool;
    /// The en-passant square if a capture there is legal (shakmaty's
    /// `EnPassantMode::Legal`, which for atomic lists every legal move).
    fn ep_square_if_legal(&self) -> Option<Square> {
        self.ep_square(EnPassantMode::Legal)
    }
}

/// Captures and queen promotions: what quiescence searches.
#[inline]
pub fn is_tactical(m: Move) -> bool {
    m.is_capture() || m.promotion() == Some(Role::Queen)
}

/// A shakmaty position plus its incrementally updated Zobrist key.
#[derive(Clone, Debug)]
pub struct Shakmaty<P> {
    pub pos: P,
    key: u64,
}

impl<P: ShakmatyVariant> Shakmaty<P> {
    fn full_key(pos: &P) -> u64 {
        let z: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
        z.0
    }

    pub fn new(pos: P) -> Self {
        let key = Self::full_key(&pos);
        Shakmaty { pos, key }
    }
}

/// A role's value in the static exchange and the order of tactical turns
/// (the 8x8 backends' one scale, [`EXCHANGE_VALUE`]).
pub fn role_value(role: Role) -> i32 {
    EXCHANGE_VALUE[role as usize - 1]
}

/// A FEN syntax error as a reason (without a leading "invalid FEN").
fn fen_error(e: &ParseFenError) -> String {
    match e {
        ParseFenError::InvalidFen => {
            "expected board, side to move, castling, en passant, halfmove clock and fullmove number"
        }
        ParseFenError::InvalidBoard => "bad board field",
        ParseFenError::InvalidPocket => "unexpected pocket",
        ParseFenError::InvalidTurn => "side to move must be w or b",
        ParseFenError::InvalidCastling => "bad castling field",
        ParseFenError::InvalidEpSquare => "bad en-passant field",
        ParseFenError::InvalidRemainingChecks => "unexpected remaining-checks field",
        ParseFenError::InvalidHalfmoveClock => "bad halfmove clock",
        ParseFenError::InvalidFullmoves => "bad fullmove number",
    }
    .to_string()
}

impl<P: ShakmatyVariant> Rules for Shakmaty<P> {
    type Move = Move;
    type ForcingTest = P::ForcingTest;
    const VARIANTS: &'static [VariantId] = &[P::ID];
    const HISTORY_SLOTS: usize = 64 * 64;
    const PIECE_TO_SLOTS: usize = 12 * 64;
    const QUIETS_APART: bool = P::QUIETS_APART;

    fn start_fen(variant: VariantId) -> &'static str {
        assert_played::<Self>(variant);
        P::START_FEN
    }

    fn from_fen(variant: VariantId, fen: &str) -> Result<Self, FenError> {
        Self::from_fen_with(variant, fen, CastlingMode::Standard)
    }

    const CHESS960: bool = true;

    fn from_fen_with(
        variant: VariantId,
        fen: &str,
        castling: CastlingMode,
    ) -> Result<Self, FenError> {
        check_played::<Self>(variant)?;
        // The caller prefixes "invalid fen: ", so the reasons say only what
        // is wrong (shakmaty's own texts repeat "fen"/"illegal position").
        let fen: Fen = fen.trim().parse().map_err(|e| fen_error(&e))?;
        let pos: P = fen.into_position(castling).map_err(|e| {
            let only_castling = e.kinds() == PositionErrorKinds::INVALID_CASTLING_RIGHTS;
            if only_castling && castling == CastlingMode::Standard {
                FenError::NeedsChess960
            } else {
                FenError::Invalid(e.to_string())
            }
        })?;
        Ok(Shakmaty::new(pos))
    }

    fn variant(&self) -> VariantId {
        P::ID
    }

    fn chess960(&self) -> bool {
        self.pos.castles().mode() == CastlingMode::Chess960
    }

    /// In Chess960 the castling rights are Shredder-FEN's rook files
    /// (`HAha`), as Stockfish writes them with `UCI_Chess960`.
    fn fen(&self) -> String {
        let fen = Fen::from_position(&self.pos, EnPassantMode::Legal).to_string();
        if self.pos.castles().mode() == CastlingMode::Standard {
            return fen;
        }
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let rights = shredder_rights(&self.pos);
        if let Some(field) = fields.get_mut(2) {
            *field = &rights;
        }
        fields.join(" ")
    }

    fn pretty(&self) -> String {
        let board = self.pos.board();
        let mut out = String::new();
        for rank in Rank::ALL.iter().rev() {
            out.push_str(" +---+---+---+---+---+---+---+---+\n");
            for file in shakmaty::File::ALL {
                let c = board
                    .piece_at(Square::from_coords(file, *rank))
                    .map_or(' ', |p| p.char());
                out.push_str(&format!(" | {c}"));
            }
            out.push_str(&format!(" | {}\n", rank.char()));
        }
        out.push_str(" +---+---+---+---+---+---+---+---+\n");
        out.push_str("   a   b   c   d   e   f   g   h\n");
        out
    }

    fn white_to_move(&self) -> bool {
        self.pos.turn() == Color::White
    }

    fn hash(&self) -> u64 {
        self.key
    }

    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmoves()
    }

    #[inline]
    fn generate(&self, out: &mut Vec<Move>) {
        self.pos.legal_into(out);
    }

    #[inline]
    fn generate_tactical(&self, out: &mut Vec<Move>) {
        self.pos.tactical_into(out);
    }

    #[inline]
    fn generate_quiet(&self, out: &mut Vec<Move>) {
        self.pos.quiet_into(out);
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        self.pos.count_legal()
    }

    #[inline]
    fn play(&mut self, m: Move) {
        if P::EXPLOSIVE && m.is_capture() {
            // The capture only empties squares: the key loses the pieces
            // that stood on them.
            let before = self.pos.board().clone();
            let rights_before = rights_mask(&self.pos);
            let mut key = self.key ^ Zobrist64::zobrist_for_white_turn().0 ^ ep_key(&self.pos);
            self.pos.play_unchecked(m);
            for sq in before.occupied() ^ self.pos.board().occupied() {
                if let Some(piece) = before.piece_at(sq) {
                    key ^= Zobrist64::zobrist_for_piece(sq, piece).0;
                }
            }
            self.key = key ^ rights_key(rights_before ^ rights_mask(&self.pos)) ^ ep_key(&self.pos);
            return;
        }
        let rights_before = rights_mask(&self.pos);
        let key = self.key ^ key_before_move(&self.pos, m);
        self.pos.play_unchecked(m);
        self.key = key ^ rights_key(rights_before ^ rights_mask(&self.pos)) ^ ep_key(&self.pos);
    }

    fn null_move_allowed(&self) -> bool {
        let board = self.pos.board();
        let ours = board.by_color(self.pos.turn());
        (ours & !board.pawns() & !board.kings()).any()
    }

    fn play_null(&mut self) {
        if let Ok(next) = self.pos.clone().swap_turn() {
            *self = Shakmaty::new(next);
        }
    }

    fn in_check(&self) -> bool {
        self.pos.is_check()
    }

    fn king_threatened(&self) -> bool {
        self.pos.king_threatened()
    }

    #[inline]
    fn forcing_test(&self) -> P::ForcingTest {
        self.pos.forcing_test()
    }

    #[inline]
    fn may_force(&self, test: &P::ForcingTest, m: Move) -> bool {
        self.pos.may_force(test, m)
    }

    fn early_end(&self) -> Option<GameEnd> {
        self.pos.early_end()
    }

    fn could_win(&self, white: bool) -> bool {
        // shakmaty's rule per side, each variant's own (atomic: a bare king
        // cannot win).
        !self
            .pos
            .has_insufficient_material(shakmaty::Color::from_white(white))
    }

    fn end_without_moves(&self) -> GameEnd {
        if self.pos.is_check() {
            GameEnd::new(super::Outcome::Loss, EndReason::Checkmate)
        } else {
            GameEnd::new(super::Outcome::Draw, EndReason::Stalemate)
        }
    }

    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        is_tactical(m)
    }

    #[inline]
    fn tactical_gain(&self, m: Move) -> i32 {
        self.pos.tactical_gain(m)
    }

    #[inline]
    fn history_index(&self, m: Move) -> usize {
        let (from, to) = squares(m);
        from as usize * 64 + to as usize
    }

    #[inline]
    fn piece_to_index(&self, m: Move) -> usize {
        let piece = self.pos.turn() as usize * 6 + m.role() as usize - 1;
        piece * 64 + m.to() as usize
    }

    #[inline]
    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        self.pos.see_ge(m, threshold)
    }

    #[inline]
    fn pawn_key(&self) -> u64 {
        let board = self.pos.board();
        let pawns = board.pawns();
        super::pawn_key(
            u128::from((pawns & board.white()).0),
            u128::from((pawns & board.black()).0),
        )
    }

    #[inline]
    fn encode(m: Move) -> u32 {
        let (from, to) = squares(m);
        let promo = m.promotion().map_or(0, |r| r as u32);
        let kind = match m {
            Move::Normal { .. } | Move::Put { .. } => 0,
            Move::EnPassant { .. } => 1,
            Move::Castle { .. } => 2,
        };
        1 << 20 | kind << 15 | promo << 12 | (to as u32) << 6 | from as u32
    }

    /// Rebuilds the move from its code and asks the variant whether it is
    /// legal (shakmaty looks only at the moves of that piece kind to that
    /// square; atomic's own generator tests the one move).
    fn legal_from_code(&self, code: u32, scratch: &mut Vec<Move>) -> Option<Move> {
        let from = Square::new(code & 63);
        let to = Square::new(code >> 6 & 63);
        let board = self.pos.board();
        let m = match code >> 15 & 3 {
            0 => Move::Normal {
                role: board.role_at(from)?,
                from,
                capture: board.role_at(to),
                to,
                promotion: Role::try_from(code >> 12 & 7).ok(),
            },
            1 => Move::EnPassant { from, to },
            2 => Move::Castle {
                king: from,
                rook: to,
            },
            _ => return None,
        };
        (Self::encode(m) == code && self.pos.is_legal_with(m, scratch)).then_some(m)
    }

    /// Castling as the king's two-square move, or in Chess960 as the king
    /// taking its own rook; [`Rules::parse_move`] reads both.
    fn format_move(&self, m: Move) -> String {
        m.to_uci(self.pos.castles().mode()).to_string()
    }

    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        let uci: UciMove = token.parse().map_err(|_| MoveError::malformed(token))?;
        uci.to_move(&self.pos)
            .map_err(|_| MoveError::illegal(token))
    }

    /// A UCI token, else SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    fn parse_pgn_move(&self, token: &str) -> Result<Move, MoveError> {
        self.parse_move(token)
            .or_else(|uci_error| match self.read_san(token) {
                Err(MoveError::Malformed { .. }) => Err(uci_error),
                read => read,
            })
    }

    fn bench_fens(variant: VariantId) -> &'static [&'static str] {
        assert_played::<Self>(variant);
        P::BENCH
    }

    const BENCH_DEPTH: i32 = P::BENCH_DEPTH;
}

/// Shredder-FEN castling rights: the files of the rooks that may castle,
/// White's in capitals first, king side before queen side; `-` for none.
fn shredder_rights<P: Position>(pos: &P) -> String {
    let rooks = pos.castles().castling_rights();
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            if let Some(rook) = pos
                .castles()
                .rook(color, side)
                .filter(|r| rooks.contains(*r))
            {
                let file = rook.file().char();
                out.push(if color == Color::White {
                    file.to_ascii_uppercase()
                } else {
                    file
                });
            }
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// Castling rights as four bits, for diffing before and after a move.
#[inline]
fn rights_mask<P: Position>(pos: &P) -> u8 {
    let c = pos.castles();
    u8::from(c.has(Color::White, CastlingSide::KingSide))
        | u8::from(c.has(Color::White, CastlingSide::QueenSide)) << 1
        | u8::from(c.has(Color::Black, CastlingSide::KingSide)) << 2
        | u8::from(c.has(Color::Black, CastlingSide::QueenSide)) << 3
}

/// Zobrist keys of the castling rights in a [`rights_mask`].
#[inline]
fn rights_key(mask: u8) -> u64 {
    if mask == 0 {
        return 0;
    }
    let mut key = 0;
    for (i, (color, side)) in [
        (Color::White, CastlingSide::KingSide),
        (Color::White, CastlingSide::QueenSide),
        (Color::Black, CastlingSide::KingSide),
        (Color::Black, CastlingSide::QueenSide),
    ]
    .into_iter()
    .enumerate()
    {
        if mask & 1 << i != 0 {
            key ^= Zobrist64::zobrist_for_castling_right(color, side).0;
        }
    }
    key
}

/// Zobrist key of the en-passant file if a capture there is legal. Only a
/// pseudo-legal square can be legal, so legality is tested only then.
#[inline]
fn ep_key<P: ShakmatyVariant>(pos: &P) -> u64 {
    match pos.maybe_ep_square() {
        Some(_) => pos
            .ep_square_if_legal()
            .map_or(0, |sq| Zobrist64::zobrist_for_en_passant_file(sq.file()).0),
        None => 0,
    }
}

/// What `m` changes in the key, computed before it is played: the side to
/// move, the pieces it moves and captures, and the old en-passant square
/// (rights and the new en-passant square are settled after the move).
#[inline]
fn key_before_move<P: ShakmatyVariant>(pos: &P, m: Move) -> u64 {
    let piece =
        |sq: Square, role: Role, color: Color| Zobrist64::zobrist_for_piece(sq, role.of(color)).0;
    let us = pos.turn();
    let mut key = Zobrist64::zobrist_for_white_turn().0 ^ ep_key(pos);
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            key ^= piece(from, role, us) ^ piece(to, promotion.unwrap_or(role), us);
            if let Some(c) = capture {
                key ^= piece(to, c, !us);
            }
        }
        Move::EnPassant { from, to } => {
            let captured = Square::from_coords(to.file(), from.rank());
            key ^= piece(from, Role::Pawn, us)
                ^ piece(to, Role::Pawn, us)
                ^ piece(captured, Role::Pawn, !us);
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_queen_side(rook < king);
            key ^= piece(king, Role::King, us) ^ piece(side.king_to(us), Role::King, us);
            key ^= piece(rook, Role::Rook, us) ^ piece(side.rook_to(us), Role::Rook, us);
        }
        Move::Put { role, to } => key ^= piece(to, role, us),
    }
    key
}

/// Origin and destination squares of a move (castling: king to rook).
#[inline]
fn squares(m: Move) -> (Square, Square) {
    match m {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => (from, to),
        Move::Castle { king, rook } => (king, rook),
        Move::Put { to, .. } => (to, to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::atomic::AtomicPosition;
    use crate::variants::chess::ChessPosition;

    /// Walks the whole tree to `depth`, checking the incremental key against
    /// a key computed from scratch at every node.
    fn check_keys<P: ShakmatyVariant>(pos: &Shakmaty<P>, depth: u32) -> u64 {
        assert_eq!(pos.key, Shakmaty::<P>::full_key(&pos.pos), "{}", pos.fen());
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play(m);
                check_keys(&child, depth - 1)
            })
            .sum()
    }

    #[test]
    fn incremental_keys_match_full_keys() {
        // Castling both ways, en passant (legal and pinned), promotions with
        // and without capture, atomic explosions of rooks with castling rights.
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2",
        ];
        for fen in fens {
            assert!(check_keys(&ChessPosition::from_fen(VariantId::Chess, fen).unwrap(), 3) > 0);
            if let Ok(pos) = AtomicPosition::from_fen(VariantId::Atomic, fen) {
                check_keys(&pos, 3);
            }
        }
        // Chess960 castling: king and rook landing on each other's squares.
        let chess960 = [
            "r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Hhf - 0 1",
            "2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1",
        ];
        for fen in chess960 {
            let chess = ChessPosition::from_fen_with(VariantId::Chess, fen, CastlingMode::Chess960);
            assert!(check_keys(&chess.unwrap(), 3) > 0);
            let atomic =
                AtomicPosition::from_fen_with(VariantId::Atomic, fen, CastlingMode::Chess960);
            assert!(check_keys(&atomic.unwrap(), 3) > 0);
        }
    }
}
