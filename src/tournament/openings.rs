//! Where games start: lines of an EPD/FEN file, or a few random plies from
//! the variant's start position.

use std::path::Path;

use crate::variants::Rules;

/// A game's starting point: a FEN (or the variant's start position) and
/// moves already played from it, which the engines receive in `position`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// Parses one line of an openings file: a full FEN, or an EPD line (four
/// FEN fields, then operations such as `bm e4; id "x";`), whose move counters
/// are taken as `0 1`.
pub fn parse_opening_line<P: Rules>(variant: &str, line: &str) -> Result<Opening, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let mut candidates = Vec::new();
    if fields.len() >= 6 {
        candidates.push(fields[..6].join(" "));
    }
    if fields.len() >= 4 {
        candidates.push(format!("{} 0 1", fields[..4].join(" ")));
    }
    candidates.push(line.trim().to_string());
    let mut first_error = None;
    for fen in candidates {
        match P::from_fen(variant, &fen) {
            Ok(pos) => {
                return check_playable(pos).map(|pos| Opening {
                    fen: Some(pos.fen()),
                    moves: Vec::new(),
                })
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| "empty line".to_string()))
}

/// An opening whose game is already over would only produce empty games.
fn check_playable<P: Rules>(pos: P) -> Result<P, String> {
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

/// Reads an openings file: one FEN or EPD per line; blank lines and lines
/// starting with `#` are skipped. Any other line that does not parse is an
/// error naming its line number.
pub fn load_openings<P: Rules>(variant: &str, path: &Path) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse_opening_line::<P>(variant, line)
            .map_err(|e| format!("{} line {}: {e}", path.display(), number + 1))?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(format!("{} has no openings", path.display()));
    }
    Ok(openings)
}

/// SplitMix64: a small, seedable generator, enough to pick opening moves.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), by rejection so small `n` are unbiased.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

/// `plies` uniformly random legal turns from the start position, such that
/// the game is not over afterwards. Retries a few times; if every try ends
/// the game, it settles for the longest playable prefix.
pub fn random_opening<P: Rules>(variant: &str, plies: u32, rng: &mut SplitMix64) -> Opening {
    let mut best = Opening::default();
    for _ in 0..100 {
        let mut pos = P::start(variant);
        let mut played = Vec::new();
        let mut moves = Vec::new();
        for _ in 0..plies {
            moves.clear();
            pos.generate(&mut moves);
            if moves.is_empty() || pos.early_end().is_some() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            played.push(pos.format_move(m));
            pos.play(m);
        }
        // Drop trailing plies until the position is still playable.
        while !played.is_empty() && !is_playable::<P>(variant, &played) {
            played.pop();
        }
        if played.len() as u32 == plies {
            return Opening {
                fen: None,
                moves: played,
            };
        }
        if played.len() > best.moves.len() {
            best.moves = played;
        }
    }
    best
}

fn is_playable<P: Rules>(variant: &str, moves: &[String]) -> bool {
    let mut pos = P::start(variant);
    for token in moves {
        match pos.parse_move(token) {
            Ok(m) => pos.play(m),
            Err(_) => return false,
        }
    }
    check_playable(pos).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::ChessPosition;

    #[test]
    fn reads_fen_and_epd_lines() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let from_fen = parse_opening_line::<ChessPosition>("chess", fen).unwrap();
        assert_eq!(from_fen.fen.as_deref(), Some(fen));
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"king pawn\";";
        assert_eq!(
            parse_opening_line::<ChessPosition>("chess", epd).unwrap(),
            from_fen
        );
        assert!(parse_opening_line::<ChessPosition>("chess", "not a fen").is_err());
        // Fool's mate: black has mated, nothing left to play.
        let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let err = parse_opening_line::<ChessPosition>("chess", mated).unwrap_err();
        assert!(err.contains("checkmate"), "{err}");
    }

    #[test]
    fn random_openings_are_legal_and_reproducible() {
        let a = random_opening::<ChessPosition>("chess", 8, &mut SplitMix64::new(7));
        let b = random_opening::<ChessPosition>("chess", 8, &mut SplitMix64::new(7));
        assert_eq!(a, b);
        assert_eq!(a.moves.len(), 8);
        assert!(is_playable::<ChessPosition>("chess", &a.moves));
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = SplitMix64::new(1);
        let mut seen = [0u32; 3];
        for _ in 0..300 {
            seen[rng.below(3)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }
}
