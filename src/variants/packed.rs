//! A position in the fixed-size binary form of the data files
//! (docs/datagen.md): the board as an occupancy bitset over the variant's
//! existing squares plus one nibble per piece, then the FEN's other fields
//! in binary, then whatever state a backend keeps beyond its FEN.

use super::pieces::{PieceOn, ROLES};
use crate::variants::view::{BoardView, Piece, Square};
use crate::variants::VariantId;

/// No en-passant square in that slot.
const NO_SQUARE: u8 = 0xff;

/// A backend's position packed to bytes and back. The default packs what
/// the FEN says (board, side, castling, en passant, both counters); a
/// backend whose position holds more (Dynamo's castling rooks that were
/// pushed away, the placement its no-undo rule forbids) adds it in
/// [`Packed::EXTRA_BYTES`].
pub trait Packed: BoardView {
    /// Bytes the backend appends after the FEN fields.
    const EXTRA_BYTES: usize = 0;

    /// Writes the state the FEN leaves out into `out` (`EXTRA_BYTES` long).
    fn pack_extra(&self, _out: &mut [u8]) {}

    /// Puts back what [`Packed::pack_extra`] wrote into a position read
    /// from the FEN fields; an error when the bytes cannot be this
    /// position's state.
    fn unpack_extra(&mut self, _bytes: &[u8]) -> Result<(), String> {
        Ok(())
    }
}

/// The sizes of one variant's packed positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Squares that exist (64, Omega's 104).
    pub squares: usize,
    /// Pieces a packed board can hold: those of the start position (no
    /// variant Chimera plays adds pieces).
    pub max_pieces: usize,
    /// Bytes after the FEN fields.
    pub extra: usize,
}

/// Flags byte, en passant (two squares: Omega's pawns pass over two),
/// halfmove clock and fullmove number.
const FIELD_BYTES: usize = 1 + 2 + 2 + 2;

impl Layout {
    pub fn of<P: Packed>(variant: VariantId) -> Layout {
        let start = P::start(variant);
        Layout {
            squares: existing_squares::<P>(variant).len(),
            max_pieces: existing_squares::<P>(variant)
                .iter()
                .filter(|&&sq| start.piece_on(sq).is_some())
                .count(),
            extra: P::EXTRA_BYTES,
        }
    }

    fn occupancy_bytes(&self) -> usize {
        self.squares.div_ceil(8)
    }

    fn piece_bytes(&self) -> usize {
        self.max_pieces.div_ceil(2)
    }

