//! UCI protocol tests against the real binary.

use std::time::Duration;

use chimera::variants::chess::ChessPosition;
use chimera::variants::{Rules, VariantId};
use chimera_test_support::engine::Engine;

/// The legal tokens of `fen` after `moves`, via the library.
fn legal_tokens<P: Rules>(variant: VariantId, fen: &str, moves: &[&str]) -> Vec<String> {
    let mut pos = P::from_fen(variant, fen).unwrap();
    for t in moves {
        let m = pos.parse_move(t).unwrap();
        pos.play(m);
    }
    let mut list = Vec::new();
    pos.generate(&mut list);
    list.into_iter().map(|m| pos.format_move(m)).collect()
}

/// Sends `line` and checks that exactly one error line answers it, starting
/// with `expected`.
fn assert_one_error(e: &mut Engine, line: &str, expected: &str) {
    e.send(line);
    let out = e.sync();
    assert_eq!(out.len(), 1, "{line}: {out:?}");
    assert!(
        out[0].starts_with(&format!("info string error: {expected}")),
        "{line}: {out:?}"
    );
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn handshake_lists_options_and_answers_isready() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name Chimera"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant option");
    assert!(variant.contains("var chess") && variant.contains("var atomic"));
    for name in [
        "Hash type spin",
        "Threads type spin",
        "MultiPV type spin",
        "Move Overhead type spin",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name}"))),
            "{name}"
        );
    }
    assert!(lines.contains(&"option name Clear Hash type button".to_string()));
    assert!(lines.contains(&"option name Ponder type check default false".to_string()));
    assert!(e.sync().is_empty());
}

#[test]
fn variant_option_announces_the_start_position() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value atomic");
    assert_eq!(
        e.line(),
        format!("info string variant atomic startpos {START}")
    );
    // Atomic rules now: the f7 capture explodes the black king.
    e.send("position fen rnbqkb1r/pppppppp/5n2/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
    e.send("go depth 3");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove g5f7");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
}

#[test]
fn go_depth_after_moves_gives_a_legal_move() {
    let mut e = Engine::start();
    let moves = ["e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4"];
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    e.send("go depth 6");
    let lines = e.until(|l| l.starts_with("bestmove"));
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(
        legal_tokens::<ChessPosition>(VariantId::Chess, START, &moves).contains(&best),
        "{best}"
    );
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 6"))
        .expect("depth 6 info");
    for field in [
        " seldepth ",
        " multipv 1 ",
        " score cp ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{info} lacks {field}");
    }
}

#[test]
fn infinite_search_stops_on_stop_and_answers_isready_meanwhile() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    // isready is answered while searching, and no bestmove comes by itself.
    let before = e.sync();
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:?}"
    );
    e.send("stop");
    let best = e.until(|l| l.starts_with("bestmove"));
    let token = best
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(legal_tokens::<ChessPosition>(VariantId::Chess, START, &[]).contains(&token));
    assert!(e.sync().is_empty());
}

/// The number after `key` in an `info` line.
fn info_field(line: &str, key: &str) -> u64 {
    let mut words = line.split_whitespace().skip_while(|&w| w != key);
    words
        .nth(1)
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{key} in {line}"))
}

/// The first turn of an `info` line's pv.
fn pv_first(line: &str) -> &str {
    line.split(" pv ")
        .nth(1)
        .and_then(|pv| pv.split(' ').next())
        .unwrap_or_default()
}

