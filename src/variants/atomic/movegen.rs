//! Atomic's legal turns, faster than shakmaty's generator and the same
//! list in the same order.
//!
//! shakmaty (0.30) generates atomic's pseudo-legal turns and keeps those
//! after which, played on a copy of the position, the mover's king stands
//! and is not attacked. That copy and play per turn was a quarter of
//! atomic's search time, and asking whether one turn is legal (the table's
//! turn) generated them all. Here the same pseudo-legal turns are listed in
//! shakmaty's order (en passant, pawns, knights, bishops, rooks, queens,
//! king, castling), and legality is decided from the board: a capture by
//! what its explosion removes, a king step by the attacks on its square, a
//! quiet turn out of check by whether the piece alone blocked a line to
//! the king, a quiet turn in check by whether it blocks the one checking
//! slider. Only en passant, castling and quiet turns of such blockers are
//! played on a copy.

use shakmaty::variant::Atomic;
use shakmaty::{attacks, Bitboard, CastlingSide, Color, File, Move, Position, Rank, Role, Square};

use crate::variants::retain_from;

/// Appends the legal turns of `pos`, in shakmaty's order.
pub fn legal_moves(pos: &Atomic, out: &mut Vec<Move>) {
    let start = out.len();
    pseudo_legal_moves::<ALL>(pos, out);
    retain_legal(pos, out, start);
}

/// Appends the legal captures and queen promotions of `pos` (quiescence),
/// in the order [`legal_moves`] gives them.
pub fn tactical_moves(pos: &Atomic, out: &mut Vec<Move>) {
    let start = out.len();
    pseudo_legal_moves::<TACTICAL>(pos, out);
    retain_legal(pos, out, start);
}

/// Appends the legal turns of `pos` that are not captures or queen
/// promotions, in the order [`legal_moves`] gives them: with
/// [`tactical_moves`], every legal turn once.
pub fn quiet_moves(pos: &Atomic, out: &mut Vec<Move>) {
    let start = out.len();
    pseudo_legal_moves::<QUIET>(pos, out);
    retain_legal(pos, out, start);
}

/// Whether `m`, a turn of the position's side, is legal in `pos`
/// (`scratch`, a buffer to list pseudo-legal turns after what it holds, is
/// left as it was).
pub fn is_legal(pos: &Atomic, m: Move, scratch: &mut Vec<Move>) -> bool {
    is_pseudo_legal(pos, m, scratch) && Legality::of(pos).allows(pos, m)
}

/// Whether `m` is one of the turns [`pseudo_legal_moves`] lists. A plain
/// turn is checked on the board (the table's turn and the killers are
/// asked about at most nodes, and generating every turn to find one was a
/// search's costliest way to check it); en passant and castling are looked
/// up in the generated list.
fn is_pseudo_legal(pos: &Atomic, m: Move, scratch: &mut Vec<Move>) -> bool {
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = m
    else {
        let start = scratch.len();
        pseudo_legal_moves::<ALL>(pos, scratch);
        let listed = scratch[start..].contains(&m);
        scratch.truncate(start);
        return listed;
    };
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    if !ours.contains(from)
        || ours.contains(to)
        || board.role_at(from) != Some(role)
        || board.role_at(to) != capture
    {
        return false;
    }
    match role {
        // Kings step to empty squares only: a king cannot capture.
        Role::King => {
            capture.is_none() && promotion.is_none() && attacks::king_attacks(from).contains(to)
        }
        Role::Pawn => {
            let promotes_right = match promotion {
                None => !Bitboard::BACKRANKS.contains(to),
                Some(role) => {
                    Bitboard::BACKRANKS.contains(to) && !matches!(role, Role::Pawn | Role::King)
                }
            };
            promotes_right
                && if capture.is_some() {
                    attacks::pawn_attacks(us, from).contains(to)
                } else {
                    pawn_push_reaches(pos, from, to)
                }
        }
        _ => {
            promotion.is_none()
                && attacks::attacks(from, role.of(us), board.occupied()).contains(to)
        }
    }
}

