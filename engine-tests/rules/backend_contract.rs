//! The backend contract: properties every [`Rules`] implementation must have,
//! checked for every registered variant (`VariantId::ALL`, backend picked with
//! `with_variant!`, so a newly registered variant is covered with no change
//! here).
//!
//! For each variant, seeded random games (fixed seeds, reproducible) start
//! from the start position and from each of the variant's `bench_fens`. At
//! every ply, for the position and for every legal turn of it:
//!
//! - `encode(m)` is non-zero and unique among the position's legal turns;
//! - `parse_move(format_move(m)) == m`; tokens are non-empty, have no space,
//!   and are unique;
//! - `history_index(m) < HISTORY_SLOTS`, `piece_to_index(m) < PIECE_TO_SLOTS`;
//! - `see_ge(m, t)` holds for every threshold below some value and none above;
//! - a turn `may_force` clears gives no check and, played, leaves no
//!   `king_threatened()`;
//! - `generate` appends (a filled buffer keeps its prefix) and
//!   `count_moves() == generate().len()`;
//! - `generate_tactical` gives exactly the turns of `generate` that
//!   `is_tactical` accepts (as sets of codes, without duplicates);
//! - after `play(m)`: the side to move flipped, `variant()` is kept, and the
//!   incremental `hash()` equals the hash of the position re-read from its
//!   own `fen()`; the FEN round trip `from_fen(fen()).fen() == fen()` holds,
//!   and the re-read position agrees on side, check, halfmove clock and
//!   early end (exceptions: each backend's `Quirks`, in
//!   engine-tests/support/variants/, say what its FEN cannot carry);
//! - where `null_move_allowed()`, not in check and the game is not decided
//!   (an exploded king): `play_null` flips the side, changes `hash()`, and
//!   the result passes the same FEN/hash checks;
//! - with no legal turn: `end_without_moves()` gives a reason, never a win
//!   for the side to move, and a loss when in check; an `early_end()` that
//!   decides the game (win or loss) leaves no legal turn; a game is not
//!   continued after an early end or without turns;
//! - across all games of a variant, `hash()` is a key of the position: equal
//!   hashes only for equal placement, side, castling and legal turns, and
//!   equal positions (FEN without counters) only with equal hashes.
//!
//! Also: `start(name).fen() == start_fen(name)`, `variant()` is the name the
//! position was created with, and each name is one of the backend's
//! `VARIANTS`.
//!
//! The whole file runs in about 2 s (one thread per variant). For a longer
//! hunt raise `GAMES_PER_START` and `MAX_PLIES`: 8 games of up to 250 plies
//! from the bench positions and from every FEN found in `engine-tests/` and
//! `src/` ran clean (80 s).

use std::collections::{BTreeSet, HashMap, HashSet};

use chimera::variants::{Outcome, VariantId};
use chimera::with_variant;

use chimera_test_support::rng::Rng;
use chimera_test_support::variants::Quirks;

/// Random games per start position.
const GAMES_PER_START: u64 = 3;
/// Plies per game at most (games also stop at any game end).
const MAX_PLIES: usize = 120;

/// Counts of what the games went through, per variant.
#[derive(Default, Debug)]
struct Stats {
    games: u64,
    positions: u64,
    turns: u64,
    tactical: u64,
    nulls: u64,
    early_ends: u64,
    no_turns: u64,
    checks: u64,
    /// Turns `may_force` cleared (said cannot be forcing).
    cleared: u64,
    /// Checks where the FEN cannot carry the whole state (Dynamo's rook
    /// ownership; see its `Quirks`).
    fen_limited: u64,
}

/// Every game position of one variant seen so far, to check that `hash()`
/// is a key of the position across games: equal hashes only for positions
/// with the same placement, side, castling field and legal turns, and equal
/// positions ([`Quirks::position_key`]) only with equal hashes.
#[derive(Default)]
struct Seen {
    by_hash: HashMap<u64, (String, u64)>,
    by_fen: HashMap<String, u64>,
}

