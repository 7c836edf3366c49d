//! Static evaluation: one evaluator per variant, numbers from `nets/`.

pub mod atomic;
pub mod avalanche;
pub mod board8;
pub mod chess;
pub mod dynamo;
pub mod omega;
pub mod params;
pub mod tapered;
pub mod win_rate;

use crate::tablebase::Endgames;
use crate::variants::pieces::Pieces;
use crate::variants::Rules;
use tapered::S;

/// Static evaluation of a position.
pub trait Evaluate {
    /// Score in centipawns from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// A readable breakdown of [`Evaluate::evaluate`] for the `eval` command.
    fn explain(&self) -> String;

    /// What a score means as a game result in this variant, fitted to its
    /// games (docs/wdl.md).
    const WIN_RATE: win_rate::WinRateModel;
}

/// Everything the search needs from a backend: the rules, the hand-written
/// evaluation, the pieces a network reads and its endgame tables.
pub trait Variant: Rules + Evaluate + Pieces + Endgames {}

impl<T: Rules + Evaluate + Pieces + Endgames> Variant for T {}

/// An evaluator whose numbers come from a `nets/` file, and which can score
/// a position with any other set of them: what `chimera tune` fits.
pub trait Tunable: Variant {
    /// The file's numbers in the evaluator's own form.
    type Weights: Send + Sync;

    /// The file's name in `nets/`.
    const FILE: &'static str;

    /// The file's text, as built into the engine.
    const TEXT: &'static str;

    /// Tables that are not weights a fit should move (divisors, caps,
    /// baselines that another table already spans, percentages): the tuner
    /// leaves them as they are.
    const FIXED: &'static [&'static str] = &[];

    /// Reads the numbers of a parsed file.
    fn weights(p: &params::Params) -> Result<Self::Weights, String>;

    /// The static evaluation with these numbers, from the side to move's
    /// view ([`Evaluate::evaluate`] is this with the built-in file).
    fn evaluate_with(&self, w: &Self::Weights) -> i32;
}

/// The built-in numbers of an evaluator, parsed once.
pub fn builtin<P: Tunable>(cell: &'static std::sync::OnceLock<P::Weights>) -> &'static P::Weights {
    cell.get_or_init(|| params::load(P::FILE, P::TEXT, P::weights))
}

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
