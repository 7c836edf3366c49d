//! Evaluation terms shared by the 8x8 variants on shakmaty boards:
//! material, piece-square tables, mobility, pawn structure, rooks on open
//! files, bishop pair. Each variant's evaluator loads its own numbers for
//! them and adds its own terms (king safety, explosions, ...).

use shakmaty::{attacks, Bitboard, Board, Color, File, Role, Square};

use super::params::Params;
use super::tapered::S;

/// The numbers of the shared terms, from one `nets/*.txt` file.
pub struct Board8Params {
    /// Pawn, knight, bishop, rook, queen.
    pub material: [S; 5],
    /// Per role (pawn..king), per square from White's side (a1 = 0).
    pub pst: [[S; 64]; 6],
    pub bishop_pair: S,
    pub tempo: S,
    /// Knight, bishop, rook, queen.
    pub mobility: [S; 4],
    pub mobility_base: [i32; 4],
    pub doubled_pawn: S,
    pub isolated_pawn: S,
    /// By relative rank 1..8.
    pub passed: [S; 8],
    pub rook_open_file: S,
    pub rook_semi_open: S,
}

fn pst_table(p: &Params, role: &str) -> Result<[S; 64], String> {
    let mg = p.table(&format!("pst_{role}_mg"), 64)?;
    let eg = p.table(&format!("pst_{role}_eg"), 64)?;
    // The file lists rank 8 first; square indices count from a1.
    let mut out = [S::default(); 64];
    for i in 0..64 {
        let (row, file) = (i / 8, i % 8);
        out[(7 - row) * 8 + file] = S(mg[i], eg[i]);
    }
    Ok(out)
}

fn pair_array<const N: usize>(p: &Params, mg: &str, eg: &str) -> Result<[S; N], String> {
    let mg: [i32; N] = p.array(mg)?;
    let eg: [i32; N] = p.array(eg)?;
    Ok(std::array::from_fn(|i| S(mg[i], eg[i])))
}

fn pair(p: &Params, name: &str) -> Result<S, String> {
    let [mg, eg] = p.array(name)?;
    Ok(S(mg, eg))
}

impl Board8Params {
    pub fn load(p: &Params) -> Result<Board8Params, String> {
        let material = S::pairs(&p.table("material", 10)?);
        let roles = ["pawn", "knight", "bishop", "rook", "queen", "king"];
        let mut pst = [[S::default(); 64]; 6];
        for (i, role) in roles.iter().enumerate() {
            pst[i] = pst_table(p, role)?;
        }
        Ok(Board8Params {
            material: std::array::from_fn(|i| material[i]),
            pst,
            bishop_pair: pair(p, "bishop_pair")?,
            tempo: pair(p, "tempo")?,
            mobility: pair_array(p, "mobility_mg", "mobility_eg")?,
            mobility_base: p.array("mobility_base")?,
            doubled_pawn: pair(p, "doubled_pawn")?,
            isolated_pawn: pair(p, "isolated_pawn")?,
            passed: pair_array(p, "passed_mg", "passed_eg")?,
            rook_open_file: pair(p, "rook_open_file")?,
            rook_semi_open: pair(p, "rook_semi_open")?,
        })
    }
}

/// The shared terms, each as White minus Black.
#[derive(Default, Clone, Copy)]
pub struct Terms {
    pub material: S,
    pub placement: S,
    pub mobility: S,
    pub pawns: S,
    pub pieces: S,
}

impl Terms {
    pub fn sum(&self) -> S {
        self.material + self.placement + self.mobility + self.pawns + self.pieces
    }
}

/// Game phase: 24 with all pieces on the board, 0 with pawns and kings only.
pub const MAX_PHASE: i32 = 24;

pub fn phase(board: &Board) -> i32 {
    let n = |bb: Bitboard| bb.count() as i32;
    (n(board.knights()) + n(board.bishops()) + 2 * n(board.rooks()) + 4 * n(board.queens()))
        .min(MAX_PHASE)
}

/// Squares attacked by the pawns of `color`.
pub fn pawn_attacks(board: &Board, color: Color) -> Bitboard {
    let pawns = (board.pawns() & board.by_color(color)).0;
    let not_a = !Bitboard::from_file(File::A).0;
    let not_h = !Bitboard::from_file(File::H).0;
    Bitboard(match color {
        Color::White => ((pawns & not_a) << 7) | ((pawns & not_h) << 9),
        Color::Black => ((pawns & not_a) >> 9) | ((pawns & not_h) >> 7),
    })
}

