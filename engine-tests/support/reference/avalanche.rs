//! A deliberately simple avalanche move generator for cross-checking the
//! engine: a mailbox of signed piece codes, every candidate turn replayed on
//! a copied board and tested by scanning for attacks. It shares nothing with
//! the engine (no bitboards, no shakmaty) and is written straight from
//! `shared/spec/avalanche.md`; it is slow on purpose.

const PAWN: i8 = 1;
const KNIGHT: i8 = 2;
const BISHOP: i8 = 3;
const ROOK: i8 = 4;
const QUEEN: i8 = 5;
const KING: i8 = 6;

#[derive(Clone, Debug)]
pub struct RefPos {
    /// a1 = 0 .. h8 = 63; positive White, negative Black, 0 empty.
    board: [i8; 64],
    white: bool,
    /// `K`, `Q`, `k`, `q`.
    rights: [bool; 4],
    pending: Option<usize>,
    fullmove: u32,
    balanced: bool,
    reversed: bool,
}

/// One castling: right index, king from/to, rook from/to, squares that
/// must be empty, squares the king stands on or crosses (must be safe).
struct Castling {
    right: usize,
    king: (&'static str, &'static str),
    rook: (&'static str, &'static str),
    empty: &'static [&'static str],
    safe: &'static [&'static str],
}

const WHITE_CASTLINGS: [Castling; 2] = [
    Castling {
        right: 0,
        king: ("e1", "g1"),
        rook: ("h1", "f1"),
        empty: &["f1", "g1"],
        safe: &["e1", "f1", "g1"],
    },
    Castling {
        right: 1,
        king: ("e1", "c1"),
        rook: ("a1", "d1"),
        empty: &["b1", "c1", "d1"],
        safe: &["e1", "d1", "c1"],
    },
];
const BLACK_CASTLINGS: [Castling; 2] = [
    Castling {
        right: 2,
        king: ("e8", "g8"),
        rook: ("h8", "f8"),
        empty: &["f8", "g8"],
        safe: &["e8", "f8", "g8"],
    },
    Castling {
        right: 3,
        king: ("e8", "c8"),
        rook: ("a8", "d8"),
        empty: &["b8", "c8", "d8"],
        safe: &["e8", "d8", "c8"],
    },
];
const REVERSED_BLACK_CASTLINGS: [Castling; 2] = [
    Castling {
        right: 2,
        king: ("d8", "f8"),
        rook: ("h8", "e8"),
        empty: &["e8", "f8", "g8"],
        safe: &["d8", "e8", "f8"],
    },
    Castling {
        right: 3,
        king: ("d8", "b8"),
        rook: ("a8", "c8"),
        empty: &["b8", "c8"],
        safe: &["d8", "c8", "b8"],
    },
];

fn sq(name: &str) -> usize {
    let b = name.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

fn name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1)
}

