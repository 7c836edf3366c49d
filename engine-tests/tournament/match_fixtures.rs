//! `chimera match` against scripted engines (engine-tests/fixtures/
//! fake_engine.py): every way a game can end, every way an engine can
//! misbehave, and none of them stalls the match or leaves a zombie.

use chimera::tournament::record::Termination;
use chimera::tournament::stats::{SprtDecision, Tally};
use chimera_test_support::matches::{
    check_totals, child_processes, fake, parse_pgn, run_match, serial,
};

const FOOLS_MATE: &str = "--moves=f2f3,e7e5,g2g4,d8h4";
const KNIGHT_DANCE: &str = "--moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8";
const OPEN_GAME: &str = "--moves=e2e4,e7e5,g1f3,b8c6,f1c4,f8c5";
const CLOCK: &[&str] = &["--tc", "2+0.1"];

fn tally(w: u32, d: u32, l: u32) -> Tally {
    Tally::new(w, d, l)
}

#[test]
fn checkmate_ends_the_game_and_colours_alternate() {
    let _serial = serial();
    let engines = [fake("a", &[FOOLS_MATE]), fake("b", &[FOOLS_MATE])];
    let mut options = vec!["--games", "2", "--variant", "chess"];
    options.extend(CLOCK);
    let (standings, pgn) = run_match("mate", &engines, &options);
    check_totals(&standings, 2);
    assert_eq!(standings.tallies, [tally(1, 0, 1), tally(1, 0, 1)]);
    let games = parse_pgn(&pgn);
    assert_eq!(games.len(), 2);
    let whites: Vec<&str> = games.iter().map(|g| g.tag("White").unwrap()).collect();
    assert!(whites.contains(&"a") && whites.contains(&"b"));
    for game in &games {
        assert_eq!(game.tag("Result"), Some("0-1"));
        assert_eq!(game.tag("Termination"), Some("normal"));
        assert_eq!(game.tag("Variant"), Some("chess"));
        assert_eq!(game.tag("TimeControl"), Some("2+0.1"));
        assert_eq!(game.tag("FEN"), None);
        assert_eq!(game.final_comment(), "Black wins (checkmate)");
        // The engines' tokens, written in SAN.
        assert_eq!(game.moves(), ["f3", "e5", "g4", "Qh4#"]);
        assert!(game.movetext.starts_with("1. f3 {0.0"), "{}", game.movetext);
        assert!(game.movetext.contains("} 1... e5 {"), "{}", game.movetext);
    }
}

#[test]
fn threefold_repetition_is_a_draw() {
    let _serial = serial();
    let engines = [fake("a", &[KNIGHT_DANCE]), fake("b", &[KNIGHT_DANCE])];
    let (standings, pgn) = run_match(
        "repetition",
        &engines,
        &["--games", "1", "--tc", "nodes=10"],
    );
    check_totals(&standings, 1);
    assert_eq!(standings.tallies, [tally(0, 1, 0), tally(0, 1, 0)]);
    let games = parse_pgn(&pgn);
    assert_eq!(games[0].tag("Result"), Some("1/2-1/2"));
    assert_eq!(games[0].tag("PlyCount"), Some("8"));
    assert_eq!(games[0].tag("TimeControl"), Some("-"));
    assert_eq!(games[0].final_comment(), "Draw (threefold repetition)");
}

#[test]
fn an_illegal_move_loses_and_is_named_in_the_pgn() {
    let _serial = serial();
    let engines = [fake("good", &[OPEN_GAME]), fake("bad", &["--mode=illegal"])];
    let mut options = vec!["--games", "2"];
    options.extend(CLOCK);
    let (standings, pgn) = run_match("illegal", &engines, &options);
    check_totals(&standings, 2);
    assert_eq!(standings.tallies, [tally(2, 0, 0), tally(0, 0, 2)]);
    assert_eq!(standings.count(Termination::IllegalMove), 2);
    for game in parse_pgn(&pgn) {
        assert_eq!(game.tag("Termination"), Some("rules infraction"));
        assert!(
            game.final_comment().contains("makes an illegal move: e2e5"),
            "{}",
            game.movetext
        );
    }
}

