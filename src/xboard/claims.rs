//! Which draw claims XBoard 4.9 confirms. With `-testClaims` (and its
//! legality test on, as for chess and atomic) XBoard checks an engine's
//! claim against its own record of the game (`Adjudicate` in its
//! backend.c) and scores a claim it does not confirm as a loss. Its record
//! differs from the rules in two ways that make a true repetition look
//! false to it:
//!
//! - it notes e.p. rights after every double push that lands beside an
//!   enemy pawn, legal capture or not, and never counts such a position as
//!   an occurrence;
//! - it revokes a castling right only when a turn starts or ends on the
//!   rook's or king's square, so a rook an atomic explosion removed keeps
//!   its right, and then a king move tells positions apart that the rules
//!   call the same.
//!
//! So on those variants the engine claims a repetition or the 50-move rule
//! only when XBoard's record, rebuilt here the way XBoard keeps it, flags
//! the position as drawn; otherwise it plays on, and claims once XBoard
//! agrees.

use super::variants;
use crate::game::{GameHandle, Verdict};
use crate::variants::view::{Diagram, Piece, Place, Square, TurnParts};

/// Whether the engine claims `verdict`, the end the rules give the current
/// position: a draw by repetition or by the 50-move rule only when XBoard
/// would confirm it, in the variants whose claims it checks.
pub fn claimable(game: &dyn GameHandle, verdict: &Verdict) -> bool {
    !verdict.reason.by_history()
        || !variants::xboard_checks_draws(game.variant())
        || confirms_draw(game)
}

/// What XBoard notes about the turn that led to a position (its
/// `EP_STATUS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// Neither a capture nor a pawn move (nor the start of a game from its
    /// standard position or a FEN without an e.p. square).
    Reversible,
    /// A capture or a pawn move.
    Irreversible,
    /// A double push beside an enemy pawn, or a FEN with an e.p. square:
    /// such a position never counts as an occurrence.
    EnPassant,
}

/// XBoard's castling rights: the white king-side rook, queen-side rook and
/// king, then the same for Black, each the square the piece had at the
/// start (its `CASTLING` array).
type Rights = [Option<Square>; 6];

/// One position as XBoard records it.
struct Record {
    board: Diagram,
    status: Status,
    rights: Rights,
}

/// Whether XBoard flags the game's current position as a draw by
/// repetition (the third occurrence) or by the 50-move rule, and so would
/// confirm a draw claimed now.
pub fn confirms_draw(game: &dyn GameHandle) -> bool {
    let records = records(game);
    repeated_thrice(&records) || fifty_moves(&records, game.start_halfmove_clock())
}

fn records(game: &dyn GameHandle) -> Vec<Record> {
    let mut boards = game.diagrams().into_iter();
    let Some(start) = boards.next() else {
        return Vec::new();
    };
    let fen = game.start_fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let start_status = match fields.get(3) {
        Some(&"-") | None => Status::Reversible,
        Some(_) => Status::EnPassant,
    };
    let rights = start_rights(&start, fields.get(2).copied().unwrap_or("-"));
    let mut records = vec![Record {
        board: start,
        status: start_status,
        rights,
    }];
    for (board, parts) in boards.zip(game.played_parts()) {
        let before = &records[records.len() - 1];
        let (status, rights) = turn(&before.board, &parts, before.rights);
        records.push(Record {
            board,
            status,
            rights,
        });
    }
    records
}

/// What XBoard notes of a turn: its status, and the rights left once those
/// of its first part's squares are revoked. A turn it could not name (none
/// in chess or atomic) counts as irreversible.
fn turn(before: &Diagram, parts: &TurnParts, mut rights: Rights) -> (Status, Rights) {
    let Some((from, to, piece)) = parts.parts.first().and_then(|p| match (p.from, p.to) {
        (Place::On(from), Place::On(to)) => Some((from, to, p.piece)),
        _ => None,
    }) else {
        return (Status::Irreversible, rights);
    };
    let status = if !parts.removed.is_empty() {
        Status::Irreversible
    } else if piece.role != 'p' {
        Status::Reversible
    } else if from.rank.abs_diff(to.rank) == 2 && beside_enemy_pawn(before, to, piece) {
        Status::EnPassant
    } else {
        Status::Irreversible
    };
    for right in &mut rights {
        if *right == Some(from) || *right == Some(to) {
            *right = None;
        }
    }
    (status, rights)
}

/// Whether a pawn that double-pushed to `to` lands beside an enemy pawn.
fn beside_enemy_pawn(pos: &Diagram, to: Square, pawn: Piece) -> bool {
    let enemy = Piece {
        white: !pawn.white,
        role: 'p',
    };
    [to.file.checked_sub(1), to.file.checked_add(1)]
        .into_iter()
        .flatten()
        .any(|file| pos.piece_on(Square::new(file, to.rank)) == Some(enemy))
}

/// The rights XBoard reads from a FEN's castling field: `K` is the
/// outermost rook right of the king on its first rank, `Q` the outermost
/// left of it, a file letter that rook; each names the king too.
fn start_rights(pos: &Diagram, field: &str) -> Rights {
    let mut rights = [None; 6];
    let grid = pos.grid;
    for c in field.chars().filter(|&c| c != '-') {
        let white = c.is_ascii_uppercase();
        let rank = if white { 0 } else { grid.ranks - 1 };
        let on = |file: u8, role: char| {
            pos.piece_on(Square::new(file, rank)) == Some(Piece { white, role })
        };
        let Some(king) = (0..grid.files).find(|&f| on(f, 'k')) else {
            continue;
        };
        let rook = match c.to_ascii_lowercase() {
            'k' => (king + 1..grid.files).rev().find(|&f| on(f, 'r')),
            'q' => (0..king).find(|&f| on(f, 'r')),
            letter => letter
                .is_ascii_lowercase()
                .then(|| letter as u8 - b'a')
                .filter(|&f| f < grid.files && on(f, 'r')),
        };
        let Some(rook) = rook else { continue };
        let base = if white { 0 } else { 3 };
        let side = if rook > king { 0 } else { 1 };
        rights[base + side] = Some(Square::new(rook, rank));
        rights[base + 2] = Some(Square::new(king, rank));
    }
    rights
}