/// Whether a pawn of the side to move on `from` pushes to the empty square
/// `to`: one step, or two from its first rank over an empty square.
fn pawn_push_reaches(pos: &Atomic, from: Square, to: Square) -> bool {
    let (forward, first_rank) = match pos.turn() {
        Color::White => (8, Rank::Second),
        Color::Black => (-8, Rank::Seventh),
    };
    let one = from as i32 + forward;
    to as i32 == one
        || (from.rank() == first_rank
            && to as i32 == one + forward
            && !pos.board().occupied().contains(offset(from, forward)))
}

/// The en-passant square if a capture there is legal.
pub fn legal_ep_square(pos: &Atomic) -> Option<Square> {
    let to = pos.maybe_ep_square()?;
    let board = pos.board();
    let takers =
        board.pawns() & board.by_color(pos.turn()) & attacks::pawn_attacks(!pos.turn(), to);
    takers
        .into_iter()
        .any(|from| played_is_legal(pos, Move::EnPassant { from, to }))
        .then_some(to)
}

/// Keeps the legal turns of `out[start..]`, in order.
fn retain_legal(pos: &Atomic, out: &mut Vec<Move>, start: usize) {
    let legality = Legality::of(pos);
    retain_from(out, start, |m| legality.allows(pos, m));
}

/// What the quick legality tests need, computed once per position.
struct Legality {
    /// Both kings, when both are on the board (else every turn is played
    /// on a copy).
    kings: Option<(Square, Square)>,
    /// The enemy pieces that check the mover's king (none when the kings
    /// stand side by side).
    checkers: Bitboard,
    /// The pieces that alone stand between the mover's king and an enemy
    /// slider: a quiet turn of any other piece cannot open a line to it.
    blockers: Bitboard,
}

impl Legality {
    fn of(pos: &Atomic) -> Legality {
        let us = pos.turn();
        let board = pos.board();
        let kings = board.king_of(us).zip(board.king_of(!us));
        let (checkers, blockers) = kings.map_or((Bitboard::EMPTY, Bitboard::EMPTY), |(king, _)| {
            (
                pos.king_attackers(king, !us, board.occupied()),
                slider_blockers(pos, king),
            )
        });
        Legality {
            kings,
            checkers,
            blockers,
        }
    }

    fn allows(&self, pos: &Atomic, m: Move) -> bool {
        let (
            Some((king, enemy_king)),
            Move::Normal {
                role,
                from,
                capture,
                to,
                ..
            },
        ) = (self.kings, m)
        else {
            return played_is_legal(pos, m);
        };
        if capture.is_some() {
            return capture_is_legal(pos, from, to, king, enemy_king);
        }
        if role == Role::King {
            // Nothing explodes; the king must not stand attacked on `to`.
            let occupied = pos.board().occupied() ^ from;
            return pos.king_attackers(to, !pos.turn(), occupied).is_empty();
        }
        if self.blockers.contains(from) {
            return played_is_legal(pos, m);
        }
        // A quiet turn explodes nothing and moves no king, and this piece
        // opens no line to the king: it is legal out of check, and in check
        // only if it stands between the king and the one checking slider.
        self.checkers.is_empty()
            || self
                .checkers
                .single_square()
                .is_some_and(|checker| attacks::between(king, checker).contains(to))
    }
}

