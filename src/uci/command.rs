//! Parsing one line of UCI input into a [`Command`].
//!
//! Parsing never touches engine state: a malformed line becomes an `Err`
//! whose text follows `info string error: `, and the engine changes nothing.

use crate::search::Limits;
use crate::text::shorten;

#[derive(Debug, PartialEq)]
pub enum Command {
    Uci,
    IsReady,
    UciNewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    /// A `position` line that cannot be read: rejected like a bad FEN, so
    /// it too leaves no position.
    BadPosition(String),
    /// The limits, and the parts of the line that were ignored (unknown
    /// parameters, bad values), reported as one error line.
    Go(Limits, Vec<String>),
    Perft(u32),
    Stop,
    PonderHit,
    Quit,
    Display,
    Eval,
    Bench(Option<i32>),
    /// OpenBench's `genfens N seed S book <None|file> [extra]`.
    Genfens {
        count: usize,
        seed: u64,
        book: Option<String>,
    },
    Debug,
}

impl Command {
    /// The command runs as an engine job (a search, perft, bench, genfens)
    /// that `stop` ends.
    pub fn starts_a_job(&self) -> bool {
        matches!(
            self,
            Command::Go(..) | Command::Perft(_) | Command::Bench(_) | Command::Genfens { .. }
        )
    }
}

pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let mut words = line.split_whitespace();
    let Some(head) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let no_args = |c: Command| {
        if rest.is_empty() {
            Ok(Some(c))
        } else {
            Err(format!("{} takes no arguments", shorten(head)))
        }
    };
    match head {
        "uci" => no_args(Command::Uci),
        "isready" => no_args(Command::IsReady),
        "ucinewgame" => no_args(Command::UciNewGame),
        "stop" => no_args(Command::Stop),
        "ponderhit" => no_args(Command::PonderHit),
        "quit" => no_args(Command::Quit),
        "d" => no_args(Command::Display),
        "eval" => no_args(Command::Eval),
        "debug" => Ok(Some(Command::Debug)),
        "bench" => match rest.as_slice() {
            [] => Ok(Some(Command::Bench(None))),
            [d] => match d.parse::<i32>() {
                Ok(d) if (1..=64).contains(&d) => Ok(Some(Command::Bench(Some(d)))),
                _ => Err(format!("bench depth must be 1..64, not {}", shorten(d))),
            },
            _ => Err("usage: bench [depth]".into()),
        },
        "genfens" => parse_genfens(&rest).map(Some),
        "setoption" => parse_setoption(&rest).map(Some),
        "position" => Ok(Some(
            parse_position(&rest).unwrap_or_else(Command::BadPosition),
        )),
        "go" => parse_go(&rest).map(Some),
        _ => Err(format!("unknown command {}", shorten(head))),
    }
}

fn parse_setoption(args: &[&str]) -> Result<Command, String> {
    if args.first() != Some(&"name") {
        return Err("usage: setoption name <name> [value <value>]".into());
    }
    let value_at = args.iter().position(|&w| w == "value");
    let name_words = &args[1..value_at.unwrap_or(args.len())];
    if name_words.is_empty() {
        return Err("setoption needs an option name".into());
    }
    let value = value_at.map(|i| args[i + 1..].join(" "));
    if value.as_deref() == Some("") {
        return Err("setoption value is empty".into());
    }
    Ok(Command::SetOption {
        name: name_words.join(" "),
        value,
    })
}

fn parse_position(args: &[&str]) -> Result<Command, String> {
    let moves_at = args.iter().position(|&w| w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (
            &args[..i],
            args[i + 1..].iter().map(|s| s.to_string()).collect(),
        ),
        None => (args, Vec::new()),
    };
    let fen = match setup {
        ["startpos"] => None,
        ["fen", fields @ ..] if !fields.is_empty() => Some(fields.join(" ")),
        ["fen"] => return Err("position fen needs a FEN".into()),
        _ => return Err("usage: position startpos|fen <FEN> [moves ...]".into()),
    };
    Ok(Command::Position { fen, moves })
}

/// `go` keywords that take a value.
const GO_VALUES: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
];

fn parse_go(args: &[&str]) -> Result<Command, String> {
    if args.first() == Some(&"perft") {
        return match args {
            [_, d] => match d.parse::<u32>() {
                Ok(d) if (1..=20).contains(&d) => Ok(Command::Perft(d)),
                _ => Err(format!("perft depth must be 1..20, not {}", shorten(d))),
            },
            _ => Err("usage: go perft <depth>".into()),
        };
    }
    // A GUI waits for `bestmove` after any `go`: what cannot be understood
    // is ignored (and reported), the rest obeyed.
    let mut limits = Limits::default();
    let mut ignored: Vec<String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        i += 1;
        if GO_VALUES.contains(&key) {
            // GUIs occasionally send negative clocks after a late move.
            let value = args.get(i).and_then(|v| v.parse::<i64>().ok());
            let Some(v) = value else {
                let what = args.get(i).map_or("nothing".to_string(), |v| shorten(v));
                ignored.push(format!("{key} (needs a number, not {what})"));
                continue;
            };
            i += 1;
            let v = v.max(0) as u64;
            match key {
                "wtime" => limits.wtime = Some(v),
                "btime" => limits.btime = Some(v),
                "winc" => limits.winc = v,
                "binc" => limits.binc = v,
                "movestogo" => limits.movestogo = Some(v),
                "movetime" => limits.movetime = Some(v),
                "nodes" => limits.nodes = Some(v.max(1)),
                "depth" => limits.depth = Some(v.clamp(1, 127) as i32),
                _ => limits.mate = Some(v.clamp(1, 60) as i32),
            }
            continue;
        }
        match key {
            "infinite" => limits.infinite = true,
            "ponder" => limits.ponder = true,
            "searchmoves" => {
                limits.searchmoves = args[i..].iter().map(|s| s.to_string()).collect();
                if limits.searchmoves.is_empty() {
                    ignored.push("searchmoves (no turns given, searching all)".into());
                }
                break;
            }
            _ => ignored.push(format!("unknown parameter {}", shorten(key))),
        }
    }
    let warnings = if ignored.is_empty() {
        Vec::new()
    } else {
        let mut text = format!("go: ignored {}", ignored.join(", "));
        if text.len() > 300 {
            text = format!("{} ({} parts ignored)", shorten(&text), ignored.len());
        }
        vec![text]
    };
    Ok(Command::Go(limits, warnings))
}

