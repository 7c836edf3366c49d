//! Helpers for the `chimera match` integration tests: building command
//! lines, running a match through the library entry point, checking PGN
//! files, and spotting zombie processes.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

use chimera::tournament::{run_config, MatchArgs, Standings};
use clap::Parser;

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: MatchArgs,
}

/// Matches in one test binary run one at a time: they spawn processes, and
/// the zombie check must not see another test's engine mid-exit.
pub fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// `--engine` words for the scripted fake engine (engine-tests/fixtures).
pub fn fake(name: &str, options: &[&str]) -> Vec<String> {
    let script = crate::root().join("engine-tests/fixtures/fake_engine.py");
    let mut words = vec![
        "cmd=python3".to_string(),
        format!("name={name}"),
        format!("arg={}", script.display()),
    ];
    words.extend(options.iter().map(|o| format!("arg={o}")));
    words
}

/// A fresh PGN path in the temp directory.
pub fn temp_pgn(tag: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chimera-match-{tag}-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs `chimera match` with these engines and further options, writing the
/// PGN to a temp file; returns the standings and the PGN text.
pub fn run_match(tag: &str, engines: &[Vec<String>], options: &[&str]) -> (Standings, String) {
    let pgn = temp_pgn(tag);
    let mut argv = vec!["match".to_string()];
    for engine in engines {
        argv.push("--engine".into());
        argv.extend(engine.iter().cloned());
    }
    argv.extend(options.iter().map(|s| s.to_string()));
    argv.push("--pgn".into());
    argv.push(pgn.display().to_string());
    let cli = Cli::try_parse_from(&argv).unwrap_or_else(|e| panic!("{argv:?}: {e}"));
    let config = cli.args.into_config().unwrap();
    let standings = run_config(&config).unwrap_or_else(|e| panic!("{tag}: {e:#}"));
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    let _ = std::fs::remove_file(&pgn);
    eprintln!("{}", standings.table());
    (standings, text)
}

/// One game of a PGN file: its tags and its movetext.
#[derive(Debug)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub movetext: String,
}

impl PgnGame {
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The move tokens, without numbers, comments and the result.
    pub fn moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        let mut in_comment = false;
        for word in self.movetext.split_whitespace() {
            if in_comment {
                in_comment = !word.ends_with('}');
                continue;
            }
            if word.starts_with('{') {
                in_comment = !word.ends_with('}');
                continue;
            }
            let is_number =
                word.ends_with('.') && word.trim_end_matches('.').parse::<u32>().is_ok();
            let is_result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&word);
            if !is_number && !is_result {
                moves.push(word.to_string());
            }
        }
        moves
    }

    /// The text of the last comment (the reason the game ended).
    pub fn final_comment(&self) -> String {
        let end = self.movetext.rfind('}').unwrap_or(0);
        let start = self.movetext[..end].rfind('{').map_or(0, |i| i + 1);
        let words: Vec<&str> = self.movetext[start..end].split_whitespace().collect();
        words.join(" ")
    }
}

/// Splits a PGN file into games, checking the shape of every game: a tag
/// section of `[Key "value"]` lines, a blank line, movetext ending in the
/// result from the `Result` tag, the seven standard tags present.
pub fn parse_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut blocks = text.split("\n\n").filter(|b| !b.trim().is_empty());
    while let Some(header) = blocks.next() {
        let tags: Vec<(String, String)> = header
            .lines()
            .map(|line| {
                assert!(
                    line.starts_with('[') && line.ends_with("\"]"),
                    "bad tag line {line:?}"
                );
                let (key, value) = line[1..line.len() - 2]
                    .split_once(" \"")
                    .expect("tag value");
                (key.to_string(), value.to_string())
            })
            .collect();
        let movetext = blocks.next().expect("movetext after the tags").to_string();
        let game = PgnGame { tags, movetext };
        for key in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
            assert!(game.tag(key).is_some(), "missing tag {key} in {header}");
        }
        let result = game.tag("Result").unwrap();
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{result}");
        assert!(
            game.movetext.trim_end().ends_with(result),
            "{}",
            game.movetext
        );
        assert_eq!(
            game.tag("PlyCount").and_then(|n| n.parse::<usize>().ok()),
            Some(game.moves().len()),
            "PlyCount of {}",
            game.movetext
        );
        assert!(game.movetext.lines().all(|l| l.len() <= 80));
        games.push(game);
    }
    games
}

/// Child processes of this process, running or zombie, with their state
/// letter (Linux `/proc`; empty elsewhere). After a match there must be
/// none: every engine has quit or been killed and reaped.
pub fn child_processes() -> Vec<(u32, String)> {
    let me = std::process::id();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut children = Vec::new();
    for entry in dir.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state ppid ...`; comm may hold spaces and parentheses.
        let Some(after) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
            continue;
        };
        let fields: Vec<&str> = after.split_whitespace().collect();
        if fields.get(1).and_then(|p| p.parse().ok()) == Some(me) {
            children.push((pid, fields[0].to_string()));
        }
    }
    children
}

/// Consistency of the totals: every game counted once for each side.
pub fn check_totals(standings: &Standings, games: u32) {
    assert_eq!(standings.games_played, games);
    let played: u32 = standings.tallies.iter().map(|t| t.games()).sum();
    assert_eq!(played, 2 * games);
    let points: f64 = standings.tallies.iter().map(|t| t.points()).sum();
    assert_eq!(points, games as f64);
    let wins: u32 = standings.tallies.iter().map(|t| t.wins).sum();
    let losses: u32 = standings.tallies.iter().map(|t| t.losses).sum();
    assert_eq!(wins, losses);
    let ended: u32 = standings.terminations.values().sum();
    assert_eq!(ended, games);
}
