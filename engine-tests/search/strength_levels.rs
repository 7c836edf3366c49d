//! `Skill Level`, `UCI_LimitStrength` and `UCI_Elo` (Stockfish's names): a
//! weaker Chimera that looks shallower and picks among its best few lines,
//! but still takes a mate in one and does not leave a piece hanging.
//! How strong each level plays is measured by matches (docs/strength-levels.md).

use chimera_test_support::engine::Engine;

/// The deepest `info depth` of a search, and its best move.
fn search(engine: &mut Engine, position: &str, go: &str) -> (i32, String) {
    engine.send(position);
    let (lines, best) = engine.search(go);
    let depth = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .max()
        .unwrap_or(0);
    (depth, best)
}

#[test]
fn the_options_are_offered() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.until(|l| l == "uciok");
    for option in [
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
    ] {
        assert!(lines.contains(&option.to_string()), "{option}: {lines:?}");
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Elo type spin default ")),
        "{lines:?}"
    );
    engine.send("setoption name Skill Level value 21");
    assert!(engine.sync()[0].contains("Skill Level"));
    engine.send("setoption name UCI_Elo value 100");
    assert!(engine.sync()[0].contains("UCI_Elo"));
}

#[test]
fn the_weakest_level_looks_one_ply_and_full_strength_deeper() {
    let mut engine = Engine::start();
    let start = "position startpos";
    let (full, _) = search(&mut engine, start, "go movetime 300");
    assert!(full >= 6, "full strength reached depth {full}");
    engine.send("setoption name Skill Level value 0");
    let (weak, _) = search(&mut engine, start, "go movetime 300");
    assert_eq!(weak, 1);
    engine.send("setoption name Skill Level value 5");
    let (level5, _) = search(&mut engine, start, "go movetime 300");
    assert_eq!(level5, 6);
    // UCI_Elo rules once UCI_LimitStrength is on: its lowest is the
    // weakest level.
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 1110");
    let (lowest, _) = search(&mut engine, start, "go movetime 300");
    assert_eq!(lowest, 1);
    // Its highest, the `max` the engine announces, is full strength: one
    // line, however deep the search goes (a weakened level keeps four).
    engine.send("uci");
    let max = engine
        .until(|l| l == "uciok")
        .iter()
        .find_map(|l| {
            l.strip_prefix("option name UCI_Elo type spin ")
                .and_then(|rest| rest.split(" max ").nth(1))
                .map(str::to_string)
        })
        .expect("UCI_Elo announced");
    let multipv_lines = |engine: &mut Engine, elo: u64| {
        engine.send(&format!("setoption name UCI_Elo value {elo}"));
        engine.send(start);
        engine.send("go depth 3");
        let lines = engine.until(|l| l.starts_with("bestmove"));
        lines.iter().any(|l| l.contains(" multipv 4 "))
    };
    let max: u64 = max.parse().expect("a number");
    assert!(
        !multipv_lines(&mut engine, max),
        "UCI_Elo {max} is weakened"
    );
    assert!(
        multipv_lines(&mut engine, max - 1),
        "UCI_Elo {} is full strength",
        max - 1
    );
}

#[test]
fn the_weakest_level_still_mates_and_keeps_its_queen() {
    let mut engine = Engine::start();
    engine.send("setoption name Skill Level value 0");
    for _ in 0..10 {
        let (_, best) = search(
            &mut engine,
            "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "go movetime 100",
        );
        assert_eq!(best, "a1a8", "the back-rank mate");
        // The pawn on d3 attacks the queen: every king move loses it.
        let (_, best) = search(
            &mut engine,
            "position fen k7/8/8/8/8/3p4/4Q3/4K3 w - - 0 1",
            "go movetime 100",
        );
        assert!(best.starts_with("e2"), "left the queen en prise: {best}");
    }
    // Atomic: the capture next to the king explodes it.
    engine.send("setoption name UCI_Variant value atomic");
    for _ in 0..10 {
        let (_, best) = search(
            &mut engine,
            "position fen rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
            "go movetime 100",
        );
        assert!(
            ["e5d7", "e5f7"].contains(&best.as_str()),
            "missed the explosion: {best}"
        );
    }
}
