//! `--log DIR`: every line each engine sent and received during a game, in
//! one file per game (`DIR/game-<number>.log`), in time order.
//!
//! A line looks like `   0.153 chimera-2 > go wtime 990 ...` (`>` sent to
//! the engine, `<` received from it), seconds since the first line of the
//! file. The first game of a process also holds its `uci` handshake.

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use super::engine::LoggedLine;
use super::record::GameRecord;

/// The log file of game `number` in `dir`.
pub fn game_log_path(dir: &Path, number: u32) -> PathBuf {
    dir.join(format!("game-{number}.log"))
}

/// Writes one game's transcript (both engines, merged by time), then the
/// result line.
pub fn write_game_log(
    dir: &Path,
    record: &GameRecord,
    names: [&str; 2],
    white: Vec<LoggedLine>,
    black: Vec<LoggedLine>,
) -> io::Result<()> {
    let mut lines: Vec<(&str, LoggedLine)> = white
        .into_iter()
        .map(|l| (names[0], l))
        .chain(black.into_iter().map(|l| (names[1], l)))
        .collect();
    // Stable: lines of one engine at the same instant keep their order.
    lines.sort_by_key(|(_, l)| l.at);
    let origin = lines.first().map(|(_, l)| l.at);
    let mut text = format!(
        "# game {}: {} (white) vs {} (black)\n",
        record.number, names[0], names[1]
    );
    for (name, line) in &lines {
        let secs = origin.map_or(0.0, |o| line.at.duration_since(o).as_secs_f64());
        let arrow = if line.from_engine { '<' } else { '>' };
        let _ = writeln!(text, "{secs:8.3} {name} {arrow} {}", line.text);
    }
    let _ = writeln!(
        text,
        "# result {} {{{}}}",
        record.result.pgn(),
        record.reason
    );
    std::fs::create_dir_all(dir)?;
    std::fs::write(game_log_path(dir, record.number), text)
}