#[test]
fn the_last_info_lines_count_the_whole_search() {
    // A node limit cuts an iteration off: the last lines repeat the last
    // finished iteration's lines, each slot in order, with every node
    // searched (at least the limit), as Stockfish's last `info`.
    let mut e = Engine::start();
    for (multipv, variant) in [(1, "chess"), (3, "chess"), (1, "atomic")] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send(&format!("setoption name MultiPV value {multipv}"));
        e.send("position startpos moves e2e4");
        e.send("go nodes 60000");
        let out = e.until(|l| l.starts_with("bestmove"));
        let infos: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth")).collect();
        let last = &infos[infos.len() - multipv..];
        for (slot, line) in last.iter().enumerate() {
            assert_eq!(info_field(line, "multipv"), slot as u64 + 1, "{out:?}");
            assert!(info_field(line, "nodes") >= 60000, "{variant}: {line}");
            assert_eq!(info_field(line, "depth"), info_field(last[0], "depth"));
        }
        let best = out.last().unwrap().split_whitespace().nth(1).unwrap();
        assert_eq!(pv_first(last[0]), best, "{out:?}");
    }
    // `stop` cuts a search off too: the last line's time is the search's.
    e.send("setoption name MultiPV value 1");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(600));
    e.send("stop");
    let out = e.until(|l| l.starts_with("bestmove"));
    let last = out
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(info_field(last, "time") >= 500, "{last}");
}

#[test]
fn ponder_waits_for_ponderhit() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 100 btime 100");
    // The clock is tiny, but pondering ignores it until ponderhit.
    let early = e.drain(Duration::from_millis(500));
    assert!(
        early.iter().all(|l| !l.starts_with("bestmove")),
        "{early:?}"
    );
    e.send("ponderhit");
    e.until(|l| l.starts_with("bestmove"));
}

#[test]
fn quit_mid_search_exits() {
    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn end_of_input_finishes_a_bounded_search() {
    let mut e = Engine::start();
    e.send("go depth 6");
    e.close_input();
    // Piped input ends at once; the search still finishes and reports.
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 6 ")),
        "{lines:?}"
    );
    assert!(e.wait_exit().success());
}

#[test]
fn every_bad_input_gets_one_error_line_and_changes_nothing() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    assert!(e.sync().is_empty());
    let bad = [
        "frobnicate",
        "setoption name Hash value -3",
        "setoption name Hash value lots",
        "setoption name Hash value 99999999999",
        "setoption name Threads value 0",
        "setoption name UCI_Variant value xiangqi",
        "setoption name NoSuchOption value 1",
        "setoption name Ponder value maybe",
        "setoption",
        "go perft",
        "go perft 0",
        "isready please",
        "bench 0",
    ];
    for line in bad {
        assert_one_error(&mut e, line, "");
    }
    // The position is still the one after e2e4 and the variant still chess.
    e.send("d");
    let board = e.sync();
    assert!(
        board
            .iter()
            .any(|l| l == "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{board:?}"
    );
    let best = e.bestmove("go depth 2");
    assert!(legal_tokens::<ChessPosition>(VariantId::Chess, START, &["e2e4"]).contains(&best));
}

#[test]
fn a_rejected_position_leaves_no_position() {
    // The spec's ruling: never a move of some other position.
    let mut e = Engine::start();
    let bad = [
        "position startpos moves e7e5 e2e4",
        "position startpos moves e2e9",
        "position startpos moves zz",
        "position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1",
        "position fen",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ];
    for line in bad {
        e.send("position startpos moves e2e4");
        assert!(e.sync().is_empty());
        assert_one_error(&mut e, line, "");
        e.send("go depth 3");
        let out = e.until(|l| l.starts_with("bestmove"));
        assert_eq!(out.len(), 2, "{line}: {out:?}");
        assert!(
            out[0].starts_with("info string error: no position"),
            "{out:?}"
        );
        assert_eq!(out[1], "bestmove 0000");
        assert_one_error(&mut e, "d", "no position");
        assert_one_error(&mut e, "go perft 1", "no position");
    }
    // A new game brings the start position back.
    e.send("ucinewgame");
    let best = e.bestmove("go depth 1");
    assert!(legal_tokens::<ChessPosition>(VariantId::Chess, START, &[]).contains(&best));
}

