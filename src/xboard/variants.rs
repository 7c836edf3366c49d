//! The variants in CECP: the names announced in `feature variants=`, the
//! ones refused, and what the engine tells the GUI after `variant`. What
//! XBoard knows of each variant comes from its backend
//! ([`crate::variants::xboard::XboardVariant`]).

use crate::game::Verdict;
use crate::variants::xboard::XboardVariant;
use crate::variants::VariantId;

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

/// `normal,atomic,omega`.
pub fn names() -> String {
    announced()
        .map(|(_, x)| x.name)
        .collect::<Vec<_>>()
        .join(",")
}

/// The variant XBoard names `name`.
pub fn parse(name: &str) -> Result<VariantId, Refusal> {
    if name == "chess" {
        return Ok(VariantId::Chess);
    }
    if let Some((v, _)) = announced().find(|(_, x)| x.name == name) {
        return Ok(v);
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
        assert_eq!(names(), "normal,atomic,omega");
        assert_eq!(parse("normal"), Ok(VariantId::Chess));
        assert_eq!(parse("omega"), Ok(VariantId::Omega));
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
}
