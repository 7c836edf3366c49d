//! The networks an engine evaluates with: at most one per variant, loaded
//! from files (`EvalFile`); a variant without one uses its hand-written
//! evaluation.

use std::sync::{Arc, RwLock};

use super::features::InputSpace;
use super::network::Network;
use crate::variants::VariantId;

#[derive(Default)]
pub struct Networks {
    loaded: RwLock<Vec<Arc<Network>>>,
}

impl Networks {
    /// The network of `variant`, if one is loaded.
    pub fn get(&self, variant: VariantId) -> Option<Arc<Network>> {
        self.loaded
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .find(|n| n.variant == variant)
            .cloned()
    }

    /// Reads a network file; it replaces the network of the variant it
    /// names. On any error nothing changes.
    pub fn load_file(&self, path: &str) -> Result<VariantId, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let variant = Network::variant_of(&bytes).map_err(|e| format!("{path}: {e}"))?;
        let space = crate::with_variant!(variant, P => InputSpace::of::<P>(variant));
        let net =
            Network::from_bytes(&bytes, variant, &space).map_err(|e| format!("{path}: {e}"))?;
        let mut loaded = self.loaded.write().unwrap_or_else(|e| e.into_inner());
        loaded.retain(|n| n.variant != variant);
        loaded.push(Arc::new(net));
        Ok(variant)
    }

    /// Back to the hand-written evaluations.
    pub fn clear(&self) {
        self.loaded
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}
