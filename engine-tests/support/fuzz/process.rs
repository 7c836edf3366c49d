//! The engine under test as a process: its stdin written by a thread (an
//! engine that stops reading shows up as a timeout, not a hung driver), its
//! stdout read line by line with the time each arrived, the last lines of
//! its stderr kept for a failure report. Shared by the UCI and the CECP
//! fuzz drivers.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Instant;

/// Lines of context in a failure report.
pub const TAIL: usize = 30;

pub enum Event {
    Line(Vec<u8>, Instant),
    Eof,
}

/// The engine process and the threads on its pipes.
pub struct Proc {
    pub child: Child,
    pub input: Option<Sender<Vec<u8>>>,
    pub input_broken: Arc<AtomicBool>,
    pub output: Receiver<Event>,
    pub stderr: Arc<Mutex<VecDeque<String>>>,
}

impl Proc {
    pub fn spawn(bin: &PathBuf) -> std::io::Result<Proc> {
        let mut child = Command::new(bin)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let mut stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let stderr_pipe = child.stderr.take().unwrap();
        // Writes go through a thread: an engine that stops reading must
        // show up as a timeout, not hang the fuzzer in `write`.
        let (input, lines) = mpsc::channel::<Vec<u8>>();
        let input_broken = Arc::new(AtomicBool::new(false));
        let broken = input_broken.clone();
        thread::spawn(move || {
            for bytes in lines {
                if stdin
                    .write_all(&bytes)
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    broken.store(true, Ordering::SeqCst);
                    return;
                }
            }
        });
        let (tx, output) = mpsc::channel();
        thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(Event::Eof);
                        return;
                    }
                    Ok(_) => {
                        if buf.last() == Some(&b'\n') {
                            buf.pop();
                        }
                        if buf.last() == Some(&b'\r') {
                            buf.pop();
                        }
                        if tx.send(Event::Line(buf, Instant::now())).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = stderr.clone();
        thread::spawn(move || {
            for line in BufReader::new(stderr_pipe).lines() {
                let Ok(line) = line else { return };
                let mut t = tail.lock().unwrap();
                t.push_back(clip(&line, 300));
                if t.len() > TAIL {
                    t.pop_front();
                }
            }
        });
        Ok(Proc {
            child,
            input: Some(input),
            input_broken,
            output,
            stderr,
        })
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.input = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `text` cut to at most `max` bytes, with its length when cut: the
/// engine's own helper for quoting input.
pub use chimera::text::cut as clip;

/// Bytes as readable text: non-printables escaped, long lines cut.
pub fn render(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                '\n' => out.push_str("\\n"),
                c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    clip(&out, 200)
}
