//! The board view ([`BoardView`]) of every registered variant
//! (`VariantId::ALL`, backend picked with `with_variant!`) checked against
//! the rules along seeded random games from the start position and from the
//! variant's `bench_fens`:
//!
//! - the grid, its holes and every square's piece are what the position's
//!   FEN says (board field read here as the spec's README defines it: rows
//!   from the highest rank down, digits counting empty squares, `*` a square
//!   not on the board, a letter a piece, uppercase White);
//! - for every legal turn, its parts written as a token (an optional
//!   `<square>=<piece>,` choice, then each part `<from><to>[promotion]`,
//!   joined by `,`) are the turn's UCI token;
//! - each part moves the piece that stands on its `from` (once the choice is
//!   made), the first part a piece of the side to move; only pawns promote,
//!   into a piece of their colour that is neither pawn nor king; a choice
//!   promotes a pawn of the side to move; implied parts come only with a
//!   king's move (castling) and move a rook of its colour; removed squares
//!   hold pieces and differ from one another;
//! - the board after the turn is the board before it with the turn applied
//!   as [`TurnParts`] defines: the choice made, the parts' pieces lifted,
//!   the removed pieces taken off, the lifted pieces not removed put on
//!   their `to` (promoted), none for `off`.

use std::collections::{BTreeMap, HashSet};

use chimera::variants::view::{BoardView, Piece, Place, Square, TurnParts};
use chimera::variants::{Rules, VariantId};
use chimera::with_variant;

use chimera_test_support::random_games;

const GAMES_PER_START: u64 = 3;
const MAX_PLIES: usize = 100;

/// A board as square -> piece; squares that do not exist are left out of
/// `exists`.
#[derive(Debug, PartialEq, Eq)]
struct Board {
    files: u8,
    ranks: u8,
    holes: HashSet<Square>,
    pieces: BTreeMap<Square, Piece>,
}

/// Reads a FEN's board field as the spec's README defines it.
fn read_fen_board(fen: &str) -> Board {
    let field = fen.split_whitespace().next().expect("a board field");
    let rows: Vec<&str> = field.split('/').collect();
    let ranks = rows.len() as u8;
    let mut files = None;
    let mut holes = HashSet::new();
    let mut pieces = BTreeMap::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let (mut file, mut empties) = (0u8, 0u8);
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                empties = empties * 10 + d as u8;
                continue;
            }
            file += std::mem::take(&mut empties);
            let sq = Square::new(file, rank);
            if c == '*' {
                holes.insert(sq);
            } else {
                assert!(c.is_ascii_alphabetic(), "{c:?} in {fen}");
                let piece = Piece {
                    white: c.is_ascii_uppercase(),
                    role: c.to_ascii_lowercase(),
                };
                pieces.insert(sq, piece);
            }
            file += 1;
        }
        file += empties;
        assert_eq!(
            *files.get_or_insert(file),
            file,
            "row widths differ in {fen}"
        );
    }
    Board {
        files: files.expect("rows"),
        ranks,
        holes,
        pieces,
    }
}

/// The board as the backend's view shows it.
fn view_board<P: BoardView>(pos: &P) -> Board {
    let variant = pos.variant();
    let grid = P::grid(variant);
    let squares: Vec<Square> = grid.squares_top_down().collect();
    assert_eq!(
        squares.len(),
        usize::from(grid.files) * usize::from(grid.ranks)
    );
    let holes: HashSet<Square> = squares
        .iter()
        .copied()
        .filter(|&sq| !P::exists(variant, sq))
        .collect();
    for &sq in &holes {
        assert_eq!(pos.piece_on(sq), None, "a piece on the hole {sq}");
    }
    Board {
        files: grid.files,
        ranks: grid.ranks,
        holes,
        pieces: squares
            .into_iter()
            .filter_map(|sq| Some((sq, pos.piece_on(sq)?)))
            .collect(),
    }
}

