//! The networks an engine evaluates with: at most one per variant. An
//! engine starts with the networks built into the binary
//! ([`super::builtin::SHIPPED`]); `EvalFile` loads another for the
//! variant its file names, `<tables>` switches every variant to its
//! hand-written evaluation, `<builtin>` goes back to the shipped set. A
//! variant without a network uses its hand-written evaluation.

use std::sync::{Arc, OnceLock, RwLock};

use super::features::InputSpace;
use super::network::Network;
use crate::variants::VariantId;

/// `EvalFile`'s value for the evaluations built into the binary.
pub const BUILTIN_EVAL: &str = "<builtin>";
/// `EvalFile`'s value for the hand-written evaluations everywhere.
pub const TABLES_EVAL: &str = "<tables>";

/// What an `EvalFile` value asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalChoice {
    Builtin,
    Tables,
    File(String),
}

impl EvalChoice {
    pub fn parse(value: &str) -> Result<EvalChoice, String> {
        let value = value.trim();
        if value.is_empty() {
            Err("option EvalFile needs a file name".to_string())
        } else if value.eq_ignore_ascii_case(BUILTIN_EVAL) {
            Ok(EvalChoice::Builtin)
        } else if value.eq_ignore_ascii_case(TABLES_EVAL) {
            Ok(EvalChoice::Tables)
        } else {
            Ok(EvalChoice::File(value.to_string()))
        }
    }
}

pub struct Networks {
    loaded: RwLock<Vec<Arc<Network>>>,
    /// What `<builtin>` restores.
    builtin: Vec<Arc<Network>>,
}

/// The shipped networks, parsed once.
fn shipped() -> &'static Vec<Arc<Network>> {
    static SHIPPED: OnceLock<Vec<Arc<Network>>> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        super::builtin::SHIPPED
            .iter()
            .map(|bytes| {
                Arc::new(
                    parse(bytes).unwrap_or_else(|e| {
                        panic!("a network built into the binary must load: {e}")
                    }),
                )
            })
            .collect()
    })
}

/// A network file's bytes, for the variant its header names.
fn parse(bytes: &[u8]) -> Result<Network, String> {
    let variant = Network::variant_of(bytes)?;
    let space = crate::with_variant!(variant, P => InputSpace::of::<P>(variant));
    Network::from_bytes(bytes, variant, &space)
}

impl Default for Networks {
    /// The networks built into the binary.
    fn default() -> Self {
        Networks::with_builtin(shipped().clone())
    }
}

impl Networks {
    /// Starts with `builtin`, which `<builtin>` restores.
    pub fn with_builtin(builtin: Vec<Arc<Network>>) -> Networks {
        Networks {
            loaded: RwLock::new(builtin.clone()),
            builtin,
        }
    }

    /// The network that evaluates `variant`, if one is loaded: its own,
    /// else that of the variant it is a form of ([`VariantId::form_of`]).
    pub fn get(&self, variant: VariantId) -> Option<Arc<Network>> {
        let loaded = self.loaded.read().unwrap_or_else(|e| e.into_inner());
        let of = |v: VariantId| loaded.iter().find(|n| n.variant == v).cloned();
        of(variant).or_else(|| variant.form_of().and_then(of))
    }

    /// Applies an `EvalFile` choice; says what now evaluates. On any error
    /// nothing changes.
    pub fn choose(&self, choice: &EvalChoice) -> Result<String, String> {
        let set = |nets: Vec<Arc<Network>>| {
            *self.loaded.write().unwrap_or_else(|e| e.into_inner()) = nets;
        };
        match choice {
            EvalChoice::Tables => {
                set(Vec::new());
                Ok("the hand-written evaluation in every variant".to_string())
            }
            EvalChoice::Builtin => {
                set(self.builtin.clone());
                // Every variant they evaluate, forms of another included.
                let nets: Vec<&str> = VariantId::ALL
                    .into_iter()
                    .filter(|&v| self.get(v).is_some())
                    .map(VariantId::name)
                    .collect();
                Ok(match nets.split_last() {
                    None => "the hand-written evaluation in every variant".to_string(),
                    Some(_) if nets.len() == VariantId::ALL.len() => {
                        "the built-in networks in every variant".to_string()
                    }
                    Some((last, [])) => format!(
                        "the built-in network in {last}, the hand-written evaluation elsewhere"
                    ),
                    Some((last, rest)) => format!(
                        "the built-in networks in {} and {last}, the hand-written evaluation elsewhere",
                        rest.join(", ")
                    ),
                })
            }
            EvalChoice::File(path) => {
                let variant = self.load_file(path)?;
                Ok(format!(
                    "{} evaluates {variant}",
                    crate::text::shorten(path)
                ))
            }
        }
    }

    /// Reads a network file; it replaces the network of the variant it
    /// names. On any error nothing changes.
    pub fn load_file(&self, path: &str) -> Result<VariantId, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let net = parse(&bytes).map_err(|e| format!("{path}: {e}"))?;
        let variant = net.variant;
        let mut loaded = self.loaded.write().unwrap_or_else(|e| e.into_inner());
        loaded.retain(|n| n.variant != variant);
        loaded.push(Arc::new(net));
        Ok(variant)
    }
}

/// The bytes of the network built into the binary that evaluates `variant`
/// under `<builtin>` (its own, else that of the variant it is a form of),
/// if any: what a data file's header hashes.
pub fn builtin_file(variant: VariantId) -> Option<&'static [u8]> {
    let of = |v: VariantId| {
        super::builtin::SHIPPED
            .iter()
            .copied()
            .find(|bytes| Network::variant_of(bytes).ok() == Some(v))
    };
    of(variant).or_else(|| variant.form_of().and_then(of))
}
