//! Static evaluation: one evaluator per variant, numbers from `nets/`.

pub mod atomic;
pub mod avalanche;
pub mod board8;
pub mod chess;
pub mod dynamo;
pub mod omega;
pub mod params;
pub mod tapered;

use crate::variants::Rules;
use tapered::S;

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

/// The `eval` table of tapered terms (White's view), as Stockfish prints it.
pub fn explain_table(
    rows: &[(&str, S)],
    phase: i32,
    max_phase: i32,
    final_score: i32,
    white_to_move: bool,
) -> String {
    let mut out = String::from("      Term |     MG     EG\n-----------+--------------\n");
    let mut total = S::default();
    for (name, s) in rows {
        out.push_str(&format!("{name:>11}| {s}\n"));
        total += *s;
    }
    out.push_str(&format!(
        "-----------+--------------\n{:>11}| {total}\n",
        "Total"
    ));
    let white = if white_to_move {
        final_score
    } else {
        -final_score
    };
    out.push_str(&format!(
        "\nPhase {phase}/{max_phase}\nFinal evaluation: {white} cp (White's view), {final_score} cp (side to move)"
    ));
    out
}