#[test]
fn go_ignores_unknown_parameters_and_obeys_the_rest() {
    let mut e = Engine::start();
    e.send("position startpos");
    for go in [
        "go wibble 3 depth 2",
        "go depth 2 wibble",
        "go depth deep movetime 50",
        "go Depth 2 nodes 500",
    ] {
        e.send(go);
        let out = e.until(|l| l.starts_with("bestmove"));
        let errors: Vec<_> = out.iter().filter(|l| l.contains("error")).collect();
        assert_eq!(errors.len(), 1, "{go}: {out:?}");
        assert!(
            errors[0].starts_with("info string error: go: ignored"),
            "{errors:?}"
        );
        let best = out.last().unwrap().split_whitespace().nth(1).unwrap();
        assert!(
            legal_tokens::<ChessPosition>(VariantId::Chess, START, &[]).contains(&best.to_string())
        );
    }
    // searchmoves without a legal turn: said so, and all turns searched.
    e.send("go depth 2 searchmoves e2e5 zz");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(
        out[0].contains("searchmoves") && out[0].contains("error"),
        "{out:?}"
    );
    let best = out.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(legal_tokens::<ChessPosition>(VariantId::Chess, START, &[]).contains(&best.to_string()));
    // searchmoves with one legal turn among junk: that turn.
    e.send("go depth 3 searchmoves zz a2a3");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(out.last().unwrap().starts_with("bestmove a2a3"), "{out:?}");
}

#[test]
fn go_perft_prints_divide_and_total() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
            .count(),
        20
    );
    assert!(lines.contains(&"e2e4: 600".to_string()));
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 5");
    let lines = e.until(|l| l.starts_with("bestmove"));
    let firsts: Vec<&str> = (1..=3)
        .map(|k| {
            let l = lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth 5 ") && l.contains(&format!(" multipv {k} ")))
                .expect("each multipv line");
            l.split(" pv ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
        })
        .collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
}

#[test]
fn clocked_search_with_threads_answers_in_time() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 2");
    e.send("setoption name Hash value 8");
    e.send("position startpos moves d2d4");
    let best = e.bestmove("go wtime 40 btime 40 winc 10 binc 10");
    assert!(legal_tokens::<ChessPosition>(VariantId::Chess, START, &["d2d4"]).contains(&best));
    let best = e.bestmove("go movetime 100");
    assert!(legal_tokens::<ChessPosition>(VariantId::Chess, START, &["d2d4"]).contains(&best));
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = Engine::start();
    e.send("position startpos");
    assert_eq!(e.bestmove("go depth 4 searchmoves a2a3"), "a2a3");
    let best = e.bestmove("go depth 4 searchmoves g1h3 b1a3");
    assert!(best == "g1h3" || best == "b1a3", "{best}");
}

#[test]
fn mated_position_answers_bestmove_none() {
    let mut e = Engine::start();
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    assert_eq!(e.bestmove("go depth 3"), "(none)");
}

#[test]
fn bench_is_deterministic() {
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chimera"))
            .args(["bench", "5"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let last = text.lines().last().unwrap().to_string();
        let words: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(
            (words.len(), words[1], words[3]),
            (4, "nodes", "nps"),
            "{last}"
        );
        words[0].parse::<u64>().unwrap()
    };
    let a = run();
    assert!(a > 1000);
    assert_eq!(a, run());
}

#[test]
fn omega_over_uci() {
    use chimera::variants::omega::OmegaPosition;
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value omega");
    let start = OmegaPosition::start_fen(VariantId::Omega);
    assert_eq!(
        e.line(),
        format!("info string variant omega startpos {start}")
    );
    // Two- and three-step pawn moves, ranks 10 and 11 included.
    let moves = ["e3e6", "d10d7", "g3g6", "e10e9", "d2e4", "i11h9"];
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let best = e.bestmove("go depth 4");
    assert!(
        legal_tokens::<OmegaPosition>(VariantId::Omega, start, &moves).contains(&best),
        "{best}"
    );
    for bad in ["m1m2", "a13a12", "b2a2", "c3c5x"] {
        assert_one_error(
            &mut e,
            &format!("position startpos moves e3e6 {bad}"),
            &format!("illegal move {bad}"),
        );
    }
    // A rejected position leaves none; a good one is shown back.
    assert_one_error(&mut e, "d", "no position");
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    e.send("d");
    let fen = e
        .sync()
        .into_iter()
        .find(|l| l.starts_with("Fen: "))
        .unwrap();
    let mut pos = OmegaPosition::from_fen(VariantId::Omega, start).unwrap();
    for t in moves {
        let m = pos.parse_move(t).unwrap();
        pos.play(m);
    }
    assert_eq!(fen, format!("Fen: {}", pos.fen()));
}

#[test]
fn piped_commands_let_a_bounded_search_finish() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 7");
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 7 ")),
        "{lines:?}"
    );
    let second = e.bestmove("");
    assert!(legal_tokens::<ChessPosition>(VariantId::Chess, START, &["e2e4"]).contains(&second));
}

