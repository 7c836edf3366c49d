//! Which variant is played, as a value: the typed form of a `UCI_Variant`
//! name. Every edge where a user names a variant (UCI `setoption`,
//! `chimera match --variant`, `chimera openings --variant`, the web board)
//! parses the name into a [`VariantId`] once; from there on the rules, the
//! registry ([`crate::with_variant!`]) and the callers only pass the value.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// Declares [`VariantId`], [`VariantId::ALL`] and [`VariantId::name`] from
/// one list, so a variant cannot be named without being in `ALL` (and so
/// in every suite that iterates it) or be in `ALL` without a name.
macro_rules! variant_ids {
    ($($(#[$doc:meta])* $variant:ident => $name:literal,)+) => {
        /// One of the registered variants. [`VariantId::name`] is its
        /// `UCI_Variant` value; the backend that plays it is picked in
        /// [`super::registry`] (`with_variant!`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum VariantId {
            $($(#[$doc])* $variant,)+
        }

        impl VariantId {
            /// Every variant in registry order (the order of the
            /// `UCI_Variant` combo), the default first.
            pub const ALL: [VariantId; [$(VariantId::$variant),+].len()] =
                [$(VariantId::$variant),+];

            /// The `UCI_Variant` value.
            pub const fn name(self) -> &'static str {
                match self {
                    $(VariantId::$variant => $name,)+
                }
            }
        }
    };
}

variant_ids! {
    Chess => "chess",
    Atomic => "atomic",
    Avalanche => "avalanche",
    /// Avalanche without a push in White's first turn.
    AvalancheBalanced => "avalanche-balanced",
    /// Avalanche with Black's king on d8 and queen on e8.
    AvalancheReversed => "avalanche-reversed",
    Omega => "omega",
    Dynamo => "dynamo",
}

impl VariantId {
    /// The variant played when none is chosen (`UCI_Variant`'s default).
    pub const DEFAULT: VariantId = VariantId::ALL[0];

    /// The name as the project's binary files write it in their headers:
    /// ASCII, zero-padded to 16 bytes. A longer name keeps its first 16
    /// bytes (`avalanche-balanc`), which no other variant's field has.
    pub fn name_field(self) -> [u8; 16] {
        let mut field = [0u8; 16];
        let name = self.name().as_bytes();
        let len = name.len().min(field.len());
        field[..len].copy_from_slice(&name[..len]);
        field
    }

    /// The variant whose [`VariantId::name_field`] is `field`; the error is
    /// the name as written.
    pub fn from_name_field(field: &[u8]) -> Result<VariantId, String> {
        VariantId::ALL
            .into_iter()
            .find(|v| v.name_field().as_slice() == field)
            .ok_or_else(|| {
                let end = field.iter().position(|&b| b == 0).unwrap_or(field.len());
                String::from_utf8_lossy(&field[..end]).to_string()
            })
    }

    /// The variant named exactly `name` (`"avalanche-balanced"`).
    pub fn parse(name: &str) -> Result<VariantId, UnknownVariant> {
        Self::find(|v| v.name() == name, name)
    }

    /// The variant named `name` in any ASCII case (UCI option values are
    /// case-insensitive).
    pub fn parse_ignore_case(name: &str) -> Result<VariantId, UnknownVariant> {
        Self::find(|v| v.name().eq_ignore_ascii_case(name), name)
    }

    fn find(pred: impl Fn(VariantId) -> bool, name: &str) -> Result<VariantId, UnknownVariant> {
        Self::ALL
            .into_iter()
            .find(|&v| pred(v))
            .ok_or_else(|| UnknownVariant {
                name: name.to_string(),
            })
    }

    /// Every name, comma-separated in registry order, for messages.
    pub fn known_names() -> String {
        Self::ALL.map(VariantId::name).join(", ")
    }
}

/// The name; width and alignment apply (`{:<20}`).
impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for VariantId {
    type Err = UnknownVariant;

    fn from_str(name: &str) -> Result<VariantId, UnknownVariant> {
        VariantId::parse(name)
    }
}

/// Serialised as its name (the web board's JSON).
impl Serialize for VariantId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A name that is no registered variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant {
    /// The name as given.
    pub name: String,
}

/// `unknown variant <name> (known: chess, atomic, ...)`.
impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant {} (known: {})",
            self.name,
            VariantId::known_names()
        )
    }
}

impl Error for UnknownVariant {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_are_distinct() {
        for v in VariantId::ALL {
            assert_eq!(v.name().parse::<VariantId>(), Ok(v));
            assert_eq!(v.to_string(), v.name());
            assert_eq!(format!("{v:<8}|").len(), v.name().len().max(8) + 1);
            assert_eq!(
                VariantId::parse_ignore_case(&v.name().to_ascii_uppercase()),
                Ok(v)
            );
        }
        let mut names = VariantId::ALL.map(VariantId::name).to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), VariantId::ALL.len());
        assert_eq!(VariantId::DEFAULT, VariantId::Chess);
    }

    #[test]
    fn header_name_fields_are_distinct_and_read_back() {
        // avalanche-balanced and avalanche-reversed are longer than the
        // field: they used to panic the datagen and network writers.
        let mut fields = VariantId::ALL.map(VariantId::name_field).to_vec();
        for v in VariantId::ALL {
            assert_eq!(VariantId::from_name_field(&v.name_field()), Ok(v));
        }
        assert_eq!(
            &VariantId::AvalancheBalanced.name_field(),
            b"avalanche-balanc"
        );
        assert_eq!(&VariantId::Atomic.name_field()[..7], b"atomic\0");
        fields.sort_unstable();
        fields.dedup();
        assert_eq!(fields.len(), VariantId::ALL.len());
        let mut padded = [0u8; 16];
        padded[..5].copy_from_slice(b"chesz");
        assert_eq!(VariantId::from_name_field(&padded), Err("chesz".into()));
        assert_eq!(
            VariantId::from_name_field(b"avalanche-balanx"),
            Err("avalanche-balanx".into())
        );
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let e = "Atomic".parse::<VariantId>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown variant Atomic (known: chess, atomic, avalanche, \
             avalanche-balanced, avalanche-reversed, omega, dynamo)"
        );
        assert!(VariantId::parse("").is_err());
        assert!(VariantId::parse_ignore_case("xiangqi").is_err());
    }

    #[test]
    fn serialises_as_its_name() {
        let json = serde_json::to_string(&VariantId::AvalancheReversed).unwrap();
        assert_eq!(json, "\"avalanche-reversed\"");
    }
}