/// Whether capturing on `to` from `from` (not en passant) leaves the
/// mover's king standing and, unless the enemy king explodes with it,
/// unattacked once the capturer, the victim and the pieces other than pawns
/// around `to` are gone.
fn capture_is_legal(
    pos: &Atomic,
    from: Square,
    to: Square,
    king: Square,
    enemy_king: Square,
) -> bool {
    let blast = attacks::king_attacks(to);
    if blast.contains(king) {
        return false;
    }
    if blast.contains(enemy_king) || attacks::king_attacks(king).contains(enemy_king) {
        return true;
    }
    let board = pos.board();
    let gone = (blast & board.occupied() & !board.pawns())
        .with(from)
        .with(to);
    let occupied = board.occupied() & !gone;
    let us = pos.turn();
    let attackers = (attacks::knight_attacks(king) & board.knights())
        | (attacks::pawn_attacks(us, king) & board.pawns())
        | (attacks::rook_attacks(king, occupied) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, occupied) & board.bishops_and_queens());
    (attackers & board.by_color(!us) & !gone).is_empty()
}

/// The pieces, of either side, that alone stand between `king` and an
/// enemy slider on its line.
fn slider_blockers(pos: &Atomic, king: Square) -> Bitboard {
    let board = pos.board();
    let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
        & board.by_color(!pos.turn());
    let mut blockers = Bitboard::EMPTY;
    for sniper in snipers {
        let between = attacks::between(king, sniper) & board.occupied();
        if !between.more_than_one() {
            blockers |= between;
        }
    }
    blockers
}

/// shakmaty's test: after the turn the mover's king stands, and is not
/// attacked unless the enemy king is gone.
fn played_is_legal(pos: &Atomic, m: Move) -> bool {
    let us = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked(m);
    let board = after.board();
    match board.king_of(us) {
        Some(our_king) => {
            (board.kings() & board.by_color(!us)).is_empty()
                || after
                    .king_attackers(our_king, !us, board.occupied())
                    .is_empty()
        }
        None => false,
    }
}

/// Which of the pseudo-legal turns a generator lists.
type Kind = u8;
/// Every pseudo-legal turn.
const ALL: Kind = 0;
/// The captures and queen promotions (what `is_tactical` accepts).
const TACTICAL: Kind = 1;
/// The others.
const QUIET: Kind = 2;

/// shakmaty's pseudo-legal atomic turns of one [`Kind`], in its order.
/// Kings move only to empty squares (a king cannot capture in atomic).
fn pseudo_legal_moves<const KIND: Kind>(pos: &Atomic, out: &mut Vec<Move>) {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let target = match KIND {
        TACTICAL => board.by_color(!us),
        QUIET => !board.occupied(),
        _ => !ours,
    };
    // En passant is a capture: no quiet turn.
    let ep_square = if KIND == QUIET {
        None
    } else {
        pos.maybe_ep_square()
    };
    if let Some(to) = ep_square {
        for from in board.pawns() & ours & attacks::pawn_attacks(!us, to) {
            out.push(Move::EnPassant { from, to });
        }
    }
    pawn_moves::<KIND>(pos, out);
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.by_role(role) & ours {
            for to in attacks::attacks(from, role.of(us), board.occupied()) & target {
                out.push(Move::Normal {
                    role,
                    from,
                    capture: board.role_at(to),
                    to,
                    promotion: None,
                });
            }
        }
    }
    if KIND == TACTICAL {
        return;
    }
    if let Some(king) = board.king_of(us) {
        for to in attacks::king_attacks(king) & !board.occupied() {
            out.push(Move::Normal {
                role: Role::King,
                from: king,
                capture: None,
                to,
                promotion: None,
            });
        }
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            castling_move(pos, king, side, out);
        }
    }
}

/// The promotions a pawn reaching the back rank may choose, in shakmaty's
/// order.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

