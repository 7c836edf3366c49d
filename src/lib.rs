//! Chimera: a UCI engine for chess, atomic, avalanche, Omega and Dynamo.

pub mod bench;
pub mod engine;
pub mod eval;
pub mod game;
pub mod gui;
pub mod perft;
pub mod rng;
pub mod search;
pub mod tournament;
pub mod uci;
pub mod variants;
