//! How the search scores draws by the game's history: a repetition of a
//! position from before the root counts only when it makes the third
//! occurrence, and the 50-move rule never hides a mate.

use chimera::game::Game;
use chimera::search::score::uci_score;
use chimera::search::{Limits, Searcher, Shared};
use chimera::variants::chess::ChessPosition;
use chimera::variants::VariantId;

/// The score of `go depth D searchmoves M` after `moves` from `fen`.
fn score_of(fen: &str, moves: &str, depth: i32, searchmove: Option<&str>) -> (String, String) {
    let mut game = Game::<ChessPosition>::from_fen(VariantId::Chess, fen).unwrap();
    for token in moves.split_whitespace() {
        game.play_token(token).unwrap();
    }
    let shared = std::sync::Arc::new(Shared::new(16));
    shared.start(None, None, false);
    let limits = Limits {
        depth: Some(depth),
        searchmoves: searchmove.into_iter().map(str::to_string).collect(),
        ..Limits::default()
    };
    let result = Searcher::new(1).run(
        game.position(),
        game.keys_before(),
        &limits,
        1,
        &shared,
        &mut |_| {},
    );
    (uci_score(result.score), result.best.unwrap_or_default())
}

/// White has a queen more; the knight and the black king walk to and fro.
const QUEEN_UP: &str = "4k3/8/8/8/8/8/8/QN2K3 w - - 0 1";

#[test]
fn a_second_occurrence_of_a_position_before_the_root_is_no_draw() {
    // After b1c3 e8d8 c3b1, Black's d8e8 brings back the start position a
    // second time: the game goes on, and Black is a queen down.
    let (score, best) = score_of(QUEEN_UP, "b1c3 e8d8 c3b1", 1, Some("d8e8"));
    assert_eq!(best, "d8e8");
    let cp: i32 = score.strip_prefix("cp ").unwrap().parse().unwrap();
    assert!(cp < -500, "{score}");
}

#[test]
fn a_third_occurrence_is_a_draw() {
    let moves = "b1c3 e8d8 c3b1 d8e8 b1c3 e8d8 c3b1";
    let (score, _) = score_of(QUEEN_UP, moves, 1, Some("d8e8"));
    assert_eq!(score, "cp 0");
}

#[test]
fn repetitions_in_the_tree_do_not_blind_the_winning_side() {
    // Inside the tree the knight dance repeats the root after four plies,
    // a draw there; White, a queen up, must still see its win.
    let (score, _) = score_of(QUEEN_UP, "", 5, None);
    let cp: i32 = score.strip_prefix("cp ").unwrap().parse().unwrap();
    assert!(cp > 500, "{score}");
}

#[test]
fn the_fifty_move_rule_does_not_hide_a_mate() {
    // Ra8 mates as the 100th reversible ply is played.
    let (score, best) = score_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "", 3, None);
    assert_eq!((score.as_str(), best.as_str()), ("mate 1", "a1a8"));
    // Any other move is a draw by the 50-move rule.
    let (score, _) = score_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "", 3, Some("a1a2"));
    assert_eq!(score, "cp 0");
}
