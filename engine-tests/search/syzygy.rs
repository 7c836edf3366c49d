//! Syzygy tables (docs/syzygy.md): probes of the few small tables in
//! engine-tests/syzygy/ (made with syzygy1/tb; the atomic WDL files are the
//! same bytes as lichess's published atomic tables) against results proved by
//! hand or by a search, the DTZ ranking at the root, and the options as a
//! GUI uses them, bad folders and damaged files included.

use std::path::Path;

use chimera::tablebase::{Endgames, Tablebases, TbConfig, TbValue};
use chimera::variants::atomic::AtomicPosition;
use chimera::variants::chess::ChessPosition;
use chimera::variants::{Rules, VariantId};
use chimera_test_support::engine::{after_score, last_info, Engine};

fn folder(variant: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("engine-tests/syzygy")
        .join(variant)
        .display()
        .to_string()
}

fn tables() -> Tablebases {
    let path = format!("{}:{}", folder("chess"), folder("atomic"));
    let (tables, problems) = Tablebases::load(&path, TbConfig::default());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(tables.found(), (6, 4));
    tables
}

fn chess(fen: &str) -> ChessPosition {
    ChessPosition::from_fen(VariantId::Chess, fen).unwrap()
}

fn atomic(fen: &str) -> AtomicPosition {
    AtomicPosition::from_fen(VariantId::Atomic, fen).unwrap()
}

#[test]
fn probes_agree_with_what_can_be_proved() {
    let t = tables();
    // A queen or a rook against a bare king wins in chess (nothing hangs);
    // the defender to move loses too.
    assert_eq!(
        chess("8/8/8/4k3/8/8/8/KQ6 w - - 0 1").probe_wdl(&t),
        Some(TbValue::Win)
    );
    assert_eq!(
        chess("8/8/8/4k3/8/8/8/KR6 b - - 0 1").probe_wdl(&t),
        Some(TbValue::Loss)
    );
    // A knight cannot mate: a draw whoever moves.
    assert_eq!(
        chess("8/8/8/4k3/8/8/8/KN6 w - - 0 1").probe_wdl(&t),
        Some(TbValue::Draw)
    );
    // In atomic a bare king walks up to the other king, and kings that
    // touch are never in check: a rook alone cannot win.
    assert_eq!(
        atomic("8/8/8/4k3/8/8/8/KR6 w - - 0 1").probe_wdl(&t),
        Some(TbValue::Draw)
    );
    // The queen checks the king on c1 along the first rank. In chess Black
    // must step away from the a1 king and loses; in atomic it steps next
    // to it (Kb1 or Kb2), and the connected kings hold the draw.
    let fen = "8/8/8/8/8/8/8/K1k4Q b - - 0 1";
    assert_eq!(chess(fen).probe_wdl(&t), Some(TbValue::Loss));
    assert_eq!(atomic(fen).probe_wdl(&t), Some(TbValue::Draw));
    // What the tables do not hold: more pieces, castling rights.
    assert_eq!(chess("8/8/8/4k3/8/8/3P4/KQ6 w - - 0 1").probe_wdl(&t), None);
    assert_eq!(chess("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").probe_wdl(&t), None);
}

#[test]
fn the_root_keeps_the_turns_that_win_fastest() {
    let t = tables();
    // Qh8 mates at once (the b6 king holds a7 and b7): of the 23 turns,
    // only it is kept, one ply from the end.
    let fen = "k7/8/1K6/8/8/8/7Q/8 w - - 0 1";
    let root = chess(fen).root_turns(&t).expect("in the tables");
    assert_eq!(root.value, TbValue::Win);
    let tokens: Vec<String> = root
        .turns
        .iter()
        .map(|&m| chess(fen).format_move(m))
        .collect();
    assert_eq!(root.plies, 1, "{tokens:?}");
    assert_eq!(tokens, ["h2h8"]);
    // A longer win: the kept turns' DTZ is the mate distance the search
    // finds without tables (no capture or pawn move on the way).
    let fen = "8/8/8/2k5/8/8/8/K6Q w - - 0 1";
    let root = chess(fen).root_turns(&t).unwrap();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {fen}"));
    let (lines, _) = engine.search("go depth 30");
    let mate = lines
        .iter()
        .rev()
        .find_map(|l| l.split("score mate ").nth(1))
        .and_then(|s| s.split_whitespace().next()?.parse::<u32>().ok())
        .expect("the search finds the mate");
    assert_eq!(root.plies, 2 * mate - 1, "{lines:?}");
    // A lost root: the longest resistance. A drawn one: every turn (Ka2,
    // Kb2, Na3, Nc3, Nd2) draws, and every one is kept.
    let lost = chess("8/8/8/4k3/8/8/8/KQ6 b - - 0 1")
        .root_turns(&t)
        .unwrap();
    assert_eq!(lost.value, TbValue::Loss);
    let drawn = chess("8/8/8/4k3/8/8/8/KN6 w - - 0 1")
        .root_turns(&t)
        .unwrap();
    assert_eq!((drawn.value, drawn.turns.len()), (TbValue::Draw, 5));
}

