//! Drives the release binary over stdin/stdout, as a GUI would.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Long enough that only a hang trips it, on a slow, loaded CI machine.
pub const HANG: Duration = Duration::from_secs(30);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(crate::chimera_bin())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("chimera starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin: Some(stdin),
            lines,
        }
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        writeln!(stdin, "{line}").expect("engine reads stdin");
        stdin.flush().unwrap();
    }

    /// Sends raw bytes (which need not be UTF-8).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).expect("engine reads stdin");
        stdin.flush().unwrap();
    }

    /// Closes the engine's stdin (end of input).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Next line, or panic after [`HANG`].
    pub fn line(&mut self) -> String {
        match self.lines.recv_timeout(HANG) {
            Ok(l) => l,
            Err(e) => panic!("no output from the engine: {e:?}"),
        }
    }

    /// All lines up to and including the first one that satisfies `done`.
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.line();
            let stop = done(&l);
            out.push(l);
            if stop {
                return out;
            }
        }
    }

    /// Lines printed within `wait` (for checking that nothing else comes).
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        let end = Instant::now() + wait;
        let mut out = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => out.push(l),
                Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => return out,
            }
        }
    }

    /// Sends `isready` and returns everything before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Runs `go ...` and returns the bestmove token.
    pub fn bestmove(&mut self, go: &str) -> String {
        self.search(go).1
    }

    /// Runs `go ...` and returns every line up to the `bestmove` line and
    /// its token.
    pub fn search(&mut self, go: &str) -> (Vec<String>, String) {
        self.send(go);
        let lines = self.until(|l| l.starts_with("bestmove"));
        let last = lines.last().unwrap();
        let best = last.split_whitespace().nth(1).unwrap().to_string();
        (lines, best)
    }

    /// Waits for the process to exit; panics if it does not within [`HANG`].
    pub fn wait_exit(&mut self) -> std::process::ExitStatus {
        let end = Instant::now() + HANG;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < end, "engine did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The last `info depth` line of a search's output.
pub fn last_info(lines: &[String]) -> &str {
    lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line")
}

/// The words of an `info` line from `score` on: `["cp", "35", ...]`.
pub fn after_score(info: &str) -> Vec<&str> {
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "score").expect("a score");
    words[at + 1..].to_vec()
}
