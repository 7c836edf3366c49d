//! `chimera match`: scripted engines, the statistics, self-play in every
//! variant, and the opening files.

mod match_fixtures;
mod match_selfplay;
mod match_stats;
mod opening_files;
