//! Chimera: a UCI and XBoard (CECP) engine for chess, atomic, avalanche,
//! Omega and Dynamo.

pub mod analysis;
pub mod bench;
pub mod build_info;
pub mod data;
pub mod datagen;
pub mod engine;
pub mod eval;
pub mod game;
pub mod gui;
pub mod input;
pub mod nnue;
pub mod openings;
pub mod perft;
pub mod protocol;
pub mod rng;
pub mod search;
pub mod tablebase;
pub mod text;
pub mod tournament;
pub mod train;
pub mod tune;
pub mod uci;
pub mod variants;
pub mod xboard;

/// The git commit this binary was built from: in a source archive of a
/// commit (`git archive`, GitHub's zip) the commit its `.archive-commit`
/// names, else what git says of HEAD, else `unknown`
/// ([`build_info::choose_commit`]). A build with uncommitted changes names
/// the commit it started from.
pub const COMMIT: &str = env!("CHIMERA_COMMIT");

/// `chimera --version`: the version and the commit.
pub const VERSION_LINE: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("CHIMERA_COMMIT"),
    ")"
);
