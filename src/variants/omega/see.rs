//! Static exchange evaluation on the Omega board: chess's swap algorithm
//! (`variants/chess/see.rs`) over the attackers of one square, least
//! valuable first, with the sliders behind a capturer joining in (x-rays).
//! Pins are not looked at.
//!
//! Omega's own twist: champions and wizards attack along the lines through
//! the square (the champion's one- and two-square steps, the wizard's
//! diagonal step), so any capturer that leaves a line through the square,
//! not only a slider or a pawn as in chess, may uncover a slider behind it.

use super::board::{geometry, Bits, ALL};
use super::{
    OmegaMove, OmegaPosition, BISHOP, CHAMPION, EMPTY, KIND_VALUE, KING, KNIGHT, PAWN, QUEEN, ROOK,
    WIZARD,
};

/// Kinds from the least valuable to the most (by [`KIND_VALUE`]).
const BY_VALUE: [usize; 8] = [PAWN, KNIGHT, BISHOP, WIZARD, CHAMPION, ROOK, QUEEN, KING];

impl OmegaPosition {
    /// Whether `m` wins at least `threshold` once both sides have
    /// recaptured on its square for as long as it pays.
    pub(super) fn exchange_at_least(&self, m: OmegaMove, threshold: i32) -> bool {
        if m.is_castle() {
            return 0 >= threshold;
        }
        let (from, to) = (m.from(), m.to());
        let (victim, captured_on) = match self.board[to] {
            EMPTY if m.is_en_passant() => (KIND_VALUE[PAWN], self.ep_pawn as usize),
            EMPTY => (0, to),
            code => (KIND_VALUE[(code & 7) as usize], to),
        };
        let promotion = m
            .promotion_kind()
            .map_or(0, |k| KIND_VALUE[k] - KIND_VALUE[PAWN]);
        // What the mover has won if the opponent does not recapture...
        let mut swap = victim + promotion - threshold;
        if swap < 0 {
            return false;
        }
        // ...and if the piece now on the square is taken for nothing.
        let on_square = m
            .promotion_kind()
            .unwrap_or((self.board[from] & 7) as usize);
        swap = KIND_VALUE[on_square] - swap;
        if swap <= 0 {
            return true;
        }
        let g = geometry();
        let mut occupied =
            (self.colors[0] | self.colors[1]) ^ 1 << from ^ 1 << captured_on | 1 << to;
        let diagonal = self.pieces[BISHOP] | self.pieces[QUEEN];
        let straight = self.pieces[ROOK] | self.pieces[QUEEN];
        let mut attackers =
            self.attackers(g, to, occupied, 0, ALL) | self.attackers(g, to, occupied, 1, ALL);
        let mut side = self.side as usize;
        // True while the mover is ahead after the last capture in the sequence.
        let mut result = true;
        loop {
            side ^= 1;
            attackers &= occupied;
            let ours = attackers & self.colors[side];
            if ours == 0 {
                break;
            }
            result = !result;
            let (kind, square) = self.least_valuable(ours);
            if kind == KING {
                // The king may capture only when nothing can take it back.
                return if attackers & self.colors[side ^ 1] != 0 {
                    !result
                } else {
                    result
                };
            }
            swap = KIND_VALUE[kind] - swap;
            if swap < i32::from(result) {
                break;
            }
            occupied ^= 1 << square;
            // Leaving a line through the square uncovers what stands behind.
            if g.bishop_lines[to] & 1 << square != 0 {
                attackers |= g.bishop_attacks(to, occupied) & diagonal;
            }
            if g.rook_lines[to] & 1 << square != 0 {
                attackers |= g.rook_attacks(to, occupied) & straight;
            }
        }
        result
    }

    /// The least valuable of `pieces` (not empty) and its square.
    fn least_valuable(&self, pieces: Bits) -> (usize, usize) {
        for kind in BY_VALUE {
            let mine = pieces & self.pieces[kind];
            if mine != 0 {
                return (kind, mine.trailing_zeros() as usize);
            }
        }
        unreachable!("least_valuable of an empty set")
    }
}

#[cfg(test)]
mod tests {
    use crate::variants::exchange_value::exchange_value;
    use crate::variants::omega::board::square_at;
    use crate::variants::omega::{parse_square, OmegaPosition};
    use crate::variants::VariantId;

