//! A deliberately simple Dynamo move generator for cross-checking the engine.
//!
//! It shares nothing with `src/variants/dynamo`: an 8x8 mailbox of pieces
//! that carry an identity number, coordinates as `(file, rank)` pairs, moves
//! as (token, resulting position) pairs, castling rights as the identity of
//! their rook, the no-undo rule as a comparison of whole boards, and check
//! tested by brute force: generate every move of the opponent and see whether
//! one of them leaves our king off the board. Slow and obvious on purpose.
#![allow(clippy::needless_range_loop)]

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pc {
    pub white: bool,
    pub kind: char, // 'P', 'N', 'B', 'R', 'Q', 'K'
    pub id: u32,
}

pub type Grid = [[Option<Pc>; 8]; 8]; // [file][rank]

#[derive(Clone, Debug)]
pub struct RefPos {
    pub grid: Grid,
    pub white: bool,
    /// Rook identity owning each right: white short, white long, black short, black long.
    pub rights: [Option<u32>; 4],
    /// The board (ids ignored) before the opponent's last turn, if known.
    pub prev: Option<Grid>,
    next_id: u32,
}

fn on(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn name(f: i32, r: i32) -> String {
    if on(f, r) {
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    } else {
        "off".to_string()
    }
}

/// The board as letters only (identity dropped), for the no-undo rule.
fn letters(g: &Grid) -> [[Option<(bool, char)>; 8]; 8] {
    let mut out = [[None; 8]; 8];
    for f in 0..8 {
        for r in 0..8 {
            out[f][r] = g[f][r].map(|p| (p.white, p.kind));
        }
    }
    out
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_JUMPS: [(i32, i32); 8] = [
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
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// One candidate turn before the legality tests.
struct Raw {
    token: String,
    grid: Grid,
    mover: Pc,
    dynamo: bool,
    castle: bool,
    /// Did a pawn change square or a piece leave the board?
    resets_clock: bool,
}

impl RefPos {
    pub fn from_fen(fen: &str) -> RefPos {
        let parts: Vec<&str> = fen.split_whitespace().collect();
        let mut grid: Grid = [[None; 8]; 8];
        let mut id = 1;
        for (i, row) in parts[0].split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    f += n as usize;
                } else {
                    grid[f][r] = Some(Pc {
                        white: c.is_ascii_uppercase(),
                        kind: c.to_ascii_uppercase(),
                        id,
                    });
                    id += 1;
                    f += 1;
                }
            }
        }
        let mut rights = [None; 4];
        for (i, (c, f, r, white)) in [
            ('K', 7, 0, true),
            ('Q', 0, 0, true),
            ('k', 7, 7, false),
            ('q', 0, 7, false),
        ]
        .into_iter()
        .enumerate()
        {
            if parts[2].contains(c) {
                if let Some(p) = grid[f][r] {
                    if p.kind == 'R' && p.white == white {
                        rights[i] = Some(p.id);
                    }
                }
            }
        }
        RefPos {
            grid,
            white: parts[1] == "w",
            rights,
            prev: None,
            next_id: id,
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<Pc> {
        if on(f, r) {
            self.grid[f as usize][r as usize]
        } else {
            None
        }
    }

    fn king_of(g: &Grid, white: bool) -> Option<(i32, i32)> {
        for f in 0..8 {
            for r in 0..8 {
                if let Some(p) = g[f][r] {
                    if p.kind == 'K' && p.white == white {
                        return Some((f as i32, r as i32));
                    }
                }
            }
        }
        None
    }

    /// Every turn the pieces of the side to move can make, with only the
    /// rule "your own king never leaves the board" applied.
    fn raw_moves(&self) -> Vec<Raw> {
        let mut out = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                if let Some(p) = self.at(f, r) {
                    if p.white == self.white {
                        self.piece_moves(f, r, p, &mut out);
                    }
                }
            }
        }
        self.castles(&mut out);
        // The own king may never leave the board.
        out.retain(|m| Self::king_of(&m.grid, self.white).is_some());
        out
    }

    fn simple(&self, from: (i32, i32), to: (i32, i32), out: &mut Vec<Raw>) {
        let mut g = self.grid;
        let p = g[from.0 as usize][from.1 as usize].take().unwrap();
        g[to.0 as usize][to.1 as usize] = Some(p);
        out.push(Raw {
            token: format!("{}{}", name(from.0, from.1), name(to.0, to.1)),
            grid: g,
            mover: p,
            dynamo: false,
            castle: false,
            resets_clock: p.kind == 'P',
        });
    }

    /// A dynamo move: mover from `a` to `b` (`None` = off), moved piece from
    /// `c` to `d` (`None` = off).
    fn dyn_move(
        &self,
        a: (i32, i32),
        b: Option<(i32, i32)>,
        c: (i32, i32),
        d: Option<(i32, i32)>,
        out: &mut Vec<Raw>,
    ) {
        let mut g = self.grid;
        let mover = g[a.0 as usize][a.1 as usize].take().unwrap();
        let moved = g[c.0 as usize][c.1 as usize].take().unwrap();
        if let Some((f, r)) = b {
            g[f as usize][r as usize] = Some(mover);
        }
        if let Some((f, r)) = d {
            g[f as usize][r as usize] = Some(moved);
        }
        let bn = b.map_or("off".to_string(), |(f, r)| name(f, r));
        let dn = d.map_or("off".to_string(), |(f, r)| name(f, r));
        out.push(Raw {
            token: format!("{}{},{}{}", name(a.0, a.1), bn, name(c.0, c.1), dn),
            grid: g,
            mover,
            dynamo: true,
            castle: false,
            resets_clock: b.is_none() || d.is_none() || moved.kind == 'P',
        });
    }

    fn piece_moves(&self, f: i32, r: i32, p: Pc, out: &mut Vec<Raw>) {
        match p.kind {
            'P' => self.pawn_moves(f, r, p, out),
            'N' | 'K' => {
                let vs: &[(i32, i32)] = if p.kind == 'N' {
                    &KNIGHT_JUMPS
                } else {
                    &KING_STEPS
                };
                for &(df, dr) in vs {
                    let t = (f + df, r + dr);
                    if !on(t.0, t.1) {
                        continue;
                    }
                    if self.at(t.0, t.1).is_none() {
                        self.simple((f, r), t, out);
                        continue;
                    }
                    // Stationary push by the same vector.
                    let t2 = (t.0 + df, t.1 + dr);
                    if !on(t2.0, t2.1) {
                        self.dyn_move((f, r), Some((f, r)), t, None, out);
                    } else if self.at(t2.0, t2.1).is_none() {
                        self.dyn_move((f, r), Some((f, r)), t, Some(t2), out);
                    }
                    // Knight pull: it steps away from the piece, off the board.
                    if p.kind == 'N' && !on(f - df, r - dr) {
                        self.dyn_move((f, r), None, t, None, out);
                    }
                }
            }
            _ => {
                let mut dirs: Vec<(i32, i32)> = Vec::new();
                if p.kind != 'B' {
                    dirs.extend(ROOK_DIRS);
                }
                if p.kind != 'R' {
                    dirs.extend(BISHOP_DIRS);
                }
                for (df, dr) in dirs {
                    let mut k = 1;
                    while on(f + k * df, r + k * dr) && self.at(f + k * df, r + k * dr).is_none() {
                        self.simple((f, r), (f + k * df, r + k * dr), out);
                        k += 1;
                    }
                    let t = (f + k * df, r + k * dr);
                    if !on(t.0, t.1) {
                        continue;
                    }
                    let d = k;
                    // Push: the piece on t travels d further.
                    let mut ok = true;
                    let mut land = Some((t.0 + d * df, t.1 + d * dr));
                    for j in 1..=d {
                        let s = (t.0 + j * df, t.1 + j * dr);
                        if !on(s.0, s.1) {
                            land = None;
                            break;
                        }
                        if self.at(s.0, s.1).is_some() {
                            ok = false;
                            break;
                        }
                    }
                    if ok {
                        self.dyn_move((f, r), Some(t), t, land, out);
                    }
                    // Pull: the slider backs away d, the piece comes to (f, r).
                    let mut ok = true;
                    let mut back = Some((f - d * df, r - d * dr));
                    for j in 1..=d {
                        let s = (f - j * df, r - j * dr);
                        if !on(s.0, s.1) {
                            back = None;
                            break;
                        }
                        if self.at(s.0, s.1).is_some() {
                            ok = false;
                            break;
                        }
                    }
                    if ok {
                        match back {
                            Some(b) => self.dyn_move((f, r), Some(b), t, Some((f, r)), out),
                            None => self.dyn_move((f, r), None, t, None, out),
                        }
                    }
                }
            }
        }
    }

    fn pawn_moves(&self, f: i32, r: i32, p: Pc, out: &mut Vec<Raw>) {
        let up = if p.white { 1 } else { -1 };
        let start = if p.white { 1 } else { 6 };
        let a1 = (f, r + up);
        let a2 = (f, r + 2 * up);
        match self.at(a1.0, a1.1) {
            None if on(a1.0, a1.1) => {
                self.simple((f, r), a1, out);
                if r == start {
                    match self.at(a2.0, a2.1) {
                        None => self.simple((f, r), a2, out),
                        Some(q) if q.white == p.white => {
                            let (s3, s4) = ((f, r + 3 * up), (f, r + 4 * up));
                            if self.at(s3.0, s3.1).is_none() && self.at(s4.0, s4.1).is_none() {
                                self.dyn_move((f, r), Some((f, r)), a2, Some(s4), out);
                            }
                        }
                        _ => {}
                    }
                }
            }
            Some(q) if q.white == p.white => {
                if !on(a2.0, a2.1) {
                    self.dyn_move((f, r), Some((f, r)), a1, None, out);
                } else if self.at(a2.0, a2.1).is_none() {
                    self.dyn_move((f, r), Some((f, r)), a1, Some(a2), out);
                }
            }
            _ => {}
        }
        for df in [-1, 1] {
            let t = (f + df, r + up);
            if let Some(q) = self.at(t.0, t.1) {
                if q.white != p.white {
                    let t2 = (f + 2 * df, r + 2 * up);
                    if !on(t2.0, t2.1) {
                        self.dyn_move((f, r), Some((f, r)), t, None, out);
                    } else if self.at(t2.0, t2.1).is_none() {
                        self.dyn_move((f, r), Some((f, r)), t, Some(t2), out);
                    }
                }
            }
        }
    }

    fn castles(&self, out: &mut Vec<Raw>) {
        let (base, rank) = if self.white { (0, 0) } else { (2, 7) };
        for (i, rook_file, king_to, rook_to, empty) in [
            (base, 7, 6, 5, vec![5, 6]),
            (base + 1, 0, 2, 3, vec![1, 2, 3]),
        ] {
            let Some(rook_id) = self.rights[i] else {
                continue;
            };
            let king_home =
                matches!(self.at(4, rank), Some(k) if k.kind == 'K' && k.white == self.white);
            let rook_home = matches!(self.at(rook_file, rank), Some(q) if q.id == rook_id);
            if !king_home || !rook_home || empty.iter().any(|&f| self.at(f, rank).is_some()) {
                continue;
            }
            if self.attacked(&self.grid) {
                continue;
            }
            let mut crossing = self.grid;
            crossing[rook_to as usize][rank as usize] = crossing[4][rank as usize].take();
            if self.attacked(&crossing) {
                continue;
            }
            let mut g = self.grid;
            let k = g[4][rank as usize].take();
            let rk = g[rook_file as usize][rank as usize].take();
            g[king_to as usize][rank as usize] = k;
            g[rook_to as usize][rank as usize] = rk;
            out.push(Raw {
                token: format!("{}{}", name(4, rank), name(king_to, rank)),
                grid: g,
                mover: k.unwrap(),
                dynamo: false,
                castle: true,
                resets_clock: false,
            });
        }
    }

    /// Brute force: could the opponent, to move on `grid`, take the side to
    /// move's king off the board?
    fn attacked(&self, grid: &Grid) -> bool {
        let them = RefPos {
            grid: *grid,
            white: !self.white,
            rights: [None; 4],
            prev: None,
            next_id: self.next_id,
        };
        let mut moves = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                if let Some(p) = them.at(f, r) {
                    if p.white == them.white {
                        them.piece_moves(f, r, p, &mut moves);
                    }
                }
            }
        }
        moves
            .iter()
            .any(|m| m.dynamo && Self::king_of(&m.grid, self.white).is_none())
    }

    pub fn in_check(&self) -> bool {
        self.attacked(&self.grid)
    }

    /// Every legal turn as (token, position after it).
    pub fn legal(&self) -> Vec<(String, RefPos)> {
        let mut out = Vec::new();
        for raw in self.raw_moves() {
            if raw.dynamo {
                if let Some(prev) = &self.prev {
                    if letters(prev) == letters(&raw.grid) {
                        continue; // no undoing
                    }
                }
            }
            if self.attacked(&raw.grid) {
                continue;
            }
            // Promotions: any pawn on its last rank after the turn.
            let mut promo_sq = None;
            for f in 0..8 {
                for (r, last_white) in [(7, true), (0, false)] {
                    if let Some(p) = raw.grid[f][r] {
                        if p.kind == 'P' && p.white == last_white {
                            promo_sq = Some((f, r));
                        }
                    }
                }
            }
            let choices: Vec<Option<char>> = match promo_sq {
                Some(_) => vec![Some('Q'), Some('R'), Some('B'), Some('N')],
                None => vec![None],
            };
            for choice in choices {
                let mut grid = raw.grid;
                let mut token = raw.token.clone();
                let mut next_id = self.next_id;
                if let (Some(kind), Some((f, r))) = (choice, promo_sq) {
                    let pawn = grid[f][r].unwrap();
                    grid[f][r] = Some(Pc {
                        white: pawn.white,
                        kind,
                        id: next_id,
                    });
                    next_id += 1;
                    token.push(kind.to_ascii_lowercase());
                }
                let mut next = RefPos {
                    grid,
                    white: !self.white,
                    rights: self.rights,
                    prev: Some(self.grid),
                    next_id,
                };
                if next.attacked_after_promotion_check(self.white) {
                    continue;
                }
                // Rights die with a mover, and with a piece that left the board.
                for i in 0..4 {
                    let white_right = i < 2;
                    if raw.mover.kind == 'K' && raw.mover.white == white_right {
                        next.rights[i] = None;
                    }
                    if Some(raw.mover.id) == next.rights[i] {
                        next.rights[i] = None;
                    }
                    if let Some(id) = next.rights[i] {
                        let present = (0..8)
                            .any(|f| (0..8).any(|r| matches!(grid[f][r], Some(p) if p.id == id)));
                        if !present {
                            next.rights[i] = None;
                        }
                    }
                }
                let _ = raw.castle;
                let _ = raw.resets_clock;
                out.push((token, next));
            }
        }
        out
    }

    /// After a promotion the new piece may attack the mover's king.
    fn attacked_after_promotion_check(&self, mover_white: bool) -> bool {
        let as_mover = RefPos {
            grid: self.grid,
            white: mover_white,
            rights: [None; 4],
            prev: None,
            next_id: self.next_id,
        };
        as_mover.attacked(&self.grid)
    }

    /// Dynamo turns refused only by the no-undo rule (for coverage checks).
    pub fn undoing_tokens(&self) -> Vec<String> {
        let Some(prev) = &self.prev else {
            return Vec::new();
        };
        self.raw_moves()
            .into_iter()
            .filter(|m| m.dynamo && letters(prev) == letters(&m.grid) && !self.attacked(&m.grid))
            .map(|m| m.token)
            .collect()
    }

    /// Is this token a castling turn here?
    pub fn is_castle(&self, token: &str) -> bool {
        self.raw_moves()
            .iter()
            .any(|m| m.castle && m.token == token)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, p)| p.perft(depth - 1)).sum()
    }

    /// Plays a token (panics if it is not legal here).
    pub fn play(&self, token: &str) -> RefPos {
        self.legal()
            .into_iter()
            .find(|(t, _)| t == token)
            .unwrap_or_else(|| panic!("reference: {token} is not legal"))
            .1
    }
}
