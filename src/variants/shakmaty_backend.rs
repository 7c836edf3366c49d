//! One [`Rules`] implementation for every variant that shakmaty plays.
//!
//! Chess and atomic differ only in the shakmaty position type and a few
//! variant hooks ([`ShakmatyVariant`]); everything else (FEN, UCI tokens,
//! incremental Zobrist keys, move codes) is shared here.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Color, EnPassantMode, FromSetup, Move, Position, Rank, Role, Square};

use super::{GameEnd, Rules};

/// What a shakmaty position type needs to become a Chimera backend.
pub trait ShakmatyVariant: Position + FromSetup + Clone + Send + Sync + 'static {
    const NAME: &'static str;
    const START_FEN: &'static str;
    const BENCH: &'static [&'static str];
    /// Material won at once by a tactical move (for move ordering).
    fn tactical_gain(&self, m: Move) -> i32;
    /// A variant end that needs no move generation.
    fn early_end(&self) -> Option<GameEnd>;
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

/// Standard chess piece values in centipawns, for move ordering.
pub fn role_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 950,
        Role::King => 2000,
    }
}

impl<P: ShakmatyVariant> Rules for Shakmaty<P> {
    type Move = Move;
    const VARIANTS: &'static [&'static str] = &[P::NAME];
    const HISTORY_SLOTS: usize = 64 * 64;

    fn start_fen(_variant: &str) -> &'static str {
        P::START_FEN
    }

    fn from_fen(_variant: &str, fen: &str) -> Result<Self, String> {
        let fen: Fen = fen
            .trim()
            .parse()
            .map_err(|e| format!("invalid FEN: {e}"))?;
        let pos: P = fen
            .into_position(CastlingMode::Standard)
            .map_err(|e| format!("illegal position: {e}"))?;
        Ok(Shakmaty::new(pos))
    }

    fn variant(&self) -> &'static str {
        P::NAME
    }

    fn fen(&self) -> String {
        Fen::from_position(&self.pos, EnPassantMode::Legal).to_string()
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
        out.extend(self.pos.legal_moves());
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        self.pos.legal_moves().len() as u64
    }

    #[inline]
    fn play(&mut self, m: Move) {
        let next =
            self.pos
                .update_zobrist_hash::<Zobrist64>(Zobrist64(self.key), m, EnPassantMode::Legal);
        self.pos.play_unchecked(m);
        self.key = match next {
            Some(z) => z.0,
            None => Self::full_key(&self.pos),
        };
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

    fn early_end(&self) -> Option<GameEnd> {
        self.pos.early_end()
    }

    fn end_without_moves(&self) -> GameEnd {
        if self.pos.is_check() {
            GameEnd::new(super::Outcome::Loss, "checkmate")
        } else {
            GameEnd::new(super::Outcome::Draw, "stalemate")
        }
    }

    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        m.is_capture() || m.promotion() == Some(Role::Queen)
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

    fn format_move(&self, m: Move) -> String {
        m.to_uci(CastlingMode::Standard).to_string()
    }

    fn parse_move(&self, token: &str) -> Result<Move, String> {
        let uci: UciMove = token
            .parse()
            .map_err(|_| format!("malformed move {token}"))?;
        uci.to_move(&self.pos)
            .map_err(|_| format!("illegal move {token}"))
    }

    fn bench_fens(_variant: &str) -> &'static [&'static str] {
        P::BENCH
    }
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