#[test]
fn a_malformed_answer_loses_without_confusing_the_runner() {
    let _serial = serial();
    let engines = [
        fake("good", &[OPEN_GAME]),
        fake("garbled", &[OPEN_GAME, "--mode=malformed", "--after=1"]),
    ];
    let mut options = vec!["--games", "2"];
    options.extend(CLOCK);
    let (standings, pgn) = run_match("malformed", &engines, &options);
    check_totals(&standings, 2);
    assert_eq!(standings.tallies, [tally(2, 0, 0), tally(0, 0, 2)]);
    let games = parse_pgn(&pgn);
    for game in &games {
        assert!(
            game.final_comment().contains("bestmove without a move"),
            "{}",
            game.movetext
        );
        // The garbled engine played its first move normally.
        assert!(game.moves().len() >= 2, "{}", game.movetext);
    }
}

#[test]
fn a_crash_mid_game_loses_and_the_engine_is_restarted() {
    let _serial = serial();
    let engines = [
        fake("good", &[OPEN_GAME]),
        fake("crashy", &[OPEN_GAME, "--mode=crash", "--after=1"]),
    ];
    let mut options = vec!["--games", "4", "--recover"];
    options.extend(CLOCK);
    let (standings, pgn) = run_match("crash", &engines, &options);
    assert_eq!(standings.stopped, None);
    check_totals(&standings, 4);
    assert_eq!(standings.tallies, [tally(4, 0, 0), tally(0, 0, 4)]);
    assert_eq!(standings.count(Termination::Abandoned), 4);
    for game in parse_pgn(&pgn) {
        assert_eq!(game.tag("Termination"), Some("abandoned"));
        assert!(
            game.final_comment().contains("engine crashed"),
            "{}",
            game.movetext
        );
        // The crash came mid-game, after the crashing engine's first move.
        assert!(game.moves().len() >= 2, "{}", game.movetext);
    }
    assert_eq!(child_processes(), []);
}

#[test]
fn without_recover_a_crash_stops_the_match_after_its_game() {
    let _serial = serial();
    let engines = [
        fake("good", &[OPEN_GAME]),
        fake("crashy", &[OPEN_GAME, "--mode=crash", "--after=1"]),
    ];
    let mut options = vec!["--games", "4"];
    options.extend(CLOCK);
    let (standings, pgn) = run_match("crash-stop", &engines, &options);
    assert_eq!(standings.games_played, 1);
    assert_eq!(parse_pgn(&pgn).len(), 1);
    let why = standings.stopped.clone().unwrap_or_default();
    assert!(
        why.starts_with("crashy failed in game 1") && why.contains("--recover"),
        "{why}"
    );
    assert!(standings.table().contains("Match stopped: crashy failed"));
    assert_eq!(child_processes(), []);
}

#[test]
fn an_engine_that_never_answers_go_loses_on_time_and_is_killed() {
    let _serial = serial();
    let engines = [fake("good", &[OPEN_GAME]), fake("silent", &["--mode=hang"])];
    let options = ["--games", "2", "--tc", "0.3+0", "--recover"];
    let (standings, pgn) = run_match("hang-clock", &engines, &options);
    check_totals(&standings, 2);
    assert_eq!(standings.tallies, [tally(2, 0, 0), tally(0, 0, 2)]);
    assert_eq!(standings.count(Termination::TimeForfeit), 2);
    for game in parse_pgn(&pgn) {
        assert!(
            game.final_comment().contains("loses on time"),
            "{}",
            game.movetext
        );
    }
    assert_eq!(child_processes(), []);
}