    /// Bytes of one packed position.
    pub fn len(&self) -> usize {
        self.occupancy_bytes() + self.piece_bytes() + FIELD_BYTES + self.extra
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether White is to move in a packed position.
    pub fn white_to_move(&self, packed: &[u8]) -> bool {
        let at = self.occupancy_bytes() + self.piece_bytes();
        packed.get(at).is_none_or(|flags| flags & 1 == 0)
    }

    /// The fullmove number of a packed position (0 if `packed` is short).
    pub fn fullmove(&self, packed: &[u8]) -> u16 {
        let at = self.occupancy_bytes() + self.piece_bytes() + 5;
        match packed.get(at..at + 2) {
            Some(&[low, high]) => u16::from_le_bytes([low, high]),
            _ => 0,
        }
    }
}

/// The variant's existing squares in packing order: rank by rank from the
/// first, each rank from file `a`.
pub fn existing_squares<P: BoardView>(variant: VariantId) -> Vec<Square> {
    let grid = P::grid(variant);
    (0..grid.ranks)
        .flat_map(|rank| (0..grid.files).map(move |file| Square::new(file, rank)))
        .filter(|&sq| P::exists(variant, sq))
        .collect()
}

/// Packs `pos` into `out` (`layout.len()` bytes). An error for a position
/// the form cannot hold: more pieces than the start position, a castling
/// right other than `KQkq`, more than two en-passant squares.
pub fn pack<P: Packed>(pos: &P, layout: &Layout, out: &mut [u8]) -> Result<(), String> {
    debug_assert_eq!(out.len(), layout.len());
    out.fill(0);
    let variant = pos.variant();
    let squares = existing_squares::<P>(variant);
    let (occupancy, rest) = out.split_at_mut(layout.occupancy_bytes());
    let (pieces, rest) = rest.split_at_mut(layout.piece_bytes());
    let mut count = 0;
    for (i, &sq) in squares.iter().enumerate() {
        let Some(piece) = pos.piece_on(sq) else {
            continue;
        };
        if count == layout.max_pieces {
            return Err(format!("more than {} pieces", layout.max_pieces));
        }
        let role = ROLES
            .iter()
            .position(|&r| r == piece.role)
            .ok_or_else(|| format!("no nibble for the role {}", piece.role))?;
        let nibble = role as u8 | u8::from(!piece.white) << 3;
        occupancy[i / 8] |= 1 << (i % 8);
        pieces[count / 2] |= nibble << (4 * (count % 2));
        count += 1;
    }

    let fen = pos.fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let field = |i: usize| fields.get(i).copied().unwrap_or("-");
    let mut flags = u8::from(!pos.white_to_move());
    for c in field(2).chars().filter(|&c| c != '-') {
        let bit = "KQkq"
            .find(c)
            .ok_or_else(|| format!("castling right {c} is not one of KQkq"))?;
        flags |= 2 << bit;
    }
    rest[0] = flags;
    let ep = parse_squares(field(3))?;
    if ep.len() > 2 {
        return Err(format!("{} en-passant squares", ep.len()));
    }
    for slot in 0..2 {
        rest[1 + slot] = match ep.get(slot) {
            Some(sq) => squares
                .iter()
                .position(|s| s == sq)
                .and_then(|i| u8::try_from(i).ok())
                .ok_or_else(|| format!("en-passant square {sq} is not on the board"))?,
            None => NO_SQUARE,
        };
    }
    let halfmove: u16 = field(4).parse().unwrap_or(0);
    let fullmove: u16 = field(5).parse().unwrap_or(1);
    rest[3..5].copy_from_slice(&halfmove.to_le_bytes());
    rest[5..7].copy_from_slice(&fullmove.to_le_bytes());
    pos.pack_extra(&mut rest[FIELD_BYTES..]);
    Ok(())
}

/// The position `bytes` (`layout.len()` long) holds, checked as a FEN of
/// the variant is: corrupt bytes are an error, never a broken position.
pub fn unpack<P: Packed>(variant: VariantId, layout: &Layout, bytes: &[u8]) -> Result<P, String> {
    if bytes.len() != layout.len() {
        return Err(format!(
            "a packed {variant} position has {} bytes, not {}",
            layout.len(),
            bytes.len()
        ));
    }
    let squares = existing_squares::<P>(variant);
    let (occupancy, rest) = bytes.split_at(layout.occupancy_bytes());
    let (pieces, rest) = rest.split_at(layout.piece_bytes());
    let mut board: Vec<(Square, Piece)> = Vec::new();
    for (i, &sq) in squares.iter().enumerate() {
        if occupancy[i / 8] & 1 << (i % 8) == 0 {
            continue;
        }
        let count = board.len();
        if count == layout.max_pieces {
            return Err(format!("more than {} pieces", layout.max_pieces));
        }
        let nibble = pieces[count / 2] >> (4 * (count % 2)) & 15;
        let piece = Piece {
            white: nibble & 8 == 0,
            role: ROLES[usize::from(nibble & 7)],
        };
        board.push((sq, piece));
    }
    let spare = occupancy.len() * 8 - squares.len();
    if spare > 0 && occupancy[occupancy.len() - 1] >> (8 - spare) != 0 {
        return Err("occupancy names a square past the board".to_string());
    }

    let flags = rest[0];
    let side = if flags & 1 == 0 { "w" } else { "b" };
    let castling: String = "KQkq"
        .chars()
        .enumerate()
        .filter(|&(bit, _)| flags & 2 << bit != 0)
        .map(|(_, c)| c)
        .collect();
    let mut ep = String::new();
    for &index in &rest[1..3] {
        if index != NO_SQUARE {
            let sq = squares
                .get(usize::from(index))
                .ok_or_else(|| format!("en-passant square {index} is past the board"))?;
            ep.push_str(&sq.to_string());
        }
    }
    let halfmove = u16::from_le_bytes([rest[3], rest[4]]);
    let fullmove = u16::from_le_bytes([rest[5], rest[6]]);
    let fen = format!(
        "{} {side} {} {} {halfmove} {fullmove}",
        fen_board::<P>(variant, &board),
        if castling.is_empty() { "-" } else { &castling },
        if ep.is_empty() { "-" } else { &ep },
    );
    let mut pos = P::from_fen(variant, &fen).map_err(|e| e.to_string())?;
    pos.unpack_extra(&rest[FIELD_BYTES..])?;
    Ok(pos)
}

/// The FEN's board field: ranks from the highest, `*` for a square that
/// does not exist, digits for runs of empty squares.
fn fen_board<P: BoardView>(variant: VariantId, board: &[(Square, Piece)]) -> String {
    let grid = P::grid(variant);
    let mut text = String::new();
    for rank in (0..grid.ranks).rev() {
        let mut empty = 0;
        for file in 0..grid.files {
            let sq = Square::new(file, rank);
            let piece = board.iter().find(|(s, _)| *s == sq).map(|(_, p)| *p);
            if P::exists(variant, sq) && piece.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(piece.map_or('*', Piece::fen_letter));
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

/// The squares of an en-passant field (`-`, `e3`, Omega's `e4e5`).
fn parse_squares(field: &str) -> Result<Vec<Square>, String> {
    if field == "-" {
        return Ok(Vec::new());
    }
    let mut squares = Vec::new();
    let mut chars = field.chars().peekable();
    while let Some(f) = chars.next() {
        let mut digits = String::new();
        while let Some(d) = chars.next_if(char::is_ascii_digit) {
            digits.push(d);
        }
        let file = u8::try_from(u32::from(f).wrapping_sub(u32::from('a')))
            .ok()
            .filter(|&f| f < 26);
        let rank = digits.parse::<u8>().ok().filter(|&r| r >= 1);
        match (file, rank) {
            (Some(file), Some(rank)) => squares.push(Square::new(file, rank - 1)),
            _ => return Err(format!("cannot read the en-passant field {field}")),
        }
    }
    Ok(squares)
}

/// The pieces of a packed position (docs/datagen.md) and whether White is
/// to move, read straight from the bytes.
pub fn pieces_from_packed(layout: &Layout, bytes: &[u8], out: &mut Vec<PieceOn>) -> bool {
    let occupancy = &bytes[..layout.squares.div_ceil(8)];
    let nibbles = &bytes[occupancy.len()..];
    let mut count = 0;
    for square in 0..layout.squares {
        if occupancy[square / 8] & 1 << (square % 8) != 0 && count < layout.max_pieces {
            out.push(PieceOn {
                square: square as u8,
                nibble: nibbles[count / 2] >> (4 * (count % 2)) & 15,
            });
            count += 1;
        }
    }
    let flags = bytes[occupancy.len() + layout.max_pieces.div_ceil(2)];
    flags & 1 == 0
}
