//! Chess960 through UCI (`UCI_Chess960`): Shredder-FEN and X-FEN castling
//! rights in, Shredder-FEN out, castling as king takes own rook both ways.
//! The counts and FENs here were worked out by hand and agree with
//! Fairy-Stockfish (`UCI_Chess960 true`); perft of the published Chess960
//! positions is in perft_chess_atomic.rs.

use chimera_test_support::engine::Engine;

/// Kings on e1/e8, rooks on the b- and g-files for White, the usual
/// corners for Black: every right is a Chess960 one for White.
const SHREDDER: &str = "r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1";
const XFEN: &str = "r3k2r/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1";

/// The `go perft 1` lines of `fen` (`token: 1`), sorted.
fn root_turns(engine: &mut Engine, fen: &str) -> Vec<String> {
    engine.send(&format!("position fen {fen}"));
    engine.send("go perft 1");
    let lines = engine.until(|l| l.starts_with("Nodes searched"));
    let mut turns: Vec<String> = lines
        .iter()
        .filter_map(|l| l.strip_suffix(": 1"))
        .map(String::from)
        .collect();
    turns.sort();
    turns
}

fn fen_after(engine: &mut Engine, position: &str) -> String {
    engine.send(position);
    engine.send("d");
    let lines = engine.until(|l| l.starts_with("Fen: ") || l.contains("error"));
    lines
        .last()
        .unwrap()
        .trim_start_matches("Fen: ")
        .to_string()
}

#[test]
fn the_option_is_offered() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.until(|l| l == "uciok");
    assert!(
        lines.contains(&"option name UCI_Chess960 type check default false".to_string()),
        "{lines:?}"
    );
}

#[test]
fn castling_is_king_takes_rook_and_rights_are_shredder_fen() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Chess960 value true");
    // The start position: its rights in rook files.
    assert_eq!(
        fen_after(&mut engine, "position startpos"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    // X-FEN and Shredder-FEN name the same rights.
    assert_eq!(
        fen_after(&mut engine, &format!("position fen {XFEN}")),
        SHREDDER
    );
    assert_eq!(
        fen_after(&mut engine, &format!("position fen {SHREDDER}")),
        SHREDDER
    );
    // White castles with the g-rook (king to g1, rook to f1), Black with
    // the a-rook (king to c8, rook to d8); each loses both its rights.
    assert_eq!(
        fen_after(
            &mut engine,
            &format!("position fen {SHREDDER} moves e1g1 e8a8")
        ),
        "2kr3r/8/8/8/8/8/8/1R3RK1 w - - 2 2"
    );
    // 2 castlings + 4 king steps + 7 + 13 rook moves (b1: a1, c1, d1, up
    // the file; g1: f1, h1, up the file).
    let turns = root_turns(&mut engine, SHREDDER);
    assert_eq!(turns.len(), 26, "{turns:?}");
    assert!(turns.contains(&"e1g1".to_string()), "{turns:?}");
    assert!(turns.contains(&"e1b1".to_string()), "{turns:?}");
    // Black's rooks are in the corners: castling long is king takes rook
    // too; castling short would put the king on g8, which White's g-rook
    // holds.
    let black = root_turns(&mut engine, "r3k2r/8/8/8/8/8/8/1R2K1R1 b GBha - 0 1");
    assert!(black.contains(&"e8a8".to_string()), "{black:?}");
    assert!(!black.contains(&"e8c8".to_string()), "{black:?}");
    assert!(!black.contains(&"e8h8".to_string()), "{black:?}");
}

#[test]
fn the_search_answers_castling_as_king_takes_rook() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Chess960 value true");
    // Castling long (king b1 to c1, rook a1 to d1) is the only mate: the
    // black king is shut in by its own rooks and pawns.
    engine.send("position fen 2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1");
    assert_eq!(engine.bestmove("go depth 4"), "b1a1");
    // The same rights in X-FEN.
    engine.send("position fen 2rkr3/2p1p3/8/8/8/8/8/RK6 w Q - 0 1");
    assert_eq!(engine.bestmove("go depth 4"), "b1a1");
}

#[test]
fn standard_chess_keeps_its_castling_tokens() {
    let mut engine = Engine::start();
    let standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let off = root_turns(&mut engine, standard);
    assert!(off.contains(&"e1g1".to_string()) && off.contains(&"e1c1".to_string()));
    // The same position under UCI_Chess960: the same number of turns,
    // castling written as king takes rook.
    engine.send("setoption name UCI_Chess960 value true");
    let on = root_turns(&mut engine, standard);
    assert_eq!(on.len(), off.len());
    assert!(on.contains(&"e1h1".to_string()) && on.contains(&"e1a1".to_string()));
    assert!(!on.contains(&"e1g1".to_string()), "{on:?}");
    // Either form is read, whichever is written.
    assert_eq!(
        fen_after(&mut engine, &format!("position fen {standard} moves e1g1")),
        "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1"
    );
}

#[test]
fn a_chess960_position_needs_the_option() {
    let mut engine = Engine::start();
    engine.send(&format!("position fen {SHREDDER}"));
    let reply = engine.sync();
    assert_eq!(reply.len(), 1, "{reply:?}");
    // The backend says what is wrong; the UCI front end says what to do.
    assert_eq!(
        reply[0],
        "info string error: invalid fen: castling rights without a king and rook \
         on their usual squares: a Chess960 position; send setoption name \
         UCI_Chess960 value true first"
    );
    assert_eq!(engine.bestmove("go depth 1"), "0000");
}

#[test]
fn atomic_plays_chess960_castling() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value atomic");
    engine.send("setoption name UCI_Chess960 value true");
    // A Chess960 start without White's f-rook: castling short leaves the
    // king on g1 and brings the h-rook to f1, written g1h1.
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Hhf - 0 1";
    let turns = root_turns(&mut engine, fen);
    // 16 pawn and 4 knight moves, Kf1, castling.
    assert_eq!(turns.len(), 22, "{turns:?}");
    assert!(turns.contains(&"g1h1".to_string()), "{turns:?}");
    assert_eq!(
        fen_after(&mut engine, &format!("position fen {fen} moves g1h1")),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRK1 b hf - 1 1"
    );
}
