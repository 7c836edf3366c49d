//! Parsing one line of UCI input into a [`Command`].
//!
//! Parsing never touches engine state: a malformed line becomes an `Err`
//! whose text follows `info string error: `, and the engine changes nothing.

use crate::search::Limits;

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
    Go(Limits),
    Perft(u32),
    Stop,
    PonderHit,
    Quit,
    Display,
    Eval,
    Bench(Option<i32>),
    Debug,
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
            Err(format!("{head} takes no arguments"))
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
                _ => Err(format!("bench depth must be 1..64, not {d}")),
            },
            _ => Err("usage: bench [depth]".into()),
        },
        "setoption" => parse_setoption(&rest).map(Some),
        "position" => parse_position(&rest).map(Some),
        "go" => parse_go(&rest).map(Some),
        _ => Err(format!("unknown command {head}")),
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

fn parse_go(args: &[&str]) -> Result<Command, String> {
    if args.first() == Some(&"perft") {
        return match args {
            [_, d] => match d.parse::<u32>() {
                Ok(d) if (1..=20).contains(&d) => Ok(Command::Perft(d)),
                _ => Err(format!("perft depth must be 1..20, not {d}")),
            },
            _ => Err("usage: go perft <depth>".into()),
        };
    }
    let mut limits = Limits::default();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let value = || -> Result<u64, String> {
            let v = args
                .get(i + 1)
                .ok_or_else(|| format!("go {key} needs a value"))?;
            // GUIs occasionally send negative clocks after a late move.
            v.parse::<i64>()
                .map(|n| n.max(0) as u64)
                .map_err(|_| format!("go {key}: {v} is not a number"))
        };
        match key {
            "wtime" => limits.wtime = Some(value()?),
            "btime" => limits.btime = Some(value()?),
            "winc" => limits.winc = value()?,
            "binc" => limits.binc = value()?,
            "movestogo" => limits.movestogo = Some(value()?),
            "movetime" => limits.movetime = Some(value()?),
            "nodes" => limits.nodes = Some(value()?.max(1)),
            "depth" => limits.depth = Some(value()?.clamp(1, 127) as i32),
            "mate" => limits.mate = Some(value()?.clamp(1, 60) as i32),
            "infinite" | "ponder" => {
                if key == "infinite" {
                    limits.infinite = true;
                } else {
                    limits.ponder = true;
                }
                i += 1;
                continue;
            }
            "searchmoves" => {
                limits.searchmoves = args[i + 1..].iter().map(|s| s.to_string()).collect();
                if limits.searchmoves.is_empty() {
                    return Err("go searchmoves needs moves".into());
                }
                break;
            }
            _ => return Err(format!("go: unknown parameter {key}")),
        }
        i += 2;
    }
    Ok(Command::Go(limits))
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
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position startpos e2e4").is_err());
    }

    #[test]
    fn parses_go() {
        let Some(Command::Go(l)) =
            parse("go wtime 1000 btime -5 winc 10 binc 10 movestogo 5").unwrap()
        else {
            panic!()
        };
        assert_eq!(
            (l.wtime, l.btime, l.winc, l.movestogo),
            (Some(1000), Some(0), 10, Some(5))
        );
        let Some(Command::Go(l)) = parse("go infinite searchmoves e2e4 d2d4").unwrap() else {
            panic!()
        };
        assert!(l.infinite);
        assert_eq!(l.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(parse("go perft 3").unwrap(), Some(Command::Perft(3)));
        assert!(parse("go depth x").is_err());
        assert!(parse("go depth").is_err());
        assert!(parse("go sideways 3").is_err());
        assert!(parse("go perft 0").is_err());
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
