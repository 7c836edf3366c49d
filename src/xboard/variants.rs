//! The variants in CECP: the names announced in `feature variants=`, the
//! ones refused, and what the engine tells the GUI after `variant`. What
//! XBoard knows of each variant comes from its backend
//! ([`crate::variants::xboard::XboardVariant`]).

use crate::game::Verdict;
use crate::variants::xboard::XboardVariant;
use crate::variants::{CastlingMode, VariantId};

/// The variants XBoard can play with Chimera, with their CECP names (chess
/// is `normal`), in registry order.
pub fn announced() -> impl Iterator<Item = (VariantId, XboardVariant)> {
    VariantId::ALL
        .into_iter()
        .filter_map(|v| v.xboard().map(|x| (v, x)))
}

/// Why a `variant` command cannot be obeyed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A Chimera variant whose turns XBoard's move grammar cannot carry.
    NotInCecp(VariantId),
    Unknown,
}

impl Refusal {
    /// The reason in `Error (<reason>): variant <name>`.
    pub fn reason(&self) -> String {
        match self {
            Refusal::NotInCecp(v) => format!(
                "{v} turns do not fit the XBoard protocol; play {v} with `chimera gui` (docs/gui.md)"
            ),
            Refusal::Unknown => format!("unknown variant; Chimera plays {}", names()),
        }
    }
}

/// `normal,fischerandom,atomic,omega`: each variant, its Chess960 form
/// after it.
pub fn names() -> String {
    announced()
        .flat_map(|(_, x)| std::iter::once(x.name).chain(x.chess960))
        .collect::<Vec<_>>()
        .join(",")
}

/// The variant XBoard names `name`, and its castling (`fischerandom` is
/// chess with Chess960 castling).
pub fn parse(name: &str) -> Result<(VariantId, CastlingMode), Refusal> {
    if name == "chess" {
        return Ok((VariantId::Chess, CastlingMode::Standard));
    }
    if let Some((v, _)) = announced().find(|(_, x)| x.name == name) {
        return Ok((v, CastlingMode::Standard));
    }
    if let Some((v, _)) = announced().find(|(_, x)| x.chess960 == Some(name)) {
        return Ok((v, CastlingMode::Chess960));
    }
    match VariantId::parse(name) {
        Ok(v) => Err(Refusal::NotInCecp(v)),
        Err(_) => Err(Refusal::Unknown),
    }
}

/// What the engine sends after `variant`: for an engine-defined variant
/// (Omega) the board, pieces and start position; XBoard knows the others.
pub fn definition(variant: VariantId) -> Vec<String> {
    variant.xboard().map_or_else(Vec::new, |x| (x.definition)())
}

/// The move to try when a GUI's move token is refused: a variant may know
/// how XBoard writes a move differently (an Omega promotion XBoard did not
/// recognise comes without its piece).
pub fn second_reading(variant: VariantId, token: &str) -> Option<String> {
    variant.xboard().and_then(|x| (x.second_reading)(token))
}

/// Whether the engine announces the end its own move made: not an end
/// XBoard's own rules do not see (XBoard 4.9.1 checks claims with
/// `-testClaims` and scores such a claim as false, a forfeit); the side
/// left without a move announces it on its turn instead.
pub fn announce_own_end(variant: VariantId, verdict: &Verdict) -> bool {
    variant
        .xboard()
        .is_none_or(|x| !x.unseen_ends.contains(&verdict.reason))
}

/// Castling as CECP writes it in a Chess960 game: XBoard sends and expects
/// `O-O` and `O-O-O` there (the protocol's "FischerRandom castling"), so
/// a move the game wrote as castling SAN goes out so; any other move, and
/// castling outside Chess960, keeps its token.
pub fn cecp_move(game: &dyn crate::game::GameHandle, token: &str) -> String {
    let san = game
        .move_list()
        .last()
        .map(|m| m.text.trim_end_matches(['+', '#']));
    match san {
        Some(castle @ ("O-O" | "O-O-O")) if game.chess960() => castle.to_string(),
        _ => token.to_string(),
    }
}

