//! What XBoard (CECP) must know about a variant, which each backend states
//! for the variants it plays ([`super::view::BoardView::xboard`]); the
//! CECP front end (`src/xboard/`) reads it and knows no variant by name.

use super::EndReason;

/// A variant as XBoard plays it.
#[derive(Clone, Copy, Debug)]
pub struct XboardVariant {
    /// Its name in `feature variants=` and the `variant` command.
    pub name: &'static str,
    /// XBoard plays it by rules of its own (with its legality test) and
    /// checks draw claims against its own record of the game; otherwise it
    /// is engine-defined and XBoard takes claims as they stand.
    pub own_rules: bool,
    /// Ends XBoard's own rules do not see (atomic: it lets a king capture
    /// and counts any piece as mating material): the side to move there
    /// announces them, not the side whose turn made them, which XBoard
    /// would score as a false claim.
    pub unseen_ends: &'static [EndReason],
    /// Ends the engine plays on from instead of claiming them (XBoard's own
    /// repetition and 50-move rules end such a game).
    pub played_on: &'static [EndReason],
    /// The commands sent after `variant` that define an engine-defined
    /// game to XBoard (board, pieces, start position).
    pub definition: fn() -> Vec<String>,
    /// The token to try when XBoard's move is refused as it stands, if
    /// XBoard writes some moves differently.
    pub second_reading: fn(&str) -> Option<String>,
    /// XBoard's name for the variant's Chess960 form (`fischerandom`), if
    /// it has one XBoard plays.
    pub chess960: Option<&'static str>,
}

impl XboardVariant {
    /// A variant XBoard knows by `name` and plays by its own rules, which
    /// are the game's.
    pub const fn known(name: &'static str) -> XboardVariant {
        XboardVariant {
            name,
            own_rules: true,
            unseen_ends: &[],
            played_on: &[],
            definition: Vec::new,
            second_reading: |_| None,
            chess960: None,
        }
    }
}
