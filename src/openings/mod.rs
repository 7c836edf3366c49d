//! Where games start, for the match runner, datagen and OpenBench's
//! `genfens`: an openings file (EPD/FEN lines or PGN games), in file or
//! seeded random order from a start index, a few random plies from the
//! variant's start position, or balanced openings a shallow search judges
//! ([`balanced`]); and `chimera openings`, which writes balanced opening
//! files for every variant ([`generate`]).

pub mod balanced;
pub mod epd;
pub mod generate;
pub mod pgn;
pub mod random;

use std::path::{Path, PathBuf};

use crate::rng::SplitMix64;
use crate::variants::{CastlingMode, Rules, VariantId};

pub use random::random_opening;

/// A game's starting point: a FEN (or the variant's start position) and
/// moves already played from it, which the engines receive in `position`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

impl Opening {
    /// The position after the opening's moves, checked playable: every move
    /// legal and the game not yet over.
    pub fn position<P: Rules>(
        &self,
        variant: VariantId,
        castling: CastlingMode,
    ) -> Result<P, String> {
        let mut pos =
            P::set_up(variant, self.fen.as_deref(), castling).map_err(|e| e.to_string())?;
        for token in &self.moves {
            let m = pos.parse_move(token).map_err(|e| e.to_string())?;
            pos.play(m);
        }
        check_playable(pos)
    }
}

/// An opening whose game is already over would only produce empty games.
pub fn check_playable<P: Rules>(pos: P) -> Result<P, String> {
    if let Some(end) = pos.early_end() {
        return Err(format!("the game is already over ({})", end.reason));
    }
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    if moves.is_empty() {
        return Err(format!(
            "the side to move has no legal move ({})",
            pos.end_without_moves().reason
        ));
    }
    Ok(pos)
}

/// How an openings file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookFormat {
    /// One FEN or EPD per line.
    Epd,
    /// PGN games: each game's moves from its `FEN` tag or the start position.
    Pgn,
}

/// In which order the openings of a file are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookOrder {
    Sequential,
    /// Shuffled once with the match's seed.
    Random,
}

impl BookOrder {
    pub fn name(self) -> &'static str {
        match self {
            BookOrder::Sequential => "sequential",
            BookOrder::Random => "random",
        }
    }
}

/// The `--openings` setting: `file=F [format=epd|pgn] [order=sequential|random]
/// [start=N] [plies=N]`, as cutechess-cli's `-openings`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookSpec {
    pub file: PathBuf,
    pub format: BookFormat,
    pub order: BookOrder,
    /// 1-based index of the first opening played (after ordering).
    pub start: usize,
    /// At most this many plies of each PGN game.
    pub plies: Option<usize>,
}

impl BookSpec {
    /// Parses the words of `--openings`; a bare first word is the file. The
    /// format defaults to PGN for a `.pgn` file, else EPD.
    pub fn parse(words: &[String]) -> Result<BookSpec, String> {
        let mut file = None;
        let (mut format, mut order, mut start, mut plies) = (None, BookOrder::Sequential, 1, None);
        for (i, word) in words.iter().enumerate() {
            let Some((key, value)) = word.split_once('=') else {
                if i == 0 {
                    file = Some(PathBuf::from(word));
                    continue;
                }
                return Err(format!("openings setting `{word}` is not KEY=VALUE"));
            };
            let number = || {
                value
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("openings setting `{word}` needs a positive number"))
            };
            match key {
                "file" => file = Some(PathBuf::from(value)),
                "format" => {
                    format = Some(match value {
                        "epd" | "fen" => BookFormat::Epd,
                        "pgn" => BookFormat::Pgn,
                        _ => return Err(format!("unknown openings format `{value}` (epd, pgn)")),
                    })
                }
                "order" => {
                    order = match value {
                        "sequential" => BookOrder::Sequential,
                        "random" => BookOrder::Random,
                        _ => {
                            return Err(format!(
                                "unknown openings order `{value}` (sequential, random)"
                            ))
                        }
                    }
                }
                "start" => start = number()?,
                "plies" => plies = Some(number()?),
                // cutechess-cli's only policy; accepted for its command lines.
                "policy" if value == "default" => {}
                _ => {
                    return Err(format!(
                        "unknown openings setting `{key}` (file, format, order, start, plies)"
                    ))
                }
            }
        }
        let file = file.ok_or("--openings needs a file")?;
        let format = format.unwrap_or_else(|| {
            let pgn = file
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
            if pgn {
                BookFormat::Pgn
            } else {
                BookFormat::Epd
            }
        });
        Ok(BookSpec {
            file,
            format,
            order,
            start,
            plies,
        })
    }

    /// Reads the file and puts its openings in playing order: shuffled with
    /// `seed` for random order, then rotated so that opening `start` is first.
    pub fn load<P: Rules>(
        &self,
        variant: VariantId,
        castling: CastlingMode,
        seed: u64,
    ) -> Result<Vec<Opening>, String> {
        let mut openings = read_book::<P>(variant, castling, &self.file, self.format, self.plies)?;
        if self.order == BookOrder::Random {
            SplitMix64::new(seed).shuffle(&mut openings);
        }
        let first = (self.start - 1) % openings.len();
        openings.rotate_left(first);
        Ok(openings)
    }
}

/// Every opening of a file, in file order.
pub fn read_book<P: Rules>(
    variant: VariantId,
    castling: CastlingMode,
    path: &Path,
    format: BookFormat,
    plies: Option<usize>,
) -> Result<Vec<Opening>, String> {
    let text = std::fs::read(path)
        .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&text);
    let openings = match format {
        BookFormat::Epd => epd::read_lines::<P>(variant, castling, &text),
        BookFormat::Pgn => pgn::read_games::<P>(variant, castling, &text, plies),
    }
    .map_err(|e| format!("{} {e}", path.display()))?;
    if openings.is_empty() {
        return Err(format!("{} has no openings", path.display()));
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn parses_the_openings_setting() {
        let spec = BookSpec::parse(&words("book.epd")).unwrap();
        assert_eq!(
            spec,
            BookSpec {
                file: "book.epd".into(),
                format: BookFormat::Epd,
                order: BookOrder::Sequential,
                start: 1,
                plies: None
            }
        );
        let spec = BookSpec::parse(&words(
            "file=games.PGN order=random start=7 plies=8 policy=default",
        ))
        .unwrap();
        assert_eq!(spec.format, BookFormat::Pgn);
        assert_eq!(
            (spec.order, spec.start, spec.plies),
            (BookOrder::Random, 7, Some(8))
        );
        let spec = BookSpec::parse(&words("x.pgn format=epd")).unwrap();
        assert_eq!(spec.format, BookFormat::Epd);
        for bad in [
            "",
            "order=random",
            "a.epd start=0",
            "a.epd order=shuffled",
            "a.epd format=cbh",
            "a.epd plies=x",
            "a.epd bogus=1",
            "a.epd loose",
        ] {
            assert!(BookSpec::parse(&words(bad)).is_err(), "{bad}");
        }
    }
}
