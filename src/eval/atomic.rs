//! Atomic evaluation (placeholder: material only, replaced below).
use super::Evaluate;
use crate::variants::atomic::AtomicPosition;
use shakmaty::{Color, Position, Role};

impl Evaluate for AtomicPosition {
    fn evaluate(&self) -> i32 {
        let b = self.pos.board();
        let mut s = 0;
        for (role, v) in [
            (Role::Pawn, 100),
            (Role::Knight, 320),
            (Role::Bishop, 330),
            (Role::Rook, 500),
            (Role::Queen, 950),
        ] {
            s += v
                * ((b.by_role(role) & b.white()).count() as i32
                    - (b.by_role(role) & b.black()).count() as i32);
        }
        if self.pos.turn() == Color::White {
            s
        } else {
            -s
        }
    }
    fn explain(&self) -> String {
        format!("{}", self.evaluate())
    }
}
