//! UCI tokens: `e2e4`, `e7e8q`, `e1g1` for ordinary moves and castling;
//! `<mover from><mover to>,<moved from><moved to>[promotion]` for dynamo
//! moves, `off` for "off the board", a stationary mover repeating its
//! square (`a1a3,a3a5`, `h3off,h6off`, `b1b1,c3d5`, `e6e6,e7e8q`).
//!
//! Parsing matches the token against the geometrically possible turns and,
//! when it is refused, says why (blocked path, pawn pull, king leaving the
//! board, undoing, own king left in check, ...).

use super::board::{color_of, role_of, Piece, BISHOP, EMPTY, KING, KNIGHT, PAWN, ROOK};
use super::check::king_in_check;
use super::geometry::{
    distance, file_of, offset, parse_square, rank_of, square_name, KING_VECTORS, KNIGHT_VECTORS,
    OFF,
};
use super::{DynamoMove, DynamoPosition, MoveKind, ROLE_CHARS};
use crate::variants::board8::letters::promotion_role;
use crate::variants::MoveError;

const ROLE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

pub fn format(m: DynamoMove) -> String {
    let promo = if m.promotion == 0 {
        String::new()
    } else {
        ROLE_CHARS[m.promotion as usize].to_string()
    };
    match m.kind {
        MoveKind::Ordinary | MoveKind::Castle => {
            format!("{}{}{promo}", square_name(m.from), square_name(m.to))
        }
        MoveKind::Dynamo => format!(
            "{}{},{}{}{promo}",
            square_name(m.from),
            square_name(m.to),
            square_name(m.moved_from),
            square_name(m.moved_to)
        ),
    }
}

/// A token's squares before it is matched against the position.
#[derive(Clone, Copy, Debug)]
struct Token {
    from: u8,
    to: u8,
    moved: Option<(u8, u8)>,
    promotion: u8,
}

/// Reads `<square><square|off>` and returns the rest of the text.
fn squares(part: &str) -> Option<(u8, u8, &str)> {
    let from = parse_square(part.get(0..2)?)?;
    let rest = part.get(2..)?;
    if let Some(after) = rest.strip_prefix("off") {
        return Some((from, OFF, after));
    }
    let to = parse_square(rest.get(0..2)?)?;
    Some((from, to, rest.get(2..)?))
}

fn promotion_letter(rest: &str) -> Option<u8> {
    match rest {
        "" => Some(0),
        letter => promotion_role(letter).map(|role| role as u8),
    }
}

fn read_token(token: &str) -> Option<Token> {
    if !token.is_ascii() {
        return None;
    }
    match token.split_once(',') {
        None => {
            let (from, to, rest) = squares(token)?;
            if to == OFF {
                return None;
            }
            Some(Token {
                from,
                to,
                moved: None,
                promotion: promotion_letter(rest)?,
            })
        }
        Some((mover, moved)) => {
            let (from, to, rest) = squares(mover)?;
            if !rest.is_empty() {
                return None;
            }
            let (mfrom, mto, rest) = squares(moved)?;
            if mfrom == OFF {
                return None;
            }
            Some(Token {
                from,
                to,
                moved: Some((mfrom, mto)),
                promotion: promotion_letter(rest)?,
            })
        }
    }
}

fn matches(m: DynamoMove, t: &Token) -> bool {
    if m.from != t.from || m.to != t.to || m.promotion != t.promotion {
        return false;
    }
    match t.moved {
        None => m.kind != MoveKind::Dynamo,
        Some((mf, mt)) => m.kind == MoveKind::Dynamo && m.moved_from == mf && m.moved_to == mt,
    }
}

