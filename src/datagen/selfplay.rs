//! One self-play game of datagen: from an opening, each turn chosen by a
//! fixed-node (or fixed-depth) search; the positions worth learning from
//! are kept with the search's score, and every record gets the game's
//! result once it is known.

use std::sync::Arc;

use super::file::{push_record, Wdl};
use crate::eval::Variant;
use crate::game::{Game, GameResult};
use crate::nnue::networks::Networks;
use crate::openings::{random_opening, Opening};
use crate::rng::SplitMix64;
use crate::search::score::is_mate;
use crate::search::{Limits, Searcher, Shared};
use crate::variants::packed::{Layout, Packed};
use crate::variants::{CastlingMode, VariantId};

/// How each turn is searched and how games are decided early.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    pub nodes: Option<u64>,
    pub depth: Option<i32>,
    /// Random plies from the start when no openings are given.
    pub random_plies: u32,
    /// An opening whose first search scores beyond this is dropped: a game
    /// decided before it starts teaches little.
    pub max_opening_score: i32,
    /// Adjudicated a win once the score stays beyond this ...
    pub win_score: i32,
    /// ... for this many plies in a row.
    pub win_plies: u32,
    /// Adjudicated a draw once the score stays within this ...
    pub draw_score: i32,
    /// ... for this many plies in a row, after `draw_after` plies.
    pub draw_plies: u32,
    pub draw_after: u32,
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
}

impl Default for PlayConfig {
    fn default() -> Self {
        PlayConfig {
            nodes: Some(5000),
            depth: None,
            random_plies: 8,
            max_opening_score: 400,
            win_score: 1500,
            win_plies: 6,
            draw_score: 10,
            draw_plies: 12,
            draw_after: 80,
            max_plies: 400,
        }
    }
}

/// One finished game's records and result.
pub struct PlayedGame {
    /// Whole records, ready to append.
    pub records: Vec<u8>,
    pub positions: usize,
    /// `None` when the opening was dropped (no records).
    pub result: Option<GameResult>,
}

/// The searcher and table of one datagen thread, kept from game to game.
pub struct Player {
    searcher: Searcher,
    shared: Arc<Shared>,
}

impl Player {
    /// A player evaluating with `networks` where they hold one for the
    /// variant, else with the hand-written evaluation.
    pub fn new(hash_mb: usize, networks: Arc<Networks>) -> Player {
        let mut searcher = Searcher::new(1);
        searcher.networks = networks;
        Player {
            searcher,
            shared: Arc::new(Shared::new(hash_mb)),
        }
    }

    /// Plays game number `index` from `openings` (or random plies), seeded
    /// by `seed` and `index` so that a run can be repeated.
    pub fn play<P: Variant + Packed>(
        &mut self,
        variant: VariantId,
        layout: &Layout,
        openings: &[Opening],
        config: &PlayConfig,
        seed: u64,
        index: u64,
    ) -> PlayedGame {
        let mut rng = SplitMix64::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let opening = if openings.is_empty() {
            random_opening::<P>(
                variant,
                CastlingMode::Standard,
                config.random_plies,
                &mut rng,
            )
        } else {
            openings[rng.below(openings.len())].clone()
        };
        let dropped = PlayedGame {
            records: Vec::new(),
            positions: 0,
            result: None,
        };
        let Ok(start) = opening.position::<P>(variant, CastlingMode::Standard) else {
            return dropped;
        };
        let mut game = Game::from_position(start);
        self.shared.tt.clear();
        self.searcher.new_game();
        let limits = Limits {
            nodes: config.nodes,
            depth: config.depth,
            ..Limits::default()
        };

        // (position, score, White to move) of every kept position.
        let mut kept: Vec<(P, i16, bool)> = Vec::new();
        let mut win_run = 0u32;
        let mut draw_run = 0u32;
        let mut last_sign = 0;
        let mut plies = 0u32;
        let result = loop {
            if let Some(verdict) = game.verdict() {
                break verdict.result;
            }
            if plies >= config.max_plies {
                break GameResult::Draw;
            }
            let pos = game.position().clone();
            self.shared.start(None, config.nodes, false);
            let found = self.searcher.run(
                &pos,
                game.keys_before(),
                &limits,
                1,
                &self.shared,
                &mut |_| {},
            );
            if self.shared.stop_requested() {
                return dropped;
            }
            let Some(m) = found.best.as_deref().and_then(|t| pos.parse_move(t).ok()) else {
                return dropped;
            };
            let score = found.score;
            if plies == 0 && score.abs() > config.max_opening_score {
                return dropped;
            }
            if !is_mate(score) && !pos.in_check() && !pos.is_tactical(m) {
                kept.push((
                    pos.clone(),
                    score.clamp(-30_000, 30_000) as i16,
                    pos.white_to_move(),
                ));
            }
            // Adjudication by score, from White's view.
            let white_score = if pos.white_to_move() { score } else { -score };
            let sign = white_score.signum();
            if white_score.abs() >= config.win_score && sign == last_sign {
                win_run += 1;
            } else {
                win_run = u32::from(white_score.abs() >= config.win_score);
            }
            last_sign = sign;
            if win_run >= config.win_plies {
                break if white_score > 0 {
                    GameResult::WhiteWins
                } else {
                    GameResult::BlackWins
                };
            }
            draw_run = if white_score.abs() <= config.draw_score {
                draw_run + 1
            } else {
                0
            };
            if plies >= config.draw_after && draw_run >= config.draw_plies {
                break GameResult::Draw;
            }
            game.play(m);
            plies += 1;
        };

        let mut records = Vec::new();
        let mut positions = 0;
        for (pos, score, white) in &kept {
            let wdl = match result.white_won() {
                None => Wdl::Draw,
                Some(w) if w == *white => Wdl::Win,
                Some(_) => Wdl::Loss,
            };
            // A position the form cannot hold is left out.
            if push_record(&mut records, layout, pos, *score, wdl).is_ok() {
                positions += 1;
            }
        }
        PlayedGame {
            records,
            positions,
            result: Some(result),
        }
    }
}
