//! Syzygy endgame tablebases for chess (`.rtbw`/`.rtbz`) and atomic
//! (`.atbw`/`.atbz`), read by the `shakmaty-syzygy` crate: the options as
//! Stockfish names them (`SyzygyPath`, `SyzygyProbeDepth`,
//! `Syzygy50MoveRule`, `SyzygyProbeLimit`), the tables found, and the two
//! questions the search asks ([`Endgames`]): what a position is worth
//! (WDL, inside the search) and which root turns keep the best result
//! (DTZ, at the root). Files are read, not memory-mapped, so a truncated
//! or damaged file is a failed probe (the search goes on without it),
//! never a crash. See docs/syzygy.md.

mod probe;

use std::path::Path;

use shakmaty::variant::Atomic;
use shakmaty::Chess;
use shakmaty_syzygy::Tablebase;

pub use probe::{Endgames, TbValue};

/// How the tables are used (Stockfish's options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TbConfig {
    /// `SyzygyProbeDepth`: the least remaining depth at which the search
    /// probes a position with as many pieces as the largest tables.
    pub probe_depth: i32,
    /// `Syzygy50MoveRule`: a win the 50-move rule spoils is a draw.
    pub fifty_move_rule: bool,
    /// `SyzygyProbeLimit`: positions with more pieces are not probed.
    pub probe_limit: usize,
}

impl Default for TbConfig {
    fn default() -> Self {
        TbConfig {
            probe_depth: 1,
            fifty_move_rule: true,
            probe_limit: 7,
        }
    }
}

/// The tables of every variant that has them, and how to use them.
pub struct Tablebases {
    pub chess: Tablebase<Chess>,
    pub atomic: Tablebase<Atomic>,
    pub config: TbConfig,
    /// Table files found, chess and atomic.
    found: (usize, usize),
}

impl Default for Tablebases {
    fn default() -> Self {
        Tablebases {
            chess: Tablebase::new(),
            atomic: Tablebase::new(),
            config: TbConfig::default(),
            found: (0, 0),
        }
    }
}

impl Tablebases {
    /// The tables in the folders of `path` (`:`-separated, `;` on
    /// Windows, as Stockfish reads `SyzygyPath`; empty or `<empty>` for
    /// none). Folders that cannot be read are skipped, each with the
    /// reason in the returned list; the tables found are kept.
    pub fn load(path: &str, config: TbConfig) -> (Tablebases, Vec<String>) {
        let mut tables = Tablebases {
            config,
            ..Tablebases::default()
        };
        let mut problems = Vec::new();
        let separator = if cfg!(windows) { ';' } else { ':' };
        let folders = path
            .split(separator)
            .map(str::trim)
            .filter(|f| !f.is_empty() && *f != "<empty>");
        for folder in folders {
            let dir = Path::new(folder);
            if !dir.is_dir() {
                problems.push(format!("{folder}: not a folder"));
                continue;
            }
            match tables.chess.add_directory(dir) {
                Ok(n) => tables.found.0 += n,
                Err(e) => problems.push(format!("{folder}: {e}")),
            }
            match tables.atomic.add_directory(dir) {
                Ok(n) => tables.found.1 += n,
                Err(e) => problems.push(format!("{folder}: {e}")),
            }
        }
        (tables, problems)
    }

    /// Whether any table was found (else the search need not ask).
    pub fn any(&self) -> bool {
        self.found != (0, 0)
    }

    /// Table files found: chess, atomic.
    pub fn found(&self) -> (usize, usize) {
        self.found
    }

    /// `Found N chess and M atomic tablebase files (up to K pieces)`, as
    /// Stockfish's `info string Found N tablebases`.
    pub fn describe(&self) -> String {
        let pieces = self.chess.max_pieces().max(self.atomic.max_pieces());
        format!(
            "Found {} chess and {} atomic tablebase files (up to {pieces} pieces)",
            self.found.0, self.found.1
        )
    }
}