pub fn parse(pos: &DynamoPosition, token: &str) -> Result<DynamoMove, MoveError> {
    let t = read_token(token).ok_or_else(|| {
        MoveError::malformed(token)
            .because("expected e2e4, e7e8q or a dynamo move like a1a3,a3a5 or h3off,h6off")
    })?;
    let mut found = None;
    pos.pseudo_turns(&mut |m| {
        if matches(m, &t) {
            found = Some(m);
        }
    });
    let refuse = |why: String| Err(MoveError::illegal(token).because(why));
    match found {
        Some(m) if pos.undoes(m) => refuse(
            "it restores the placement from before the opponent's last turn (no undoing)".into(),
        ),
        Some(m) if king_in_check(&pos.bits_after(m), pos.turn) => {
            refuse("it leaves the own king in check".into())
        }
        Some(m) => Ok(m),
        None => refuse(diagnose(pos, &t)),
    }
}

/// Why a token that matches no possible turn is refused.
fn diagnose(pos: &DynamoPosition, t: &Token) -> String {
    let at = |sq: u8| pos.board[sq as usize];
    let mover = at(t.from);
    if mover == EMPTY {
        return format!("no piece on {}", square_name(t.from));
    }
    if color_of(mover) != pos.turn {
        return format!(
            "the piece on {} belongs to the opponent",
            square_name(t.from)
        );
    }
    let role = role_of(mover);
    let name = ROLE_NAMES[role];
    let Some((mfrom, mto)) = t.moved else {
        if at(t.to) != EMPTY {
            return format!(
                "{} is occupied: nothing is captured in Dynamo, pieces are pushed or pulled",
                square_name(t.to)
            );
        }
        if role == KING && distance(t.from, t.to) == 2 {
            return "castling is not possible here".into();
        }
        return format!("not a move of the {name} on {}", square_name(t.from));
    };
    let moved = at(mfrom);
    if moved == EMPTY {
        return format!("no piece on {} to push or pull", square_name(mfrom));
    }
    if mfrom == t.from {
        return "a piece cannot push or pull itself".into();
    }
    let own_king_off = mto == OFF && role_of(moved) == KING && color_of(moved) == pos.turn;
    match role {
        PAWN if t.to != t.from => "pawns never pull (a pushing pawn stays on its square)".into(),
        KING if t.to == OFF => "a king never pulls and never leaves the board".into(),
        KING if t.to != t.from => "a king's dynamo move is a stationary push".into(),
        _ if own_king_off => "a player's own king never leaves the board".into(),
        _ if t.promotion != 0 && !super::board::promotes(moved, mto) => {
            "only a pawn reaching its last rank promotes".into()
        }
        _ if t.promotion == 0 && super::board::promotes(moved, mto) => {
            "the pawn reaches its last rank: add the promotion letter (q, r, b or n)".into()
        }
        PAWN => pawn_reason(pos, t.from, mfrom, moved),
        KNIGHT | KING => leaper_reason(role, t.from, t.to, mfrom, mto),
        _ => slider_reason(pos, role, t.from, t.to, mfrom),
    }
}

/// First occupied square of `path` (squares in order), as text.
fn first_blocker(pos: &DynamoPosition, path: impl Iterator<Item = u8>) -> Option<String> {
    path.take_while(|&s| s != OFF)
        .find(|&s| pos.board[s as usize] != EMPTY)
        .map(square_name)
}

/// The unit step from `a` towards `b` when they share a line.
fn line_step(a: u8, b: u8) -> Option<(i8, i8)> {
    let df = file_of(b) - file_of(a);
    let dr = rank_of(b) - rank_of(a);
    if a == b || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return None;
    }
    Some((df.signum(), dr.signum()))
}