#[test]
fn uci_options_probes_and_bad_folders() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.until(|l| l == "uciok");
    for option in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name Syzygy50MoveRule type check default true",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    ] {
        assert!(lines.contains(&option.to_string()), "{option}");
    }
    // A missing folder beside a good one: one error line, the good one read.
    engine.send(&format!(
        "setoption name SyzygyPath value /no/such/folder:{}",
        folder("chess")
    ));
    let reply = engine.sync();
    assert_eq!(reply.len(), 2, "{reply:?}");
    assert!(
        reply[0].starts_with("info string error: SyzygyPath: /no/such/folder"),
        "{reply:?}"
    );
    assert!(
        reply[1].starts_with("info string Found 6 chess and 0 atomic"),
        "{reply:?}"
    );
    // At a root in the tables, the search names its probes and plays the
    // turn that mates at once.
    engine.send("position fen k7/8/1K6/8/8/8/7Q/8 w - - 0 1");
    let (lines, _) = engine.search("go depth 6");
    assert!(
        lines.last().unwrap().starts_with("bestmove h2h8"),
        "{lines:?}"
    );
    let info = last_info(&lines);
    let hits: u64 = info
        .split(" tbhits ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(hits > 0, "{info}");
    // Outside the tables the search plays on as without them.
    engine.send("position startpos");
    assert_eq!(engine.bestmove("go depth 4").len(), 4);
    // No tables at all.
    engine.send("setoption name SyzygyPath value <empty>");
    assert!(engine.sync().is_empty());
}

/// The score of the last `info depth` line of a search.
fn last_score(lines: &[String]) -> String {
    after_score(last_info(lines))[..2].join(" ")
}

#[test]
fn a_root_in_the_tables_shows_their_score_as_stockfish_does() {
    let t = tables();
    let mut engine = Engine::start();
    engine.send(&format!(
        "setoption name SyzygyPath value {}",
        folder("chess")
    ));
    engine.sync();
    engine.send("setoption name UCI_ShowWDL value true");
    // A win the search does not see to the end: 20000 less the plies to
    // mate (no capture or pawn move on the way), not an evaluation.
    let fen = "8/8/8/2k5/8/8/8/K6Q w - - 0 1";
    let plies = chess(fen).root_turns(&t).unwrap().plies;
    engine.send(&format!("position fen {fen}"));
    let (lines, _) = engine.search("go depth 6");
    assert_eq!(
        last_score(&lines),
        format!("cp {}", 20_000 - plies),
        "{lines:?}"
    );
    assert!(last_info(&lines).contains(" wdl 1000 0 0 "));
    // The side that loses sees the negation.
    let fen = "8/8/8/4k3/8/8/8/KQ6 b - - 0 1";
    let plies = chess(fen).root_turns(&t).unwrap().plies;
    engine.send(&format!("position fen {fen}"));
    let (lines, _) = engine.search("go depth 6");
    assert_eq!(
        last_score(&lines),
        format!("cp {}", plies as i64 - 20_000),
        "{lines:?}"
    );
    // A drawn root shows a draw, and a mate the search finds stays a mate.
    engine.send("position fen 8/8/8/4k3/8/8/8/KN6 w - - 0 1");
    let (lines, _) = engine.search("go depth 6");
    assert_eq!(last_score(&lines), "cp 0", "{lines:?}");
    engine.send("position fen k7/8/1K6/8/8/8/7Q/8 w - - 0 1");
    let (lines, _) = engine.search("go depth 6");
    assert_eq!(last_score(&lines), "mate 1", "{lines:?}");
    // Without tables the same win is an evaluation.
    engine.send("setoption name SyzygyPath value <empty>");
    engine.send("position fen 8/8/8/2k5/8/8/8/K6Q w - - 0 1");
    let (lines, _) = engine.search("go depth 6");
    let cp: i32 = last_score(&lines)
        .strip_prefix("cp ")
        .and_then(|v| v.parse().ok())
        .expect("a centipawn score");
    assert!((1..5_000).contains(&cp), "{lines:?}");
}

#[test]
fn a_damaged_table_is_a_failed_probe_not_a_crash() {
    let dir = std::env::temp_dir().join(format!("chimera-syzygy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The right size for a table file, but not a table.
    std::fs::write(dir.join("KQvK.rtbw"), vec![0x55u8; 272]).unwrap();
    std::fs::write(dir.join("KQvK.rtbz"), vec![0xAAu8; 336]).unwrap();
    // A size no table file has: refused when the folder is read.
    std::fs::write(dir.join("KRvK.rtbw"), vec![0u8; 100]).unwrap();
    let (t, problems) = Tablebases::load(&dir.display().to_string(), TbConfig::default());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(chess("8/8/8/4k3/8/8/8/KQ6 w - - 0 1").probe_wdl(&t), None);

    let mut engine = Engine::start();
    engine.send(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    let reply = engine.sync();
    assert!(
        reply
            .iter()
            .any(|l| l.starts_with("info string error: SyzygyPath")),
        "{reply:?}"
    );
    engine.send("position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    let best = engine.bestmove("go depth 8");
    assert!(best.starts_with("b1"), "{best}");
    std::fs::remove_dir_all(&dir).unwrap();
}
