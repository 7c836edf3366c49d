//! Which side could still win, by each variant's insufficient-material
//! rule (the spec): a side whose clock runs out only loses when the other
//! side could win. The answers come from the spec's rulings, not from the
//! code: a bare king never wins except in Dynamo, where it can push the
//! other king off an edge; Omega's lone minor can mate on a wizard square;
//! chess and avalanche follow FIDE as lichess reads it (K+N against a bare
//! king cannot, K+N against K+P can: the pawn may block its own king).

use chimera::game::new_game;
use chimera::variants::VariantId;

/// `(variant, FEN, could White win, could Black win)`.
const CASES: &[(VariantId, &str, bool, bool)] = &[
    (
        VariantId::Chess,
        "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
        false,
        false,
    ),
    (
        VariantId::Chess,
        "4k3/8/8/4p3/8/8/8/4K1N1 w - - 0 1",
        true,
        true,
    ),
    (
        VariantId::Chess,
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
        true,
        false,
    ),
    (
        VariantId::Chess,
        "4k3/8/8/8/8/8/8/3BKB2 w - - 0 1",
        false,
        false,
    ),
    (
        VariantId::Chess,
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        true,
        false,
    ),
    // Atomic kings may touch, so a lone rook cannot mate a bare king (the
    // spec's K+R v K, which cutechess-cli plays on); a queen can.
    (
        VariantId::Atomic,
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        false,
        false,
    ),
    (
        VariantId::Atomic,
        "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1",
        true,
        false,
    ),
    (
        VariantId::Atomic,
        "4k3/8/8/8/8/8/p7/4K3 b - - 0 1",
        false,
        true,
    ),
    (
        VariantId::Avalanche,
        "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
        false,
        false,
    ),
    (
        VariantId::Avalanche,
        "4k3/8/8/4p3/8/8/8/4K1N1 w - - 0 1",
        true,
        true,
    ),
    (
        VariantId::Avalanche,
        "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1",
        true,
        false,
    ),
    (
        VariantId::Omega,
        "1**********1/*4k5*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*4K1N3*/1**********1 w - - 0 1",
        true,
        false,
    ),
    (
        VariantId::Omega,
        "1**********1/*4k5*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*4K5*/1**********1 w - - 0 1",
        false,
        false,
    ),
    // The corner wizards (`w`, `W`) are pieces: either side may win.
    (
        VariantId::Omega,
        "w**********1/*4k5*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*4K5*/1**********W w - - 0 1",
        true,
        true,
    ),
    (
        VariantId::Dynamo,
        "8/8/8/4k3/8/8/4K3/8 w - - 0 1",
        true,
        true,
    ),
];

#[test]
fn a_side_could_win_as_its_variants_material_rule_says() {
    for &(variant, fen, white, black) in CASES {
        let game = new_game(variant, Some(fen)).expect(fen);
        assert_eq!(
            (game.could_win(true), game.could_win(false)),
            (white, black),
            "{} {fen}",
            variant.name()
        );
    }
}
