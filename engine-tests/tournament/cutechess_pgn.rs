//! `tools/pgn_pairs.py`: the pentanomial counts of a cutechess-cli match,
//! read from its PGN, pool with `chimera match --pool` (docs/testing.md,
//! "Against other engines").
//!
//! The PGN below is written by hand as cutechess-cli 1.5.1 writes one with
//! `-repeat -games 2 -concurrency 2`: both games of an opening carry the same
//! `Round`, games appear as they finish, and a game that did not end on the
//! board has a `Termination` tag. Counted from `dev`'s side by hand:
//! round 1 a win and a loss (WL), round 2 a draw and a win (WD), round 3
//! two losses, one on time (LL), round 4 one draw whose pair never finished.

use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

const PGN: &str = r#"[Event "?"]
[Round "1"]
[White "dev"]
[Black "base"]
[Result "1-0"]
[TimeControl "8+0.08"]
[Variant "atomic"]

1. e4 e5 1-0

[Event "?"]
[Round "2"]
[White "dev"]
[Black "base"]
[Result "1/2-1/2"]
[TimeControl "8+0.08"]
[Variant "atomic"]

1. d4 d5 1/2-1/2

[Event "?"]
[Round "1"]
[White "base"]
[Black "dev"]
[Result "1-0"]
[TimeControl "8+0.08"]
[Variant "atomic"]

1. e4 e5 1-0

[Event "?"]
[Round "3"]
[White "dev"]
[Black "base"]
[Result "0-1"]
[TimeControl "8+0.08"]
[Termination "time forfeit"]
[Variant "atomic"]

1. c4 c5 0-1

[Event "?"]
[Round "2"]
[White "base"]
[Black "dev"]
[Result "0-1"]
[TimeControl "8+0.08"]
[Variant "atomic"]

1. d4 d5 0-1

[Event "?"]
[Round "3"]
[White "base"]
[Black "dev"]
[Result "1-0"]
[TimeControl "8+0.08"]
[Variant "atomic"]

1. c4 c5 1-0

[Event "?"]
[Round "4"]
[White "dev"]
[Black "base"]
[Result "1/2-1/2"]
[TimeControl "8+0.08"]
[Variant "atomic"]

1. Nf3 Nf6 1/2-1/2

"#;

#[test]
fn a_cutechess_pgn_is_counted_in_pairs_by_round_and_pools() {
    let dir = std::env::temp_dir();
    let tag = std::process::id();
    let pgn = dir.join(format!("chimera-cc-{tag}.pgn"));
    let json = dir.join(format!("chimera-cc-{tag}.json"));
    std::fs::write(&pgn, PGN).unwrap();

    let out = Command::new("python3")
        .arg(format!("{ROOT}/tools/pgn_pairs.py"))
        .arg("dev")
        .arg(&pgn)
        .arg("--results")
        .arg(&json)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "dev against base: 7 games, W-D-L 2-2-3",
            "Ptnml [1, 0, 1, 1, 0] (0 DD, 1 WL), 1 games unpaired",
            "not normal: {'time forfeit': 1}",
        ]
    );

    let results = chimera::tournament::results::read(&json).unwrap();
    assert_eq!(results.variant, "atomic");
    assert_eq!(results.time_control, "8+0.08");
    assert_eq!(results.unpaired_games, 1);
    assert_eq!(results.terminations.get("time forfeit"), Some(&1));

    let pooled = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["match", "--pool"])
        .arg(&json)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&pooled.stdout);
    assert!(pooled.status.success(), "{text}");
    assert!(
        text.contains("dev vs base: 7 games, W-D-L 2-2-3; 3 pairs, Ptnml(0-2): [1, 0, 1, 1, 0]"),
        "{text}"
    );
    let _ = std::fs::remove_file(&pgn);
    let _ = std::fs::remove_file(&json);
}
