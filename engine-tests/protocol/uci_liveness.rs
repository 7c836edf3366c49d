//! The engine never dies and never stalls, whatever it is sent (issue 10):
//! each test drives the real binary through pipes and measures the time
//! of the answers that must come at once. The bounds are generous (a loaded
//! CI machine); what they catch are the seconds-long stalls of the past.

use std::time::{Duration, Instant};

use chimera::variants::{Rules, VariantId};
use chimera_test_support::engine::Engine;

/// What "at once" means on a loaded machine.
const PROMPT: Duration = Duration::from_millis(1000);

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// An avalanche middlegame full of captures (it once took 3.6 s at depth 1
/// with MultiPV 5).
const AVALANCHE_TACTICAL: &str =
    "r4rk1/1pp1qp1p/p1np1np1/2b1p1B1/2B1P1bN/P1NP4/1PP1QPPP/R4RK1 b - - 0 10";

fn legal<P: Rules>(variant: VariantId, fen: &str, token: &str) -> bool {
    P::from_fen(variant, fen).unwrap().parse_move(token).is_ok()
}

/// Sends `line` and returns the lines up to `bestmove` and how long it took.
fn timed_bestmove(e: &mut Engine, line: &str) -> (Vec<String>, Duration) {
    let start = Instant::now();
    e.send(line);
    let out = e.until(|l| l.starts_with("bestmove"));
    (out, start.elapsed())
}

fn best_of(out: &[String]) -> String {
    out.last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string()
}

fn timed_sync(e: &mut Engine) -> (Vec<String>, Duration) {
    let start = Instant::now();
    let out = e.sync();
    (out, start.elapsed())
}

#[test]
fn invalid_utf8_gets_an_error_and_the_engine_goes_on() {
    let mut e = Engine::start();
    e.send_bytes(b"isready\n\xff\n\xc3\x28 go\r\nisready\n");
    let out = e.until(|l| l == "readyok");
    assert_eq!(out, ["readyok"]);
    let out = e.until(|l| l == "readyok");
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(out[..2]
        .iter()
        .all(|l| l.starts_with("info string error: unknown command")));
    let best = e.bestmove("go depth 1");
    assert!(legal::<chimera::variants::chess::ChessPosition>(
        VariantId::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &best
    ));
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn a_huge_unknown_line_gets_a_short_error() {
    let mut e = Engine::start();
    let junk = "x".repeat(1 << 20);
    e.send(&junk);
    e.send(&format!("go depth 1 {junk}"));
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(out.iter().all(|l| l.len() < 300), "a long line came back");
    assert_eq!(out.iter().filter(|l| l.contains("error")).count(), 2);
}

#[test]
fn stop_and_the_clock_hold_at_depth_one() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value avalanche");
    e.send("setoption name MultiPV value 256");
    e.send(&format!("position fen {KIWIPETE}"));
    e.sync();
    let (out, took) = timed_bestmove(&mut e, "go movetime 100");
    assert!(took < PROMPT, "movetime 100 took {took:?}");
    let best = best_of(&out);
    assert!(legal::<chimera::variants::avalanche::AvalanchePosition>(
        VariantId::Avalanche,
        KIWIPETE,
        &best
    ));

    e.send("setoption name MultiPV value 5");
    e.send(&format!("position fen {AVALANCHE_TACTICAL}"));
    e.sync();
    let (out, took) = timed_bestmove(&mut e, "go wtime 50 btime 50");
    assert!(took < PROMPT, "a 50 ms clock took {took:?}");
    let best = best_of(&out);
    assert!(legal::<chimera::variants::avalanche::AvalanchePosition>(
        VariantId::Avalanche,
        AVALANCHE_TACTICAL,
        &best
    ));
    // `stop` right after `go`, before any iteration can have ended.
    e.send("go infinite");
    let (out, took) = timed_bestmove(&mut e, "stop");
    assert!(took < PROMPT, "stop took {took:?}");
    assert!(legal::<chimera::variants::avalanche::AvalanchePosition>(
        VariantId::Avalanche,
        AVALANCHE_TACTICAL,
        &best_of(&out)
    ));
}

