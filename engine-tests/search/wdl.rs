//! `UCI_ShowWDL`: `wdl W D L` per mille after the score in `info` lines, as
//! Stockfish prints it, from each variant's fitted model (docs/wdl.md).

use chimera::variants::VariantId;
use chimera_test_support::engine::{after_score, last_info, Engine};

/// The `score ... wdl W D L` of the last `info` line of `go depth`.
fn last_score_and_wdl(engine: &mut Engine, fen: Option<&str>, depth: u32) -> (String, [u32; 3]) {
    match fen {
        Some(fen) => engine.send(&format!("position fen {fen}")),
        None => engine.send("position startpos"),
    }
    let (lines, _) = engine.search(&format!("go depth {depth}"));
    let info = last_info(&lines);
    let words = after_score(info);
    let score = format!("{} {}", words[0], words[1]);
    assert_eq!(words[2], "wdl", "{info}");
    let wdl = [3, 4, 5].map(|i| words[i].parse::<u32>().unwrap());
    (score, wdl)
}

#[test]
fn wdl_follows_the_score_when_asked_for() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.until(|l| l == "uciok");
    assert!(lines.contains(&"option name UCI_ShowWDL type check default false".to_string()));
    // Off by default: no wdl.
    engine.send("position startpos");
    let (lines, _) = engine.search("go depth 3");
    assert!(lines.iter().all(|l| !l.contains(" wdl ")), "{lines:?}");

    engine.send("setoption name UCI_ShowWDL value true");
    for variant in VariantId::ALL {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        let (score, wdl) = last_score_and_wdl(&mut engine, None, 4);
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{variant}: {score} {wdl:?}");
        // The start is close to level: neither side is all but won.
        assert!(wdl[0] < 900 && wdl[2] < 900, "{variant}: {score} {wdl:?}");
    }

    // Chess: a queen up is more of a win than the start; a mate is certain.
    engine.send("setoption name UCI_Variant value chess");
    let (_, start) = last_score_and_wdl(&mut engine, None, 6);
    let (score, queen_up) =
        last_score_and_wdl(&mut engine, Some("4k3/8/8/8/8/8/3PPP2/3QK3 w - - 0 1"), 6);
    assert!(
        queen_up[0] > start[0] && queen_up[2] <= start[2],
        "{score} {queen_up:?} {start:?}"
    );
    let (score, mate) =
        last_score_and_wdl(&mut engine, Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), 4);
    assert_eq!((score.as_str(), mate), ("mate 1", [1000, 0, 0]));
}