/// The square at file/rank offsets from `s`, if still on the board.
fn step(s: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (s % 8) as i32 + df;
    let r = (s / 8) as i32 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn sign(white: bool) -> i8 {
    if white {
        1
    } else {
        -1
    }
}

/// Is `s` attacked by a piece of the given colour?
fn attacked(board: &[i8; 64], s: usize, by_white: bool) -> bool {
    let c = sign(by_white);
    // A pawn attacks diagonally forward, so it stands one rank behind `s`.
    let pawn_rank = if by_white { -1 } else { 1 };
    for df in [-1, 1] {
        if let Some(t) = step(s, df, pawn_rank) {
            if board[t] == c * PAWN {
                return true;
            }
        }
    }
    for (df, dr) in KNIGHT_STEPS {
        if let Some(t) = step(s, df, dr) {
            if board[t] == c * KNIGHT {
                return true;
            }
        }
    }
    for (df, dr) in KING_STEPS {
        if let Some(t) = step(s, df, dr) {
            if board[t] == c * KING {
                return true;
            }
        }
    }
    for (dirs, slider) in [(ORTHO, ROOK), (DIAG, BISHOP)] {
        for (df, dr) in dirs {
            let mut cur = s;
            while let Some(t) = step(cur, df, dr) {
                if board[t] != 0 {
                    if board[t] == c * slider || board[t] == c * QUEEN {
                        return true;
                    }
                    break;
                }
                cur = t;
            }
        }
    }
    false
}

fn in_check(board: &[i8; 64], white: bool) -> bool {
    let k = (0..64)
        .find(|&s| board[s] == sign(white) * KING)
        .expect("a king");
    attacked(board, k, !white)
}

/// A first part: from, to, promotion piece, castling rook move.
#[derive(Clone, Copy)]
struct First {
    from: usize,
    to: usize,
    promo: Option<i8>,
    rook: Option<(usize, usize)>,
}

impl RefPos {
    pub fn from_fen(variant: &str, fen: &str) -> RefPos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [0i8; 64];
        for (i, row) in f[0].split('/').enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    file += d as usize;
                    continue;
                }
                let p = match ch.to_ascii_lowercase() {
                    'p' => PAWN,
                    'n' => KNIGHT,
                    'b' => BISHOP,
                    'r' => ROOK,
                    'q' => QUEEN,
                    'k' => KING,
                    _ => panic!("piece {ch}"),
                };
                board[rank * 8 + file] = if ch.is_ascii_uppercase() { p } else { -p };
                file += 1;
            }
        }
        let white = f[1] == "w";
        let c = f.get(2).copied().unwrap_or("-");
        let rights = [
            c.contains('K'),
            c.contains('Q'),
            c.contains('k'),
            c.contains('q'),
        ];
        let pending = (0..64).find(|&s| {
            (board[s] == PAWN && s >= 56 && white) || (board[s] == -PAWN && s < 8 && !white)
        });
        RefPos {
            board,
            white,
            rights,
            pending,
            fullmove: f.get(5).map_or(1, |n| n.parse().unwrap()),
            balanced: variant == "avalanche-balanced",
            reversed: variant == "avalanche-reversed",
        }
    }

    fn castlings(&self) -> &'static [Castling; 2] {
        if self.white {
            &WHITE_CASTLINGS
        } else if self.reversed {
            &REVERSED_BLACK_CASTLINGS
        } else {
            &BLACK_CASTLINGS
        }
    }

    /// Chess moves of the side to move, legality not yet checked.
    fn pseudo_firsts(&self, board: &[i8; 64]) -> Vec<First> {
        let c = sign(self.white);
        let mut out = Vec::new();
        let plain = |from, to| First {
            from,
            to,
            promo: None,
            rook: None,
        };
        for from in 0..64 {
            let p = board[from] * c;
            if p <= 0 {
                continue;
            }
            let own = |t: usize| board[t] * c > 0;
            match p {
                PAWN => {
                    let dir = if self.white { 1 } else { -1 };
                    let last = if self.white { 7 } else { 0 };
                    let start = if self.white { 1 } else { 6 };
                    let mut dests = Vec::new();
                    if let Some(t) = step(from, 0, dir) {
                        if board[t] == 0 {
                            dests.push(t);
                            if from / 8 == start {
                                let t2 = step(t, 0, dir).unwrap();
                                if board[t2] == 0 {
                                    dests.push(t2);
                                }
                            }
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(t) = step(from, df, dir) {
                            if board[t] * c < 0 {
                                dests.push(t);
                            }
                        }
                    }
                    for t in dests {
                        if t / 8 == last {
                            for q in [QUEEN, ROOK, BISHOP, KNIGHT] {
                                out.push(First {
                                    from,
                                    to: t,
                                    promo: Some(q),
                                    rook: None,
                                });
                            }
                        } else {
                            out.push(plain(from, t));
                        }
                    }
                }
                KNIGHT | KING => {
                    let steps = if p == KNIGHT {
                        KNIGHT_STEPS
                    } else {
                        KING_STEPS
                    };
                    for (df, dr) in steps {
                        if let Some(t) = step(from, df, dr) {
                            if !own(t) {
                                out.push(plain(from, t));
                            }
                        }
                    }
                }
                _ => {
                    let mut dirs = Vec::new();
                    if p == ROOK || p == QUEEN {
                        dirs.extend(ORTHO);
                    }
                    if p == BISHOP || p == QUEEN {
                        dirs.extend(DIAG);
                    }
                    for (df, dr) in dirs {
                        let mut cur = from;
                        while let Some(t) = step(cur, df, dr) {
                            if own(t) {
                                break;
                            }
                            out.push(plain(from, t));
                            if board[t] != 0 {
                                break;
                            }
                            cur = t;
                        }
                    }
                }
            }
        }
        for cs in self.castlings() {
            let (kf, kt) = (sq(cs.king.0), sq(cs.king.1));
            let (rf, rt) = (sq(cs.rook.0), sq(cs.rook.1));
            if self.rights[cs.right]
                && board[kf] == c * KING
                && board[rf] == c * ROOK
                && cs.empty.iter().all(|s| board[sq(s)] == 0)
                && cs.safe.iter().all(|s| !attacked(board, sq(s), !self.white))
            {
                out.push(First {
                    from: kf,
                    to: kt,
                    promo: None,
                    rook: Some((rf, rt)),
                });
            }
        }
        out
    }

    /// Every legal turn as (token, position after it).
    pub fn turns(&self) -> Vec<(String, RefPos)> {
        let c = sign(self.white);
        let mut boards = Vec::new();
        match self.pending {
            None => boards.push((String::new(), self.board)),
            Some(s) => {
                for (letter, piece) in [('q', QUEEN), ('r', ROOK), ('b', BISHOP), ('n', KNIGHT)] {
                    let mut b = self.board;
                    b[s] = c * piece;
                    boards.push((format!("{}={letter},", name(s)), b));
                }
            }
        }
        let no_push = self.balanced && self.white && self.fullmove == 1;
        let mut out = Vec::new();
        for (prefix, board) in boards {
            for m in self.pseudo_firsts(&board) {
                let mut b1 = board;
                let piece = b1[m.from];
                b1[m.from] = 0;
                b1[m.to] = m.promo.map_or(piece, |q| c * q);
                if let Some((rf, rt)) = m.rook {
                    b1[rf] = 0;
                    b1[rt] = c * ROOK;
                }
                if in_check(&b1, self.white) {
                    continue;
                }
                let mut token = format!("{prefix}{}{}", name(m.from), name(m.to));
                if let Some(q) = m.promo {
                    token.push(['?', 'p', 'n', 'b', 'r', 'q'][q as usize]);
                }
                let mut next = self.clone();
                next.white = !self.white;
                if !self.white {
                    next.fullmove += 1;
                }
                next.pending = None;
                for cs in WHITE_CASTLINGS.iter().chain(self.castlings_of_black()) {
                    let touched = [sq(cs.king.0), sq(cs.rook.0)];
                    if touched.contains(&m.from) || touched.contains(&m.to) {
                        next.rights[cs.right] = false;
                    }
                }
                // The opponent's pawns that can advance onto an empty square.
                let dir = if self.white { -1 } else { 1 };
                let pushes: Vec<(usize, usize)> = (0..64)
                    .filter(|&s| b1[s] == -c * PAWN)
                    .filter_map(|s| step(s, 0, dir).filter(|&t| b1[t] == 0).map(|t| (s, t)))
                    .collect();
                if no_push || pushes.is_empty() {
                    next.board = b1;
                    out.push((token, next));
                    continue;
                }
                for (s, t) in pushes {
                    let mut b2 = b1;
                    b2[s] = 0;
                    b2[t] = -c * PAWN;
                    if in_check(&b2, self.white) {
                        continue;
                    }
                    let promotes = t / 8 == if self.white { 0 } else { 7 };
                    if promotes
                        && [QUEEN, ROOK, BISHOP, KNIGHT].iter().any(|&q| {
                            let mut b3 = b2;
                            b3[t] = -c * q;
                            in_check(&b3, self.white)
                        })
                    {
                        continue;
                    }
                    let mut n = next.clone();
                    n.board = b2;
                    n.pending = promotes.then_some(t);
                    out.push((format!("{token},{}{}", name(s), name(t)), n));
                }
            }
        }
        out
    }

    fn castlings_of_black(&self) -> &'static [Castling; 2] {
        if self.reversed {
            &REVERSED_BLACK_CASTLINGS
        } else {
            &BLACK_CASTLINGS
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|(_, p)| p.perft(depth - 1)).sum()
    }

    pub fn in_check(&self) -> bool {
        in_check(&self.board, self.white)
    }

    /// Rule 7 for a position without legal turns: has a legal first part
    /// (under any promotion choice)?
    pub fn has_legal_first_part(&self) -> bool {
        let c = sign(self.white);
        let boards: Vec<[i8; 64]> = match self.pending {
            None => vec![self.board],
            Some(s) => [QUEEN, ROOK, BISHOP, KNIGHT]
                .iter()
                .map(|&q| {
                    let mut b = self.board;
                    b[s] = c * q;
                    b
                })
                .collect(),
        };
        boards.iter().any(|board| {
            self.pseudo_firsts(board).iter().any(|m| {
                let mut b1 = *board;
                let piece = b1[m.from];
                b1[m.from] = 0;
                b1[m.to] = piece;
                if let Some((rf, rt)) = m.rook {
                    b1[rf] = 0;
                    b1[rt] = c * ROOK;
                }
                !in_check(&b1, self.white)
            })
        })
    }
}