#[test]
fn more_threads_than_cores_keep_the_clock() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 256");
    e.send("position startpos");
    e.sync();
    // A second on the clock: the move must take well under it.
    let (_, took) = timed_bestmove(&mut e, "go wtime 1000 btime 1000");
    assert!(took < PROMPT, "took {took:?} of a 1 s clock");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let (_, took) = timed_sync(&mut e);
    assert!(took < PROMPT, "isready took {took:?}");
    let (_, took) = timed_bestmove(&mut e, "stop");
    assert!(took < PROMPT, "stop took {took:?}");
}

#[test]
fn hash_sizes_the_machine_cannot_give_are_errors() {
    let mut e = Engine::start();
    e.send("uci");
    let out = e.until(|l| l == "uciok");
    let hash = out
        .iter()
        .find(|l| l.starts_with("option name Hash "))
        .unwrap();
    let max: u64 = hash.rsplit(' ').next().unwrap().parse().expect("a maximum");
    e.send(&format!("setoption name Hash value {}", max + 1));
    let out = e.sync();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with("info string error: option Hash"),
        "{out:?}"
    );
    // The largest advertised size is accepted without dying (the memory
    // comes untouched from the system) and the engine still plays.
    e.send(&format!("setoption name Hash value {max}"));
    let (out, took) = timed_sync(&mut e);
    assert!(out.is_empty(), "{out:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    e.send("setoption name Hash value 16");
    e.send("ucinewgame");
    e.send("position startpos");
    assert!(!e.bestmove("go depth 3").is_empty());
}

#[test]
fn perft_and_bench_answer_isready_stop_and_quit() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go perft 7");
    std::thread::sleep(Duration::from_millis(100));
    let (_, took) = timed_sync(&mut e);
    assert!(took < PROMPT, "isready during perft took {took:?}");
    let start = Instant::now();
    e.send("stop");
    let out = e.until(|l| l.contains("perft stopped"));
    assert!(start.elapsed() < PROMPT, "stop took {:?}", start.elapsed());
    assert!(!out.iter().any(|l| l.starts_with("Nodes searched")));

    e.send("bench");
    std::thread::sleep(Duration::from_millis(100));
    let (_, took) = timed_sync(&mut e);
    assert!(took < PROMPT, "isready during bench took {took:?}");
    let start = Instant::now();
    e.send("stop");
    e.until(|l| l == "info string bench stopped");
    assert!(start.elapsed() < PROMPT, "stop took {:?}", start.elapsed());
    // The engine is itself again.
    assert!(!e.bestmove("go depth 2").is_empty());

    e.send("go perft 7");
    std::thread::sleep(Duration::from_millis(100));
    let start = Instant::now();
    e.send("quit");
    assert!(e.wait_exit().success());
    assert!(start.elapsed() < PROMPT, "quit took {:?}", start.elapsed());
}

/// A `quit` piped right behind other lines answers them first: behind a
/// table clear (`ucinewgame` with a large table) and behind a search, which
/// it still ends at once.
#[test]
fn lines_piped_before_quit_are_answered() {
    let after_e4 = "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let mut e = Engine::start();
    e.send("setoption name Hash value 1024");
    e.sync();
    e.send_bytes(b"ucinewgame\nposition startpos moves e2e4\nd\nquit\n");
    let out = e.until(|l| l.starts_with("Fen: "));
    assert_eq!(out.last().unwrap(), after_e4, "{out:?}");
    assert!(e.wait_exit().success());

    let mut e = Engine::start();
    let start = Instant::now();
    e.send_bytes(b"position startpos\ngo movetime 60000\nposition startpos moves e2e4\nd\nquit\n");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(!out.is_empty());
    let out = e.until(|l| l.starts_with("Fen: "));
    assert_eq!(out.last().unwrap(), after_e4, "{out:?}");
    assert!(e.wait_exit().success());
    assert!(start.elapsed() < PROMPT, "quit took {:?}", start.elapsed());
}

#[test]
fn a_clock_without_the_side_to_moves_time_is_empty() {
    let mut e = Engine::start();
    e.send("position startpos");
    for go in ["go btime 100000", "go winc 100 binc 100", "go movestogo 5"] {
        let (out, took) = timed_bestmove(&mut e, go);
        assert!(took < PROMPT, "{go} took {took:?}");
        assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    }
}

