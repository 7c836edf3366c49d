//! Learned evaluation (NNUE): the inputs (`features`), the quantised
//! network and its file (`network`), the float network and its training
//! step (`train`), and `chimera train` (`trainer`); `networks` holds the
//! ones an engine loaded (`EvalFile`). `stack` is what a
//! search worker keeps to evaluate with a network: one accumulator per ply,
//! each brought from the nearest evaluated ancestor's by the pieces that
//! differ, never copied with the position.

pub mod builtin;
pub mod features;
pub mod network;
pub mod networks;
pub mod simd;
pub mod stack;
pub mod train;
pub mod trainer;
