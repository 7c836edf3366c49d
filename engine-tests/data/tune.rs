//! `chimera tune`'s pieces checked on positions of seeded random games:
//!
//! - every evaluator scores the same with its built-in numbers passed in
//!   as with its own (`Tunable::evaluate_with` against `evaluate`);
//! - the linear model predicts the exact evaluation after a material number
//!   moves three finite-difference steps;
//! - the fit recovers known numbers: targets made by an evaluation whose
//!   knight and pawn values were changed, fitted from the built-in ones;
//! - `chimera tune` on a small datagen file writes a parameter file the
//!   evaluator reads, with the fixed tables unchanged.

use chimera::eval::Tunable;
use chimera::tune::fit::{blend, fit, loss, FitConfig, Target};
use chimera::tune::linear::{linearise, weights_at};
use chimera::tune::text::ParamText;
use chimera::variants::chess::ChessPosition;
use chimera::variants::{Rules, VariantId};
use chimera::with_variant;

use chimera_test_support::random_games;

fn positions<P: Rules>(variant: VariantId, games: u64) -> Vec<P> {
    let mut out = Vec::new();
    random_games::for_each_position::<P>(variant, 0x7e57, games, 80, |pos| {
        if pos.early_end().is_none() {
            out.push(pos.clone());
        }
    });
    out
}

fn builtin_numbers_score_as_evaluate<P: Tunable>(variant: VariantId) {
    let text = ParamText::parse(P::TEXT).unwrap();
    let w = weights_at::<P>(&text, &text.numbers).unwrap();
    for pos in positions::<P>(variant, 2) {
        assert_eq!(pos.evaluate_with(&w), pos.evaluate(), "{}", pos.fen());
    }
}

#[test]
fn evaluate_with_the_builtin_numbers_is_evaluate() {
    for variant in VariantId::ALL {
        with_variant!(variant, P => builtin_numbers_score_as_evaluate::<P>(variant));
    }
}

/// The linear model's prediction after moving each number of the file's
/// first table (material in every variant) by 48, against the evaluation.
fn linear_model_predicts<P: Tunable>(variant: VariantId) {
    let text = ParamText::parse(P::TEXT).unwrap();
    let first = text.values[0].table.clone();
    let free: Vec<usize> = (0..text.values.len())
        .filter(|&j| text.values[j].table == first)
        .collect();
    let all = positions::<P>(variant, 2);
    let linear = linearise(&all, &text, &text.numbers, &free).unwrap();
    assert_eq!(linear.rows(), all.len());
    for (k, &j) in free.iter().enumerate() {
        let mut numbers = text.numbers.clone();
        numbers[j] += 48;
        let w = weights_at::<P>(&text, &numbers).unwrap();
        let mut delta = vec![0.0; free.len()];
        delta[k] = 48.0;
        let close = all
            .iter()
            .enumerate()
            .filter(|(i, pos)| {
                (linear.eval(*i, &delta) - pos.evaluate_with(&w) as f32).abs() <= 2.0
            })
            .count();
        // Integer rounding, and a term that follows the most valuable
        // piece (Dynamo's threats), may bend a few.
        assert!(
            close * 100 >= all.len() * 98,
            "{variant} {first}[{}]: {close} of {} predicted",
            text.values[j].index,
            all.len()
        );
    }
}

#[test]
fn the_linear_model_predicts_material_changes() {
    for variant in VariantId::ALL {
        with_variant!(variant, P => linear_model_predicts::<P>(variant));
    }
}

/// What the fit should predict when every position's search score is its
/// evaluation with the numbers `truth`. Only the score counts (lambda 0),
/// so the truth fits exactly.
fn scored_by(text: &ParamText, truth: &[i32], all: &[ChessPosition], scale: f32) -> Vec<f32> {
    let true_weights = weights_at::<ChessPosition>(text, truth).unwrap();
    let targets: Vec<Target> = all
        .iter()
        .map(|p| Target {
            result: 0.5,
            score: p.evaluate_with(&true_weights) as f32,
        })
        .collect();
    blend(&targets, 0.0, scale)
}

#[test]
fn the_fit_recovers_changed_material_values() {
    let variant = VariantId::Chess;
    let text = ParamText::parse(ChessPosition::TEXT).unwrap();
    // material: pawn knight bishop rook queen, (mg, eg) each.
    let material: Vec<usize> = (0..text.values.len())
        .filter(|&j| text.values[j].table == "material")
        .collect();
    assert_eq!(material.len(), 10);
    let mut truth = text.numbers.clone();
    truth[material[1]] += 40; // pawn, endgame
    truth[material[2]] += 60; // knight, middlegame
    truth[material[3]] -= 50; // knight, endgame
    let all = positions::<ChessPosition>(variant, 6);
    assert!(all.len() > 1000, "{}", all.len());
    let scale = 400.0;
    let wanted = scored_by(&text, &truth, &all, scale);
    let linear = linearise(&all, &text, &text.numbers, &material).unwrap();
    let rows: Vec<usize> = (0..all.len()).collect();
    let zero = vec![0.0; material.len()];
    let before = loss(&linear, &rows, &zero, scale, &wanted);
    let config = FitConfig {
        epochs: 600,
        rate: 1.0,
        scale,
        ridge: 0.0,
    };
    let delta = fit(&linear, &rows, &wanted, &zero, config, &mut |_, _| {});
    let after = loss(&linear, &rows, &delta, scale, &wanted);
    assert!(after < before / 20.0, "loss {before} -> {after}");
    let moved: Vec<i32> = delta.iter().map(|d| d.round() as i32).collect();
    let expected = [0, 40, 60, -50, 0, 0, 0, 0, 0, 0];
    for (k, (&m, &e)) in moved.iter().zip(&expected).enumerate() {
        assert!(
            (m - e).abs() <= 8,
            "material[{k}] moved {m}, expected {e}: {moved:?}"
        );
    }
}

