//! Deliberately simple move generators written from the spec pages
//! (../shared/spec/), sharing no code with `src/`: the independent side of
//! the differential and perft tests. One module per variant that has one;
//! chess and atomic are checked against shakmaty instead.

pub mod avalanche;
pub mod dynamo;
pub mod omega;