#[test]
fn an_engine_that_hangs_without_a_clock_is_abandoned() {
    let _serial = serial();
    let engines = [fake("good", &[OPEN_GAME]), fake("silent", &["--mode=hang"])];
    let options = [
        "--games",
        "2",
        "--tc",
        "nodes=1000",
        "--hang-timeout",
        "0.5",
        "--recover",
    ];
    let (standings, pgn) = run_match("hang-nodes", &engines, &options);
    check_totals(&standings, 2);
    assert_eq!(standings.tallies, [tally(2, 0, 0), tally(0, 0, 2)]);
    assert_eq!(standings.count(Termination::Abandoned), 2);
    for game in parse_pgn(&pgn) {
        assert!(
            game.final_comment().contains("engine hung"),
            "{}",
            game.movetext
        );
    }
    assert_eq!(child_processes(), []);
}

#[test]
fn a_slow_move_forfeits_on_time() {
    let _serial = serial();
    let engines = [
        fake("good", &[OPEN_GAME]),
        fake("slow", &[OPEN_GAME, "--mode=slow", "--sleep=0.4"]),
    ];
    let options = ["--games", "2", "--tc", "movetime=50", "--timemargin", "50"];
    let (standings, pgn) = run_match("slow", &engines, &options);
    check_totals(&standings, 2);
    assert_eq!(standings.tallies, [tally(2, 0, 0), tally(0, 0, 2)]);
    assert_eq!(standings.count(Termination::TimeForfeit), 2);
    for game in parse_pgn(&pgn) {
        assert_eq!(game.tag("Termination"), Some("time forfeit"));
    }
}

#[test]
fn score_adjudication_needs_both_engines_to_agree() {
    let _serial = serial();
    let engines = [
        fake("optimist", &[KNIGHT_DANCE, "--score=900"]),
        fake("pessimist", &[KNIGHT_DANCE, "--score=-900"]),
    ];
    let options = [
        "--games",
        "2",
        "--tc",
        "nodes=1",
        "--resign-moves",
        "2",
        "--resign-score",
        "800",
    ];
    let (standings, pgn) = run_match("resign", &engines, &options);
    check_totals(&standings, 2);
    assert_eq!(standings.tallies, [tally(2, 0, 0), tally(0, 0, 2)]);
    for game in parse_pgn(&pgn) {
        assert_eq!(game.tag("Termination"), Some("adjudication"));
        assert_eq!(game.tag("PlyCount"), Some("4"));
    }

    // Both say +900 for themselves: they disagree, so the game runs on to
    // the repetition.
    let engines = [
        fake("a", &[KNIGHT_DANCE, "--score=900"]),
        fake("b", &[KNIGHT_DANCE, "--score=900"]),
    ];
    let (standings, _) = run_match("no-resign", &engines, &options);
    assert_eq!(standings.tallies, [tally(0, 2, 0), tally(0, 2, 0)]);
    assert_eq!(standings.count(Termination::Normal), 2);
}

#[test]
fn draw_and_move_limit_adjudication() {
    let _serial = serial();
    let engines = [
        fake("a", &[KNIGHT_DANCE, "--score=3"]),
        fake("b", &[KNIGHT_DANCE, "--score=-3"]),
    ];
    let options = [
        "--games",
        "1",
        "--tc",
        "nodes=1",
        "--draw-movenumber",
        "2",
        "--draw-moves",
        "2",
        "--draw-score",
        "5",
    ];
    let (standings, pgn) = run_match("draw-adj", &engines, &options);
    assert_eq!(standings.count(Termination::Adjudication), 1);
    let games = parse_pgn(&pgn);
    // Move 2 is the first counted: streaks reach 2 after black's move 3.
    assert_eq!(games[0].tag("PlyCount"), Some("6"));
    assert_eq!(games[0].tag("Result"), Some("1/2-1/2"));

    let options = ["--games", "1", "--tc", "nodes=1", "--max-moves", "1"];
    let (_, pgn) = run_match("max-moves", &engines, &options);
    let games = parse_pgn(&pgn);
    assert_eq!(games[0].tag("PlyCount"), Some("2"));
    assert_eq!(games[0].final_comment(), "Draw (move limit adjudication)");
}

