//! A deliberately simple, independent Omega move generator for checking the
//! engine: a 12x12 array, moves by walking direction vectors square by
//! square, legality by playing the move and asking whether any enemy piece
//! reaches the king. It shares no code with `chimera::variants::omega`
//! (own FEN reader, own geometry) and favours plainness over speed.
//!
//! Used where Sjaak II cannot serve as the independent check because its
//! wizard-square rules differ from the spec (see shared/spec/omega.md).

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Champion,
    Wizard,
}
use Kind::*;

type Cell = Option<(bool, Kind)>; // (is_white, kind)

#[derive(Clone)]
pub struct RefPos {
    grid: [[Cell; 12]; 12], // [rank][file], both 0-based
    white: bool,
    /// K Q k q
    castle: [bool; 4],
    /// Squares passed over by the pawn that just made a long step, and it.
    ep: Vec<(i32, i32)>,
    ep_pawn: (i32, i32),
}

/// Does grid square (file, rank) exist? The 10x10 field plus the corners.
pub fn exists(f: i32, r: i32) -> bool {
    if !(0..12).contains(&f) || !(0..12).contains(&r) {
        return false;
    }
    let edge_f = f == 0 || f == 11;
    let edge_r = r == 0 || r == 11;
    (edge_f && edge_r) || (!edge_f && !edge_r)
}

fn square(s: &str) -> (i32, i32) {
    let f = s.as_bytes()[0] as i32 - b'a' as i32;
    let r: i32 = s[1..].parse::<i32>().unwrap() - 1;
    (f, r)
}

/// Grid name of a square: file letter, rank number from 1.
fn name((f, r): (i32, i32)) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// UCI token of a move: `<from><to>[promotion letter]`.
fn token(m: &Mv) -> String {
    let mut t = name(m.from) + &name(m.to);
    if let Some(k) = m.promo {
        t.push(match k {
            Queen => 'q',
            Rook => 'r',
            Bishop => 'b',
            Knight => 'n',
            Champion => 'c',
            Wizard => 'w',
            Pawn | King => unreachable!("no promotion to {k:?}"),
        });
    }
    t
}

#[derive(Clone, Copy, Debug)]
struct Mv {
    from: (i32, i32),
    to: (i32, i32),
    promo: Option<Kind>,
    ep: bool,
    castle: bool,
}

