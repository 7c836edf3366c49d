//! One engine process spoken to over UCI, with a timeout on every wait.
//!
//! A reader thread turns the engine's stdout into lines on a channel, so the
//! referee can wait with a deadline and notice a crash (the channel closes)
//! without ever blocking on a pipe. Dropping an [`EngineProcess`] kills and
//! reaps the process, so a crashed or hung engine never leaves a zombie.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::variants::VariantId;

/// How to start one engine (one `--engine` option).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    /// `setoption` pairs sent after `uciok`, in order.
    pub options: Vec<(String, String)>,
}

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The process could not start, exited, or closed its pipes.
    Crashed(String),
    /// The engine did not answer in time.
    Timeout(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Crashed(why) | EngineError::Timeout(why) => f.write_str(why),
        }
    }
}

/// An engine's evaluation from an `info ... score` line, from its own side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Centipawns, with mates far beyond any material score.
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }
}

/// The answer to one `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReply {
    /// The token after `bestmove`, `None` when the line had none.
    pub bestmove: Option<String>,
    /// The last score the engine reported during this search.
    pub score: Option<Score>,
    /// The last depth the engine reported during this search.
    pub depth: Option<u32>,
    pub elapsed: Duration,
}

/// Reads the depth from an `info` line (`info depth 12 ...`).
pub fn parse_info_depth(line: &str) -> Option<u32> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut words = words.skip_while(|&w| w != "depth" && w != "string");
    if words.next() != Some("depth") {
        return None;
    }
    words.next()?.parse().ok()
}

/// Reads the score from an `info` line (`... score cp 31 ...`,
/// `... score mate -3 ...`); `None` for any other or malformed line.
pub fn parse_info_score(line: &str) -> Option<Score> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut words = words.skip_while(|&w| w != "score" && w != "string");
    if words.next() != Some("score") {
        return None;
    }
    let kind = words.next()?;
    let value: i32 = words.next()?.parse().ok()?;
    match kind {
        "cp" => Some(Score::Cp(value)),
        "mate" => Some(Score::Mate(value)),
        _ => None,
    }
}

/// One line of an engine's conversation, for `--log`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedLine {
    pub at: Instant,
    /// `true` for a line the engine sent, `false` for one it was sent.
    pub from_engine: bool,
    pub text: String,
}

pub struct EngineProcess {
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
    reaped: bool,
    /// Every line sent and received since the last [`EngineProcess::take_log`],
    /// when logging.
    log: Option<Vec<LoggedLine>>,
}

