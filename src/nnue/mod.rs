//! Learned evaluation (NNUE): the inputs (`features`), the quantised
//! network and its file (`network`); `networks` holds the ones an engine
//! loaded (`EvalFile`). Training sits above the engine, in
//! [`crate::train`]. `stack` is what a
//! search worker keeps to evaluate with a network: one accumulator per ply,
//! each brought from the nearest evaluated ancestor's by the pieces that
//! differ, never copied with the position.

pub mod builtin;
pub mod features;
pub mod network;
pub mod networks;
pub mod simd;
pub mod stack;
