//! `chimera match`: scripted engines, the statistics, self-play in every
//! variant, and the opening files; and what OpenBench's client needs of
//! the build, its book and pooled results; cutechess-cli's PGN counted in
//! pairs (tools/pgn_pairs.py).

mod cutechess_pgn;
mod match_fixtures;
mod match_selfplay;
mod match_stats;
mod openbench;
mod opening_files;
