//! The variants in CECP: the names announced in `feature variants=`, the
//! ones refused, and what the engine tells the GUI after `variant`.

use crate::game::Verdict;
use crate::variants::omega::{self, OmegaPosition};
use crate::variants::{EndReason, Rules, VariantId};

/// The variants XBoard can play with Chimera, by their CECP names: chess is
/// `normal`, atomic XBoard's own `atomic`, Omega an engine-defined variant
/// (XBoard learns its board from the `setup` command).
pub const ANNOUNCED: [(&str, VariantId); 3] = [
    ("normal", VariantId::Chess),
    ("atomic", VariantId::Atomic),
    ("omega", VariantId::Omega),
];

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
    ANNOUNCED.map(|(name, _)| name).join(",")
}

/// The variant XBoard names `name`.
pub fn parse(name: &str) -> Result<VariantId, Refusal> {
    if name == "chess" {
        return Ok(VariantId::Chess);
    }
    if let Some((_, v)) = ANNOUNCED.iter().find(|(n, _)| *n == name) {
        return Ok(*v);
    }
    match VariantId::parse(name) {
        Ok(v) => Err(Refusal::NotInCecp(v)),
        Err(_) => Err(Refusal::Unknown),
    }
}

/// What the engine sends after `variant`: for Omega the board, pieces and
/// start position; XBoard knows the others.
pub fn definition(variant: VariantId) -> Vec<String> {
    match variant {
        VariantId::Omega => {
            let start = OmegaPosition::start_fen(VariantId::Omega);
            std::iter::once(omega::xboard::setup_command(start))
                .chain(omega::xboard::PIECE_COMMANDS.iter().map(|s| s.to_string()))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The move to try when a GUI's move token is refused: a variant may know
/// how XBoard writes a move differently (an Omega promotion XBoard did not
/// recognise comes without its piece).
pub fn second_reading(variant: VariantId, token: &str) -> Option<String> {
    match variant {
        VariantId::Omega => Some(omega::xboard::default_promotion(token)),
        _ => None,
    }
}

/// Whether the engine announces the end its own move made. XBoard 4.9.1
/// checks a claim (`-testClaims`) with its own rules, and its atomic rules
/// differ from the game's: a king may capture, and any piece besides the
/// king counts as mating material. A mate or stalemate in which only a
/// king capture would help looks to it like a position with a move, a
/// draw by material like a live game, and it scores such a claim as false
/// (a forfeit). There the side left without a move announces the end on
/// its turn (a loss it reports is accepted as it stands), and a draw by
/// material is played on (see [`plays_on`]).
pub fn announce_own_end(variant: VariantId, verdict: &Verdict) -> bool {
    !(variant == VariantId::Atomic
        && matches!(
            verdict.reason,
            EndReason::Checkmate | EndReason::Stalemate | EndReason::InsufficientMaterial
        ))
}

/// Whether XBoard checks draw claims in the variant against its own record
/// of the game ([`super::claims`]): in its own variants, played with its
/// legality test. Omega is engine-defined and played without it, and then
/// XBoard takes a claim as it stands.
pub fn xboard_checks_draws(variant: VariantId) -> bool {
    matches!(variant, VariantId::Chess | VariantId::Atomic)
}

/// Whether the engine, on move, plays on instead of claiming the end: an
/// atomic draw by material, which XBoard would call a false claim. Its own
/// 50-move and repetition rules end such a game.
pub fn plays_on(variant: VariantId, verdict: &Verdict) -> bool {
    variant == VariantId::Atomic && verdict.reason == EndReason::InsufficientMaterial
}

#[cfg(test)]
mod tests {
    use super::*;

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