#[test]
fn openings_file_sets_the_fen_tag_and_both_colours_play_it() {
    let _serial = serial();
    let path = std::env::temp_dir().join(format!("chimera-openings-{}.epd", std::process::id()));
    // After 1. e4: black to move, EPD with an operation.
    std::fs::write(
        &path,
        "# comment\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n",
    )
    .unwrap();
    // From the opening, black plays e7e5 and white g1f3, then black has
    // nothing (`0000`, illegal) and loses.
    let list = "--moves=e7e5,g1f3";
    let engines = [fake("a", &[list]), fake("b", &[list])];
    let path_text = path.display().to_string();
    let options = [
        "--games",
        "2",
        "--tc",
        "nodes=1",
        "--openings",
        path_text.as_str(),
    ];
    let (standings, pgn) = run_match("openings", &engines, &options);
    let _ = std::fs::remove_file(&path);
    check_totals(&standings, 2);
    let games = parse_pgn(&pgn);
    for game in &games {
        assert_eq!(game.tag("SetUp"), Some("1"));
        assert_eq!(
            game.tag("FEN"),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        assert!(game.movetext.starts_with("1... e5 {"), "{}", game.movetext);
        assert!(game.movetext.contains("} 2. Nf3 {"), "{}", game.movetext);
        assert_eq!(game.moves(), ["e5", "Nf3"]);
        assert!(game.final_comment().contains("illegal move: 0000"));
        assert_eq!(game.tag("Result"), Some("1-0"));
    }
    assert_ne!(games[0].tag("White"), games[1].tag("White"));
}

#[test]
fn pgn_openings_in_random_order_from_a_start_index_with_repeat() {
    let _serial = serial();
    let path = std::env::temp_dir().join(format!("chimera-openings-{}.pgn", std::process::id()));
    // Four one-move openings in SAN; the fake engines answer nothing legal,
    // so each game is the opening plus one illegal `0000`.
    std::fs::write(
        &path,
        "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 {queen pawn} *\n\n1. c4 *\n\n1. Nf3 *\n",
    )
    .unwrap();
    let path_text = path.display().to_string();
    let engines = [fake("a", &[]), fake("b", &[])];
    let first_moves = |options: &[&str]| -> Vec<String> {
        let mut all = vec!["--tc", "nodes=1", "--openings", path_text.as_str()];
        all.extend(options);
        let (_, pgn) = run_match("pgn-openings", &engines, &all);
        parse_pgn(&pgn)
            .iter()
            .map(|g| g.moves()[0].clone())
            .collect()
    };
    // File order from the third game, one game per opening, cycling.
    assert_eq!(
        first_moves(&["start=3", "--games", "5", "--repeat", "1"]),
        ["c4", "Nf3", "e4", "d4", "c4"]
    );
    // Default repeat: each opening twice.
    assert_eq!(first_moves(&["--games", "4"]), ["e4", "e4", "d4", "d4"]);
    // Random order: a permutation of the file, the same for the same seed.
    let shuffled = |seed: &str| {
        first_moves(&[
            "order=random",
            "--games",
            "4",
            "--repeat",
            "1",
            "--seed",
            seed,
        ])
    };
    let a = shuffled("5");
    assert_eq!(a, shuffled("5"));
    let mut sorted = a.clone();
    sorted.sort();
    assert_eq!(sorted, ["Nf3", "c4", "d4", "e4"]);
    assert!(
        (1..20).any(|seed| shuffled(&seed.to_string()) != a),
        "the seed never changes the order"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn log_writes_every_line_of_each_game() {
    let _serial = serial();
    let dir = std::env::temp_dir().join(format!("chimera-match-log-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let engines = [fake("a", &[FOOLS_MATE]), fake("b", &[FOOLS_MATE])];
    let dir_text = dir.display().to_string();
    let options = [
        "--games",
        "2",
        "--tc",
        "nodes=1",
        "--log",
        dir_text.as_str(),
    ];
    let (standings, _) = run_match("log", &engines, &options);
    check_totals(&standings, 2);
    for (number, white, black) in [(1, "a", "b"), (2, "b", "a")] {
        let text = std::fs::read_to_string(dir.join(format!("game-{number}.log"))).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            format!("# game {number}: {white} (white) vs {black} (black)")
        );
        let said = |who: &str, arrow: &str, line: &str| {
            lines
                .iter()
                .filter_map(|l| l.trim_start().split_once(' '))
                .any(|(_, rest)| rest == format!("{who} {arrow} {line}"))
        };
        assert!(said(white, ">", "ucinewgame"), "{text}");
        assert!(said(black, ">", "ucinewgame"), "{text}");
        assert!(said(white, ">", "position startpos"), "{text}");
        assert!(said(white, "<", "bestmove f2f3"), "{text}");
        assert!(
            said(black, ">", "position startpos moves f2f3 e7e5 g2g4"),
            "{text}"
        );
        assert!(said(black, "<", "bestmove d8h4"), "{text}");
        assert_eq!(
            *lines.last().unwrap(),
            "# result 0-1 {Black wins (checkmate)}"
        );
        // Time stamps never go backwards.
        let times: Vec<f64> = lines[1..lines.len() - 1]
            .iter()
            .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
            .collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]), "{text}");
    }
    // The first game of each process holds its handshake.
    let first = std::fs::read_to_string(dir.join("game-1.log")).unwrap();
    assert!(first.contains(" a < uciok"), "{first}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn random_plies_open_every_pair_of_games_alike() {
    let _serial = serial();
    // The fake engines cannot follow a random opening, so every game ends
    // with the first engine move `0000` being illegal; what matters is the
    // opening moves in the PGN.
    let engines = [fake("a", &[]), fake("b", &[])];
    let options = [
        "--games",
        "4",
        "--tc",
        "nodes=1",
        "--random-plies",
        "6",
        "--seed",
        "42",
    ];
    let (standings, pgn) = run_match("random-plies", &engines, &options);
    check_totals(&standings, 4);
    let games = parse_pgn(&pgn);
    let openings: Vec<Vec<String>> = games.iter().map(|g| g.moves()[..6].to_vec()).collect();
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_ne!(openings[0], openings[2]);
    for game in &games {
        assert_eq!(game.moves().len(), 6);
        assert!(game.movetext.contains("{opening}"));
    }
}

#[test]
fn a_round_robin_of_broken_engines_finishes() {
    let _serial = serial();
    let engines = [
        fake("good", &[OPEN_GAME]),
        fake("illegal", &["--mode=illegal"]),
        fake("garbled", &["--mode=malformed"]),
        fake("crashy", &["--mode=crash"]),
        fake("silent", &["--mode=hang"]),
    ];
    let options = [
        "--games",
        "2",
        "--tc",
        "0.3+0.05",
        "--concurrency",
        "2",
        "--recover",
    ];
    let (standings, pgn) = run_match("round-robin", &engines, &options);
    check_totals(&standings, 20);
    assert_eq!(parse_pgn(&pgn).len(), 20);
    // The good engine wins every game; every broken engine loses as white
    // (it misbehaves on its first move) and wins as black against another
    // broken engine.
    assert_eq!(standings.tallies[0], tally(8, 0, 0));
    for t in &standings.tallies[1..] {
        assert_eq!(*t, tally(3, 0, 5));
    }
    assert_eq!(child_processes(), []);
}

#[test]
fn gauntlet_pairs_the_first_engine_with_each_other() {
    let _serial = serial();
    let engines = [
        fake("hero", &[FOOLS_MATE]),
        fake("x", &[FOOLS_MATE]),
        fake("y", &[FOOLS_MATE]),
    ];
    let options = [
        "--games",
        "2",
        "--tc",
        "nodes=1",
        "--tournament",
        "gauntlet",
    ];
    let (standings, pgn) = run_match("gauntlet", &engines, &options);
    check_totals(&standings, 4);
    assert_eq!(standings.tallies[0].games(), 4);
    assert_eq!(standings.tallies[1].games(), 2);
    assert_eq!(standings.tallies[2].games(), 2);
    assert!(parse_pgn(&pgn)
        .iter()
        .all(|g| g.tag("White") == Some("hero") || g.tag("Black") == Some("hero")));
}

#[test]
fn sprt_stops_the_match_when_decided() {
    let _serial = serial();
    // With a white: the knights dance to a repetition draw. With b white:
    // b walks into fool's mate. So a scores 1.5 of every 2 games.
    let engines = [
        fake("a", &["--moves=g1f3,e7e5,f3g1,d8h4,g1f3,0000,f3g1,0000"]),
        fake("b", &["--moves=f2f3,g8f6,g2g4,f6g8,0000,g8f6,0000,f6g8"]),
    ];
    let options = [
        "--games", "200", "--tc", "nodes=1", "--sprt", "elo0=0", "elo1=50",
    ];
    let (standings, _) = run_match("sprt", &engines, &options);
    assert_eq!(standings.sprt_decision(), Some(SprtDecision::AcceptH1));
    // The stop uses the pentanomial LLR on complete opening pairs (every
    // pair here is a win and a draw for a, pair score 1.5; elo0=0,
    // elo1=50): 0.13365 per pair (engine-tests/tournament/match_stats.rs checks the
    // values), 2.9391 after 22 pairs, below ln(0.95/0.05) = 2.944439, and
    // 3.0727 after 23: the match stops after game 46.
    assert_eq!(standings.games_played, 46);
    assert_eq!(standings.head_to_head, tally(23, 23, 0));
}

/// Plays one game from `fen` where white's only scripted move is `mv`.
fn one_move_game(tag: &str, fen: &str, mv: &str) -> chimera_test_support::matches::PgnGame {
    let path = std::env::temp_dir().join(format!("chimera-{tag}-{}.fen", std::process::id()));
    std::fs::write(&path, format!("{fen}\n")).unwrap();
    let list = format!("--moves={mv}");
    let engines = [fake("a", &[list.as_str()]), fake("b", &[list.as_str()])];
    let path_text = path.display().to_string();
    let options = [
        "--games",
        "1",
        "--tc",
        "nodes=1",
        "--openings",
        path_text.as_str(),
    ];
    let (standings, pgn) = run_match(tag, &engines, &options);
    let _ = std::fs::remove_file(&path);
    check_totals(&standings, 1);
    parse_pgn(&pgn).pop().unwrap()
}

#[test]
fn stalemate_fifty_moves_and_bare_kings_are_draws() {
    let _serial = serial();
    let game = one_move_game("stalemate", "k7/8/8/2Q5/8/8/8/7K w - - 0 1", "c5b6");
    assert_eq!(game.tag("Result"), Some("1/2-1/2"));
    assert_eq!(game.final_comment(), "Draw (stalemate)");

    let game = one_move_game("fifty", "k7/8/8/2Q5/8/8/8/7K w - - 99 80", "h1g1");
    assert_eq!(game.tag("Result"), Some("1/2-1/2"));
    assert_eq!(game.final_comment(), "Draw (50-move rule)");
    assert!(game.movetext.starts_with("80. Kg1 {"), "{}", game.movetext);
    assert_eq!(game.moves(), ["Kg1"]);

    let game = one_move_game("material", "8/8/8/4k3/8/8/3n4/4KB2 w - - 0 1", "e1d2");
    assert_eq!(game.tag("Result"), Some("1/2-1/2"));
    assert_eq!(game.final_comment(), "Draw (insufficient material)");
}

#[test]
fn the_child_process_check_can_fail() {
    let _serial = serial();
    let mut child = std::process::Command::new("sleep")
        .arg("5")
        .spawn()
        .unwrap();
    let pid = child.id();
    if cfg!(target_os = "linux") {
        assert!(child_processes().iter().any(|(p, _)| *p == pid));
    }
    child.kill().unwrap();
    // Killed but not yet waited for: a zombie, still listed.
    std::thread::sleep(std::time::Duration::from_millis(100));
    if cfg!(target_os = "linux") {
        assert_eq!(child_processes(), [(pid, "Z".to_string())]);
    }
    child.wait().unwrap();
    assert_eq!(child_processes(), []);
}
