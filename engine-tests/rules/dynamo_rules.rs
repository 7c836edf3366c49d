//! Dynamo rules, one test per rule or spec example, on hand-checked
//! positions (`shared/spec/dynamo.md`). Board strings are the FEN's first
//! field after the turn.

use chimera::perft::perft;
use chimera::variants::dynamo::DynamoPosition;
use chimera::variants::view::BoardView;
use chimera::variants::{EndReason, Outcome, Rules, VariantId};

fn pos(fen: &str) -> DynamoPosition {
    DynamoPosition::from_fen(VariantId::Dynamo, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(p: &DynamoPosition, token: &str) -> DynamoPosition {
    let m = p.parse_move(token).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.format_move(m), token, "token printed back exactly");
    let mut next = p.clone();
    next.play(m);
    next
}

fn board(p: &DynamoPosition) -> String {
    p.fen().split(' ').next().unwrap().to_string()
}

fn tokens(p: &DynamoPosition) -> Vec<String> {
    let mut moves = Vec::new();
    p.generate(&mut moves);
    let mut t: Vec<String> = moves.iter().map(|&m| p.format_move(m)).collect();
    t.sort();
    t
}

fn refused(p: &DynamoPosition, token: &str) -> String {
    match p.parse_move(token) {
        Ok(_) => panic!("{token} was accepted in {}", p.fen()),
        Err(e) => {
            assert_eq!(e.token(), token);
            let e = e.to_string();
            assert!(e.contains(token), "error names the token: {e}");
            e
        }
    }
}

// --- Perft (spec) -------------------------------------------------------

#[test]
fn perft_start_position_from_spec() {
    let p = DynamoPosition::start(VariantId::Dynamo);
    assert_eq!(perft(&p, 1), 47);
    assert_eq!(perft(&p, 2), 2205);
    assert_eq!(perft(&p, 3), 103_850);
}

#[test]
fn start_position_turns_by_hand() {
    // 20 chess moves; knights: b1 pushes d2 to f3 and a3... is empty, so
    // b1 pushes d2 (vector (2,1)) to f3, g1 pushes e2 to c3; queen d1 and
    // king e1 push e2/d2/f2 diagonally or straight where the square beyond
    // is empty: 47 in all (spec).
    let p = DynamoPosition::start(VariantId::Dynamo);
    let t = tokens(&p);
    assert_eq!(t.len(), 47);
    assert!(t.contains(&"e2e4".to_string()));
    assert!(t.contains(&"b1b1,d2f3".to_string()));
    assert!(t.contains(&"g1g1,e2c3".to_string()));
    // Pawns push friendly back-rank pieces? No: those are behind them.
    assert!(!t.iter().any(|t| t.starts_with("e2e2")));
}

// --- Spec examples ------------------------------------------------------

#[test]
fn rook_pushes_bishop_a3_to_a5() {
    // A white bishop: a black one on a5 would push the king off along a5-e1.
    let p = pos("4k3/8/8/8/8/B7/8/R3K3 w - - 0 1");
    let n = play(&p, "a1a3,a3a5");
    assert_eq!(board(&n), "4k3/8/8/B7/8/R7/8/4K3");
    let e = refused(&pos("4k3/8/8/8/8/b7/8/R3K3 w - - 0 1"), "a1a3,a3a5");
    assert!(e.contains("check"), "{e}");
}

#[test]
fn rook_pushes_bishop_off_from_a5() {
    let p = pos("4k3/8/8/b7/8/8/8/R3K3 w - - 0 1");
    let n = play(&p, "a1a5,a5off");
    assert_eq!(board(&n), "4k3/8/8/R7/8/8/8/4K3");
}

#[test]
fn rook_pulls_queen_and_both_leave() {
    let p = pos("4k3/8/7q/8/8/7R/8/4K3 w - - 0 1");
    let n = play(&p, "h3off,h6off");
    assert_eq!(board(&n), "4k3/8/8/8/8/8/8/4K3");
}

#[test]
fn rook_pulls_d6_to_d4() {
    let p = pos("4k3/8/3b4/8/3R4/8/8/4K3 w - - 0 1");
    let n = play(&p, "d4d2,d6d4");
    assert_eq!(board(&n), "4k3/8/8/8/3b4/8/3R4/4K3");
}

#[test]
fn knight_stationary_push_and_pull_off() {
    let p = pos("4k3/8/8/8/8/2b5/8/1N2K3 w - - 0 1");
    assert_eq!(board(&play(&p, "b1b1,c3d5")), "4k3/8/8/3b4/8/8/8/1N2K3");
    assert_eq!(board(&play(&p, "b1off,c3off")), "4k3/8/8/8/8/8/8/4K3");
}

#[test]
fn pawn_pushes_enemy_diagonally() {
    let p = pos("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(board(&play(&p, "e4e4,d5c6")), "4k3/8/2n5/8/4P3/8/8/4K3");
}

#[test]
fn pawn_pushes_friendly_pawn_to_promotion_pusher_chooses() {
    let p = pos("k7/4P3/4P3/8/8/8/8/4K3 w - - 0 1");
    for (token, piece) in [
        ("e6e6,e7e8q", 'Q'),
        ("e6e6,e7e8r", 'R'),
        ("e6e6,e7e8b", 'B'),
        ("e6e6,e7e8n", 'N'),
    ] {
        assert_eq!(
            board(&play(&p, token)),
            format!("k3{piece}3/8/4P3/8/8/8/8/4K3")
        );
    }
    // Each choice is a turn; the pawn on e7 also promotes by its own move.
    let t = tokens(&p);
    assert_eq!(t.iter().filter(|t| t.starts_with("e6e6,e7e8")).count(), 4);
    assert_eq!(t.iter().filter(|t| t.starts_with("e7e8")).count(), 4);
}

// --- Move kinds and their limits ------------------------------------------

#[test]
fn ordinary_moves_never_capture() {
    let p = pos("4k3/8/8/8/8/8/3p4/4K2R w K - 0 1");
    let e = refused(&p, "e1d2");
    assert!(e.contains("occupied"), "{e}");
}

#[test]
fn slider_pull_on_board_and_push_blocked() {
    // Bishop c1 pulls the knight on e3 to c1, going to a... off: c1 is on
    // the edge, so the pull takes both off the board.
    let p = pos("4k3/8/8/8/8/4n3/8/2B1K3 w - - 0 1");
    assert!(tokens(&p).contains(&"c1off,e3off".to_string()));
    // Pushed piece's path blocked.
    let p = pos("4k3/8/8/p7/8/b7/8/R3K3 w - - 0 1");
    let e = refused(&p, "a1a3,a3a5");
    assert!(e.contains("blocked"), "{e}");
    // The way to the pushed piece blocked.
    let e = refused(&p, "a1a5,a5off");
    assert!(e.contains("blocked"), "{e}");
}

#[test]
fn king_stationary_push_and_no_king_pull() {
    let p = pos("4k3/8/8/8/8/8/4n3/4K3 w - - 0 1");
    let t = tokens(&p);
    assert!(t.contains(&"e1e1,e2e3".to_string()));
    let e = refused(&p, "e1off,e2off");
    assert!(e.contains("king"), "{e}");
}

#[test]
fn own_king_never_leaves_the_board() {
    // The rook could push its own king along the first rank off the board.
    let p = pos("4k3/8/8/8/8/8/8/R5K1 w - - 0 1");
    assert!(!tokens(&p).iter().any(|t| t.starts_with("a1g1")));
    // A knight may not pull the own king off either.
    let p = pos("4k3/8/8/8/8/8/6K1/7N w - - 0 1");
    assert!(!tokens(&p).contains(&"h1off,g3off".to_string()));
    assert!(!tokens(&p).iter().any(|t| t.ends_with("g2off")));
}

#[test]
fn pawns_never_pull() {
    let p = pos("4k3/8/8/8/4n3/4P3/8/4K3 w - - 0 1");
    let e = refused(&p, "e3e2,e4e3");
    assert!(e.contains("pawns never pull"), "{e}");
}

#[test]
fn pawn_pushes_friendly_forward_only_and_enemy_diagonally_only() {
    let p = pos("4k3/8/8/8/8/3nN3/3P1P2/4K3 w - - 0 1");
    let t = tokens(&p);
    // d2 cannot push the enemy knight d3 forward; f2 cannot push e3 (friendly) diagonally.
    assert!(!t.iter().any(|t| t.starts_with("d2d2,d3")));
    assert!(!t.iter().any(|t| t.starts_with("f2f2,e3")));
    // f2 pushes nothing diagonally to the left (e3 is friendly); d2 pushes e3? no, friendly.
    assert!(!t.iter().any(|t| t.starts_with("d2d2,e3")));
    // Two-square friendly push from the start rank over an empty square.
    let p = pos("4k3/8/8/8/4N3/8/4P3/4K3 w - - 0 1");
    assert!(tokens(&p).contains(&"e2e2,e4e6".to_string()));
}

#[test]
fn pawn_behind_start_rank_steps_one() {
    let p = pos("4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
    let t = tokens(&p);
    assert!(t.contains(&"a1a2".to_string()));
    assert!(!t.contains(&"a1a3".to_string()));
    // Back on its start rank it may again advance two.
    let n = play(&play(&p, "a1a2"), "e8d8");
    assert!(tokens(&n).contains(&"a2a4".to_string()));
    // From behind it pushes one square too.
    let p = pos("4k3/8/8/8/8/8/N7/P3K3 w - - 0 1");
    let t = tokens(&p);
    assert!(t.contains(&"a1a1,a2a3".to_string()));
    assert!(!t.contains(&"a1a1,a2a4".to_string()));
}

#[test]
fn pawn_on_its_own_first_rank_stays_a_pawn() {
    // White pawn f6 pushes the black pawn g7 to h8: Black's first rank.
    let p = pos("4k3/6p1/5P2/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(board(&play(&p, "f6f6,g7h8")), "4k2p/8/5P2/8/8/8/8/4K3");
}

#[test]
fn enemy_pawn_promoted_by_push_choice_is_the_pushers() {
    // White rook b5 pushes the black pawn b3 two squares to b1.
    let p = pos("4k3/8/8/1R6/8/1p6/8/4K3 w - - 0 1");
    let n = play(&p, "b5b3,b3b1n");
    assert_eq!(board(&n), "4k3/8/8/8/8/1R6/8/1n2K3");
    // A queen or rook on b1 would pull the white king off along the first
    // rank (backing off over a1), so those two choices are illegal.
    assert_eq!(
        tokens(&p)
            .iter()
            .filter(|t| t.starts_with("b5b3,b3b1"))
            .count(),
        2
    );
    assert!(refused(&p, "b5b3,b3b1q").contains("check"));
    assert!(p.parse_move("b5b3,b3b1b").is_ok());
}

#[test]
fn pawn_pushed_across_last_rank_is_removed() {
    let p = pos("k7/4P3/8/4R3/8/8/8/4K3 w - - 0 1");
    assert_eq!(board(&play(&p, "e5e7,e7off")), "k7/4R3/8/8/8/8/8/4K3");
    assert!(tokens(&p).contains(&"e5e6".to_string()));
}

// --- Check ---------------------------------------------------------------

#[test]
fn check_is_a_removing_dynamo_move_even_an_illegal_one() {
    // The black rook a1 pushes the white king along the first rank off the
    // board; doing so would expose the black king on a2 to the rook a6, but
    // legality of the removing move does not matter.
    let p = pos("8/P7/R7/8/8/8/k7/r3K3 w - - 0 1");
    assert!(p.in_check());
}

#[test]
fn a_central_king_is_in_danger_only_from_long_clear_lines() {
    // Rook d3, king d5 (distance 2): the push stops on d7, the pull ends on
    // d1. No check.
    assert!(!pos("4k3/8/8/3K4/8/3r4/8/8 w - - 0 1").in_check());
    // Rook d1 (distance 4): pushed 4 from d5 the king passes d6-d8 and
    // leaves; also the rook on the edge pulls it off. Check.
    assert!(pos("4k3/8/8/3K4/8/8/8/3r4 w - - 0 1").in_check());
    // Rook d2 (distance 3): the push stops on d8, but the pull backs the
    // rook over d1 and off the board, taking the king with it.
    assert!(pos("4k3/8/8/3K4/8/8/3r4/8 w - - 0 1").in_check());
    // A piece behind the rook stops the pull.
    assert!(!pos("4k3/8/8/3K4/8/8/3r4/3n4 w - - 0 1").in_check());
    // Rook d2, a piece behind it: the push (distance 3) ends on d8, the
    // pull is blocked on d1.
    assert!(!pos("4k3/8/8/3K4/8/8/3r4/3n4 w - - 0 1").in_check());
    // Rook d1 with d8 occupied: the push is blocked, the pull is not.
    assert!(pos("3nk3/8/8/3K4/8/8/8/3r4 w - - 0 1").in_check());
}

#[test]
fn checkmate_and_stalemate() {
    // Two bare kings: nothing is insufficient.
    let p = pos("8/8/8/8/8/8/2k5/K7 w - - 0 1");
    assert!(p.early_end().is_none());
    assert!(perft(&p, 1) > 0);
}

#[test]
fn fen_rejects_check_on_side_not_to_move_and_wrong_kings() {
    assert!(DynamoPosition::from_fen(VariantId::Dynamo, "4k3/8/8/8/8/8/8/r3K3 b - - 0 1").is_err());
    assert!(DynamoPosition::from_fen(VariantId::Dynamo, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1").is_ok());
    assert!(DynamoPosition::from_fen(VariantId::Dynamo, "4k3/8/8/8/8/8/8/8 w - - 0 1").is_err());
    assert!(DynamoPosition::from_fen(VariantId::Dynamo, "4k2k/8/8/8/8/8/8/4K3 w - - 0 1").is_err());
    assert!(DynamoPosition::from_fen(VariantId::Dynamo, "4k3/8/8/8/8/8/8/4K3 w - e3 0 1").is_ok());
    assert!(DynamoPosition::from_fen(VariantId::Dynamo, "4k3/8/8/8/8/8/8/4K3 x - - 0 1").is_err());
    assert!(
        DynamoPosition::from_fen(VariantId::Dynamo, "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1").is_err()
    );
    assert!(DynamoPosition::from_fen(VariantId::Dynamo, "4k3/8/8/9/8/8/8/4K3 w - - 0 1").is_err());
    assert!(DynamoPosition::from_fen(VariantId::Dynamo, "").is_err());
}

// --- No undoing --------------------------------------------------------------

#[test]
fn undoing_dynamo_move_is_refused_only_when_the_last_turn_is_known() {
    let fen = "4k3/3r4/8/8/3R4/8/8/4K3 w - - 0 1";
    let after = play(&pos(fen), "d4d1,d7d4");
    let e = refused(&after, "d4d7,d1d4");
    assert!(e.contains("undo"), "{e}");
    // The same position straight from a FEN: the previous turn is unknown.
    let same = pos(&after.fen());
    assert!(same.parse_move("d4d7,d1d4").is_ok());
    // An ordinary move restoring a placement is never restricted.
    let p = play(&pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "a1a2");
    let p = play(&p, "e8d8");
    let p = play(&p, "a2a1");
    assert!(p.parse_move("d8e8").is_ok());
}

#[test]
fn undo_of_an_ordinary_move_by_a_dynamo_move_is_refused() {
    // White plays Nb1-c3; the black knight on d5 could push it back to b1.
    let p = play(&pos("4k3/8/8/3n4/8/8/8/1N2K3 w - - 0 1"), "b1c3");
    let e = refused(&p, "d5d5,c3b1");
    assert!(e.contains("undo"), "{e}");
}

// --- Castling --------------------------------------------------------------

#[test]
fn castling_as_in_chess() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let t = tokens(&p);
    assert!(t.contains(&"e1g1".to_string()) && t.contains(&"e1c1".to_string()));
    assert_eq!(board(&play(&p, "e1g1")), "r3k2r/8/8/8/8/8/8/R4RK1");
    // Passing through check: a black rook on f8 pushes a king on f1 off
    // the board (down the file); the king on e1 itself is safe.
    let p = pos("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!p.in_check());
    let t = tokens(&p);
    assert!(!t.contains(&"e1g1".to_string()));
    assert!(t.contains(&"e1c1".to_string()));
}

#[test]
fn castling_right_survives_pushes_and_returns() {
    // The h1 rook is pulled to h4 by the black rook (h4h7), then pushed back
    // to h1 by it (h7h4,h4h1): White may castle short again.
    let p = pos("r3k3/8/8/8/7r/8/8/R3K2R b KQq - 0 1");
    let p = play(&p, "h4h7,h1h4");
    assert!(p.fen().contains(" KQq "), "right kept: {}", p.fen());
    assert!(!tokens(&p).contains(&"e1g1".to_string()));
    let p = play(&p, "a1a2");
    let p = play(&p, "h7h4,h4h1");
    assert!(tokens(&p).contains(&"e1g1".to_string()), "{}", p.fen());
}

#[test]
fn castling_right_lost_by_mover_and_not_carried_by_another_rook() {
    // A king's stationary push loses its rights.
    let p = pos("r3k2r/8/8/8/8/8/3n4/R3K2R w KQkq - 0 1");
    let n = play(&p, "e1e1,d2c3");
    assert!(n.fen().contains(" kq "), "{}", n.fen());
    // The h1 rook moves as a mover: the right is lost, even when it returns.
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w K - 0 1");
    let n = play(&p, "h1h5");
    assert!(n.fen().contains(" - "), "{}", n.fen());
    let n = play(&play(&n, "e8d8"), "h5h1");
    assert_eq!(board(&n), "3k4/8/8/8/8/8/8/R3K2R");
    let n = play(&n, "d8e8");
    assert!(!tokens(&n).contains(&"e1g1".to_string()));
    // The owner leaves the board: the right is gone for good.
    let p = pos("4k2r/8/8/8/8/8/8/4K2R b K - 0 1");
    let n = play(&p, "h8h1,h1off");
    assert!(n.fen().contains(" - "), "{}", n.fen());
}

// --- Counters, hash, notation --------------------------------------------

#[test]
fn fifty_move_clock_counts_pawn_changes_and_removals() {
    let p = pos("4k3/8/8/8/8/4N3/4P3/R3K3 w - - 5 10");
    // A pawn pushing a knight: no pawn changed square.
    assert_eq!(play(&p, "e2e2,e3e4").halfmove_clock(), 6);
    assert_eq!(play(&p, "e3g4").halfmove_clock(), 6);
    let q = pos("1n2k3/8/8/8/8/4N3/4P3/R3K3 w - - 5 10");
    assert_eq!(play(&play(&q, "e3g4"), "b8c6").halfmove_clock(), 7);
    let pawn = pos("4k3/8/8/8/8/8/4P3/R3K3 w - - 5 10");
    assert_eq!(play(&pawn, "e2e4").halfmove_clock(), 0);
    let p = play(&play(&q, "a1a4"), "b8c6");
    assert_eq!(p.halfmove_clock(), 7);
    // Removal resets.
    let q = pos("4k3/8/8/1b6/8/8/8/R3K3 w - - 9 10");
    assert_eq!(play(&q, "a1a2").halfmove_clock(), 10);
    let q = pos("4k3/8/8/b7/8/8/8/R3K3 w - - 9 10");
    assert_eq!(play(&q, "a1a5,a5off").halfmove_clock(), 0);
    // A pawn pushed by another piece changed square.
    let q = pos("4k3/8/8/8/8/8/4p3/4K3 w - - 9 10");
    assert_eq!(play(&q, "e1e1,e2e3").halfmove_clock(), 0);
}

#[test]
fn hash_is_incremental_and_follows_the_position() {
    let s = DynamoPosition::start(VariantId::Dynamo);
    let a = ["b1c3", "g8f6", "g1f3", "b8c6"]
        .iter()
        .fold(s.clone(), |p, t| play(&p, t));
    let b = ["g1f3", "g8f6", "b1c3", "b8c6"]
        .iter()
        .fold(s.clone(), |p, t| play(&p, t));
    assert_eq!(a.fen(), b.fen());
    assert_eq!(a.hash(), b.hash());
    // Same placement, side and rights but a different forbidden placement
    // (here: none, from a FEN) is a different position.
    assert_ne!(a.hash(), pos(&a.fen()).hash());
    // Rights are part of the key.
    let k = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let nk = pos("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    assert_ne!(k.hash(), nk.hash());
    assert_ne!(
        s.hash(),
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").hash()
    );
}

#[test]
fn tokens_parse_and_print_exactly() {
    let cases = [
        ("4k3/8/8/8/8/B7/8/R3K3 w - - 0 1", "a1a3,a3a5"),
        ("4k3/8/8/b7/8/8/8/R3K3 w - - 0 1", "a1a5,a5off"),
        ("4k3/8/3b4/8/3R4/8/8/4K3 w - - 0 1", "d4d2,d6d4"),
        ("4k3/8/7q/8/8/7R/8/4K3 w - - 0 1", "h3off,h6off"),
        ("4k3/8/8/8/8/2b5/8/1N2K3 w - - 0 1", "b1b1,c3d5"),
        ("4k3/8/8/8/8/2b5/8/1N2K3 w - - 0 1", "b1off,c3off"),
        ("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4e4,d5c6"),
        ("k7/4P3/4P3/8/8/8/8/4K3 w - - 0 1", "e6e6,e7e8q"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4",
        ),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
        ("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"),
    ];
    for (fen, token) in cases {
        let p = pos(fen);
        let m = p.parse_move(token).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.format_move(m), token);
        assert!(tokens(&p).contains(&token.to_string()));
    }
}

/// The seed's notation of a turn (`BoardView::variant_notation`, the PGN
/// comment after the token): `Ra1a5/Ba5E`, `Nb1/Bc3d5` as in
/// `shared/seeds/dynamo-ja.txt`, ordinary moves in SAN.
#[test]
fn turns_in_the_seeds_notation() {
    let cases = [
        (
            "4k3/8/8/8/8/B7/8/R3K3 w - - 0 1",
            "a1a3,a3a5",
            "Ra1a3/Ba3a5",
        ),
        (
            "4k3/8/8/b7/8/8/8/R3K3 w - - 0 1",
            "a1a5,a5off",
            "Ra1a5/Ba5E",
        ),
        (
            "4k3/8/3b4/8/3R4/8/8/4K3 w - - 0 1",
            "d4d2,d6d4",
            "Rd4d2/Bd6d4",
        ),
        (
            "4k3/8/7q/8/8/7R/8/4K3 w - - 0 1",
            "h3off,h6off",
            "Rh3E/Qh6E",
        ),
        (
            "4k3/8/8/8/8/2b5/8/1N2K3 w - - 0 1",
            "b1b1,c3d5",
            "Nb1/Bc3d5",
        ),
        (
            "4k3/8/8/8/8/2b5/8/1N2K3 w - - 0 1",
            "b1off,c3off",
            "Nb1E/Bc3E",
        ),
        (
            "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1",
            "e4e4,d5c6",
            "Pe4/Nd5c6",
        ),
        (
            "k7/4P3/4P3/8/8/8/8/4K3 w - - 0 1",
            "e6e6,e7e8q",
            "Pe6/Pe7e8=Q",
        ),
        ("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e8=N"),
        (DYNAMO_START, "e2e4", "e4"),
        (DYNAMO_START, "g1f3", "Nf3"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"),
        ("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2"),
        ("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "f1d2", "Nfd2"),
    ];
    for (fen, token, written) in cases {
        let p = pos(fen);
        let m = p.parse_move(token).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.variant_notation(m).as_deref(), Some(written), "{token}");
        assert_eq!(p.san(m), None, "Dynamo has no SAN");
    }
}

const DYNAMO_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn malformed_tokens_are_errors_not_panics() {
    let p = DynamoPosition::start(VariantId::Dynamo);
    for bad in [
        "",
        "e2",
        "e2e9",
        "z1a1",
        "e2e4x",
        "a1a3,",
        ",a3a5",
        "a1a3,offa5",
        "é2e4",
        "e2off",
        "a1a3,a3a5,a5a7",
        "e7e8k",
    ] {
        let e = p.parse_move(bad).unwrap_err();
        assert!(e.to_string().contains("move"), "{bad}: {e}");
    }
}

#[test]
fn checkmate_by_a_king_push() {
    // The white king g7 pushes the black king h8 off diagonally; g8 and h7
    // are pushed off as well, and the black king's own push of g7 is blocked
    // by the pawn on f6. Found by random play, checked by hand.
    let p = pos("7k/6K1/5P2/8/8/5P2/r7/8 b - - 6 23");
    assert!(p.in_check());
    assert_eq!(perft(&p, 1), 0);
    assert_eq!(p.end_without_moves().outcome, Outcome::Loss);
    assert_eq!(p.end_without_moves().reason, EndReason::Checkmate);
}

#[test]
fn random_tokens_and_fens_never_panic() {
    let alphabet: Vec<char> = "abcdefgh123456789off,qrbnkKQRBNP/- wx".chars().collect();
    let mut seed = 42u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let positions = [
        DynamoPosition::start(VariantId::Dynamo),
        pos("k7/4P3/4P3/8/8/8/8/4K3 w - - 0 1"),
        pos("r3k2r/pp3ppp/2n1b3/3q4/3Q4/2N1B3/PP3PPP/R3K2R w KQkq - 0 1"),
    ];
    for _ in 0..20_000 {
        let len = next(14);
        let s: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
        for p in &positions {
            let _ = p.parse_move(&s);
        }
        let _ = DynamoPosition::from_fen(VariantId::Dynamo, &s);
    }
    // Tokens close to real ones, with every square combination around a piece.
    let p = &positions[2];
    let squares: Vec<String> = (0..64)
        .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1))
        .chain(["off".to_string()])
        .collect();
    for a in ["d4", "c3", "e1", "b2", "a1"] {
        for b in &squares {
            for c in &squares[..64] {
                for d in ["d5", "off", "c6", "e5"] {
                    let _ = p.parse_move(&format!("{a}{b},{c}{d}"));
                }
            }
        }
    }
}
