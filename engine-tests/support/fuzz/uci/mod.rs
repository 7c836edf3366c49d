//! A UCI fuzzer: a seeded generator of input lines (valid and mutated, in
//! every variant), a model of the engine's state built on the library's
//! rules, and a driver that runs the real binary on pipes and checks every
//! answer. Used by `engine-tests/protocol/uci_fuzz.rs` (a fixed run) and
//! `examples/uci_fuzz.rs` (long runs). See docs/fuzzing.md.

pub mod check;
pub mod driver;
pub mod gen;
pub mod model;

pub use driver::{run, RunConfig};
