//! The fit: the numbers that make `sigmoid(eval / scale)` best predict a
//! blend of each position's game result and its search score (mean squared
//! error), by full-batch Adam over the linear model, in parallel,
//! optionally with a ridge that pulls every number toward its starting
//! value (docs/tuning.md, "Numbers that say the same thing twice").

use rayon::prelude::*;

use super::linear::Linear;

/// A position's target and where the data says it is.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// Game result for the side to move: 0, ½ or 1.
    pub result: f32,
    /// Search score, centipawns, side to move.
    pub score: f32,
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// What each position should predict: `lambda` of the result plus the rest
/// of the search score's winning chance.
pub fn blend(targets: &[Target], lambda: f32, scale: f32) -> Vec<f32> {
    targets
        .iter()
        .map(|t| lambda * t.result + (1.0 - lambda) * sigmoid(t.score / scale))
        .collect()
}

/// Mean squared error of the linear model at `delta` against `wanted`.
pub fn loss(linear: &Linear, rows: &[usize], delta: &[f32], scale: f32, wanted: &[f32]) -> f64 {
    let sum: f64 = rows
        .par_iter()
        .map(|&i| {
            let e = sigmoid(linear.eval(i, delta) / scale) - wanted[i];
            f64::from(e * e)
        })
        .sum();
    sum / rows.len().max(1) as f64
}

/// The scale (centipawns) at which the evaluations best predict the game
/// results: golden-section search over 50..2000.
pub fn fit_scale(linear: &Linear, rows: &[usize], targets: &[Target]) -> f32 {
    let results: Vec<f32> = targets.iter().map(|t| t.result).collect();
    let at = |scale: f32| -> f64 {
        rows.par_iter()
            .map(|&i| {
                let e = sigmoid(linear.base[i] / scale) - results[i];
                f64::from(e * e)
            })
            .sum()
    };
    let (mut lo, mut hi) = (50.0f32, 2000.0f32);
    let g = 0.618_034f32;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if at(a) < at(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Settings of one fit.
#[derive(Clone, Copy, Debug)]
pub struct FitConfig {
    pub epochs: usize,
    /// Adam's step, in units of the numbers (centipawns mostly).
    pub rate: f32,
    pub scale: f32,
    /// Loss added per (100 centipawns)² that a number moves from its
    /// starting value: where two tables say the same thing, this picks the
    /// smallest moves that fit, instead of a drift along the difference.
    pub ridge: f32,
}

/// Fits `delta` (the free numbers' moves from the point of linearisation)
/// on the `train` rows; `report(epoch, train loss)` every few epochs.
/// `moved[k]` is how far free number `k` already is from its starting
/// value at the point of linearisation (what the ridge measures from).
pub fn fit(
    linear: &Linear,
    train: &[usize],
    wanted: &[f32],
    moved: &[f32],
    config: FitConfig,
    report: &mut dyn FnMut(usize, f64),
) -> Vec<f32> {
    let free = moved.len();
    let mut delta = vec![0.0f32; free];
    let (mut m, mut v) = (vec![0.0f32; free], vec![0.0f32; free]);
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let scale = config.scale;
    // d/dx of ridge * (x / 100)².
    let pull = 2.0 * config.ridge / (100.0 * 100.0);
    for epoch in 1..=config.epochs {
        // Gradient of the mean squared error, summed per thread.
        let grad = train
            .par_chunks(4096)
            .map(|chunk| {
                let mut g = vec![0.0f32; free];
                for &i in chunk {
                    let p = sigmoid(linear.eval(i, &delta) / scale);
                    let d = 2.0 * (p - wanted[i]) * p * (1.0 - p) / scale;
                    let (index, coef) = linear.row(i);
                    for (&j, &c) in index.iter().zip(coef) {
                        g[j as usize] += d * c;
                    }
                }
                g
            })
            .reduce(
                || vec![0.0f32; free],
                |mut a, b| {
                    a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                    a
                },
            );
        let n = train.len().max(1) as f32;
        let t = epoch as i32;
        for j in 0..free {
            let g = grad[j] / n + pull * (moved[j] + delta[j]);
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let m_hat = m[j] / (1.0 - beta1.powi(t));
            let v_hat = v[j] / (1.0 - beta2.powi(t));
            delta[j] -= config.rate * m_hat / (v_hat.sqrt() + eps);
        }
        if epoch % 25 == 0 || epoch == config.epochs {
            report(epoch, loss(linear, train, &delta, scale, wanted));
        }
    }
    delta
}
