//! Static evaluation: one evaluator per variant, numbers from `nets/`.

pub mod atomic;
pub mod chess;
pub mod params;

use crate::variants::Rules;

/// Static evaluation of a position.
pub trait Evaluate {
    /// Score in centipawns from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// A readable breakdown of [`Evaluate::evaluate`] for the `eval` command.
    fn explain(&self) -> String;
}

/// Everything the search needs from a backend.
pub trait Variant: Rules + Evaluate {}

impl<T: Rules + Evaluate> Variant for T {}