impl EngineProcess {
    /// Starts the engine and runs the UCI handshake: `uci` .. `uciok`, the
    /// spec's options, `UCI_Variant`, then `isready` .. `readyok`. With
    /// `log`, the process keeps a transcript from its first line on.
    pub fn start(
        spec: &EngineSpec,
        variant: VariantId,
        timeout: Duration,
        log: bool,
    ) -> Result<EngineProcess, EngineError> {
        let mut command = Command::new(&spec.cmd);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| EngineError::Crashed(format!("cannot start `{}`: {e}", spec.cmd)))?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(stdin), Some(stdout)) => (stdin, stdout),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(EngineError::Crashed("no pipes to the engine".into()));
            }
        };
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        // Engines may print anything; never trust it to be UTF-8.
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if sender.send((Instant::now(), line)).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = EngineProcess {
            name: spec.name.clone(),
            child,
            stdin,
            lines,
            reaped: false,
            log: log.then(Vec::new),
        };
        engine.send("uci")?;
        let deadline = Instant::now() + timeout;
        while engine.recv_until(deadline, "uciok")?.trim() != "uciok" {}
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
        engine.sync(timeout)?;
        Ok(engine)
    }

    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        if let Some(log) = &mut self.log {
            log.push(LoggedLine {
                at: Instant::now(),
                from_engine: false,
                text: line.to_string(),
            });
        }
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| {
                EngineError::Crashed(format!("{} stopped reading its input: {e}", self.name))
            })
    }

    /// The next line, waiting at most until `deadline`; `waiting_for` names
    /// the awaited answer for the error message.
    fn recv_until(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok((at, line)) => {
                if let Some(log) = &mut self.log {
                    log.push(LoggedLine {
                        at,
                        from_engine: true,
                        text: line.clone(),
                    });
                }
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(format!(
                "{} did not send `{waiting_for}` in time",
                self.name
            ))),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.reap();
                Err(EngineError::Crashed(format!(
                    "{} exited while we waited for `{waiting_for}` ({status})",
                    self.name
                )))
            }
        }
    }

    /// `isready` .. `readyok`, discarding whatever comes before.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        while self.recv_until(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// `ucinewgame` and a sync, before every game.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.sync(timeout)
    }

    /// Sends the position and the `go` command and waits for `bestmove`
    /// until `limit` after the `go` was sent.
    pub fn search(
        &mut self,
        position: &str,
        go: &str,
        limit: Duration,
    ) -> Result<SearchReply, EngineError> {
        self.send(position)?;
        self.send(go)?;
        let start = Instant::now();
        let deadline = start + limit;
        let mut score = None;
        let mut depth = None;
        loop {
            let line = self.recv_until(deadline, "bestmove")?;
            if let Some(s) = parse_info_score(&line) {
                score = Some(s);
            }
            if let Some(d) = parse_info_depth(&line) {
                depth = Some(d);
            }
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                return Ok(SearchReply {
                    bestmove: words.next().map(str::to_string),
                    score,
                    depth,
                    elapsed: start.elapsed(),
                });
            }
        }
    }

    /// After a timed-out search: `stop`, then wait `grace` for the late
    /// `bestmove`. `true` if it came (the engine is still usable).
    pub fn stop_search(&mut self, grace: Duration) -> bool {
        if self.send("stop").is_err() {
            return false;
        }
        let deadline = Instant::now() + grace;
        loop {
            match self.recv_until(deadline, "bestmove") {
                Ok(line) if line.split_whitespace().next() == Some("bestmove") => return true,
                Ok(_) => {}
                Err(_) => return false,
            }
        }
    }

    /// Asks the engine to quit, and kills it if it has not within `grace`.
    pub fn quit(mut self, grace: Duration) {
        let _ = self.send("quit");
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) => {
                    self.reaped = true;
                    return;
                }
                Ok(None) => thread::sleep(Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        // Drop kills and reaps.
    }

    /// Kills the process (if still running) and waits for it, so it leaves
    /// no zombie; describes how it ended.
    fn reap(&mut self) -> String {
        if self.reaped {
            return "already reaped".into();
        }
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        self.reaped = true;
        match self.child.wait() {
            Ok(status) => status.to_string(),
            Err(e) => format!("wait failed: {e}"),
        }
    }

    /// The transcript since the last call (empty when not logging); lines
    /// the engine sent that were not read yet come with the next call.
    pub fn take_log(&mut self) -> Vec<LoggedLine> {
        self.log.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// The operating system's id of the process.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.reap();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_scores_from_info_lines() {
        assert_eq!(
            parse_info_score("info depth 5 seldepth 7 score cp -31 nodes 100 pv e2e4"),
            Some(Score::Cp(-31))
        );
        assert_eq!(
            parse_info_score("info depth 9 score mate 3 pv a1a8"),
            Some(Score::Mate(3))
        );
        assert_eq!(
            parse_info_score("info depth 9 score cp 12 lowerbound"),
            Some(Score::Cp(12))
        );
        for line in [
            "info string score cp",
            "info string the score cp 5",
            "info score cp abc",
            "info score",
            "bestmove e2e4",
            "",
            "info depth 3 nodes 5",
            "info score wdl 1 2 3",
        ] {
            assert_eq!(parse_info_score(line), None, "{line}");
        }
        assert_eq!(
            parse_info_depth("info depth 12 seldepth 20 score cp 5"),
            Some(12)
        );
        assert_eq!(parse_info_depth("info string depth 12"), None);
        assert_eq!(parse_info_depth("info depth x"), None);
        assert_eq!(parse_info_depth("bestmove a1a2"), None);
        assert!(Score::Mate(2).centipawns() > Score::Mate(5).centipawns());
        assert!(Score::Mate(-2).centipawns() < Score::Mate(-5).centipawns());
        assert!(Score::Mate(-5).centipawns() < Score::Cp(-5000).centipawns());
    }
}
