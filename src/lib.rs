//! Chimera: a UCI engine for chess, atomic, avalanche, Omega and Dynamo.

pub mod bench;
pub mod eval;
pub mod gui;
pub mod perft;
pub mod search;
pub mod tournament;
pub mod uci;
pub mod variants;
