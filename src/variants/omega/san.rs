//! Standard Algebraic Notation for Omega, on the squares of Chimera's FEN
//! (files `a`..`l`, ranks `1`..`12`: the wizard squares are `a1`, `l1`,
//! `a12` and `l12`, the field's corners `b2`, `k2`, `b11`, `k11`). As chess
//! SAN: piece letter (`K Q R B N`, `C` champion, `W` wizard, none for a
//! pawn), the file, rank or square of departure when another piece of the
//! kind could go to the same square, `x` for a capture, the square,
//! `=Q` (or `=R`, `=B`, `=N`, `=C`, `=W`) for a promotion, `O-O`/`O-O-O`
//! for castling, `+` for check and `#` for mate. See docs/omega.md.

use super::board::{file_of, rank_of};
use super::notation::{parse_square, square_name};
use super::{OmegaMove, OmegaPosition, PAWN, PIECE_LETTERS};
use crate::variants::{MoveError, Rules};

/// The piece kind on a square (`None` when empty).
fn kind_on(pos: &OmegaPosition, sq: usize) -> Option<usize> {
    pos.piece_at(sq).map(|(kind, _)| kind)
}

/// The kind a piece letter names (`P` included), uppercase only.
fn kind_of_letter(letter: char) -> Option<usize> {
    PIECE_LETTERS.iter().position(|&l| l == letter)
}

fn file_letter(sq: usize) -> char {
    (b'a' + file_of(sq) as u8) as char
}

/// A legal move of `pos` in SAN, with `+` or `#`.
pub fn write(pos: &OmegaPosition, m: OmegaMove) -> String {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let mut san = without_suffix(pos, m, &moves);
    let mut after = pos.clone();
    after.play(m);
    if after.in_check() {
        moves.clear();
        after.generate(&mut moves);
        san.push(if moves.is_empty() { '#' } else { '+' });
    }
    san
}

/// The SAN of `m` before its suffix; `legal` holds every legal move of `pos`.
fn without_suffix(pos: &OmegaPosition, m: OmegaMove, legal: &[OmegaMove]) -> String {
    let (from, to) = (m.from(), m.to());
    if m.is_castle() {
        return if file_of(to) > file_of(from) {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    let kind = kind_on(pos, from).unwrap_or(PAWN);
    let capture = kind_on(pos, to).is_some() || m.is_en_passant();
    let mut san = String::new();
    if kind == PAWN {
        if capture {
            san.push(file_letter(from));
            san.push('x');
        }
        san.push_str(&square_name(to));
        if let Some(promo) = m.promotion_kind() {
            san.push('=');
            san.push(PIECE_LETTERS[promo]);
        }
        return san;
    }
    san.push(PIECE_LETTERS[kind]);
    // Other pieces of the kind that could go to the same square.
    let rivals: Vec<usize> = legal
        .iter()
        .filter(|o| {
            o.to() == to
                && o.from() != from
                && !o.is_castle()
                && kind_on(pos, o.from()) == Some(kind)
        })
        .map(|o| o.from())
        .collect();
    if !rivals.is_empty() {
        if rivals.iter().all(|&r| file_of(r) != file_of(from)) {
            san.push(file_letter(from));
        } else if rivals.iter().all(|&r| rank_of(r) != rank_of(from)) {
            san.push_str(&(rank_of(from) + 1).to_string());
        } else {
            san.push_str(&square_name(from));
        }
    }
    if capture {
        san.push('x');
    }
    san.push_str(&square_name(to));
    san
}

/// What a SAN text asks for, before it is matched against the legal moves.
struct Wanted {
    kind: usize,
    file: Option<i32>,
    rank: Option<i32>,
    to: usize,
    promotion: Option<usize>,
}

/// Reads the SAN `write` writes (also `0-0`, a capture without `x`, `-`
/// between squares, a promotion without `=`, any suffix and annotation).
pub fn parse(pos: &OmegaPosition, text: &str) -> Result<OmegaMove, MoveError> {
    let body = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let mut legal = Vec::new();
    pos.generate(&mut legal);
    let castle = match body {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    };
    let found: Vec<OmegaMove> = match castle {
        Some(kingside) => legal
            .into_iter()
            .filter(|m| m.is_castle() && (file_of(m.to()) > file_of(m.from())) == kingside)
            .collect(),
        None => {
            let wanted = read(body).ok_or_else(|| {
                MoveError::malformed(text).because("not Omega SAN (e.g. Nc4, exd5, Wb3, O-O)")
            })?;
            let wanted = wanted.map_err(|e| MoveError::malformed(text).because(e))?;
            legal
                .into_iter()
                .filter(|m| {
                    !m.is_castle()
                        && m.to() == wanted.to
                        && kind_on(pos, m.from()) == Some(wanted.kind)
                        && m.promotion_kind() == wanted.promotion
                        && wanted.file.is_none_or(|f| f == file_of(m.from()))
                        && wanted.rank.is_none_or(|r| r == rank_of(m.from()))
                })
                .collect()
        }
    };
    match found[..] {
        [m] => Ok(m),
        [] => Err(MoveError::illegal(text)),
        _ => Err(MoveError::illegal(text).because("ambiguous, more than one legal move fits")),
    }
}

/// The parts of a SAN text other than castling; `None` when it has not
/// SAN's shape, `Some(Err)` for a square that does not exist.
fn read(body: &str) -> Option<Result<Wanted, String>> {
    if !body.is_ascii() || body.is_empty() {
        return None;
    }
    let (body, promotion) = match body.split_once('=') {
        Some((body, letter)) => (body, Some(letter)),
        // `e12Q`: a piece letter right after the rank.
        None => match body.as_bytes() {
            [.., digit, letter] if digit.is_ascii_digit() && letter.is_ascii_uppercase() => {
                let (body, letter) = body.split_at(body.len() - 1);
                (body, Some(letter))
            }
            _ => (body, None),
        },
    };
    let promotion = match promotion {
        None => None,
        Some(letter) => {
            let mut chars = letter.chars();
            let kind = chars.next().and_then(kind_of_letter)?;
            if chars.next().is_some() || kind == PAWN || kind == super::KING {
                return None;
            }
            Some(kind)
        }
    };
    let (kind, rest) = match body.chars().next().and_then(kind_of_letter) {
        Some(kind) => (kind, &body[1..]),
        None => (PAWN, body),
    };
    let rest: String = rest
        .chars()
        .filter(|c| !matches!(c, 'x' | ':' | '-'))
        .collect();
    // The destination: the last letter and the digits after it.
    let to_start = rest.rfind(|c: char| c.is_ascii_alphabetic())?;
    let (hint, to) = rest.split_at(to_start);
    let to = match parse_square(to) {
        Ok(sq) => sq,
        Err(e) => return Some(Err(e)),
    };
    let (file, rank) = match hint.as_bytes() {
        [] => (None, &[][..]),
        [f, digits @ ..] if (b'a'..=b'l').contains(f) => (Some(i32::from(f - b'a')), digits),
        digits => (None, digits),
    };
    let rank = match rank {
        [] => None,
        digits => {
            let text = std::str::from_utf8(digits).ok()?;
            let rank: i32 = text.parse().ok().filter(|r| (1..=12).contains(r))?;
            if text.starts_with('0') {
                return None;
            }
            Some(rank - 1)
        }
    };
    Some(Ok(Wanted {
        kind,
        file,
        rank,
        to,
        promotion,
    }))
}