/// The token of a castling move XBoard wrote as `O-O`/`O-O-O` (or with
/// zeros), if `text` is one and legal here.
pub fn castling_token(game: &dyn crate::game::GameHandle, text: &str) -> Option<String> {
    let letters = text.replace('0', "O");
    matches!(letters.as_str(), "O-O" | "O-O-O")
        .then(|| game.token_of_pgn(&letters).ok())
        .flatten()
}

/// Whether XBoard checks draw claims in the variant against its own record
/// of the game ([`super::claims`]): in its own variants, played with its
/// legality test. An engine-defined variant (Omega) is played without it,
/// and then XBoard takes a claim as it stands.
pub fn xboard_checks_draws(variant: VariantId) -> bool {
    variant.xboard().is_some_and(|x| x.own_rules)
}

/// Whether the engine, on move, plays on instead of claiming the end (an
/// atomic draw by material, which XBoard would call a false claim; its own
/// 50-move and repetition rules end such a game).
pub fn plays_on(variant: VariantId, verdict: &Verdict) -> bool {
    variant
        .xboard()
        .is_some_and(|x| x.played_on.contains(&verdict.reason))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::EndReason;

    #[test]
    fn names_map_to_variants_and_refusals() {
        assert_eq!(names(), "normal,fischerandom,atomic,omega");
        assert_eq!(
            parse("normal"),
            Ok((VariantId::Chess, CastlingMode::Standard))
        );
        assert_eq!(
            parse("fischerandom"),
            Ok((VariantId::Chess, CastlingMode::Chess960))
        );
        assert_eq!(
            parse("omega"),
            Ok((VariantId::Omega, CastlingMode::Standard))
        );
        assert_eq!(parse("dynamo"), Err(Refusal::NotInCecp(VariantId::Dynamo)));
        assert_eq!(
            parse("avalanche-balanced"),
            Err(Refusal::NotInCecp(VariantId::AvalancheBalanced))
        );
        assert_eq!(parse("xiangqi"), Err(Refusal::Unknown));
        assert!(Refusal::NotInCecp(VariantId::Dynamo)
            .reason()
            .contains("chimera gui"));
        assert_eq!(definition(VariantId::Atomic), Vec::<String>::new());
        let omega = definition(VariantId::Omega);
        assert!(omega[0].starts_with("setup (") && omega[0].contains("12x12+0_fairy w**"));
        assert_eq!(omega.len(), 9);
        let mate = Verdict {
            result: crate::game::GameResult::WhiteWins,
            reason: EndReason::Checkmate,
        };
        assert!(announce_own_end(VariantId::Chess, &mate));
        assert!(!announce_own_end(VariantId::Atomic, &mate));
        let exploded = Verdict {
            reason: EndReason::KingExploded,
            ..mate
        };
        assert!(announce_own_end(VariantId::Atomic, &exploded));
        let material = Verdict {
            result: crate::game::GameResult::Draw,
            reason: EndReason::InsufficientMaterial,
        };
        assert!(!announce_own_end(VariantId::Atomic, &material));
        assert!(plays_on(VariantId::Atomic, &material));
        assert!(!plays_on(VariantId::Atomic, &mate));
        assert!(!plays_on(VariantId::Omega, &material));
    }

    #[test]
    fn castling_goes_out_as_o_o_only_in_chess960() {
        use crate::game::new_game_with;
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let mut normal =
            new_game_with(VariantId::Chess, Some(fen), CastlingMode::Standard).unwrap();
        normal.play("e1g1").unwrap();
        assert_eq!(cecp_move(normal.as_ref(), "e1g1"), "e1g1");
        let mut frc = new_game_with(VariantId::Chess, Some(fen), CastlingMode::Chess960).unwrap();
        assert_eq!(castling_token(frc.as_ref(), "O-O").as_deref(), Some("e1h1"));
        assert_eq!(
            castling_token(frc.as_ref(), "0-0-0").as_deref(),
            Some("e1a1")
        );
        assert_eq!(castling_token(frc.as_ref(), "e1h1"), None);
        frc.play("e1h1").unwrap();
        assert_eq!(cecp_move(frc.as_ref(), "e1h1"), "O-O");
        frc.play("e8a8").unwrap();
        assert_eq!(cecp_move(frc.as_ref(), "e8a8"), "O-O-O");
        frc.play("f1f2").unwrap();
        assert_eq!(cecp_move(frc.as_ref(), "f1f2"), "f1f2");
    }
}