#[test]
fn dynamo_over_uci() {
    use chimera::variants::dynamo::DynamoPosition;
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value dynamo");
    assert_eq!(
        e.line(),
        format!("info string variant dynamo startpos {START}")
    );
    // An ordinary move, then a knight's stationary push, both as tokens.
    let moves = ["e2e4", "g8f6", "b1b1,d2f3"];
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let best = e.bestmove("go depth 4");
    assert!(
        legal_tokens::<DynamoPosition>(VariantId::Dynamo, START, &moves).contains(&best),
        "{best}"
    );
    // Refusals, each in a position where the turn is otherwise well-formed.
    let bad = [
        ("4k3/8/8/p7/8/b7/8/R3K3 w - - 0 1", "", "a1a3,a3a5"), // pushed piece blocked
        ("4k3/8/8/8/4n3/4P3/8/4K3 w - - 0 1", "", "e3e2,e4e3"), // a pawn pulling
        ("4k3/8/8/8/8/8/4n3/4K3 w - - 0 1", "", "e1off,e2off"), // a king pulling off
        (
            "4k3/3r4/8/8/3R4/8/8/4K3 w - - 0 1",
            "d4d1,d7d4",
            "d4d7,d1d4",
        ), // undoing
    ];
    for (fen, before, token) in bad {
        assert_one_error(
            &mut e,
            &format!("position fen {fen} moves {before} {token}"),
            &format!("illegal move {token}"),
        );
    }
}