/// Squares strictly in front of `sq` (from `color`'s side) on its file and
/// the neighbouring files: a pawn is passed if no enemy pawn stands there.
fn front_span(sq: Square, color: Color) -> Bitboard {
    let file = sq.file() as u32;
    let mut files = Bitboard::from_file(sq.file()).0;
    if file > 0 {
        files |= Bitboard::from_file(File::new(file - 1)).0;
    }
    if file < 7 {
        files |= Bitboard::from_file(File::new(file + 1)).0;
    }
    let rank = sq.rank() as u32;
    let ahead = match color {
        Color::White if rank < 7 => !0u64 << (8 * (rank + 1)),
        Color::Black if rank > 0 => !0u64 >> (8 * (8 - rank)),
        _ => 0,
    };
    Bitboard(files & ahead)
}

fn role_index(role: Role) -> usize {
    role as usize - 1
}

/// Computes the shared terms of `board`.
pub fn terms(board: &Board, p: &Board8Params) -> Terms {
    let mut t = Terms::default();
    let occupied = board.occupied();
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let ours = board.by_color(color);
        let our_pawns = board.pawns() & ours;
        let their_pawns = board.pawns() & !ours;
        let mobility_area = !ours & !pawn_attacks(board, !color);
        let mut material = S::default();
        let mut placement = S::default();
        let mut mobility = S::default();
        let mut pieces = S::default();
        for sq in ours {
            let Some(role) = board.role_at(sq) else {
                continue;
            };
            let relative = if color == Color::White {
                sq as usize
            } else {
                sq as usize ^ 56
            };
            placement += p.pst[role_index(role)][relative];
            if role == Role::King {
                continue;
            }
            material += p.material[role_index(role)];
            let reach = match role {
                Role::Knight => attacks::knight_attacks(sq),
                Role::Bishop => attacks::bishop_attacks(sq, occupied),
                Role::Rook => attacks::rook_attacks(sq, occupied),
                Role::Queen => attacks::queen_attacks(sq, occupied),
                _ => Bitboard::EMPTY,
            };
            if role != Role::Pawn {
                let k = role_index(role) - 1;
                mobility +=
                    p.mobility[k] * ((reach & mobility_area).count() as i32 - p.mobility_base[k]);
            }
            if role == Role::Rook {
                let file = Bitboard::from_file(sq.file());
                if (file & our_pawns).is_empty() {
                    pieces += if (file & their_pawns).is_empty() {
                        p.rook_open_file
                    } else {
                        p.rook_semi_open
                    };
                }
            }
        }
        if (board.bishops() & ours).count() >= 2 {
            pieces += p.bishop_pair;
        }
        t.material += material * sign;
        t.placement += placement * sign;
        t.mobility += mobility * sign;
        t.pieces += pieces * sign;
        t.pawns += pawn_structure(our_pawns, their_pawns, color, p) * sign;
    }
    t
}

fn pawn_structure(ours: Bitboard, theirs: Bitboard, color: Color, p: &Board8Params) -> S {
    let mut s = S::default();
    for file in File::ALL {
        let on_file = (ours & Bitboard::from_file(file)).count() as i32;
        if on_file > 1 {
            s += p.doubled_pawn * (on_file - 1);
        }
    }
    for sq in ours {
        let file = sq.file() as u32;
        let mut neighbours = Bitboard::EMPTY;
        if file > 0 {
            neighbours |= Bitboard::from_file(File::new(file - 1));
        }
        if file < 7 {
            neighbours |= Bitboard::from_file(File::new(file + 1));
        }
        if (ours & neighbours).is_empty() {
            s += p.isolated_pawn;
        }
        if (front_span(sq, color) & theirs).is_empty() {
            let rank = sq.rank() as usize;
            let relative = if color == Color::White {
                rank
            } else {
                7 - rank
            };
            s += p.passed[relative];
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_span_of_e4() {
        let white = front_span(Square::E4, Color::White);
        assert!(
            white.contains(Square::D5) && white.contains(Square::F8) && white.contains(Square::E7)
        );
        assert!(
            !white.contains(Square::E4)
                && !white.contains(Square::E3)
                && !white.contains(Square::C5)
        );
        let black = front_span(Square::E4, Color::Black);
        assert!(black.contains(Square::D3) && black.contains(Square::E1));
        assert!(!black.contains(Square::E5));
        assert!(front_span(Square::A8, Color::White).is_empty());
    }

    #[test]
    fn pawn_attacks_do_not_wrap() {
        let board: Board = "8/8/8/8/8/8/P6P/8".parse().unwrap();
        let a = pawn_attacks(&board, Color::White);
        assert_eq!(a, Bitboard::from(Square::B3) | Bitboard::from(Square::G3));
    }
}
