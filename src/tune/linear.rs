//! The evaluation as a linear function of its numbers, around a point:
//! for each position, its evaluation there and how much each number moves
//! it (a finite difference per number). Most terms are linear in their
//! numbers, so this is exact for them; the few that are not (king-safety
//! squares, caps) are relinearised between the tuner's rounds.

use rayon::prelude::*;

use super::text::ParamText;
use crate::eval::params::Params;
use crate::eval::Tunable;

/// The step of each finite difference: large enough that the evaluators'
/// integer rounding (phase blending) stays a small error.
const STEP: i32 = 16;

/// Positions' evaluations and their sparse gradients, in compressed rows.
pub struct Linear {
    /// Evaluation (side to move) at the point of linearisation.
    pub base: Vec<f32>,
    /// Row `i`'s entries are `start[i]..start[i + 1]` of `index`/`coef`.
    pub start: Vec<usize>,
    /// Which free number (an index into the tuner's free list).
    pub index: Vec<u32>,
    /// Centipawns per unit of that number.
    pub coef: Vec<f32>,
}

impl Linear {
    pub fn rows(&self) -> usize {
        self.base.len()
    }

    /// The row of position `i`.
    pub fn row(&self, i: usize) -> (&[u32], &[f32]) {
        let r = self.start[i]..self.start[i + 1];
        (&self.index[r.clone()], &self.coef[r])
    }

    /// The linear model's evaluation of position `i` at `delta`, the free
    /// numbers' distance from the point of linearisation.
    #[inline]
    pub fn eval(&self, i: usize, delta: &[f32]) -> f32 {
        let (index, coef) = self.row(i);
        self.base[i]
            + index
                .iter()
                .zip(coef)
                .map(|(&j, &c)| c * delta[j as usize])
                .sum::<f32>()
    }
}

/// Weights of the file with `numbers` in place of its own.
pub fn weights_at<P: Tunable>(text: &ParamText, numbers: &[i32]) -> Result<P::Weights, String> {
    P::weights(&Params::parse(&text.render(numbers))?)
}

/// Linearises the evaluation of `positions` around `numbers`, in the free
/// numbers `free` (indices into the file's values).
pub fn linearise<P: Tunable>(
    positions: &[P],
    text: &ParamText,
    numbers: &[i32],
    free: &[usize],
) -> Result<Linear, String> {
    let at = weights_at::<P>(text, numbers)?;
    let moved: Vec<P::Weights> = free
        .iter()
        .map(|&j| {
            let mut n = numbers.to_vec();
            n[j] += STEP;
            weights_at::<P>(text, &n)
        })
        .collect::<Result<_, _>>()?;
    let rows: Vec<(f32, Vec<(u32, f32)>)> = positions
        .par_iter()
        .map(|pos| {
            let base = pos.evaluate_with(&at);
            let entries = moved
                .iter()
                .enumerate()
                .filter_map(|(k, w)| {
                    let d = pos.evaluate_with(w) - base;
                    (d != 0).then(|| (k as u32, d as f32 / STEP as f32))
                })
                .collect();
            (base as f32, entries)
        })
        .collect();
    let mut linear = Linear {
        base: Vec::with_capacity(rows.len()),
        start: Vec::with_capacity(rows.len() + 1),
        index: Vec::new(),
        coef: Vec::new(),
    };
    linear.start.push(0);
    for (base, entries) in rows {
        linear.base.push(base);
        for (j, c) in entries {
            linear.index.push(j);
            linear.coef.push(c);
        }
        linear.start.push(linear.index.len());
    }
    Ok(linear)
}
