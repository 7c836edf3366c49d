//! `chimera fit-wdl`: fits a variant's win-rate model
//! ([`crate::eval::win_rate`]) to datagen files, whose records hold the
//! search's score and the game's result for the side to move. Maximum
//! likelihood of the results by full-batch Adam on the six numbers (`a`
//! and `b` with no piece, half and all of the start's), then a table of what the
//! model says against what the games did, by score, for docs/wdl.md.

use std::path::PathBuf;

use anyhow::anyhow;

use crate::datagen::file::{DataFile, Wdl};
use crate::eval::win_rate::{parabola_weights, WinRate, WinRateModel};
use crate::rng::SplitMix64;
use crate::variants::VariantId;

#[derive(clap::Args, Clone, Debug)]
pub struct FitWdlArgs {
    /// Data files from `chimera datagen`, all of one variant.
    #[arg(long, num_args = 1.., required = true, value_name = "FILE")]
    pub data: Vec<PathBuf>,
    /// Fit at most this many records, drawn at random.
    #[arg(long, default_value_t = 400_000)]
    pub limit: usize,
    /// Adam steps over the whole sample.
    #[arg(long, default_value_t = 2000)]
    pub steps: usize,
}

/// One record as the fit sees it.
#[derive(Clone, Copy, Debug)]
pub struct FitRecord {
    /// Centipawns, the side to move's view.
    pub score: f64,
    /// The share of the start's pieces on the board ([`WinRateModel::material`]).
    pub material: f64,
    pub result: Wdl,
}

/// The chances the model gives the result, and their derivatives by `a`
/// and `b`.
fn likelihood(rate: WinRate, o: &FitRecord) -> (f64, f64, f64) {
    let (a, b) = (rate.a, rate.b);
    let u = (o.score - a) / b;
    let v = (-o.score - a) / b;
    let w = 1.0 / (1.0 + (-u).exp());
    let l = 1.0 / (1.0 + (-v).exp());
    let (dw_da, dw_db) = (-w * (1.0 - w) / b, -w * (1.0 - w) * u / b);
    let (dl_da, dl_db) = (-l * (1.0 - l) / b, -l * (1.0 - l) * v / b);
    match o.result {
        Wdl::Win => (w, dw_da, dw_db),
        Wdl::Loss => (l, dl_da, dl_db),
        Wdl::Draw => (1.0 - w - l, -(dw_da + dl_da), -(dw_db + dl_db)),
    }
}

/// Mean negative log-likelihood of `outcomes` under `model`.
pub fn loss(model: &WinRateModel, outcomes: &[FitRecord]) -> f64 {
    let total: f64 = outcomes
        .iter()
        .map(|o| {
            -likelihood(model.at_material(o.material), o)
                .0
                .max(1e-12)
                .ln()
        })
        .sum();
    total / outcomes.len().max(1) as f64
}

