//! A CECP (XBoard) fuzzer: a seeded generator of input lines (games as
//! XBoard plays them, every command with good and bad arguments, lines
//! sent while the engine thinks, junk), a model of the engine's session
//! that holds the game with the library's own rules, and a driver that
//! runs the real binary on pipes and checks every answer: no death, no
//! stall, every `ping` answered in time, every `move` legal in the position
//! the engine was in. Used by `engine-tests/protocol/xboard_protocol.rs`
//! (a fixed run) and `examples/cecp_fuzz.rs` (long runs). See
//! docs/fuzzing.md.

pub mod driver;
pub mod gen;
pub mod model;

pub use driver::{run, RunConfig};
