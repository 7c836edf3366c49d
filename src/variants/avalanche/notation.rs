//! UCI turn tokens: `[<sq>=<piece>,]<first>[,<push>]`, e.g. `e2e4,d7d6`,
//! `g1f3` (nothing to push), `e8=q,g1f3,d7d6` (pending promotion first).

use super::bits::*;
use super::turn::{FirstPart, Turn};
use super::AvalanchePosition;
use crate::variants::board8::letters::promotion_role;
use crate::variants::MoveError;

impl AvalanchePosition {
    pub(crate) fn format_turn(&self, t: Turn) -> String {
        let mut out = String::new();
        if let (Some(role), Some(s)) = (t.choice(), self.pending) {
            out.push_str(&format!("{}={},", square_name(s), role_char(role)));
        }
        let fp = t.first();
        out.push_str(&square_name(fp.from()));
        out.push_str(&square_name(fp.to()));
        if let Some(role) = fp.promotion() {
            out.push(role_char(role));
        }
        if let Some(s) = t.push_from() {
            let dest = (s as i32 + forward(1 - self.turn)) as u32;
            out.push(',');
            out.push_str(&square_name(s));
            out.push_str(&square_name(dest));
        }
        out
    }

    pub(crate) fn parse_turn(&self, token: &str) -> Result<Turn, MoveError> {
        // Every refusal is a sentence of its own (it names the part at fault).
        let malformed = |message: String| MoveError::malformed(token).saying(message);
        let illegal = |message: String| MoveError::illegal(token).saying(message);
        let mut parts: Vec<&str> = token.split(',').collect();

        // The pending promotion choice, if a pawn is waiting for one.
        let choice = match self.pending {
            Some(s) => {
                let want = square_name(s);
                let head = parts.first().copied().unwrap_or("");
                let role = head
                    .strip_prefix(&want)
                    .and_then(|rest| rest.strip_prefix('='))
                    .and_then(|letter| promotion_role(&letter.to_ascii_lowercase()))
                    .ok_or_else(|| {
                        illegal(format!(
                            "the pawn on {want} awaits its promotion, \
                             the turn must start with {want}=q, {want}=r, {want}=b or {want}=n"
                        ))
                    })?;
                parts.remove(0);
                Some(role)
            }
            None => {
                if parts.first().is_some_and(|p| p.contains('=')) {
                    return Err(illegal("there is no pending promotion to choose".into()));
                }
                None
            }
        };
        if parts.is_empty() || parts.len() > 2 {
            return Err(malformed("malformed turn: expected <first>[,<push>] with an optional <square>=<piece>, prefix".into()));
        }

        let board = match (choice, self.pending) {
            (Some(role), Some(s)) => self.chosen_board(s, role),
            _ => self.board.clone(),
        };
        let first_text = parts[0];
        let (from, to, promo) = parse_long(first_text)
            .ok_or_else(|| malformed(format!("malformed turn: {first_text} is not a move")))?;
        let mut found = None;
        self.for_each_first_part(&board, |fp| {
            if fp.from() == from && fp.to() == to && fp.promotion() == promo {
                found = Some(fp);
            }
        });
        let fp: FirstPart = found
            .ok_or_else(|| illegal(format!("{first_text} is not a legal move here")))?
            .with_choice(choice);

        let them = 1 - self.turn;
        let push_text = parts.get(1).copied();
        if self.no_push_turn() {
            return match push_text {
                None => Ok(self.make_turn(fp, None, 0)),
                Some(p) => Err(illegal(format!(
                    "White makes no push on the first turn of avalanche-balanced ({p})"
                ))),
            };
        }
        let pushes = self.pushes_after(&board, fp);
        let Some(push_text) = push_text else {
            if pushes.all == 0 {
                return Ok(self.make_turn(fp, None, 0));
            }
            return Err(illegal(format!(
                "the turn lacks its compulsory push (an opponent pawn can advance, e.g. {})",
                self.push_name(pushes.all.trailing_zeros())
            )));
        };
        if pushes.all == 0 {
            return Err(illegal(format!(
                "no opponent pawn can advance after {first_text}, write the turn without a push"
            )));
        }
        let (pf, pt, pp) = parse_long(push_text)
            .ok_or_else(|| malformed(format!("malformed turn: {push_text} is not a push")))?;
        if pp.is_some() {
            return Err(malformed(
                "a push carries no promotion letter (the owner chooses)".into(),
            ));
        }
        if pushes.all & bit(pf) == 0 || pt as i32 != pf as i32 + forward(them) {
            return Err(illegal(format!(
                "{push_text} is not a push (one opponent pawn one square forward onto an empty square)"
            )));
        }
        if pushes.legal & bit(pf) == 0 {
            let why = if last_rank(them) & bit(pt) != 0 {
                "a promotion choice would give check to the pusher"
            } else {
                "it leaves the pusher's king in check"
            };
            return Err(illegal(format!("push {push_text} is not allowed, {why}")));
        }
        Ok(self.make_turn(fp, Some(pf), pushes.legal))
    }

    fn push_name(&self, s: u32) -> String {
        let dest = (s as i32 + forward(1 - self.turn)) as u32;
        format!("{}{}", square_name(s), square_name(dest))
    }
}

/// `e2e4` / `e7e8q` into (from, to, promotion role).
fn parse_long(text: &str) -> Option<(u32, u32, Option<usize>)> {
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return None;
    }
    let from = u32::from(parse_square(&text[0..2])?);
    let to = u32::from(parse_square(&text[2..4])?);
    let promo = match &text[4..] {
        "" => None,
        letter => Some(promotion_role(letter)?),
    };
    Some((from, to, promo))
}