#[test]
fn end_of_input_ends_the_process_also_after_a_plain_go() {
    for go in ["go", "go infinite", "go ponder"] {
        let mut e = Engine::start();
        e.send("position startpos");
        e.send(go);
        std::thread::sleep(Duration::from_millis(50));
        e.close_input();
        let start = Instant::now();
        let out = e.until(|l| l.starts_with("bestmove"));
        assert!(!out.is_empty());
        assert!(e.wait_exit().success());
        assert!(start.elapsed() < PROMPT, "{go}: {:?}", start.elapsed());
    }
}

#[test]
fn multipv_lines_come_best_first() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let (out, _) = timed_bestmove(&mut e, "go depth 10");
    let score = |l: &str| -> i32 {
        let mut w = l.split_whitespace().skip_while(|&t| t != "score").skip(1);
        let (kind, n) = (w.next().unwrap(), w.next().unwrap().parse::<i32>().unwrap());
        if kind == "cp" {
            n
        } else {
            n.signum() * 100_000 - n
        }
    };
    let infos: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth")).collect();
    for depth in 1..=10 {
        let lines: Vec<&&String> = infos
            .iter()
            .filter(|l| l.starts_with(&format!("info depth {depth} ")))
            .collect();
        assert_eq!(lines.len(), 3, "depth {depth}");
        for pair in lines.windows(2) {
            assert!(score(pair[0]) >= score(pair[1]), "{pair:?}");
        }
    }
    let last_first = infos
        .iter()
        .rev()
        .find(|l| l.contains(" multipv 1 "))
        .unwrap();
    let pv_first = last_first
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(best_of(&out), pv_first);
}

#[test]
fn ucinewgame_stops_an_infinite_search() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let (out, took) = timed_bestmove(&mut e, "ucinewgame");
    assert!(took < PROMPT, "{took:?}");
    assert!(out.last().unwrap().starts_with("bestmove "));
    let (out, _) = timed_sync(&mut e);
    assert!(out.is_empty(), "{out:?}");
}

#[test]
fn a_bestmove_in_a_dead_position_is_accepted_back() {
    // K vs K: a draw by material, but a GUI may play on (it arbitrates).
    let mut e = Engine::start();
    let fen = "8/8/8/4k3/8/8/4K3/8 w - - 0 1";
    e.send(&format!("position fen {fen}"));
    let best = e.bestmove("go depth 3");
    e.send(&format!("position fen {fen} moves {best}"));
    let out = e.sync();
    assert!(out.is_empty(), "{out:?}");
    assert!(!e.bestmove("go depth 3").is_empty());
}

#[test]
fn go_nodes_keeps_a_small_limit() {
    let mut e = Engine::start();
    e.send("position startpos");
    let (out, _) = timed_bestmove(&mut e, "go nodes 100");
    for l in out.iter().filter(|l| l.starts_with("info depth")) {
        let nodes: u64 = l
            .split_whitespace()
            .skip_while(|&t| t != "nodes")
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert!(nodes <= 100, "{l}");
    }
    let (out, _) = timed_bestmove(&mut e, "go nodes 1");
    assert!(legal::<chimera::variants::chess::ChessPosition>(
        VariantId::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &best_of(&out)
    ));
}

#[test]
fn a_stop_behind_a_waiting_go_stops_that_go() {
    // `go infinite` waits for the table clear of `ucinewgame`; the `stop`
    // sent right after it must reach that search, not vanish before it.
    let mut e = Engine::start();
    e.send("setoption name Hash value 256");
    e.send("position startpos");
    e.bestmove("go depth 6");
    let start = Instant::now();
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go infinite");
    e.send("stop");
    e.until(|l| l.starts_with("bestmove"));
    assert!(start.elapsed() < 2 * PROMPT, "{:?}", start.elapsed());
    let (out, _) = timed_sync(&mut e);
    assert!(out.is_empty(), "{out:?}");
    // The same with `quit`: the process ends.
    e.bestmove("go depth 6");
    e.send("ucinewgame");
    e.send("go infinite");
    e.send("quit");
    assert!(e.wait_exit().success());
}

