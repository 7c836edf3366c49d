//! The fast legality paths against legality by definition, turn for turn:
//! [`DynamoPosition::legal_turns`] (with [`super::king_safety`]), the
//! tactical generator and the table-turn check must give exactly what the
//! pseudo-legal turns give when each is kept only if it undoes nothing and
//! [`king_in_check`] is false on the placement after it, in the same order.

use super::check::king_in_check;
use super::*;
use crate::rng::SplitMix64;

/// Legal turns by definition, in generation order.
fn legal_by_definition(pos: &DynamoPosition) -> Vec<DynamoMove> {
    let mut out = Vec::new();
    if pos.bits.king(pos.turn).is_none() {
        return out;
    }
    pos.pseudo_turns(&mut |m| {
        if !pos.undoes(m) && !king_in_check(&pos.bits_after(m), pos.turn) {
            out.push(m);
        }
    });
    out
}

/// Compares every fast path of `pos` with the definition; `stale` are
/// codes of another position's turns, as a table may hold. Returns whether
/// the side to move was in check.
fn compare(pos: &DynamoPosition, stale: &[u32], rng: &mut SplitMix64) -> bool {
    let expected = legal_by_definition(pos);
    let mut fast = Vec::new();
    pos.generate(&mut fast);
    assert_eq!(fast, expected, "legal turns of {}", pos.fen());
    assert_eq!(pos.count_moves(), expected.len() as u64, "{}", pos.fen());

    let mut tactical = vec![DynamoMove::ordinary(0, 0, 0)]; // appends
    pos.generate_tactical(&mut tactical);
    let tactical_expected: Vec<_> = expected
        .iter()
        .copied()
        .filter(|&m| pos.is_tactical(m))
        .collect();
    assert_eq!(
        tactical[1..],
        tactical_expected,
        "tactical of {}",
        pos.fen()
    );

    // Codes of every pseudo-legal turn (legal or not), stale codes and
    // random ones: legal exactly when the definition lists the turn.
    let mut codes: Vec<u32> = stale.to_vec();
    pos.pseudo_turns(&mut |m| codes.push(DynamoPosition::encode(m)));
    for _ in 0..8 {
        codes.push(rng.next_u64() as u32);
        codes.push(rng.next_u64() as u32 | 1 << 31);
    }
    let mut scratch = Vec::new();
    for code in codes {
        let wanted = expected
            .iter()
            .copied()
            .find(|&m| DynamoPosition::encode(m) == code);
        let got = pos.legal_from_code(code, &mut scratch);
        assert_eq!(got, wanted, "code {code:#x} in {}", pos.fen());
        // Either the list of all legal turns or nothing (the contract).
        assert!(scratch.is_empty() || scratch == expected);
        scratch.clear();
    }
    pos.in_check()
}

/// Short trees from the perft and bench positions, then random games from
/// the openings to their end, removals and checks each chosen a third of the
/// time so that games reach checks, mates and sparse endings.
#[test]
fn fast_legality_agrees_with_the_definition_turn_for_turn() {
    let mut rng = SplitMix64::new(2024);
    let (mut nodes, mut checks) = (0u64, 0u64);
    let mut starts = Vec::new();
    let perft = std::fs::read_to_string("engine-tests/perft/dynamo.epd").unwrap();
    let openings = std::fs::read_to_string("engine-tests/openings/dynamo.epd").unwrap();
    for line in perft.lines().chain(openings.lines().take(60)) {
        let fen = line.split(';').next().unwrap().trim();
        if !fen.is_empty() && !fen.starts_with('#') {
            starts.push(DynamoPosition::from_fen(VariantId::Dynamo, fen).unwrap());
        }
    }
    for fen in BENCH {
        starts.push(DynamoPosition::from_fen(VariantId::Dynamo, fen).unwrap());
    }

    fn walk(pos: &DynamoPosition, depth: u32, stale: &[u32], rng: &mut SplitMix64) -> (u64, u64) {
        let check = compare(pos, stale, rng);
        let (mut nodes, mut checks) = (1, u64::from(check));
        if depth == 0 {
            return (nodes, checks);
        }
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        let codes: Vec<u32> = moves.iter().map(|&m| DynamoPosition::encode(m)).collect();
        for m in moves {
            let mut child = pos.clone();
            child.play(m);
            let (n, c) = walk(&child, depth - 1, &codes, rng);
            nodes += n;
            checks += c;
        }
        (nodes, checks)
    }
    for pos in starts.iter().take(20) {
        let (n, c) = walk(pos, 1, &[], &mut rng);
        nodes += n;
        checks += c;
    }

    for game in 0..1000 {
        let mut pos = starts[game % starts.len()].clone();
        let mut moves = Vec::new();
        let mut stale: Vec<u32> = Vec::new();
        for _ in 0..250 {
            nodes += 1;
            checks += u64::from(compare(&pos, &stale, &mut rng));
            moves.clear();
            pos.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            stale = moves.iter().map(|&m| DynamoPosition::encode(m)).collect();
            let removals: Vec<_> = moves.iter().copied().filter(|m| m.removes()).collect();
            let checking: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    let mut child = pos.clone();
                    child.play(m);
                    child.in_check()
                })
                .collect();
            let pool = match rng.below(3) {
                0 if !removals.is_empty() => &removals,
                1 if !checking.is_empty() => &checking,
                _ => &moves,
            };
            pos.play(pool[rng.below(pool.len())]);
        }
    }
    assert!(nodes > 20_000, "{nodes} positions compared");
    assert!(checks > 10_000, "{checks} positions in check");
}
