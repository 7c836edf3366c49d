//! Chimera: a UCI engine for chess, atomic, avalanche, Omega and Dynamo.

pub mod eval;
pub mod perft;
pub mod variants;