#[test]
fn commands_during_a_long_search_wait_but_stop_gets_through() {
    let mut e = Engine::start();
    e.send("go depth 60");
    e.send("setoption name UCI_Variant value atomic");
    e.send("position startpos moves e2e4");
    // isready is answered at once although two commands wait for the search.
    let early = e.sync();
    assert!(
        early.iter().all(|l| l.starts_with("info depth")),
        "{early:?}"
    );
    e.send("stop");
    e.until(|l| l.starts_with("bestmove"));
    // Then the waiting commands run, in order.
    assert_eq!(
        e.line(),
        format!("info string variant atomic startpos {START}")
    );
    e.send("d");
    let board = e.sync();
    assert!(
        board
            .iter()
            .any(|l| l == "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{board:?}"
    );
    e.send("go depth 60");
    e.send("eval");
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn avalanche_over_uci() {
    use chimera::variants::avalanche::AvalanchePosition;
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value avalanche");
    assert_eq!(
        e.line(),
        format!("info string variant avalanche startpos {START}")
    );
    let moves = ["e2e4,d7d6", "g8f6,e4e5"];
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let best = e.bestmove("go depth 3");
    assert!(best.contains(','), "a turn with its push: {best}");
    assert!(
        legal_tokens::<AvalanchePosition>(VariantId::Avalanche, START, &moves).contains(&best),
        "{best}"
    );
    // Missing compulsory push; a push onto an occupied square; pushing
    // one's own pawn.
    for bad in ["e7e5", "e7e5,e4e5", "e7e5,e5e4"] {
        assert_one_error(
            &mut e,
            &format!("position startpos moves e2e4,d7d6 {bad}"),
            &format!("illegal move {bad}"),
        );
    }
}

/// Runs the binary with `args` as its command line (no input) and returns
/// its output lines.
fn command_line(args: &[&str]) -> Vec<String> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("chimera runs");
    assert!(out.status.success(), "{args:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect()
}

/// The FENs of `genfens` (OpenBench's opening workload) in `variant`.
fn genfens(variant: &str, count: usize, seed: u64) -> Vec<String> {
    let set_variant = format!("setoption name UCI_Variant value {variant}");
    let line = format!("genfens {count} seed {seed} book None");
    let lines = command_line(&[&set_variant, &line, "quit"]);
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info string genfens "))
        .map(String::from)
        .collect()
}

#[test]
fn command_line_arguments_run_as_uci_lines_in_order() {
    let lines = command_line(&["position startpos moves e2e4", "d", "quit"]);
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{lines:?}"
    );
    // A bounded search ends before the next argument, without a `quit`.
    let lines = command_line(&["go depth 4"]);
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{lines:?}"
    );
    // A bad argument is one error line, and the rest still runs.
    let lines = command_line(&["genfens x", "isready"]);
    assert_eq!(
        lines,
        [
            "info string error: usage: genfens N seed S book <None|file>",
            "readyok"
        ]
    );
}

#[test]
fn genfens_prints_the_count_distinct_legal_openings_per_seed() {
    for variant in ["chess", "atomic"] {
        let fens = genfens(variant, 20, 3);
        assert_eq!(fens.len(), 20, "{variant}");
        let distinct: std::collections::HashSet<&String> = fens.iter().collect();
        assert_eq!(distinct.len(), 20, "{variant}");
        assert_eq!(genfens(variant, 20, 3), fens, "{variant}: same seed");
        assert_ne!(genfens(variant, 20, 4), fens, "{variant}: other seed");
        // Each one a legal position of the variant with a legal move.
        let set_variant = format!("setoption name UCI_Variant value {variant}");
        for fen in &fens {
            let position = format!("position fen {fen}");
            let out = command_line(&[&set_variant, &position, "go depth 1"]);
            assert!(
                !out.iter().any(|l| l.contains("error"))
                    && out
                        .last()
                        .is_some_and(|l| l.starts_with("bestmove ") && l != "bestmove 0000"),
                "{variant} {fen}: {out:?}"
            );
        }
    }
}

/// The last `info ... pv` before `bestmove` begins with the bestmove
/// (fastchess warns otherwise): also when a search is cut short mid-way
/// through an iteration whose later turns changed the best (the node
/// counts below stop it there: before the fix the last line named another
/// turn), and with helper threads whose vote may choose another turn.
#[test]
fn the_last_pv_begins_with_the_bestmove() {
    let fen = "rnb1kbnr/ppqp2pp/2p2p2/4p3/P6P/8/1PPPPPP1/RNBQKBNR w KQkq - 2 5";
    let searches = [
        (1, "go nodes 34500"),
        (1, "go nodes 39000"),
        (1, "go nodes 43500"),
        (2, "go movetime 40"),
        (2, "go movetime 90"),
    ];
    let mut engine = Engine::start();
    for (threads, go) in searches {
        engine.send(&format!("setoption name Threads value {threads}"));
        engine.send("ucinewgame");
        engine.send(&format!("position fen {fen}"));
        let (lines, best) = engine.search(go);
        let pv_first = lines
            .iter()
            .rev()
            .find_map(|l| l.split(" pv ").nth(1))
            .and_then(|pv| pv.split_whitespace().next())
            .unwrap_or_default()
            .to_string();
        assert_eq!(pv_first, best, "{threads} threads, {go}: {lines:?}");
    }
}
