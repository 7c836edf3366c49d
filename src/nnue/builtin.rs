//! The networks built into the binary, one file of `nets/` per variant
//! whose network beat its hand-written evaluation in a match
//! (nets/README.md records each one's data, training command and match).
//! Each file names its variant in its header.

/// Avalanche's network, which also evaluates avalanche-balanced and
/// avalanche-reversed ([`super::networks::played_like`]), atomic's,
/// chess's, Omega's and Dynamo's.
pub const SHIPPED: &[&[u8]] = &[
    include_bytes!("../../nets/avalanche.nnue"),
    include_bytes!("../../nets/atomic.nnue"),
    include_bytes!("../../nets/chess.nnue"),
    include_bytes!("../../nets/dynamo.nnue"),
    include_bytes!("../../nets/omega.nnue"),
];