fn pawn_moves<const KIND: Kind>(pos: &Atomic, out: &mut Vec<Move>) {
    let board = pos.board();
    let us = pos.turn();
    let pawns = board.pawns() & board.by_color(us);
    let forward: i32 = if us == Color::White { 8 } else { -8 };
    if KIND != QUIET {
        pawn_captures(pos, pawns, forward, out);
    }
    let singles = pawns.shift(forward) & !board.occupied();
    // Of the pushes to the back rank, the queen's are tactical, the others
    // quiet.
    let push_promotions: &[Role] = match KIND {
        TACTICAL => &PROMOTIONS[..1],
        QUIET => &PROMOTIONS[1..],
        _ => &PROMOTIONS,
    };
    if KIND == TACTICAL {
        for to in singles & Bitboard::BACKRANKS {
            push_pawn(out, offset(to, -forward), to, None, push_promotions);
        }
        return;
    }
    for (to, promoting) in split_back_ranks(singles) {
        let promotions = if promoting { push_promotions } else { &[] };
        push_pawn(out, offset(to, -forward), to, None, promotions);
    }
    let start_rank_after_one = if us == Color::White {
        Bitboard::from_rank(Rank::Third)
    } else {
        Bitboard::from_rank(Rank::Sixth)
    };
    let doubles = (singles & start_rank_after_one).shift(forward) & !board.occupied();
    for to in doubles {
        push_pawn(out, offset(to, -2 * forward), to, None, &[]);
    }
}

/// The captures of `pawns` (not en passant): towards the a-file first,
/// then towards the h-file, each in the order of their target squares.
fn pawn_captures(pos: &Atomic, pawns: Bitboard, forward: i32, out: &mut Vec<Move>) {
    let board = pos.board();
    let them = board.by_color(!pos.turn());
    for file_step in [-1, 1] {
        let step = forward + file_step;
        let edge = if file_step < 0 {
            Bitboard::from_file(File::A)
        } else {
            Bitboard::from_file(File::H)
        };
        let captures = (pawns & !edge).shift(step) & them;
        for (to, promoting) in split_back_ranks(captures) {
            let promotions: &[Role] = if promoting { &PROMOTIONS } else { &[] };
            push_pawn(out, offset(to, -step), to, board.role_at(to), promotions);
        }
    }
}

/// The squares of `b` off the back ranks, then those on them (shakmaty
/// lists a direction's plain pawn turns before its promotions).
fn split_back_ranks(b: Bitboard) -> impl Iterator<Item = (Square, bool)> {
    (b & !Bitboard::BACKRANKS)
        .into_iter()
        .map(|s| (s, false))
        .chain((b & Bitboard::BACKRANKS).into_iter().map(|s| (s, true)))
}

/// A pawn's turn, once for each of `promotions` (once without one when
/// there are none).
fn push_pawn(
    out: &mut Vec<Move>,
    from: Square,
    to: Square,
    capture: Option<Role>,
    promotions: &[Role],
) {
    let turn = |promotion| Move::Normal {
        role: Role::Pawn,
        from,
        capture,
        to,
        promotion,
    };
    if promotions.is_empty() {
        out.push(turn(None));
    }
    out.extend(promotions.iter().map(|&p| turn(Some(p))));
}

/// Castling to `side` if the rook is there, the path is empty and neither
/// the king's path nor its target is attacked (shakmaty's test, with
/// atomic's attacks: kings side by side attack nothing).
fn castling_move(pos: &Atomic, king: Square, side: CastlingSide, out: &mut Vec<Move>) {
    let us = pos.turn();
    let castles = pos.castles();
    let Some(rook) = castles.rook(us, side) else {
        return;
    };
    let occupied = pos.board().occupied();
    if (castles.path(us, side) & occupied).any() {
        return;
    }
    let king_to = side.king_to(us);
    let after = occupied ^ king ^ rook ^ side.rook_to(us);
    if pos.king_attackers(king_to, !us, after).any() {
        return;
    }
    let passed = attacks::between(king, king_to).with(king);
    if passed
        .into_iter()
        .any(|sq| pos.king_attackers(sq, !us, occupied ^ king).any())
    {
        return;
    }
    out.push(Move::Castle { king, rook });
}

/// The square `step` squares from `sq` (a rank is 8), which the caller
/// knows is on the board.
fn offset(sq: Square, step: i32) -> Square {
    Square::new((sq as i32 + step) as u32)
}