/// The model of greatest likelihood, from a start that fits most games
/// (`a` 100, `b` 60 centipawns everywhere), by `steps` Adam steps.
pub fn fit(outcomes: &[FitRecord], start_pieces: u32, steps: usize) -> WinRateModel {
    // a at 0, 1/2, 1, then b likewise.
    let mut p = [100.0f64, 100.0, 100.0, 60.0, 60.0, 60.0];
    let (mut m, mut v) = ([0.0f64; 6], [0.0f64; 6]);
    let (beta1, beta2, rate) = (0.9f64, 0.999f64, 2.0f64);
    let model = |p: &[f64; 6]| WinRateModel {
        a: [p[0], p[1], p[2]],
        b: [p[3], p[4], p[5]],
        start_pieces,
    };
    for t in 1..=steps {
        let now = model(&p);
        let mut g = [0.0f64; 6];
        for o in outcomes {
            let (chance, d_a, d_b) = likelihood(now.at_material(o.material), o);
            let chance = chance.max(1e-12);
            // Gradient of the negative log-likelihood.
            let (ga, gb) = (-d_a / chance, -d_b / chance);
            for (i, w) in parabola_weights(o.material).into_iter().enumerate() {
                g[i] += ga * w;
                g[3 + i] += gb * w;
            }
        }
        for i in 0..6 {
            let gi = g[i] / outcomes.len().max(1) as f64;
            m[i] = beta1 * m[i] + (1.0 - beta1) * gi;
            v[i] = beta2 * v[i] + (1.0 - beta2) * gi * gi;
            let mh = m[i] / (1.0 - beta1.powi(t as i32));
            let vh = v[i] / (1.0 - beta2.powi(t as i32));
            p[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        for b in &mut p[3..] {
            *b = b.max(1.0);
        }
    }
    model(&p)
}

/// Pieces on a variant's start position.
fn start_pieces(variant: VariantId) -> u32 {
    crate::with_variant!(variant, P => {
        let pos = P::start(variant);
        crate::variants::view::Diagram::of(&pos).pieces().count() as u32
    })
}

/// Every record of the files as an outcome, at most `limit` of them drawn
/// at random (seeded, so a fit repeats).
fn read_outcomes(args: &FitWdlArgs) -> anyhow::Result<(VariantId, Vec<FitRecord>)> {
    let mut variant = None;
    let mut outcomes = Vec::new();
    for path in &args.data {
        let file = DataFile::read(path).map_err(|e| anyhow!(e))?;
        if variant.is_some_and(|v| v != file.variant) {
            return Err(anyhow!("{} is {} data", path.display(), file.variant));
        }
        variant = Some(file.variant);
        let pieces = start_pieces(file.variant);
        let occupancy = file.layout.squares.div_ceil(8);
        for r in file.records() {
            let on_board: u32 = r.position[..occupancy].iter().map(|b| b.count_ones()).sum();
            outcomes.push(FitRecord {
                score: f64::from(r.score),
                material: (f64::from(on_board) / f64::from(pieces)).clamp(0.0, 1.0),
                result: r.result,
            });
        }
    }
    let variant = variant.ok_or_else(|| anyhow!("no data"))?;
    if outcomes.len() > args.limit {
        SplitMix64::new(1).shuffle(&mut outcomes);
        outcomes.truncate(args.limit);
    }
    Ok((variant, outcomes))
}

pub fn run(args: FitWdlArgs) -> anyhow::Result<()> {
    let (variant, outcomes) = read_outcomes(&args)?;
    if outcomes.is_empty() {
        return Err(anyhow!("the files hold no records"));
    }
    let pieces = start_pieces(variant);
    let count = |r: Wdl| outcomes.iter().filter(|o| o.result == r).count();
    println!(
        "{variant}: {} records (W/D/L {}/{}/{} for the side to move), {pieces} pieces at the start",
        outcomes.len(),
        count(Wdl::Win),
        count(Wdl::Draw),
        count(Wdl::Loss)
    );
    let model = fit(&outcomes, pieces, args.steps);
    println!("loss {:.5}", loss(&model, &outcomes));
    println!(
        "    WinRateModel {{ a: [{:.1}, {:.1}, {:.1}], b: [{:.1}, {:.1}, {:.1}], start_pieces: {pieces} }}",
        model.a[0], model.a[1], model.a[2], model.b[0], model.b[1], model.b[2]
    );
    println!("score band      records  games W/D/L %      model W/D/L %");
    for low in (-500..500).step_by(100) {
        let band: Vec<&FitRecord> = outcomes
            .iter()
            .filter(|o| o.score >= f64::from(low) && o.score < f64::from(low + 100))
            .collect();
        if band.is_empty() {
            continue;
        }
        let n = band.len() as f64;
        let share = |r: Wdl| 100.0 * band.iter().filter(|o| o.result == r).count() as f64 / n;
        let mut said = [0.0; 3];
        for o in &band {
            let w = model.at_material(o.material).wdl(o.score as i32);
            said[0] += f64::from(w.win) / 10.0 / n;
            said[1] += f64::from(w.draw) / 10.0 / n;
            said[2] += f64::from(w.loss) / 10.0 / n;
        }
        println!(
            "[{low:>4}, {:>4})  {:>8}  {:>4.1}/{:>4.1}/{:>4.1}     {:>4.1}/{:>4.1}/{:>4.1}",
            low + 100,
            band.len(),
            share(Wdl::Win),
            share(Wdl::Draw),
            share(Wdl::Loss),
            said[0],
            said[1],
            said[2]
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a known model are fitted back to it.
    #[test]
    fn recovers_the_model_that_made_the_results() {
        let truth = WinRateModel {
            a: [120.0, 200.0, 220.0],
            b: [50.0, 80.0, 90.0],
            start_pieces: 32,
        };
        let mut rng = SplitMix64::new(3);
        let outcomes: Vec<FitRecord> = (0..40_000)
            .map(|_| {
                let score = rng.below(1201) as f64 - 600.0;
                let material = rng.below(33) as f64 / 32.0;
                let rate = truth.at_material(material);
                let (w, l) = (rate.win_chance(score), rate.win_chance(-score));
                let draw = rng.below(1_000_000) as f64 / 1e6;
                let result = if draw < w {
                    Wdl::Win
                } else if draw < w + l {
                    Wdl::Loss
                } else {
                    Wdl::Draw
                };
                FitRecord {
                    score,
                    material,
                    result,
                }
            })
            .collect();
        let fitted = fit(&outcomes, 32, 1500);
        for (got, want) in fitted
            .a
            .iter()
            .chain(&fitted.b)
            .zip(truth.a.iter().chain(&truth.b))
        {
            assert!(
                (got - want).abs() < want * 0.15,
                "{fitted:?} against {truth:?}"
            );
        }
        assert!(loss(&fitted, &outcomes) <= loss(&truth, &outcomes) + 1e-3);
    }
}
