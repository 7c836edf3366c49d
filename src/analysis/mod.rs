//! Game analysis: what the engine thinks of every position of a finished
//! game, and the game written back annotated (evaluations, inaccuracies,
//! mistakes and blunders, the better lines, each side's totals).
//! `chimera analyse` ([`command`]) runs it on PGN files; the pass
//! ([`pass`]) searches through the engine facade as every front end does.
//! docs/analysis.md.

pub mod annotate;
pub mod command;
pub mod judge;
pub mod pass;
pub mod read;
pub mod workers;

pub use command::{run, AnalyseArgs};