/// Most openings one `genfens` makes.
const MAX_GENFENS: usize = 1_000_000;

/// `genfens N seed S book <None|file> [extra ...]` (OpenBench's data and
/// opening workloads); `extra` is OpenBench's to pass and ignored here.
fn parse_genfens(rest: &[&str]) -> Result<Command, String> {
    const USAGE: &str = "usage: genfens N seed S book <None|file>";
    let [n, "seed", s, "book", book, ..] = rest else {
        return Err(USAGE.into());
    };
    let count = match n.parse::<usize>() {
        Ok(n) if (1..=MAX_GENFENS).contains(&n) => n,
        _ => {
            return Err(format!(
                "genfens count must be 1..{MAX_GENFENS}, not {}",
                shorten(n)
            ))
        }
    };
    let seed = s
        .parse::<u64>()
        .map_err(|_| format!("genfens seed must be a whole number, not {}", shorten(s)))?;
    let book = (!book.eq_ignore_ascii_case("none")).then(|| book.to_string());
    Ok(Command::Genfens { count, seed, book })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_positions() {
        assert_eq!(
            parse("position startpos moves e2e4 e7e5").unwrap(),
            Some(Command::Position {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
        let Some(Command::Position { fen, moves }) =
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1").unwrap()
        else {
            panic!()
        };
        assert_eq!(fen.as_deref(), Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"));
        assert!(moves.is_empty());
        for bad in ["position", "position fen", "position startpos e2e4"] {
            assert!(
                matches!(parse(bad), Ok(Some(Command::BadPosition(_)))),
                "{bad}"
            );
        }
    }

    #[test]
    fn parses_go() {
        let Some(Command::Go(l, warnings)) =
            parse("go wtime 1000 btime -5 winc 10 binc 10 movestogo 5").unwrap()
        else {
            panic!()
        };
        assert_eq!(
            (l.wtime, l.btime, l.winc, l.movestogo),
            (Some(1000), Some(0), 10, Some(5))
        );
        assert!(warnings.is_empty());
        let Some(Command::Go(l, _)) = parse("go infinite searchmoves e2e4 d2d4").unwrap() else {
            panic!()
        };
        assert!(l.infinite);
        assert_eq!(l.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(parse("go perft 3").unwrap(), Some(Command::Perft(3)));
        assert_eq!(
            parse("genfens 16 seed 42 book None").unwrap(),
            Some(Command::Genfens {
                count: 16,
                seed: 42,
                book: None
            })
        );
        assert_eq!(
            parse("genfens 2 seed 1 book Books/x.epd extra words").unwrap(),
            Some(Command::Genfens {
                count: 2,
                seed: 1,
                book: Some("Books/x.epd".into())
            })
        );
        for bad in [
            "genfens",
            "genfens 0 seed 1 book None",
            "genfens 5 seed -1 book None",
            "genfens 5 book None seed 1",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(parse("go perft 0").is_err());
    }

    #[test]
    fn go_ignores_what_it_cannot_read_and_obeys_the_rest() {
        let go = |line: &str| match parse(line) {
            Ok(Some(Command::Go(l, w))) => (l, w),
            other => panic!("{line}: {other:?}"),
        };
        let (l, w) = go("go sideways 3 depth 2");
        assert_eq!(l.depth, Some(2));
        assert_eq!(
            w,
            vec!["go: ignored unknown parameter sideways, unknown parameter 3"]
        );
        let (l, w) = go("go depth x movetime 50");
        assert_eq!((l.depth, l.movetime), (None, Some(50)));
        assert_eq!(
            w,
            vec!["go: ignored depth (needs a number, not x), unknown parameter x"]
        );
        let (l, w) = go("go depth");
        assert_eq!(l, Limits::default());
        assert_eq!(w.len(), 1);
        let (l, w) = go("go searchmoves");
        assert!(l.searchmoves.is_empty() && w.len() == 1);
        let long = format!("go {}", "zz ".repeat(10_000));
        let (_, w) = go(&long);
        assert!(w.len() == 1 && w[0].len() < 400, "{}", w[0].len());
    }

    #[test]
    fn parses_setoption_and_rejects_junk() {
        assert_eq!(
            parse("setoption name Move Overhead value 30").unwrap(),
            Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash").unwrap(),
            Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert!(parse("setoption Hash 3").is_err());
        assert!(parse("setoption name Hash value").is_err());
        assert!(parse("fly").is_err());
        assert!(parse("isready now").is_err());
        assert_eq!(parse("   ").unwrap(), None);
    }
}
