//! What a backend shows of a position and of a turn, as plain data, for
//! front ends that draw (the web board). Kept apart from [`Rules`] as
//! shakmaty keeps `fen`, `uci` and `san` apart from `Position`: the search
//! never needs it, and no front end has to read a FEN or a token to draw.

use std::fmt;

use super::xboard::XboardVariant;
use super::{MoveError, Rules, VariantId};

/// A square of the grid a board is drawn on: file and rank from 0 (`a1` is
/// file 0, rank 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }
}

/// The square's name as tokens and FENs write it: `e4`, `l12`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file) as char,
            u32::from(self.rank) + 1
        )
    }
}

/// Where one part of a turn starts or ends: a square, or off the board
/// (Dynamo pushes and pulls pieces off).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    On(Square),
    Off,
}

impl Place {
    pub fn square(self) -> Option<Square> {
        match self {
            Place::On(sq) => Some(sq),
            Place::Off => None,
        }
    }
}

/// `e4`, or `off` as tokens write it.
impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::On(sq) => sq.fmt(f),
            Place::Off => f.write_str("off"),
        }
    }
}

/// A piece: its colour and its role's letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub white: bool,
    /// The role's letter, lowercase (`p`, `n`, ... Omega's `c` and `w`).
    pub role: char,
}

impl Piece {
    /// The FEN letter: uppercase for White.
    pub fn fen_letter(self) -> char {
        if self.white {
            self.role.to_ascii_uppercase()
        } else {
            self.role
        }
    }
}

/// The grid a variant's board is drawn on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub files: u8,
    pub ranks: u8,
}

impl Grid {
    pub const EIGHT_BY_EIGHT: Grid = Grid { files: 8, ranks: 8 };

    /// Every grid square in the order a FEN lists them: from the highest
    /// rank down, each rank from file `a`.
    pub fn squares_top_down(self) -> impl Iterator<Item = Square> {
        (0..self.ranks)
            .rev()
            .flat_map(move |rank| (0..self.files).map(move |file| Square::new(file, rank)))
    }
}

/// A board as plain data: its grid and what stands on each square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub grid: Grid,
    /// Every grid square in [`Grid::squares_top_down`] order: `None` when
    /// it is a hole, else the piece on it, if any.
    pub squares: Vec<Option<Option<Piece>>>,
}

impl Diagram {
    /// The board of `pos`.
    pub fn of<P: BoardView>(pos: &P) -> Diagram {
        let variant = pos.variant();
        let grid = P::grid(variant);
        let squares = grid
            .squares_top_down()
            .map(|sq| P::exists(variant, sq).then(|| pos.piece_on(sq)))
            .collect();
        Diagram { grid, squares }
    }

    fn index(&self, sq: Square) -> Option<usize> {
        (sq.file < self.grid.files && sq.rank < self.grid.ranks).then(|| {
            usize::from(self.grid.ranks - 1 - sq.rank) * usize::from(self.grid.files)
                + usize::from(sq.file)
        })
    }

    /// Whether a grid square is part of the board.
    pub fn exists(&self, sq: Square) -> bool {
        self.index(sq).is_some_and(|i| self.squares[i].is_some())
    }

    /// The piece on a square, `None` when it is empty, a hole or off the
    /// grid.
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.index(sq).and_then(|i| self.squares[i]).flatten()
    }

    /// Every piece with its square, in the FEN's order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.grid
            .squares_top_down()
            .zip(&self.squares)
            .filter_map(|(sq, cell)| cell.flatten().map(|p| (sq, p)))
    }

    /// The holes of the grid, in the FEN's order.
    pub fn holes(&self) -> impl Iterator<Item = Square> + '_ {
        self.grid
            .squares_top_down()
            .zip(&self.squares)
            .filter_map(|(sq, cell)| cell.is_none().then_some(sq))
    }
}

/// One piece moving in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub from: Place,
    pub to: Place,
    /// The piece as it leaves `from`.
    pub piece: Piece,
    /// The piece it becomes on `to`, if it promotes.
    pub promotion: Option<Piece>,
}

/// A pending pawn's promotion, chosen at the start of a turn (avalanche).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub square: Square,
    /// The piece the pawn becomes.
    pub piece: Piece,
}

/// A legal turn taken apart. Played on the board before the turn, in this
/// order, it gives the board after it:
///
/// 1. the `choice`, if any, replaces the pending pawn;
/// 2. every piece of `parts` and `implied` is lifted from its `from`;
/// 3. the pieces on `removed` are taken off the board;
/// 4. every lifted piece whose `from` is not in `removed` is put on its `to`
///    (as its promotion, if any); a piece going `off` is gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnParts {
    pub choice: Option<Choice>,
    /// The moves the turn's token names, in its order.
    pub parts: Vec<Part>,
    /// Moves the rules add that the token does not name: the castling rook.
    pub implied: Vec<Part>,
    /// Squares of the board before the turn whose pieces the turn takes off
    /// other than by a part moving them off: a capture's victim, the pawn
    /// taken en passant, everything an atomic explosion removes (the
    /// capturing piece included, named by its `from`).
    pub removed: Vec<Square>,
}

/// The board of a position and the parts of its turns, from the backend's
/// own data.
pub trait BoardView: Rules {
    /// The grid the variant's board is drawn on.
    fn grid(variant: VariantId) -> Grid;

    /// Whether a grid square is part of the board (Omega's grid has holes).
    fn exists(_variant: VariantId, _sq: Square) -> bool {
        true
    }

    /// The piece on a square of the grid, `None` when it is empty or does
    /// not exist.
    fn piece_on(&self, sq: Square) -> Option<Piece>;

    /// A legal turn of this position taken apart.
    fn turn_parts(&self, m: Self::Move) -> TurnParts;

    /// A legal turn in Standard Algebraic Notation with its check (`+`) or
    /// mate (`#`) suffix, as PGN movetext writes it: `Nbd2`, `exd6`,
    /// `O-O`, `e8=Q#`. `None` for variants whose turns SAN cannot write
    /// (avalanche, Dynamo): their PGN keeps the UCI token.
    fn san(&self, _m: Self::Move) -> Option<String> {
        None
    }

    /// Reads a turn in the SAN [`BoardView::san`] writes (check and mate
    /// suffixes and `!`/`?` annotations optional). A variant without SAN
    /// refuses every text as malformed.
    fn parse_san(&self, text: &str) -> Result<Self::Move, MoveError> {
        Err(MoveError::malformed(text).because("this variant has no SAN"))
    }

    /// How XBoard (CECP) plays the variant, `None` when its turns do not fit
    /// CECP's move grammar.
    fn xboard(_variant: VariantId) -> Option<XboardVariant> {
        None
    }

    /// A legal turn in the notation of the variant's own rules text, for
    /// the variants SAN cannot write: avalanche's `Nf3/c6` (first part /
    /// square the pushed pawn lands on), Dynamo's `Ra1a5/Ba5E`. PGN
    /// movetext keeps the token and adds this as a comment. `None` where
    /// SAN says it all.
    fn variant_notation(&self, _m: Self::Move) -> Option<String> {
        None
    }
}
