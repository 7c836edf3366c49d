//! Parsing one line of CECP input into a [`Command`].
//!
//! Parsing never touches engine state: a line that cannot be read becomes
//! an [`Invalid`] whose reason goes into `Error (<reason>): <line>`.

use super::clock::Level;

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `xboard`, `accepted`, `rejected`, `random`, `computer`, `name`,
    /// `rating`, `ics`, `draw`, `hint`, `bk`, `.`: nothing to do.
    Ignored,
    Protover(u32),
    New,
    Variant(String),
    Force,
    Go,
    PlayOther,
    UserMove(String),
    Level(Level),
    /// `st`: milliseconds per move.
    SearchTime(u64),
    /// `sd`: plies.
    SearchDepth(i32),
    /// `time`: the engine's clock, centiseconds.
    Time(i64),
    /// `otim`: the opponent's clock, centiseconds.
    OpponentTime(i64),
    MoveNow,
    Ping(String),
    SetBoard(String),
    Undo,
    Remove,
    Hard,
    Easy,
    Post,
    NoPost,
    Analyze,
    Exit,
    Result(String),
    Quit,
    /// `memory`: megabytes for the hash table.
    Memory(usize),
    /// `cores`: search threads.
    Cores(usize),
    /// `option NAME[=VALUE]`.
    SetOption {
        name: String,
        value: Option<String>,
    },
}

/// Why a line was not understood: `Error (<reason>): <line>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid(pub String);

/// Parses one line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, Invalid> {
    let line = line.trim();
    let Some(head) = line.split_whitespace().next() else {
        return Ok(None);
    };
    let rest = line[head.len()..].trim();
    let args: Vec<&str> = rest.split_whitespace().collect();
    let no_args = |c: Command| {
        if args.is_empty() {
            Ok(c)
        } else {
            Err(Invalid("too many parameters".into()))
        }
    };
    let cmd = match head {
        "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics"
        | "draw" | "hint" | "bk" | "." => Ok(Command::Ignored),
        "protover" => one_number(&args).map(Command::Protover),
        "new" => no_args(Command::New),
        "variant" => match args.as_slice() {
            [name] => Ok(Command::Variant(name.to_string())),
            [] => Err(Invalid("variant needs a name".into())),
            _ => Err(Invalid("too many parameters".into())),
        },
        "force" => no_args(Command::Force),
        "go" => no_args(Command::Go),
        "playother" => no_args(Command::PlayOther),
        "usermove" => match args.as_slice() {
            [token] => Ok(Command::UserMove(token.to_string())),
            [] => Err(Invalid("usermove needs a move".into())),
            _ => Err(Invalid("too many parameters".into())),
        },
        "level" => Level::parse(&args).map(Command::Level).map_err(Invalid),
        "st" => match args.as_slice() {
            [secs] => super::clock::parse_seconds(secs)
                .map(Command::SearchTime)
                .map_err(Invalid),
            _ => Err(Invalid("usage: st <seconds>".into())),
        },
        "sd" => match one_number::<i32>(&args)? {
            d if d >= 1 => Ok(Command::SearchDepth(d.min(127))),
            _ => Err(Invalid("depth must be at least 1".into())),
        },
        "time" => one_number(&args).map(Command::Time),
        "otim" => one_number(&args).map(Command::OpponentTime),
        "?" => no_args(Command::MoveNow),
        "ping" => match args.as_slice() {
            [n] => Ok(Command::Ping(n.to_string())),
            _ => Err(Invalid("usage: ping <number>".into())),
        },
        "setboard" if rest.is_empty() => Err(Invalid("setboard needs a FEN".into())),
        "setboard" => Ok(Command::SetBoard(rest.to_string())),
        "undo" => no_args(Command::Undo),
        "remove" => no_args(Command::Remove),
        "hard" => no_args(Command::Hard),
        "easy" => no_args(Command::Easy),
        "post" => no_args(Command::Post),
        "nopost" => no_args(Command::NoPost),
        "analyze" => no_args(Command::Analyze),
        "exit" => no_args(Command::Exit),
        "result" => Ok(Command::Result(rest.to_string())),
        "quit" => Ok(Command::Quit),
        "memory" => match one_number::<usize>(&args)? {
            0 => Err(Invalid("memory must be at least 1 MB".into())),
            mb => Ok(Command::Memory(mb)),
        },
        "cores" => match one_number::<usize>(&args)? {
            0 => Err(Invalid("cores must be at least 1".into())),
            n => Ok(Command::Cores(n)),
        },
        "option" => parse_option(rest),
        // Protocol 1 GUIs send a move without `usermove`.
        _ if looks_like_move(head) && args.is_empty() => Ok(Command::UserMove(head.to_string())),
        _ => Err(Invalid("unknown command".into())),
    };
    cmd.map(Some)
}

/// The one numeric argument of a command.
fn one_number<T: std::str::FromStr>(args: &[&str]) -> Result<T, Invalid> {
    match args {
        [n] => n
            .parse()
            .map_err(|_| Invalid(format!("not a number: {}", crate::text::shorten(n)))),
        [] => Err(Invalid("missing parameter".into())),
        _ => Err(Invalid("too many parameters".into())),
    }
}

/// `option NAME=VALUE`, or `option NAME` for a button.
fn parse_option(rest: &str) -> Result<Command, Invalid> {
    let (name, value) = match rest.split_once('=') {
        Some((n, v)) => (n.trim(), Some(v.trim().to_string())),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(Invalid("usage: option NAME=VALUE".into()));
    }
    Ok(Command::SetOption {
        name: name.to_string(),
        value,
    })
}

/// A coordinate move such as `e2e4`, `e10e11c` (file letter, rank digit).
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    fn err(line: &str) -> String {
        parse(line).unwrap_err().0
    }

    #[test]
    fn parses_the_game_commands() {
        assert_eq!(cmd("protover 2"), Command::Protover(2));
        assert_eq!(cmd("variant omega"), Command::Variant("omega".into()));
        assert_eq!(cmd("usermove e10e11c"), Command::UserMove("e10e11c".into()));
        assert_eq!(cmd("e2e4"), Command::UserMove("e2e4".into()));
        assert_eq!(cmd("st 2.5"), Command::SearchTime(2500));
        assert_eq!(cmd("sd 300"), Command::SearchDepth(127));
        assert_eq!(cmd("time -12"), Command::Time(-12));
        assert_eq!(cmd("ping 7"), Command::Ping("7".into()));
        assert_eq!(
            cmd("setboard 8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            Command::SetBoard("8/8/8/8/8/8/8/K1k5 w - - 0 1".into())
        );
        assert_eq!(
            cmd("result 1-0 {White mates}"),
            Command::Result("1-0 {White mates}".into())
        );
        assert_eq!(
            cmd("option Move Overhead=30"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert_eq!(cmd("accepted setboard"), Command::Ignored);
        assert_eq!(parse("  ").unwrap(), None);
    }

    #[test]
    fn junk_is_an_error_with_a_reason() {
        assert_eq!(err("fly"), "unknown command");
        assert_eq!(err("new game"), "too many parameters");
        assert_eq!(err("sd x"), "not a number: x");
        assert_eq!(err("sd 0"), "depth must be at least 1");
        assert_eq!(err("setboard"), "setboard needs a FEN");
        assert_eq!(err("memory 0"), "memory must be at least 1 MB");
        assert_eq!(err("variant"), "variant needs a name");
        assert_eq!(err("ping"), "usage: ping <number>");
        assert_eq!(err("option =3"), "usage: option NAME=VALUE");
    }
}