/// The turn written as a UCI token from its parts.
fn token_of(turn: &TurnParts) -> String {
    let mut pieces = Vec::new();
    if let Some(c) = turn.choice {
        pieces.push(format!("{}={}", c.square, c.piece.role));
    }
    for p in &turn.parts {
        let promotion = p.promotion.map(|q| q.role.to_string()).unwrap_or_default();
        pieces.push(format!("{}{}{promotion}", p.from, p.to));
    }
    pieces.join(",")
}

/// The board after `turn`, applied to `before` as [`TurnParts`] defines.
fn apply(before: &Board, turn: &TurnParts, what: &str) -> BTreeMap<Square, Piece> {
    let mut board = before.pieces.clone();
    if let Some(c) = turn.choice {
        board.insert(c.square, c.piece);
    }
    let moves: Vec<_> = turn.parts.iter().chain(&turn.implied).collect();
    let mut lifted = Vec::new();
    for part in &moves {
        let from = part
            .from
            .square()
            .unwrap_or_else(|| panic!("{what}: from off"));
        let piece = board.remove(&from);
        assert_eq!(piece, Some(part.piece), "{what}: piece on {from}");
        lifted.push((from, part));
    }
    for sq in &turn.removed {
        board.remove(sq);
    }
    for (from, part) in lifted {
        if turn.removed.contains(&from) {
            continue;
        }
        if let Place::On(to) = part.to {
            board.insert(to, part.promotion.unwrap_or(part.piece));
        }
    }
    board
}

/// The rules a turn's parts obey whatever the variant.
fn check_parts(before: &Board, white_to_move: bool, turn: &TurnParts, what: &str) {
    let on_board = |place: Place| match place {
        Place::On(sq) => {
            sq.file < before.files && sq.rank < before.ranks && !before.holes.contains(&sq)
        }
        Place::Off => true,
    };
    if let Some(c) = turn.choice {
        let pawn = before.pieces.get(&c.square);
        assert_eq!(
            pawn.map(|p| (p.white, p.role)),
            Some((white_to_move, 'p')),
            "{what}"
        );
        assert_eq!(c.piece.white, white_to_move, "{what}: choice colour");
        assert!(
            "qrbn".contains(c.piece.role),
            "{what}: choice {}",
            c.piece.role
        );
    }
    assert!(!turn.parts.is_empty(), "{what}: no part");
    assert_eq!(turn.parts[0].piece.white, white_to_move, "{what}: mover");
    for part in turn.parts.iter().chain(&turn.implied) {
        assert!(
            on_board(part.from) && on_board(part.to),
            "{what}: off the grid"
        );
        if let Some(q) = part.promotion {
            assert_eq!(part.piece.role, 'p', "{what}: only pawns promote");
            assert_eq!(q.white, part.piece.white, "{what}: promotion colour");
            assert!(
                q.role != 'p' && q.role != 'k',
                "{what}: promotion {}",
                q.role
            );
        }
    }
    if let Some(rook) = turn.implied.first() {
        let king = turn.parts[0].piece;
        assert_eq!(turn.implied.len(), 1, "{what}: one castling rook");
        assert_eq!(king.role, 'k', "{what}: implied part without castling");
        assert_eq!(
            (rook.piece.role, rook.piece.white),
            ('r', king.white),
            "{what}"
        );
    }
    let distinct: HashSet<&Square> = turn.removed.iter().collect();
    assert_eq!(distinct.len(), turn.removed.len(), "{what}: removed twice");
    for sq in &turn.removed {
        assert!(before.pieces.contains_key(sq), "{what}: removes empty {sq}");
    }
}

