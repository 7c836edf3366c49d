//! The list of backends: the one place a new variant is registered.

/// Every `UCI_Variant` value, default first.
pub const VARIANT_NAMES: &[&str] = &[
    "chess",
    "atomic",
    "avalanche",
    "avalanche-balanced",
    "avalanche-reversed",
    "omega",
    "dynamo",
];

/// Runs `$body` with `$P` bound to the position type that plays `$name`;
/// evaluates to `None` for an unknown variant, else `Some($body)`.
///
/// This is how generic code (UCI sessions, the match runner, the web board)
/// picks a monomorphised backend from a runtime variant name.
#[macro_export]
macro_rules! with_variant {
    ($name:expr, $P:ident => $body:expr) => {{
        use $crate::variants::Rules as _;
        let name: &str = $name;
        if <$crate::variants::chess::ChessPosition>::VARIANTS.contains(&name) {
            type $P = $crate::variants::chess::ChessPosition;
            Some($body)
        } else if <$crate::variants::atomic::AtomicPosition>::VARIANTS.contains(&name) {
            type $P = $crate::variants::atomic::AtomicPosition;
            Some($body)
        } else if <$crate::variants::omega::OmegaPosition>::VARIANTS.contains(&name) {
            type $P = $crate::variants::omega::OmegaPosition;
            Some($body)
        } else if <$crate::variants::dynamo::DynamoPosition>::VARIANTS.contains(&name) {
            type $P = $crate::variants::dynamo::DynamoPosition;
            Some($body)
        } else if <$crate::variants::avalanche::AvalanchePosition>::VARIANTS.contains(&name) {
            type $P = $crate::variants::avalanche::AvalanchePosition;
            Some($body)
        } else {
            None
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::VARIANT_NAMES;

    #[test]
    fn every_name_has_a_backend_with_that_start_position() {
        for &name in VARIANT_NAMES {
            let fen = with_variant!(name, P => P::start(name).fen());
            assert!(fen.is_some(), "{name} has no backend");
        }
        assert!(with_variant!("nope", P => P::start("nope").fen()).is_none());
    }
}
