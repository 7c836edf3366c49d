//! Dynamo: the spec's perft counts (deeper ones from the reference model),
//! its own notation, checked against the reference model; its FEN cannot
//! carry all of what its hash covers (`Quirks` below).

use chimera::variants::dynamo::board::{KING, ROOK};
use chimera::variants::dynamo::geometry::OFF;
use chimera::variants::dynamo::{DynamoMove, DynamoPosition, MoveKind};
use chimera::variants::Rules;

use super::{Facts, Quirks};
use crate::reference;

pub fn facts() -> Facts {
    Facts {
        perft_max_nodes: 6_000_000,
        more_perft: &[],
        sample_fens: &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/pp3ppp/2n1b3/3q4/3Q4/2N1B3/PP3PPP/R3K2R w KQkq - 0 1",
            "4k3/1P6/8/8/8/8/6p1/R3K2R b KQ - 0 1",
        ],
        special_fens: &[
            "4k3/8/8/8/8/5n2/3q4/7K w - - 0 1",
            "8/8/8/8/8/8/2k5/K7 w - - 0 1",
            "8/8/8/4k3/8/8/4K3/8 w - - 0 1",
            "8/8/8/4k3/8/8/4K3/R7 b - - 99 80",
            "8/8/4k3/8/8/4K3/8/7R w - - 100 80",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "4k3/4P3/4K3/8/8/8/8/8 b - - 0 1",
            "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",
        ],
        record_len: 8 + 16 + 7 + 13,
        san: false,
        reference: reference::dynamo_divide,
    }
}

/// Home squares of the rooks of the rights K, Q, k, q (a1 = 0).
const DYNAMO_ROOK_HOME: [u8; 4] = [7, 0, 63, 56];

/// Dynamo's hash legitimately covers two things its FEN does not carry:
///
/// 1. The "no undoing" rule (spec dynamo.md): a dynamo move may not restore
///    the placement before the opponent's last turn, so that placement is
///    part of the position and of `hash()` (two positions with equal FENs but
///    different forbidden placements have different legal turns). A position
///    read from a FEN knows no previous turn. The comparable hash is the
///    hash with that part dropped: Dynamo's `play_null` clears it (a pass
///    restores nothing), so two passes give the same position without it
///    (Dynamo's passes are plain side flips, valid whatever
///    `null_move_allowed` says).
/// 2. Castling rights belong to a particular rook and follow it when it is
///    pushed or pulled (spec dynamo.md, Castling): while such a rook is away
///    from its home square, the FEN still lists the right, but a FEN reader
///    gives a right to whatever own rook stands on the home square, or drops
///    it (the spec's ruling: "a FEN written back omits it"). The test follows
///    the owning rooks itself (`Track`, from the spec's rule); while one is
///    away from home, the re-read FEN must be the FEN without the rights whose
///    home holds no own rook, and the hash (which keys rights by where their
///    rook stands) is not comparable.
impl Quirks for DynamoPosition {
    /// Square of the rook owning each right (K, Q, k, q), if alive.
    type Track = [Option<u8>; 4];

    fn track_new(pos: &Self) -> [Option<u8>; 4] {
        let fen = pos.fen();
        let rights = fen.split(' ').nth(2).unwrap();
        let mut owners = [None; 4];
        for (i, c) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            if rights.contains(c) {
                owners[i] = Some(DYNAMO_ROOK_HOME[i]);
            }
        }
        owners
    }

    fn track_play(owners: &mut [Option<u8>; 4], before: &Self, m: DynamoMove) {
        let (white, role) = before.piece_at(m.from).expect("a turn has a mover");
        // The mover of a turn loses its rights, whatever it does.
        for (i, owner) in owners.iter_mut().enumerate() {
            let ours = (i < 2) == white;
            if (role == KING && ours) || *owner == Some(m.from) {
                *owner = None;
            }
        }
        // A pushed or pulled rook takes its right along (or loses it off
        // the board).
        if m.kind == MoveKind::Dynamo {
            for owner in owners.iter_mut() {
                if *owner == Some(m.moved_from) {
                    *owner = (m.moved_to != OFF).then_some(m.moved_to);
                }
            }
        }
    }

    fn expected_refen(&self, owners: &[Option<u8>; 4]) -> String {
        let fen = self.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let mut rights = String::new();
        for (i, c) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            let own_rook_home = self.piece_at(DYNAMO_ROOK_HOME[i]) == Some((i < 2, ROOK));
            if owners[i].is_some() && own_rook_home {
                rights.push(c);
            }
        }
        // The FEN itself must list exactly the live rights.
        let live: String = ['K', 'Q', 'k', 'q']
            .into_iter()
            .zip(owners)
            .filter(|(_, o)| o.is_some())
            .map(|(c, _)| c)
            .collect();
        assert_eq!(
            fields[2],
            if live.is_empty() { "-" } else { &live },
            "dynamo rights in {fen}, owners {owners:?}"
        );
        if rights.is_empty() {
            rights.push('-');
        }
        let mut out = fields.clone();
        out[2] = &rights;
        out.join(" ")
    }

    fn fen_comparable_hash(&self, owners: &[Option<u8>; 4]) -> Option<u64> {
        let all_home = owners
            .iter()
            .zip(DYNAMO_ROOK_HOME)
            .all(|(o, home)| o.is_none_or(|sq| sq == home));
        if !all_home {
            return None;
        }
        let mut p = self.clone();
        p.play_null();
        p.play_null();
        Some(p.hash())
    }
}