fn check_position<P: BoardView>(pos: &P) {
    let fen = pos.fen();
    let view = view_board(pos);
    assert_eq!(view, read_fen_board(&fen), "board view of {fen}");
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    for m in moves {
        let token = pos.format_move(m);
        let what = format!("{} {fen} {token}", pos.variant());
        let turn = pos.turn_parts(m);
        assert_eq!(token_of(&turn), token, "{what}: parts {turn:?}");
        check_parts(&view, pos.white_to_move(), &turn, &what);
        let mut next = pos.clone();
        next.play(m);
        let after = read_fen_board(&next.fen()).pieces;
        let applied = apply(&view, &turn, &what);
        let differ: Vec<String> = applied
            .keys()
            .chain(after.keys())
            .filter(|sq| applied.get(sq) != after.get(sq))
            .map(|sq| format!("{sq}: {:?} but {:?}", applied.get(sq), after.get(sq)))
            .collect();
        assert!(differ.is_empty(), "{what}: {turn:?} gives {differ:?}");
    }
}

fn check_variant<P: BoardView>(variant: VariantId) {
    random_games::for_each_position::<P>(variant, 0xB0A2D, GAMES_PER_START, MAX_PLIES, |pos| {
        check_position(pos)
    });
}

#[test]
fn board_views_agree_with_fens_and_turn_parts_with_the_next_position() {
    let threads: Vec<_> = VariantId::ALL
        .into_iter()
        .map(|variant| {
            std::thread::spawn(move || with_variant!(variant, P => check_variant::<P>(variant)))
        })
        .collect();
    for t in threads {
        t.join().expect("a variant's board view broke a rule");
    }
}

#[test]
fn the_view_shows_holes_explosions_castling_and_choices() {
    use chimera::variants::atomic::AtomicPosition;
    use chimera::variants::avalanche::AvalanchePosition;
    use chimera::variants::omega::OmegaPosition;
    let sq = |name: &str| {
        let b = name.as_bytes();
        Square::new(b[0] - b'a', name[1..].parse::<u8>().unwrap() - 1)
    };
    let turn_of = |token: &str, parts: &dyn Fn(&str) -> Option<TurnParts>| {
        parts(token).unwrap_or_else(|| panic!("{token} is legal"))
    };

    // Omega: 40 holes, the wizard squares exist.
    let omega = OmegaPosition::start(VariantId::Omega);
    let holes = OmegaPosition::grid(VariantId::Omega)
        .squares_top_down()
        .filter(|&s| !OmegaPosition::exists(VariantId::Omega, s))
        .count();
    assert_eq!(holes, 144 - 104);
    assert!(!OmegaPosition::exists(VariantId::Omega, sq("b1")));
    assert_eq!(omega.piece_on(sq("a1")).map(Piece::fen_letter), Some('W'));

    // Atomic: Nxd7 explodes the knight, the pawn d7 and the pieces but
    // pawns around d7.
    let atomic = AtomicPosition::from_fen(
        VariantId::Atomic,
        "rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
    )
    .unwrap();
    let turn = turn_of("e5d7", &|t| {
        let m = atomic.parse_move(t).ok()?;
        Some(atomic.turn_parts(m))
    });
    let mut removed: Vec<String> = turn.removed.iter().map(Square::to_string).collect();
    removed.sort();
    assert_eq!(removed, ["c8", "d7", "d8", "e5", "e8"]);

    // Avalanche: castling names the king's move, the rook's is implied; a
    // pending pawn's choice opens the turn.
    let castle = AvalanchePosition::from_fen(
        VariantId::Avalanche,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let turn = turn_of("e1g1,a7a6", &|t| {
        let m = castle.parse_move(t).ok()?;
        Some(castle.turn_parts(m))
    });
    assert_eq!(
        (turn.implied[0].from, turn.implied[0].to),
        (Place::On(sq("h1")), Place::On(sq("f1")))
    );
    let pending =
        AvalanchePosition::from_fen(VariantId::Avalanche, "4P3/8/8/8/8/8/p7/k6K w - - 0 1")
            .unwrap();
    let turn = turn_of("e8=n,h1g1", &|t| {
        let m = pending.parse_move(t).ok()?;
        Some(pending.turn_parts(m))
    });
    let choice = turn.choice.expect("a choice");
    assert_eq!((choice.square, choice.piece.fen_letter()), (sq("e8"), 'N'));
}
