//! The board's *Export PGN*: the whole move tree, not only the line to the
//! position shown. The main line is the game; every other turn tried from
//! a position is a variation there, nested as it was played.

use super::game::{self as view, ResultView};
use super::tree::MoveTree;
use crate::game::pgn::{self, PgnGame, PgnLine};
use crate::game::{new_game_with, GameHandle};
use crate::variants::CastlingMode;

/// The tree of `game` as PGN: its tags and result are those of the main
/// line's last position (`lost_on_time` ends it by the clock).
pub fn tree_pgn(
    game: &dyn GameHandle,
    tree: &MoveTree,
    lost_on_time: Option<&ResultView>,
) -> Result<String, String> {
    let castling = if game.chess960() {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let start_fen = game.start_fen();
    let mut walker = new_game_with(game.variant(), Some(&start_fen), castling)
        .map_err(|e| format!("the game's start does not set up: {e}"))?;
    // The walker ends at the main line's end (variations are taken back as
    // they are written): that position decides the result and the tags.
    let variations = main_line_variations(walker.as_mut(), tree)?;
    let end = walker;
    let result = lost_on_time.map_or_else(
        || end.verdict().map_or("*", |v| v.result.pgn()),
        |r| r.score,
    );
    let from_start = game.began_at_start();
    Ok(pgn::write(&PgnGame {
        tags: view::tags(end.as_ref(), lost_on_time),
        start_fen: (!from_start).then_some(start_fen.as_str()),
        moves: end.move_list(),
        variations,
        result,
        ..PgnGame::default()
    })
    .trim_end()
    .to_string()
        + "\n")
}

/// Plays the main line on `walker` (from the start) and returns, for each
/// of its turns, the variations tried instead of it.
fn main_line_variations(
    walker: &mut dyn GameHandle,
    tree: &MoveTree,
) -> Result<Vec<Vec<PgnLine>>, String> {
    let mut variations = Vec::new();
    let mut parent = 0;
    while let Some((&first, others)) = tree.children(parent).split_first() {
        variations.push(
            others
                .iter()
                .map(|&alt| variation(walker, tree, alt))
                .collect::<Result<Vec<_>, _>>()?,
        );
        play(walker, tree, first)?;
        parent = first;
    }
    Ok(variations)
}

/// The line that starts with turn `start` and follows each turn's first
/// continuation, with the variations inside it; `walker` is at the
/// position before `start` and is left there.
fn variation(
    walker: &mut dyn GameHandle,
    tree: &MoveTree,
    start: usize,
) -> Result<PgnLine, String> {
    // The turns tried instead of `start` are the caller's variations.
    let mut line = PgnLine {
        moves: Vec::new(),
        variations: vec![Vec::new()],
    };
    let mut node = start;
    loop {
        play(walker, tree, node)?;
        line.moves.extend(walker.move_list().last().cloned());
        let Some((&next, others)) = tree.children(node).split_first() else {
            break;
        };
        let subs = others
            .iter()
            .map(|&alt| variation(walker, tree, alt))
            .collect::<Result<Vec<_>, _>>()?;
        line.variations.push(subs);
        node = next;
    }
    walker.undo(line.moves.len());
    Ok(line)
}

fn play(walker: &mut dyn GameHandle, tree: &MoveTree, node: usize) -> Result<(), String> {
    let token = tree.token(node);
    // Every turn of the tree was legal where it was played.
    walker
        .play(token)
        .map_err(|e| format!("the tree's turn {token} does not replay: {e}"))
}
