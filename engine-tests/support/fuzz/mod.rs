//! The protocol fuzzers: the UCI one ([`uci`]) and the CECP one
//! ([`cecp`]), each a seeded line generator, a model of the engine's state
//! and a driver that runs the real binary on pipes and checks every answer.
//! They share the engine process ([`process`]), the session loop
//! ([`session`]), the failure report ([`transcript`]) and the type-erased
//! game the models hold ([`mirror`]). Used by `engine-tests/protocol/` (fixed runs)
//! and `examples/{uci,cecp}_fuzz.rs` (long runs). See docs/fuzzing.md.

pub mod cecp;
pub mod mirror;
pub mod process;
pub mod session;
pub mod transcript;
pub mod uci;
