//! The pieces of the 8x8 custom backends' own game-score notations
//! (avalanche's `Nf3/c6`, Dynamo's `Ra1a5/Ba5E`, see
//! `BoardView::variant_notation`), written from a turn's parts so that both
//! spell squares, pieces, castling and promotions the same way.

use crate::variants::view::{Part, Place, Square};

/// The square's name, or `E` (the seed's "off the board").
pub fn place_text(place: Place) -> String {
    match place {
        Place::On(sq) => sq.to_string(),
        Place::Off => "E".into(),
    }
}

/// `O-O` when the rook stands nearer the king (three files apart), `O-O-O`
/// when farther: the short and long castling of the seeds' scores, whatever
/// side the king stands on (avalanche-reversed's Black castles short to b8).
pub fn castling(king: &Part, rook: &Part) -> &'static str {
    let file = |p: Place| p.square().map_or(0, |sq| i32::from(sq.file));
    if (file(king.from) - file(rook.from)).abs() <= 3 {
        "O-O"
    } else {
        "O-O-O"
    }
}

/// `=Q` for a part that promotes, else nothing.
pub fn promotion(part: &Part) -> String {
    part.promotion.map_or(String::new(), |p| {
        format!("={}", p.role.to_ascii_uppercase())
    })
}

/// A part as SAN writes a chess move (no suffix): piece letter (none for a
/// pawn), the file, rank or square of departure when a piece of the same
/// kind on one of `rivals` could go to the same square, `x` for a capture
/// (a pawn's with its file), the square, the promotion.
pub fn san(part: &Part, capture: bool, rivals: &[Square]) -> String {
    let mut text = String::new();
    let from = part.from.square();
    if part.piece.role == 'p' {
        if let (true, Some(from)) = (capture, from) {
            text.push((b'a' + from.file) as char);
            text.push('x');
        }
    } else {
        text.push(part.piece.role.to_ascii_uppercase());
        if let (false, Some(from)) = (rivals.is_empty(), from) {
            if rivals.iter().all(|r| r.file != from.file) {
                text.push((b'a' + from.file) as char);
            } else if rivals.iter().all(|r| r.rank != from.rank) {
                text.push_str(&(from.rank + 1).to_string());
            } else {
                text.push_str(&from.to_string());
            }
        }
        if capture {
            text.push('x');
        }
    }
    text.push_str(&place_text(part.to));
    text + &promotion(part)
}

/// A part written long, as the seeds write a Dynamo push or pull: piece
/// letter (`P` for a pawn), where it starts, and where it ends unless it
/// stays (`E` off the board), the promotion: `Ra1a5`, `Nb1`, `Ba5E`,
/// `Pe7e8=Q`.
pub fn long(part: &Part) -> String {
    let mut text = part.piece.role.to_ascii_uppercase().to_string();
    text.push_str(&place_text(part.from));
    if part.to != part.from {
        text.push_str(&place_text(part.to));
    }
    text + &promotion(part)
}
