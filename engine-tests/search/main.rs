//! The search: forced wins found, draws by repetition and rule, strength
//! levels, endgame tables and the win/draw/loss output.

mod search;
mod search_draws;
mod strength_levels;
mod syzygy;
mod wdl;
