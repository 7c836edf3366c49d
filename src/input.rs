//! Reads input lines on their own thread, so that `stop` (UCI) or `?`
//! (CECP) gets through while the engine works.
//!
//! Bytes that are not UTF-8 never end the input: a line is decoded lossily
//! (bad bytes become U+FFFD), which no command accepts, so such a line gets
//! its one error line like any other junk.

use std::io::BufRead;
use std::sync::mpsc::{self, Receiver};

/// Starts the reader; the channel closes at end of input.
pub fn spawn_reader() -> Receiver<String> {
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        while let Some(line) = read_line(&mut input) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The next line without its `\n` / `\r\n`, or `None` at end of input (or on
/// a read error, which a pipe only gives when it is gone).
pub fn read_line(input: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    loop {
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) if bytes.is_empty() => return None,
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        }
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::read_line;

    #[test]
    fn bad_bytes_and_line_ends_do_not_end_the_input() {
        let mut input: &[u8] = b"isready\r\n\xff\xfe\nuci\nlast";
        assert_eq!(read_line(&mut input).as_deref(), Some("isready"));
        assert_eq!(read_line(&mut input).as_deref(), Some("\u{fffd}\u{fffd}"));
        assert_eq!(read_line(&mut input).as_deref(), Some("uci"));
        assert_eq!(read_line(&mut input).as_deref(), Some("last"));
        assert_eq!(read_line(&mut input), None);
    }
}