/// Material and a piece-square table that every knight reads once say the
/// same thing: a knight worth 60 more fits as well as every square worth 60
/// more. The ridge picks the smallest moves, so the material carries it.
#[test]
fn the_ridge_puts_a_shared_change_on_the_material() {
    let variant = VariantId::Chess;
    let text = ParamText::parse(ChessPosition::TEXT).unwrap();
    let free: Vec<usize> = (0..text.values.len())
        .filter(|&j| {
            let v = &text.values[j];
            (v.table == "material" && v.index == 2) || v.table == "pst_knight_mg"
        })
        .collect();
    assert_eq!(free.len(), 65);
    let mut truth = text.numbers.clone();
    truth[free[0]] += 60; // knight, middlegame
    let all = positions::<ChessPosition>(variant, 6);
    let scale = 400.0;
    let wanted = scored_by(&text, &truth, &all, scale);
    let rows: Vec<usize> = (0..all.len()).collect();
    // Start as if an earlier round had put the whole change on the squares.
    let mut moved = vec![60.0f32; free.len()];
    moved[0] = 0.0;
    let mut start = text.numbers.clone();
    for (k, &j) in free.iter().enumerate() {
        start[j] += moved[k] as i32;
    }
    let linear = linearise(&all, &text, &start, &free).unwrap();
    let zero = vec![0.0; free.len()];
    // Where the squares carry it, the fit is already exact.
    assert!(loss(&linear, &rows, &zero, scale, &wanted) < 1e-7);
    let config = FitConfig {
        epochs: 600,
        rate: 1.0,
        scale,
        ridge: 0.00001,
    };
    let delta = fit(&linear, &rows, &wanted, &moved, config, &mut |_, _| {});
    let total: Vec<i32> = (0..free.len())
        .map(|k| (moved[k] + delta[k]).round() as i32)
        .collect();
    assert!(
        (50..=62).contains(&total[0]),
        "knight material moved {}: {total:?}",
        total[0]
    );
    assert!(
        total[1..].iter().all(|m| m.abs() <= 10),
        "squares moved {:?}",
        &total[1..]
    );
}

#[test]
fn the_command_writes_a_file_the_evaluator_reads() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let data = dir.join(format!("tune-{}.data", std::process::id()));
    let out = dir.join(format!("tune-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&data);
    let run = chimera_test_support::run_chimera;
    let (data_s, out_s) = (data.to_str().unwrap(), out.to_str().unwrap());
    run(&[
        "datagen",
        "--variant",
        "chess",
        "--games",
        "4",
        "--nodes",
        "200",
        "--seed",
        "7",
        "--out",
        data_s,
    ]);
    let command = [
        "tune",
        "--variant",
        "chess",
        "--data",
        data_s,
        "--out",
        out_s,
    ];
    let tune = [&command[..], &["--rounds", "1", "--epochs", "30"]].concat();
    let log = run(&tune);
    assert!(log.contains("held-out loss"), "{log}");
    let text = std::fs::read_to_string(&out).unwrap();
    let tuned = ParamText::parse(&text).unwrap();
    let original = ParamText::parse(ChessPosition::TEXT).unwrap();
    weights_at::<ChessPosition>(&tuned, &tuned.numbers).unwrap();
    assert_eq!(tuned.values.len(), original.values.len());
    for (k, v) in original.values.iter().enumerate() {
        if ChessPosition::FIXED.contains(&v.table.as_str()) {
            assert_eq!(tuned.numbers[k], original.numbers[k], "{} moved", v.table);
        }
    }
    assert_ne!(tuned.numbers, original.numbers, "nothing was fitted");

    // `--fix` keeps the tables it names; the others still move.
    let fixed = ["pst_pawn_mg", "material"];
    let log = run(&[&tune[..], &["--fix", fixed[0], fixed[1]]].concat());
    assert!(log.contains("pst_pawn_mg material"), "{log}");
    let refit = ParamText::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let moved = |k: usize| refit.numbers[k] != original.numbers[k];
    let tables = &original.values;
    let in_fixed = |k: usize| fixed.contains(&tables[k].table.as_str());
    assert!((0..tables.len()).any(|k| in_fixed(k) && tuned.numbers[k] != original.numbers[k]));
    assert!((0..tables.len()).all(|k| !in_fixed(k) || !moved(k)));
    assert!((0..tables.len()).any(|k| tables[k].table == "pst_knight_mg" && moved(k)));
    // A table the file does not have is refused.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(command)
        .args(["--fix", "pst_wizard"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--fix pst_wizard"));

    // A data file of another variant is refused.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args([
            "tune",
            "--variant",
            "atomic",
            "--data",
            data_s,
            "--out",
            out_s,
        ])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("chess data"));
    std::fs::remove_file(&data).unwrap();
    std::fs::remove_file(&out).unwrap();
}