impl Seen {
    fn check<P: Quirks>(
        &mut self,
        pos: &P,
        track: &P::Track,
        tokens: &[String],
        ctx: &dyn Fn() -> String,
    ) {
        let fen = pos.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        // Omega writes the squares a pawn passed over even when no pawn can
        // take it, and its hash (rightly) ignores them: the en-passant field
        // is left out here; en-passant captures that exist are in the turns.
        let key = fields[..3].join(" ");
        let mut sorted: Vec<&str> = tokens.iter().map(String::as_str).collect();
        sorted.sort_unstable();
        let turns = fnv1a(&sorted.join(" "));
        let entry = self
            .by_hash
            .entry(pos.hash())
            .or_insert_with(|| (key.clone(), turns));
        assert_eq!(
            *entry,
            (key, turns),
            "{}: two different positions share the hash {:#x}",
            ctx(),
            pos.hash()
        );
        if let Some(h) = pos.fen_comparable_hash(track) {
            let old = *self.by_fen.entry(pos.position_key()).or_insert(h);
            assert_eq!(old, h, "{}: one position, two hashes", ctx());
        }
    }
}

fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The FEN and hash checks of one position (reached by `play`, `play_null`
/// or read from a FEN).
fn check_fen_and_hash<P: Quirks>(
    pos: &P,
    track: &P::Track,
    name: VariantId,
    stats: &mut Stats,
    ctx: &dyn Fn() -> String,
) {
    let fen = pos.fen();
    let back = P::from_fen(name, &fen)
        .unwrap_or_else(|e| panic!("{}: own FEN {fen} rejected: {e}", ctx()));
    assert_eq!(back.variant(), name, "{}: variant of {fen}", ctx());
    let expected = pos.expected_refen(track);
    if expected != fen {
        stats.fen_limited += 1;
    }
    assert_eq!(back.fen(), expected, "{}: FEN round trip", ctx());
    match pos.fen_comparable_hash(track) {
        Some(h) => assert_eq!(
            back.hash(),
            h,
            "{}: incremental hash differs from the hash of its FEN {fen}",
            ctx()
        ),
        None => stats.fen_limited += 1,
    }
    assert_eq!(back.white_to_move(), pos.white_to_move(), "{}", ctx());
    assert_eq!(back.in_check(), pos.in_check(), "{}: in_check", ctx());
    assert_eq!(back.halfmove_clock(), pos.halfmove_clock(), "{}", ctx());
    assert_eq!(back.early_end(), pos.early_end(), "{}: early_end", ctx());
}

/// Every check of one position; returns its legal turns and their tokens.
fn check_position<P: Quirks>(
    pos: &P,
    track: &P::Track,
    name: VariantId,
    stats: &mut Stats,
    ctx: &dyn Fn() -> String,
) -> (Vec<P::Move>, Vec<String>) {
    stats.positions += 1;
    assert_eq!(pos.variant(), name, "{}", ctx());
    check_fen_and_hash(pos, track, name, stats, ctx);

    let mut moves = Vec::new();
    pos.generate(&mut moves);
    assert_eq!(
        pos.count_moves(),
        moves.len() as u64,
        "{}: count_moves",
        ctx()
    );
    if let Some(&first) = moves.first() {
        let mut appended = vec![first];
        pos.generate(&mut appended);
        assert_eq!(appended[0], first, "{}: generate must append", ctx());
        assert_eq!(appended[1..], moves[..], "{}: generate must append", ctx());
    }

    let mut codes = HashSet::with_capacity(moves.len());
    let mut tokens = HashSet::with_capacity(moves.len());
    let mut token_list = Vec::with_capacity(moves.len());
    let forcing_test = pos.forcing_test();
    for &m in &moves {
        stats.turns += 1;
        let code = P::encode(m);
        assert_ne!(code, 0, "{}: {m:?} encodes to 0", ctx());
        assert!(
            codes.insert(code),
            "{}: two turns encode to {code:#x}",
            ctx()
        );
        let token = pos.format_move(m);
        assert!(
            !token.is_empty() && !token.contains(char::is_whitespace),
            "{}: token {token:?} of {m:?}",
            ctx()
        );
        assert_eq!(
            pos.parse_move(&token),
            Ok(m),
            "{}: token {token} does not parse back",
            ctx()
        );
        assert!(
            tokens.insert(token.clone()),
            "{}: two turns share the token {token}",
            ctx()
        );
        token_list.push(token);
        let slot = pos.history_index(m);
        assert!(
            slot < P::HISTORY_SLOTS,
            "{}: history_index {slot} of {m:?} >= {}",
            ctx(),
            P::HISTORY_SLOTS
        );
        let slot = pos.piece_to_index(m);
        assert!(
            slot < P::PIECE_TO_SLOTS,
            "{}: piece_to_index {slot} of {m:?} >= {}",
            ctx(),
            P::PIECE_TO_SLOTS
        );
        // The exchange has one value: every threshold below it is met,
        // none above it.
        let met: Vec<bool> = [-3000, -500, -100, 0, 1, 100, 500, 3000]
            .iter()
            .map(|&t| pos.see_ge(m, t))
            .collect();
        assert!(
            met.windows(2).all(|w| w[0] || !w[1]),
            "{}: see_ge of {m:?} is not monotone in the threshold: {met:?}",
            ctx()
        );

        let mut child = pos.clone();
        let mut child_track = track.clone();
        P::track_play(&mut child_track, pos, m);
        child.play(m);
        // A turn `may_force` clears gives no check and leaves no threat to
        // the king: the search prunes it without playing it.
        if !pos.may_force(&forcing_test, m) {
            stats.cleared += 1;
            assert!(
                !child.in_check() && !child.king_threatened(),
                "{}: may_force clears {m:?}, which forces",
                ctx()
            );
        }
        assert_ne!(child.white_to_move(), pos.white_to_move(), "{}", ctx());
        assert_eq!(child.variant(), name, "{}", ctx());
        let child_ctx = || format!("{} after {}", ctx(), pos.format_move(m));
        check_fen_and_hash(&child, &child_track, name, stats, &child_ctx);
    }

    let wanted: BTreeSet<u32> = moves
        .iter()
        .filter(|&&m| pos.is_tactical(m))
        .map(|&m| P::encode(m))
        .collect();
    let mut tactical = Vec::new();
    pos.generate_tactical(&mut tactical);
    let got: BTreeSet<u32> = tactical.iter().map(|&m| P::encode(m)).collect();
    assert_eq!(
        got.len(),
        tactical.len(),
        "{}: duplicate tactical turns",
        ctx()
    );
    assert_eq!(
        got,
        wanted,
        "{}: generate_tactical differs from generate + is_tactical",
        ctx()
    );
    stats.tactical += tactical.len() as u64;

    // A game already decided (an exploded king) is never searched on, so
    // no null move is tried there.
    let decided = pos.early_end().is_some_and(|e| e.outcome != Outcome::Draw);
    if pos.in_check() {
        stats.checks += 1;
    } else if !decided && pos.null_move_allowed() {
        stats.nulls += 1;
        let mut null = pos.clone();
        null.play_null();
        assert_ne!(null.white_to_move(), pos.white_to_move(), "{}: null", ctx());
        assert_ne!(null.hash(), pos.hash(), "{}: null keeps the hash", ctx());
        assert_eq!(null.variant(), name, "{}", ctx());
        let null_ctx = || format!("{} after a null move", ctx());
        check_fen_and_hash(&null, track, name, stats, &null_ctx);
    }

    // History draws are the arbiter's, never a position's own end.
    if let Some(end) = pos.early_end() {
        assert!(!end.reason.by_history(), "{}: {}", ctx(), end.reason);
        if end.outcome != Outcome::Draw {
            assert!(
                moves.is_empty(),
                "{}: decided by {} yet {} legal turns",
                ctx(),
                end.reason,
                moves.len()
            );
        }
    }
    if moves.is_empty() {
        let end = pos.end_without_moves();
        assert!(!end.reason.by_history(), "{}: {}", ctx(), end.reason);
        assert_ne!(end.outcome, Outcome::Win, "{}: {}", ctx(), end.reason);
        if pos.in_check() {
            assert_eq!(end.outcome, Outcome::Loss, "{}: {}", ctx(), end.reason);
        }
    }
    (moves, token_list)
}

/// One seeded random game from `start`, every ply checked.
fn random_game<P: Quirks>(
    start: &P,
    name: VariantId,
    seed: u64,
    stats: &mut Stats,
    seen: &mut Seen,
) {
    let mut rng = Rng::new(seed);
    let mut pos = start.clone();
    let mut track = P::track_new(&pos);
    stats.games += 1;
    for ply in 0..MAX_PLIES {
        let fen = pos.fen();
        let ctx = || format!("{name} seed {seed:#x} ply {ply} [{fen}]");
        let (moves, tokens) = check_position(&pos, &track, name, stats, &ctx);
        seen.check(&pos, &track, &tokens, &ctx);
        // No game goes on after its end.
        if pos.early_end().is_some() {
            stats.early_ends += 1;
            return;
        }
        if moves.is_empty() {
            stats.no_turns += 1;
            return;
        }
        let m = moves[rng.below(moves.len())];
        P::track_play(&mut track, &pos, m);
        pos.play(m);
    }
}

fn check_variant<P: Quirks>(name: VariantId) -> Stats {
    assert!(P::VARIANTS.contains(&name), "{name} not in its VARIANTS");
    let start = P::start(name);
    assert_eq!(start.fen(), P::start_fen(name), "{name}: start FEN");
    assert_eq!(start.variant(), name);

    let mut stats = Stats::default();
    let mut seen = Seen::default();
    let mut fens = vec![P::start_fen(name)];
    fens.extend(P::bench_fens(name));
    for (i, fen) in fens.iter().enumerate() {
        let pos = P::from_fen(name, fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        assert_eq!(pos.variant(), name, "{fen}");
        for game in 0..GAMES_PER_START {
            let seed = fnv1a(name.name()) ^ ((i as u64) << 40) ^ (game << 32) ^ 0x5eed;
            random_game(&pos, name, seed, &mut stats, &mut seen);
        }
    }
    stats
}

#[test]
fn every_registered_variant_keeps_the_backend_contract() {
    // One thread per variant (a failure names its variant, seed and ply).
    let results: Vec<(VariantId, Stats)> = std::thread::scope(|scope| {
        let handles: Vec<_> = VariantId::ALL
            .iter()
            .map(|&name| {
                let handle =
                    scope.spawn(move || with_variant!(name, P => check_variant::<P>(name)));
                (name, handle)
            })
            .collect();
        handles
            .into_iter()
            .map(|(name, handle)| match handle.join() {
                Ok(stats) => (name, stats),
                Err(_) => panic!("{name} breaks the backend contract (message above)"),
            })
            .collect()
    });
    let mut no_turns = 0;
    for (name, stats) in results {
        println!("{name}: {stats:?}");
        assert!(stats.positions > 0 && stats.turns > 0, "{name}");
        // Chess and atomic tell most quiet turns apart from forcing ones
        // before playing them (87% and 45% of all turns on 2026-12-07).
        if matches!(name, VariantId::Chess | VariantId::Atomic) {
            assert!(stats.cleared * 3 > stats.turns, "{name}: {stats:?}");
        }
        no_turns += stats.no_turns;
    }
    // The games must reach positions without turns somewhere, so that
    // `end_without_moves` is exercised at all.
    assert!(no_turns > 0, "no game ended without turns");
}