fn slider_reason(pos: &DynamoPosition, role: usize, from: u8, to: u8, mfrom: u8) -> String {
    let name = ROLE_NAMES[role];
    let Some((df, dr)) = line_step(from, mfrom) else {
        return format!("{} is not on a line of the {name}", square_name(mfrom));
    };
    let diagonal = df != 0 && dr != 0;
    if (role == ROOK && diagonal) || (role == BISHOP && !diagonal) {
        return format!("{} is not on a line of the {name}", square_name(mfrom));
    }
    let d = distance(from, mfrom) as i8;
    if let Some(b) = first_blocker(pos, (1..d).map(|n| offset(from, df, dr, n))) {
        return format!(
            "the {name} cannot reach {}: the way is blocked on {b}",
            square_name(mfrom)
        );
    }
    if to == mfrom {
        // Push.
        if let Some(b) = first_blocker(pos, (1..=d).map(|n| offset(mfrom, df, dr, n))) {
            return format!("the pushed piece's path is blocked on {b}");
        }
        let land = offset(mfrom, df, dr, d);
        return format!("the push sends the piece to {}", square_name(land));
    }
    // Pull: the slider backs away by `d`.
    if let Some(b) = first_blocker(pos, (1..=d).map(|n| offset(from, -df, -dr, n))) {
        return format!("the pulling {name}'s path is blocked on {b}");
    }
    let back = offset(from, -df, -dr, d);
    if back == OFF {
        format!(
            "a pull that leaves the board is written {}off,{}off",
            square_name(from),
            square_name(mfrom)
        )
    } else {
        format!(
            "the pull moves the {name} to {} and the piece to {}",
            square_name(back),
            square_name(from)
        )
    }
}

fn leaper_reason(role: usize, from: u8, to: u8, mfrom: u8, mto: u8) -> String {
    let name = ROLE_NAMES[role];
    let vectors = if role == KNIGHT {
        &KNIGHT_VECTORS
    } else {
        &KING_VECTORS
    };
    let Some(&(df, dr)) = vectors
        .iter()
        .find(|&&(df, dr)| offset(from, df, dr, 1) == mfrom)
    else {
        return format!("{} is not a {name}'s leap away", square_name(mfrom));
    };
    let beyond = offset(mfrom, df, dr, 1);
    if to == from {
        if mto != beyond {
            return format!("the push sends the piece to {}", square_name(beyond));
        }
        return format!(
            "the pushed piece would land on the occupied square {}",
            square_name(mto)
        );
    }
    if to == OFF && offset(from, -df, -dr, 1) != OFF {
        return "a knight pulls only off the board (its pull would end on the board)".into();
    }
    format!("not a dynamo move of the {name}")
}

fn pawn_reason(pos: &DynamoPosition, from: u8, mfrom: u8, moved: Piece) -> String {
    let dr: i8 = if pos.turn == 0 { 1 } else { -1 };
    let friendly = color_of(moved) == pos.turn;
    if friendly {
        let steps = (1..=2).find(|&n| offset(from, 0, dr, n) == mfrom);
        let Some(n) = steps else {
            return "a pawn pushes a friendly piece only straight ahead".into();
        };
        let start = if pos.turn == 0 { 1 } else { 6 };
        if n == 2 && (rank_of(from) != start || pos.board[offset(from, 0, dr, 1) as usize] != EMPTY)
        {
            return "a pawn pushes two squares only from its start rank, over an empty square"
                .into();
        }
        if let Some(b) = first_blocker(pos, (1..=n).map(|k| offset(mfrom, 0, dr, k))) {
            return format!("the pushed piece's path is blocked on {b}");
        }
        return format!(
            "the push sends the piece to {}",
            square_name(offset(mfrom, 0, dr, n))
        );
    }
    let Some(df) = [-1i8, 1]
        .into_iter()
        .find(|&df| offset(from, df, dr, 1) == mfrom)
    else {
        return "a pawn pushes an enemy piece only diagonally forward".into();
    };
    let beyond = offset(mfrom, df, dr, 1);
    if beyond != OFF && pos.board[beyond as usize] != EMPTY {
        return format!(
            "the pushed piece's path is blocked on {}",
            square_name(beyond)
        );
    }
    format!("the push sends the piece to {}", square_name(beyond))
}