    /// The FEN of White to move with `pieces` ("Kg2 kg11 Rd2 ...", upper
    /// case White) on an empty board, and the en-passant field `ep`.
    fn fen(pieces: &str, ep: &str) -> String {
        let mut grid = [[None; 12]; 12];
        for piece in pieces.split_whitespace() {
            let (letter, square) = piece.split_at(1);
            let sq = parse_square(square).unwrap();
            let (f, r) = (super::super::file_of(sq), super::super::rank_of(sq));
            grid[r as usize][f as usize] = letter.chars().next();
        }
        let mut rows = Vec::new();
        for rank in (0..12).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..12 {
                let content = match square_at(file, rank) {
                    None => Some('*'),
                    Some(_) => grid[rank as usize][file as usize],
                };
                match content {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(c);
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        format!("{} w - {ep} 0 1", rows.join("/"))
    }

    /// Exact exchange value of a turn: the largest threshold it meets.
    fn value(pieces: &str, token: &str) -> i32 {
        value_ep(pieces, "-", token)
    }

    fn value_ep(pieces: &str, ep: &str, token: &str) -> i32 {
        exchange_value::<OmegaPosition>(VariantId::Omega, &fen(pieces, ep), token)
    }

    // Values worked out by hand with P=100 N=300 B=300 W=400 C=500 R=600
    // Q=1200, White to move.

    #[test]
    fn an_undefended_piece_is_won_whole() {
        assert_eq!(value("Kg2 Rd2 kg11 rd9", "d2d9"), 600);
    }

    #[test]
    fn a_defended_pawn_taken_by_the_queen_loses_it() {
        // Qxd7 exd7: +100 - 1200.
        assert_eq!(value("Kg2 Qd2 kg11 pd7 pe8", "d2d7"), -1100);
    }

    #[test]
    fn x_rays_join_the_exchange() {
        // Rd3xd7 Rd11xd7 Rd2xd7: the second rook is behind the first, so
        // White wins the pawn and a rook for a rook.
        assert_eq!(value("Kg2 Rd2 Rd3 kg11 rd11 pd7", "d3d7"), 100);
        // Without the rook behind, Black wins the exchange back.
        assert_eq!(value("Kg2 Rd3 kg11 rd11 pd7", "d3d7"), -500);
    }

    #[test]
    fn the_side_to_recapture_may_stop() {
        // Nc5xd7 exd7: -200.
        assert_eq!(value("Kg2 Nc5 kg11 pd7 pe8", "c5d7"), -200);
        // exd8 takes a knight defended by the queen on d10: Qxd8 would
        // lose the queen to the bishop f6 behind the pawn, so Black
        // stops: +300.
        assert_eq!(value("Kg2 Pe7 Bf6 kg11 nd8 qd10", "e7d8"), 300);
    }

    #[test]
    fn a_king_cannot_recapture_into_a_defended_square() {
        // Rxe10: Kf11xe10 is legal only without the wizard on b9, which
        // covers e10 by a camel leap (3, 1).
        assert_eq!(value("Kg2 Re2 Wb9 kf11 pe10", "e2e10"), 100);
        assert_eq!(value("Kg2 Re2 kf11 pe10", "e2e10"), -500);
    }

    #[test]
    fn champions_and_wizards_recapture_by_leaping() {
        // Rxd7, and the champion on d9 leaps over the pawn on d8 to take
        // back: +100 - 600.
        assert_eq!(value("Kg2 Rd2 kg11 cd9 pd8 pd7", "d2d7"), -500);
        // The wizard on the corner square a12 covers d11 by a camel leap:
        // Qxd11 Wxd11, +600 - 1200.
        assert_eq!(value("Kg2 Qd2 kg11 wa12 rd11", "d2d11"), -600);
        // Without it the rook is won.
        assert_eq!(value("Kg2 Qd2 kg11 rd11", "d2d11"), 600);
    }

    #[test]
    fn a_champion_leaving_a_line_uncovers_a_slider() {
        // Cd6xd8 Cd10xd8 Rd2xd8 Rd11xd8, each rook joining once the
        // champion in front of it has leapt away: +100 -500 +500 -600.
        // White stops before Rxd8 (-500 < -400): -400.
        assert_eq!(value("Kg2 Rd2 Cd6 kg11 rd11 cd10 pd8", "d6d8"), -400);
        // Without the black rook Rxd8 ends it: +100.
        assert_eq!(value("Kg2 Rd2 Cd6 kg11 cd10 pd8", "d6d8"), 100);
    }

    #[test]
    fn promotion_and_en_passant() {
        // c10-c11=Q out of every black piece's reach: +1100.
        assert_eq!(value("Kg2 Pc10 ki11", "c10c11q"), 1100);
        // Promoting next to a rook that takes back: +1100 - 1200.
        assert_eq!(value("Kg2 Pc10 ki11 rd11", "c10c11q"), -100);
        // The black pawn just went e10-e7; d7xe8 en passant on the first
        // square it passed over, and nothing takes back: +100.
        assert_eq!(value_ep("Kg2 Pd7 kg11 pe7", "e9e8", "d7e8"), 100);
        // A pawn on f9 takes back: +100 - 100.
        assert_eq!(value_ep("Kg2 Pd7 kg11 pe7 pf9", "e9e8", "d7e8"), 0);
    }
}
