//! Load PGN: the first game of PGN text read as `chimera analyse` reads its
//! games (`analysis::read`), ready to be played into the board.

use crate::analysis::read::{game_label, read_game, ReadGame};
use crate::openings::pgn::split_games;
use crate::variants::{CastlingMode, VariantId};

/// The game to load and what the page is told about the text.
pub struct Loaded {
    pub game: ReadGame,
    /// Set when the text held more than one game.
    pub notice: Option<String>,
}

/// The first game of `text`; games without a `Variant` tag are `default`.
pub fn first_game(text: &str, default: (VariantId, CastlingMode)) -> Result<Loaded, String> {
    let records = split_games(text);
    let first = records.first().ok_or("no game in the PGN text")?;
    let game = read_game(first, default).map_err(|e| format!("{}: {e}", game_label(1, first)))?;
    let notice = (records.len() > 1)
        .then(|| format!("the PGN holds {} games; the first is loaded", records.len()));
    Ok(Loaded { game, notice })
}