/// XBoard's repetition test: looking back two plies at a time over
/// reversible turns only, the current board must have occurred twice
/// before with the same castling rights as XBoard compares them.
fn repeated_thrice(records: &[Record]) -> bool {
    let now = records.len() - 1;
    let current = &records[now];
    let mut count = 0;
    let mut k = now;
    while k >= 2 && now - (k - 2) <= 100 {
        k -= 2;
        let earlier = &records[k];
        if earlier.status == Status::EnPassant
            || records[k + 1].status != Status::Reversible
            || records[k + 2].status != Status::Reversible
        {
            break;
        }
        if earlier.board == current.board && same_rights(&earlier.rights, &current.rights) {
            count += 1;
        }
    }
    count >= 2
}

/// XBoard's comparison: for each side, rights differ when the king's right
/// changed while a rook still had one, or when the king has a right now
/// and a rook's right changed.
fn same_rights(earlier: &Rights, now: &Rights) -> bool {
    [0, 3].into_iter().all(|base| {
        let (rooks_then, rooks_now) = (&earlier[base..base + 2], &now[base..base + 2]);
        let king_changed =
            now[base + 2] != earlier[base + 2] && rooks_then.iter().any(Option::is_some);
        let rooks_changed = now[base + 2].is_some() && rooks_now != rooks_then;
        !king_changed && !rooks_changed
    })
}

/// XBoard's 50-move test: 100 plies since the last capture or pawn move,
/// counting the FEN's half-move clock when there was none.
fn fifty_moves(records: &[Record], start_clock: u32) -> bool {
    let now = records.len() - 1;
    let mut last = now;
    while last > 0 && records[last].status == Status::Reversible {
        last -= 1;
    }
    let start = if last == 0 { start_clock as usize } else { 0 };
    now - last + start >= 100
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::new_game;
    use crate::variants::{EndReason, VariantId};

    fn game(variant: VariantId, fen: &str, tokens: &str) -> Box<dyn GameHandle> {
        let mut g = new_game(variant, Some(fen)).unwrap();
        for t in tokens.split_whitespace() {
            g.play(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        }
        g
    }

    fn repetition(g: &dyn GameHandle) -> bool {
        g.verdict()
            .is_some_and(|v| v.reason == EndReason::ThreefoldRepetition)
    }

    #[test]
    fn a_plain_threefold_repetition_is_confirmed() {
        let g = game(
            VariantId::Chess,
            VariantId::Chess.start_fen(),
            "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
        );
        assert!(repetition(g.as_ref()));
        assert!(confirms_draw(g.as_ref()));
        // One turn short, neither the rules nor XBoard see a draw.
        let g = game(
            VariantId::Chess,
            VariantId::Chess.start_fen(),
            "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1",
        );
        assert!(!repetition(g.as_ref()) && !confirms_draw(g.as_ref()));
    }

    /// After `first` and two round trips the rules see a third occurrence
    /// and XBoard does not; after a third round trip XBoard agrees.
    fn xboard_needs_one_more_trip(variant: VariantId, fen: &str, first: &str, trip: &str) {
        let g = game(variant, fen, &format!("{first}{trip}{trip}"));
        assert!(repetition(g.as_ref()));
        assert!(!confirms_draw(g.as_ref()));
        let g = game(variant, fen, &format!("{first}{trip}{trip}{trip}"));
        assert!(confirms_draw(g.as_ref()));
    }

    #[test]
    fn a_double_push_beside_a_pinned_pawn_does_not_count_for_xboard() {
        // 1.e4 lands beside the d4 pawn, which the d1 rook pins: no legal
        // e.p. capture, so the rules count the position after 1.e4, but
        // XBoard noted e.p. rights there and does not.
        xboard_needs_one_more_trip(
            VariantId::Chess,
            "1n1k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1",
            "e2e4",
            " b8c6 e1f1 c6b8 f1e1",
        );
    }

    #[test]
    fn an_exploded_rook_keeps_its_right_for_xboard_until_the_king_moves() {
        // Rxg1 explodes the h1 rook: the rules drop White's castling right,
        // XBoard keeps it until the king moves, so the position after the
        // explosion differs to it from the same position after the kings
        // have moved out and back.
        xboard_needs_one_more_trip(
            VariantId::Atomic,
            "4k1r1/p7/8/8/8/8/P7/4K1NR b K - 0 1",
            "g8g1",
            " e1d1 e8d8 d1e1 d8e8",
        );
    }

    #[test]
    fn the_fifty_move_rule_counts_from_the_fen_clock() {
        let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 98 60";
        let g = game(VariantId::Chess, fen, "a1a2");
        assert!(!confirms_draw(g.as_ref()));
        let g = game(VariantId::Chess, fen, "a1a2 e8d8");
        assert!(g
            .verdict()
            .is_some_and(|v| v.reason == EndReason::FiftyMoveRule));
        assert!(confirms_draw(g.as_ref()));
        // A capture starts the count again.
        let g = game(
            VariantId::Chess,
            "4k3/8/8/8/8/8/r7/R3K3 w - - 98 60",
            "a1a2 e8d8",
        );
        assert!(!confirms_draw(g.as_ref()));
    }
}
