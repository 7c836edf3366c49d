//! `chimera analyse` on real games of every variant (self-play games of
//! `chimera match`, in engine-tests/fixtures/analysis/) and on games with
//! known blunders: an evaluation after every move, the blunders marked
//! `$4` with the engine's line, the same output on every run with a node
//! limit, and bad games reported one line each while the rest is analysed.
//! python-chess reads the chess and atomic output in
//! engine-tests/python-chess/.

use std::path::PathBuf;
use std::process::{Command, Output};

use chimera::variants::VariantId;

/// Nodes per position: enough to see a hung queen or a mate in one.
const NODES: &str = "20000";

fn fixture(variant: VariantId) -> PathBuf {
    chimera_test_support::root().join(format!(
        "engine-tests/fixtures/analysis/{}.pgn",
        variant.name()
    ))
}

fn analyse(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("analyse")
        .args(args)
        .output()
        .expect("chimera runs")
}

/// A PGN file of `text` in the temporary directory.
fn pgn_file(name: &str, text: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("chimera-analyse-{}-{name}.pgn", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// One move of the main line as the annotated movetext has it.
#[derive(Debug, Default)]
struct Annotated {
    text: String,
    nag: Option<u8>,
    /// The comments after it, joined.
    comment: String,
    /// The first move of the variation after it.
    variation: Option<String>,
}

/// The main line's moves of each game of `pgn`, by a reader of this test's
/// own: comments, NAGs and variations attached to the move they follow.
fn main_lines(pgn: &str) -> Vec<Vec<Annotated>> {
    let mut games = Vec::new();
    let mut moves: Vec<Annotated> = Vec::new();
    let mut chars = pgn.chars().peekable();
    let mut depth = 0;
    let mut word = String::new();
    let mut in_tags = false;
    let flush = |word: &mut String, depth: usize, moves: &mut Vec<Annotated>| {
        let w = std::mem::take(word);
        if w.is_empty() {
            return false;
        }
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&w.as_str()) && depth == 0 {
            return true;
        }
        let is_number = w.ends_with('.') && w.trim_end_matches('.').parse::<u32>().is_ok();
        if is_number {
            return false;
        }
        if depth > 0 {
            let last = moves.last_mut().expect("a variation follows a move");
            last.variation.get_or_insert(w);
        } else if let Some(nag) = w.strip_prefix('$') {
            moves.last_mut().expect("a NAG follows a move").nag = Some(nag.parse().unwrap());
        } else {
            moves.push(Annotated {
                text: w,
                ..Annotated::default()
            });
        }
        false
    };
    while let Some(c) = chars.next() {
        match c {
            '[' if depth == 0 && word.is_empty() => in_tags = true,
            ']' if in_tags => in_tags = false,
            _ if in_tags => {}
            '{' => {
                flush(&mut word, depth, &mut moves);
                let text: String = chars.by_ref().take_while(|&c| c != '}').collect();
                if depth == 0 {
                    if let Some(last) = moves.last_mut() {
                        // Words as written, whatever the line breaks.
                        for word in text.split_whitespace() {
                            last.comment.push_str(word);
                            last.comment.push(' ');
                        }
                    }
                }
            }
            '(' => {
                flush(&mut word, depth, &mut moves);
                depth += 1;
            }
            ')' => {
                flush(&mut word, depth, &mut moves);
                depth -= 1;
            }
            c if c.is_whitespace() => {
                if flush(&mut word, depth, &mut moves) {
                    games.push(std::mem::take(&mut moves));
                }
            }
            c => word.push(c),
        }
    }
    games
}

#[test]
fn every_move_of_a_real_game_in_every_variant_gets_an_evaluation() {
    for variant in VariantId::ALL {
        let input = fixture(variant);
        let out = analyse(&[input.to_str().unwrap(), "--nodes", NODES]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{variant}: {stderr}");
        assert!(
            stderr.contains("positions of 1 games"),
            "{variant}: {stderr}"
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let games = main_lines(&text);
        assert_eq!(games.len(), 1, "{variant}: {text}");
        let played = main_lines(&std::fs::read_to_string(&input).unwrap());
        let moves = &games[0];
        // The same moves as the input, each with an evaluation.
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        let input_texts: Vec<&str> = played[0].iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, input_texts, "{variant}");
        assert!(moves.len() >= 20, "{variant}: {} moves", moves.len());
        for m in moves {
            assert!(m.comment.contains("[%eval "), "{variant}: {m:?}");
            // A judged move names the better move and shows its line.
            if let Some(nag) = m.nag {
                assert!([2, 4, 6].contains(&nag), "{variant}: {m:?}");
                assert!(m.comment.contains("was best."), "{variant}: {m:?}");
                assert!(m.variation.is_some(), "{variant}: {m:?}");
            }
        }
        assert!(
            text.contains(&format!("[Variant \"{}\"]", variant.name())),
            "{variant}"
        );
        assert!(text.contains("[Annotator \"Chimera "), "{variant}");
        assert!(
            text.contains("White: ") && text.contains("average loss"),
            "{variant}"
        );
    }
}

#[test]
fn a_hung_queen_and_a_missed_atomic_mate_are_blunders() {
    // 3. Qxe5+?? gives the queen for a pawn.
    let chess = pgn_file("queen", "1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 *\n");
    let out = analyse(&[chess.to_str().unwrap(), "--nodes", NODES]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let moves = &main_lines(&text)[0];
    assert_eq!(moves[4].text, "Qxe5+");
    assert_eq!(moves[4].nag, Some(4), "{text}");
    assert!(moves[4].comment.contains("Blunder."), "{text}");
    // Taking the queen was best: no mark.
    assert_eq!(moves[5].nag, None, "{text}");
    std::fs::remove_file(chess).unwrap();

    // Atomic: each knight takes on f7 or f2 next to a king, which explodes.
    // After 2... Ng4 White mates in one with 3. Nxf7#; 3. a3?? misses it
    // and allows 3... Nxf2#.
    let atomic = pgn_file(
        "atomic",
        "[Variant \"Atomic\"]\n\n1. Nf3 Nf6 2. Ng5 Ng4 3. a3 Nxf2# 0-1\n",
    );
    let out = analyse(&[atomic.to_str().unwrap(), "--nodes", NODES]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let moves = &main_lines(&text)[0];
    assert_eq!(moves[3].text, "Ng4");
    assert!(moves[3].comment.contains("[%eval #1]"), "{text}");
    assert_eq!(moves[4].text, "a3");
    assert_eq!(moves[4].nag, Some(4), "{text}");
    assert!(
        moves[4]
            .comment
            .contains("(#1 -> #-1) Blunder. Nxf7# was best."),
        "{text}"
    );
    assert_eq!(moves[4].variation.as_deref(), Some("Nxf7#"), "{text}");
    // The mate itself: best, and the game over (`#0`: the side to move lost).
    assert_eq!(moves[5].nag, None, "{text}");
    assert!(moves[5].comment.contains("[%eval #0]"), "{text}");
    std::fs::remove_file(atomic).unwrap();
}

#[test]
fn a_node_limit_gives_the_same_output_on_every_run_and_core_count() {
    let input = fixture(VariantId::Atomic);
    let input = input.to_str().unwrap();
    let one = analyse(&[input, "--nodes", "5000", "--jobs", "1"]);
    let two = analyse(&[input, "--nodes", "5000", "--jobs", "2"]);
    let again = analyse(&[input, "--nodes", "5000", "--jobs", "2"]);
    assert!(one.status.success());
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(two.stdout, again.stdout);
}

#[test]
fn bad_games_get_one_line_each_and_the_rest_is_analysed() {
    let text = "[Event \"good\"]\n\n1. e4 e5 *\n\n\
                [Event \"illegal\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 *\n\n\
                [Event \"unknown\"]\n[Variant \"xiangqi\"]\n\n1. e4 *\n\n\
                [Event \"broken\n\n1. d4 *\n\n\
                [Event \"also good\"]\n[Variant \"atomic\"]\n\n1. Nf3 *\n";
    let input = pgn_file("bad", text);
    let out_file = input.with_extension("out.pgn");
    let out = analyse(&[
        input.to_str().unwrap(),
        "--nodes",
        "2000",
        "--out",
        out_file.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let unknown = format!(
        "chimera analyse: game 3: unknown variant \"xiangqi\" (known: {})",
        VariantId::known_names()
    );
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("chimera analyse: "))
        .collect();
    assert_eq!(
        errors,
        [
            "chimera analyse: game 2 (A - B): ply 3: illegal move Ke3",
            unknown.as_str(),
            "chimera analyse: game 4: broken tag [Event \"broken",
            "chimera analyse: 3 of 5 games could not be read (named above)",
        ],
        "{stderr}"
    );
    let written = std::fs::read_to_string(&out_file).unwrap();
    let games = main_lines(&written);
    assert_eq!(games.len(), 2, "{written}");
    assert!(written.contains("[Event \"good\"]") && written.contains("[Event \"also good\"]"));
    assert_eq!(games[1][0].text, "Nf3");
    std::fs::remove_file(out_file).unwrap();

    // No file, no limit: one line, no output.
    for (args, error) in [
        (
            vec!["/no/such.pgn"],
            "chimera analyse: cannot read /no/such.pgn",
        ),
        (
            vec![input.to_str().unwrap(), "--nodes", "0"],
            "chimera analyse: --nodes, --depth and --movetime must be positive",
        ),
        (
            vec![input.to_str().unwrap(), "--variant", "xiangqi"],
            "chimera analyse: unknown variant \"xiangqi\"",
        ),
    ] {
        let out = analyse(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with(error), "{stderr}");
    }
    std::fs::remove_file(input).unwrap();
}
