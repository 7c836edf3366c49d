//! The list of backends: the one place a backend is tied to the variants
//! it plays. A new variant's [`super::VariantId`] (name and place in
//! [`super::VariantId::ALL`], in `id.rs`) needs one arm here; the match
//! being exhaustive, a variant without a backend does not compile. Every
//! file a new variant touches: docs/architecture.md, "How to add a
//! variant".

/// Runs `$body` with `$P` bound to the position type that plays the
/// [`VariantId`](crate::variants::VariantId) `$variant`, and evaluates to
/// `$body`.
///
/// This is how code holding a variant chosen at run time gets a
/// monomorphised backend: the game handle (`game::new_game`) and the
/// engine's services on it (`engine/position.rs`), the match runner,
/// datagen, bench and openings.
/// A caller holding a user's string parses it into a `VariantId` first
/// (and reports an unknown name) before it gets here.
#[macro_export]
macro_rules! with_variant {
    ($variant:expr, $P:ident => $body:expr) => {{
        // `$body` may call the trait's associated functions on `$P`.
        #[allow(unused_imports)]
        use $crate::variants::Rules as _;
        match $variant {
            $crate::variants::VariantId::Chess => {
                type $P = $crate::variants::chess::ChessPosition;
                $body
            }
            $crate::variants::VariantId::Atomic => {
                type $P = $crate::variants::atomic::AtomicPosition;
                $body
            }
            $crate::variants::VariantId::Avalanche
            | $crate::variants::VariantId::AvalancheBalanced
            | $crate::variants::VariantId::AvalancheReversed => {
                type $P = $crate::variants::avalanche::AvalanchePosition;
                $body
            }
            $crate::variants::VariantId::Omega => {
                type $P = $crate::variants::omega::OmegaPosition;
                $body
            }
            $crate::variants::VariantId::Dynamo => {
                type $P = $crate::variants::dynamo::DynamoPosition;
                $body
            }
        }
    }};
}

impl super::VariantId {
    /// The FEN of the variant's start position.
    pub fn start_fen(self) -> &'static str {
        with_variant!(self, P => P::start_fen(self))
    }

    /// The variant this one is a form of ([`super::Rules::form_of`]).
    pub fn form_of(self) -> Option<super::VariantId> {
        with_variant!(self, P => P::form_of(self))
    }

    /// Whether the variant has a Chess960 form ([`super::Rules::CHESS960`]).
    pub fn has_chess960(self) -> bool {
        with_variant!(self, P => P::CHESS960)
    }

    /// How XBoard plays the variant, if it can.
    pub fn xboard(self) -> Option<super::xboard::XboardVariant> {
        use super::view::BoardView;
        with_variant!(self, P => P::xboard(self))
    }
}

#[cfg(test)]
mod tests {
    use crate::variants::{FenError, Rules, VariantId};

    #[test]
    fn every_variant_has_a_backend_that_plays_it() {
        for variant in VariantId::ALL {
            let (listed, played) = with_variant!(variant, P => (
                P::VARIANTS.contains(&variant),
                P::start(variant).variant(),
            ));
            assert!(listed, "{variant} is not in its backend's VARIANTS");
            assert_eq!(played, variant);
        }
    }

    #[test]
    fn a_backend_refuses_a_variant_it_does_not_play() {
        use crate::variants::chess::ChessPosition;
        use crate::variants::omega::OmegaPosition;
        let fen = ChessPosition::start_fen(VariantId::Chess);
        let e = OmegaPosition::from_fen(VariantId::Chess, fen).unwrap_err();
        assert_eq!(
            e.to_string(),
            "chess is not played by this backend (it plays omega)"
        );
        assert!(matches!(
            e,
            FenError::NotPlayed {
                variant: VariantId::Chess,
                ..
            }
        ));
        assert!(std::panic::catch_unwind(|| ChessPosition::start(VariantId::Dynamo)).is_err());
    }
}
