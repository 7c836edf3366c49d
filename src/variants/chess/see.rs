//! Static exchange evaluation on the 8x8 board: the swap algorithm over
//! the attackers of one square, least valuable first, with sliders behind
//! a capturer joining in (x-rays). Pins are not looked at.

use shakmaty::{attacks, Bitboard, Board, Color, Move, Role};

use crate::variants::shakmaty_backend::role_value;

/// Whether `m`, played by `us` on `board`, wins at least `threshold` once
/// both sides have recaptured on its square for as long as it pays.
pub fn see_ge(board: &Board, us: Color, m: Move, threshold: i32) -> bool {
    let (from, to, victim, captured_on) = match m {
        Move::Normal {
            from, to, capture, ..
        } => (from, to, capture.map_or(0, role_value), to),
        Move::EnPassant { from, to } => (
            from,
            to,
            role_value(Role::Pawn),
            shakmaty::Square::from_coords(to.file(), from.rank()),
        ),
        // Castling and drops win or lose nothing at once.
        Move::Castle { .. } | Move::Put { .. } => return 0 >= threshold,
    };
    let promotion = m
        .promotion()
        .map_or(0, |r| role_value(r) - role_value(Role::Pawn));
    // What the mover has won if the opponent does not recapture...
    let mut swap = victim + promotion - threshold;
    if swap < 0 {
        return false;
    }
    // ...and if the piece now on the square is taken for nothing.
    let on_square = m.promotion().unwrap_or(m.role());
    swap = role_value(on_square) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = (board.occupied() ^ from ^ captured_on) | Bitboard::from(to);
    let diagonal = board.bishops() | board.queens();
    let straight = board.rooks() | board.queens();
    let mut attackers =
        board.attacks_to(to, Color::White, occupied) | board.attacks_to(to, Color::Black, occupied);
    let mut side = us;
    // 1 while the mover is ahead after the last capture in the sequence.
    let mut result = true;
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & board.by_color(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        let Some((role, square)) = least_valuable(board, ours) else {
            break;
        };
        if role == Role::King {
            // The king may capture only when nothing can take it back.
            return if (attackers & board.by_color(!side)).any() {
                !result
            } else {
                result
            };
        }
        swap = role_value(role) - swap;
        if swap < i32::from(result) {
            break;
        }
        occupied ^= square;
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= attacks::bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= attacks::rook_attacks(to, occupied) & straight;
        }
    }
    result
}

/// The least valuable of `pieces` and its square.
fn least_valuable(board: &Board, pieces: Bitboard) -> Option<(Role, shakmaty::Square)> {
    Role::ALL
        .into_iter()
        .find_map(|role| (pieces & board.by_role(role)).first().map(|sq| (role, sq)))
}

#[cfg(test)]
mod tests {
    use crate::variants::chess::ChessPosition;
    use crate::variants::exchange_value::exchange_value;
    use crate::variants::VariantId;

    /// Exact exchange value of a turn: the largest threshold it meets.
    fn value(fen: &str, uci: &str) -> i32 {
        exchange_value::<ChessPosition>(VariantId::Chess, fen, uci)
    }

    // Values worked out by hand with P=100 N=320 B=330 R=500 Q=950.
    #[test]
    fn an_undefended_piece_is_won_whole() {
        assert_eq!(value("4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1", "d1d5"), 500);
    }

    #[test]
    fn a_defended_pawn_taken_by_the_queen_loses_it() {
        // Qxd5 exd5: +100 - 950.
        assert_eq!(value("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), -850);
    }

    #[test]
    fn x_rays_join_the_exchange() {
        // Rxd5 Rxd5 Rxd5 (the second rook behind the first): White wins the
        // pawn and a rook for a rook.
        assert_eq!(value("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // Without the rook behind, Black's recapture wins the exchange back.
        assert_eq!(value("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"), -400);
    }

    #[test]
    fn the_side_to_recapture_may_stop() {
        // NxP defended by a pawn: Black takes back, -220 for White.
        assert_eq!(value("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5"), -220);
        // PxN defended by a queen behind: Black would lose the queen to a
        // recapture, so he stops and White keeps the knight.
        assert_eq!(value("4k3/3q4/8/3n4/4P3/5B2/8/4K3 w - - 0 1", "e4d5"), 320);
    }

    #[test]
    fn a_king_cannot_recapture_into_a_defended_square() {
        // Rxe7+ : Kxe7 would be legal only without the bishop on b4.
        assert_eq!(value("4k3/4p3/8/8/1B6/8/8/4RK2 w - - 0 1", "e1e7"), 100);
        assert_eq!(value("4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1", "e1e7"), -400);
    }

    #[test]
    fn promotion_and_en_passant() {
        assert_eq!(value("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), 850);
        // Capturing a rook while promoting, out of the king's reach.
        assert_eq!(
            value("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"),
            500 + 850
        );
        assert_eq!(value("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        assert_eq!(value("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 0);
    }
}