/// An engine whose 256 MB table, filled by a search, is being cleared by
/// a change to `variant`: the lines sent next arrive during the clear.
fn engine_clearing_its_table(variant: &str) -> Engine {
    let mut e = Engine::start();
    e.send("setoption name Hash value 256");
    e.send("position startpos");
    e.bestmove("go depth 6");
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e
}

#[test]
fn an_isready_that_waited_for_a_clear_is_answered_before_a_ponder_search_ends() {
    // Found by the fuzzer: isready behind a table clear, then `go ponder`
    // and `stop` behind it; the isready stayed queued behind the ponder
    // search, and the stop behind the isready.
    let mut e = engine_clearing_its_table("omega");
    e.send("isready");
    e.send("go ponder wtime 50 btime 297");
    e.send("isready");
    let start = Instant::now();
    let out = e.until(|l| l == "readyok");
    assert!(out[0].starts_with("info string variant omega"), "{out:?}");
    e.until(|l| l == "readyok");
    assert!(start.elapsed() < 2 * PROMPT, "{:?}", start.elapsed());
    e.send("stop");
    e.until(|l| l.starts_with("bestmove"));
    assert!(start.elapsed() < 2 * PROMPT, "{:?}", start.elapsed());
}

#[test]
fn an_isready_behind_a_line_that_waits_for_an_infinite_search_is_answered() {
    // Found by the million-line fuzz: isready waited for a table clear,
    // then found itself behind a `setoption` that waits for the `go
    // infinite` started after the clear; the GUI sends `stop` only after
    // `readyok`, so neither came.
    let mut e = engine_clearing_its_table("atomic");
    e.send("go infinite");
    e.send("setoption name Threads value 2");
    e.send("isready");
    let start = Instant::now();
    let out = e.until(|l| l == "readyok");
    assert!(out[0].starts_with("info string variant atomic"), "{out:?}");
    assert!(start.elapsed() < 2 * PROMPT, "{:?}", start.elapsed());
    assert!(!out.iter().any(|l| l.starts_with("bestmove")), "{out:?}");
    e.send("stop");
    e.until(|l| l.starts_with("bestmove"));
    let (out, _) = timed_sync(&mut e);
    // On a one-core machine the option is clamped, and the engine says so.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let expected: &[&str] = if cores < 2 {
        &["info string Threads 2: searching with 1, the number of hardware threads"]
    } else {
        &[]
    };
    assert_eq!(out, expected);
}

#[test]
fn a_ucinewgame_behind_a_waiting_infinite_search_stops_it() {
    // `go infinite` waits for a table clear, `ucinewgame` behind it: when
    // the search starts, the `ucinewgame` ends it, as it does when it
    // arrives during one.
    let mut e = engine_clearing_its_table("atomic");
    e.send("go infinite");
    e.send("ucinewgame");
    e.send("isready");
    let start = Instant::now();
    let out = e.until(|l| l == "readyok");
    assert!(start.elapsed() < 2 * PROMPT, "{:?}", start.elapsed());
    assert_eq!(
        out.iter().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{out:?}"
    );
    let (out, _) = timed_sync(&mut e);
    assert!(out.is_empty(), "{out:?}");
}

#[test]
fn a_stop_behind_a_line_that_waits_for_an_infinite_search_ends_it() {
    // Found by the million-line fuzz: `go infinite` waited for a table
    // clear with a `position` and the `stop` behind it; once the search
    // ran, the `stop` waited behind the `position`, which waited for the
    // search.
    let mut e = engine_clearing_its_table("atomic");
    e.send("position startpos");
    e.send("go infinite");
    e.send("position startpos moves e2e4");
    e.send("stop");
    let start = Instant::now();
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(start.elapsed() < 2 * PROMPT, "{:?}", start.elapsed());
    assert!(out[0].starts_with("info string variant atomic"), "{out:?}");
    // The `position` after the search then holds: Black is to move.
    let (out, _) = timed_bestmove(&mut e, "go depth 1");
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert!(legal::<chimera::variants::atomic::AtomicPosition>(
        VariantId::Atomic,
        after_e4,
        &best_of(&out)
    ));
}