const KNIGHT: &[(i32, i32)] = &[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING8: &[(i32, i32)] = &[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const CHAMPION: &[(i32, i32)] = &[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
];
const WIZARD: &[(i32, i32)] = &[
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];
const ORTH: &[(i32, i32)] = &[(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: &[(i32, i32)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl RefPos {
    pub fn from_fen(fen: &str) -> RefPos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut grid = [[None; 12]; 12];
        for (i, row) in f[0].split('/').enumerate() {
            let r = 11 - i;
            let mut file = 0;
            let mut num = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    num = num * 10 + d as usize;
                    continue;
                }
                file += num;
                num = 0;
                if c != '*' {
                    let kind = match c.to_ascii_lowercase() {
                        'p' => Pawn,
                        'n' => Knight,
                        'b' => Bishop,
                        'r' => Rook,
                        'q' => Queen,
                        'k' => King,
                        'c' => Champion,
                        'w' => Wizard,
                        _ => panic!("piece {c}"),
                    };
                    grid[r][file] = Some((c.is_ascii_uppercase(), kind));
                }
                file += 1;
            }
        }
        let white = f[1] == "w";
        let castle = [
            f[2].contains('K'),
            f[2].contains('Q'),
            f[2].contains('k'),
            f[2].contains('q'),
        ];
        let mut ep = Vec::new();
        let mut ep_pawn = (0, 0);
        if f[3] != "-" {
            let mut s = f[3];
            while !s.is_empty() {
                let n = 1 + s[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
                ep.push(square(&s[..n]));
                s = &s[n..];
            }
            // The pawn stands one square beyond the passed square farthest
            // from its start.
            let dir = if white { -1 } else { 1 };
            let far = ep.iter().copied().max_by_key(|&(_, r)| r * dir).unwrap();
            ep_pawn = (far.0, far.1 + dir);
        }
        RefPos {
            grid,
            white,
            castle,
            ep,
            ep_pawn,
        }
    }

    fn at(&self, (f, r): (i32, i32)) -> Cell {
        self.grid[r as usize][f as usize]
    }

    fn set(&mut self, (f, r): (i32, i32), c: Cell) {
        self.grid[r as usize][f as usize] = c;
    }

    /// Is (f, r) attacked by a piece of colour `by_white`?
    fn attacked(&self, (f, r): (i32, i32), by_white: bool) -> bool {
        let enemy = |sq: (i32, i32), kinds: &[Kind]| {
            exists(sq.0, sq.1)
                && matches!(self.at(sq), Some((w, k)) if w == by_white && kinds.contains(&k))
        };
        let leap = |steps: &[(i32, i32)], kind: Kind| {
            steps
                .iter()
                .any(|&(df, dr)| enemy((f + df, r + dr), &[kind]))
        };
        if leap(KNIGHT, Knight)
            || leap(KING8, King)
            || leap(CHAMPION, Champion)
            || leap(WIZARD, Wizard)
        {
            return true;
        }
        // A pawn of `by_white` attacks diagonally forward, so it stands
        // diagonally behind the square.
        let back = if by_white { -1 } else { 1 };
        if enemy((f - 1, r + back), &[Pawn]) || enemy((f + 1, r + back), &[Pawn]) {
            return true;
        }
        for (dirs, kinds) in [(ORTH, [Rook, Queen]), (DIAG, [Bishop, Queen])] {
            for &(df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while exists(x, y) {
                    if self.at((x, y)).is_some() {
                        if enemy((x, y), &kinds) {
                            return true;
                        }
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        }
        false
    }

    fn king(&self, white: bool) -> (i32, i32) {
        for r in 0..12 {
            for f in 0..12 {
                if self.grid[r as usize][f as usize] == Some((white, King)) {
                    return (f, r);
                }
            }
        }
        panic!("no king")
    }

    fn pseudo(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        let me = self.white;
        let mv = |from, to| Mv {
            from,
            to,
            promo: None,
            ep: false,
            castle: false,
        };
        for r in 0..12 {
            for f in 0..12 {
                let Some((w, kind)) = self.grid[r as usize][f as usize] else {
                    continue;
                };
                if w != me {
                    continue;
                }
                let from = (f, r);
                let free_or_enemy = |sq: (i32, i32)| {
                    exists(sq.0, sq.1) && self.at(sq).is_none_or(|(w2, _)| w2 != me)
                };
                let leaps = |steps: &[(i32, i32)], out: &mut Vec<Mv>| {
                    for &(df, dr) in steps {
                        if free_or_enemy((f + df, r + dr)) {
                            out.push(mv(from, (f + df, r + dr)));
                        }
                    }
                };
                let slide = |dirs: &[(i32, i32)], out: &mut Vec<Mv>| {
                    for &(df, dr) in dirs {
                        let (mut x, mut y) = (f + df, r + dr);
                        while exists(x, y) {
                            match self.at((x, y)) {
                                None => out.push(mv(from, (x, y))),
                                Some((w2, _)) => {
                                    if w2 != me {
                                        out.push(mv(from, (x, y)));
                                    }
                                    break;
                                }
                            }
                            x += df;
                            y += dr;
                        }
                    }
                };
                match kind {
                    Knight => leaps(KNIGHT, &mut out),
                    King => leaps(KING8, &mut out),
                    Champion => leaps(CHAMPION, &mut out),
                    Wizard => leaps(WIZARD, &mut out),
                    Rook => slide(ORTH, &mut out),
                    Bishop => slide(DIAG, &mut out),
                    Queen => {
                        slide(ORTH, &mut out);
                        slide(DIAG, &mut out)
                    }
                    Pawn => self.pawn_moves(from, &mut out),
                }
            }
        }
        // Castling: written out square by square for each of the four.
        let (rank, k, q) = if me { (1, 0, 1) } else { (10, 2, 3) };
        let own = |f: i32, kind| self.at((f, rank)) == Some((me, kind));
        let empty = |fs: &[i32]| fs.iter().all(|&f| self.at((f, rank)).is_none());
        let safe = |fs: &[i32]| fs.iter().all(|&f| !self.attacked((f, rank), !me));
        if self.castle[k] && own(6, King) && own(9, Rook) && empty(&[7, 8]) && safe(&[6, 7, 8]) {
            out.push(Mv {
                from: (6, rank),
                to: (8, rank),
                promo: None,
                ep: false,
                castle: true,
            });
        }
        if self.castle[q] && own(6, King) && own(2, Rook) && empty(&[3, 4, 5]) && safe(&[6, 5, 4]) {
            out.push(Mv {
                from: (6, rank),
                to: (4, rank),
                promo: None,
                ep: false,
                castle: true,
            });
        }
        out
    }

    fn pawn_moves(&self, (f, r): (i32, i32), out: &mut Vec<Mv>) {
        let me = self.white;
        let (dir, start, last) = if me { (1, 2, 10) } else { (-1, 9, 1) };
        let push = |to: (i32, i32), ep: bool, out: &mut Vec<Mv>| {
            if to.1 == last {
                for p in [Queen, Rook, Bishop, Knight, Champion, Wizard] {
                    out.push(Mv {
                        from: (f, r),
                        to,
                        promo: Some(p),
                        ep,
                        castle: false,
                    });
                }
            } else {
                out.push(Mv {
                    from: (f, r),
                    to,
                    promo: None,
                    ep,
                    castle: false,
                });
            }
        };
        let steps = if r == start { 3 } else { 1 };
        for s in 1..=steps {
            let to = (f, r + dir * s);
            if !exists(to.0, to.1) || self.at(to).is_some() {
                break;
            }
            push(to, false, out);
        }
        for df in [-1, 1] {
            let to = (f + df, r + dir);
            if !exists(to.0, to.1) {
                continue;
            }
            match self.at(to) {
                Some((w, _)) if w != me => push(to, false, out),
                None if self.ep.contains(&to) => push(to, true, out),
                _ => {}
            }
        }
    }

    fn make(&self, m: Mv) -> RefPos {
        let mut p = self.clone();
        let me = self.white;
        let piece = p.at(m.from);
        p.set(m.from, None);
        p.set(m.to, piece);
        if let Some(k) = m.promo {
            p.set(m.to, Some((me, k)));
        }
        if m.ep {
            p.set(self.ep_pawn, None);
        }
        if m.castle {
            let r = m.from.1;
            if m.to.0 == 8 {
                p.set((9, r), None);
                p.set((7, r), Some((me, Rook)));
            } else {
                p.set((2, r), None);
                p.set((5, r), Some((me, Rook)));
            }
        }
        p.ep.clear();
        if matches!(piece, Some((_, Pawn))) && (m.to.1 - m.from.1).abs() >= 2 {
            let dir = (m.to.1 - m.from.1).signum();
            let mut y = m.from.1 + dir;
            while y != m.to.1 {
                p.ep.push((m.from.0, y));
                y += dir;
            }
            p.ep_pawn = m.to;
        }
        // Any move from or to a king or rook home square ends those rights.
        for (i, sq) in [(0, (9, 1)), (1, (2, 1)), (2, (9, 10)), (3, (2, 10))] {
            if m.from == sq || m.to == sq {
                p.castle[i] = false;
            }
        }
        if m.from == (6, 1) {
            p.castle[0] = false;
            p.castle[1] = false;
        }
        if m.from == (6, 10) {
            p.castle[2] = false;
            p.castle[3] = false;
        }
        p.white = !me;
        p
    }

    /// Every legal move as (UCI token, position after it). Legality, castling
    /// included, is decided on the position after the move: the mover's king
    /// must not be attacked there (castling additionally needs the king's
    /// start and crossed squares safe, tested in `pseudo`).
    pub fn legal_moves(&self) -> Vec<(String, RefPos)> {
        self.pseudo()
            .into_iter()
            .map(|m| (token(&m), self.make(m)))
            .filter(|(_, p)| !p.attacked(p.king(!p.white), p.white))
            .collect()
    }

    fn legal(&self) -> Vec<RefPos> {
        self.legal_moves().into_iter().map(|(_, p)| p).collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let children = self.legal();
        if depth == 1 {
            return children.len() as u64;
        }
        children.iter().map(|c| c.perft(depth - 1)).sum()
    }
}
