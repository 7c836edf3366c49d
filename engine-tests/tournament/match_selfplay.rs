//! Short matches of the chimera binary against itself at a fixed node count
//! in every registered variant: the PGN must be well formed, every move must
//! replay legally and be written in the variant's PGN notation (SAN for
//! chess, atomic and Omega; the UCI token followed by the variant's own
//! notation as a comment for avalanche and Dynamo), every game must end for
//! a reason the final position confirms, and the totals must add up.

use chimera::openings::pgn::read_games;
use chimera::tournament::record::Termination;
use chimera::variants::view::BoardView;
use chimera::variants::{CastlingMode, Outcome, Rules, VariantId};
use chimera_test_support::matches::{
    check_totals, child_processes, parse_pgn, run_match, serial, PgnGame,
};

/// The match runner's PGN is an openings file for the next match: the
/// game, cut before its last move (the game must not be over), reads back
/// as the turns played.
fn reads_back_as_an_opening<P: Rules>(variant: VariantId, game: &PgnGame, tokens: &[String]) {
    let Some(plies) = tokens.len().checked_sub(1) else {
        return;
    };
    let text = match game.tag("FEN") {
        Some(fen) => format!("[FEN \"{fen}\"]\n\n{}", game.movetext),
        None => game.movetext.clone(),
    };
    let openings = read_games::<P>(variant, CastlingMode::Standard, &text, Some(plies))
        .unwrap_or_else(|e| panic!("{variant}: {e} in {text}"));
    assert_eq!(openings.len(), 1);
    assert_eq!(openings[0].moves, tokens[..plies], "{variant}");
}

/// Replays a game and checks that its final position bears out the result.
fn replay<P: BoardView>(variant: VariantId, game: &PgnGame) {
    let mut pos = match game.tag("FEN") {
        Some(fen) => P::from_fen(variant, fen).unwrap(),
        None => P::start(variant),
    };
    let mut seen = vec![pos.hash()];
    let mut tokens = Vec::new();
    let one_line = game
        .movetext
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for text in game.moves() {
        let m = pos
            .parse_pgn_move(&text)
            .unwrap_or_else(|e| panic!("{variant}: {text} in {}: {e}", game.movetext));
        let written = pos.san(m).unwrap_or_else(|| pos.format_move(m));
        assert_eq!(text, written, "{variant}: {}", game.movetext);
        let is_san = chimera_test_support::variants::facts(variant).san;
        assert_eq!(pos.san(m).is_some(), is_san, "{variant}: {text}");
        if let Some(notation) = pos.variant_notation(m) {
            let comment = format!("{text} {{{notation}}}");
            assert!(one_line.contains(&comment), "{variant}: {comment}");
        }
        tokens.push(pos.format_move(m));
        pos.play(m);
        seen.push(pos.hash());
    }
    reads_back_as_an_opening::<P>(variant, game, &tokens);
    let comment = game.final_comment();
    let result = game.tag("Result").unwrap();
    let white = pos.white_to_move();
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let end = pos
        .early_end()
        .or_else(|| moves.is_empty().then(|| pos.end_without_moves()));
    match end {
        Some(end) => {
            let expected = match (end.outcome, white) {
                (Outcome::Draw, _) => "1/2-1/2",
                (Outcome::Win, true) | (Outcome::Loss, false) => "1-0",
                (Outcome::Win, false) | (Outcome::Loss, true) => "0-1",
            };
            assert_eq!(result, expected, "{variant}: {comment}");
            assert!(
                comment.contains(end.reason.as_str()),
                "{variant}: {comment} vs {}",
                end.reason
            );
        }
        None if comment.contains("repetition") => {
            let key = pos.hash();
            assert!(seen.iter().filter(|&&h| h == key).count() >= 3, "{variant}");
            assert_eq!(result, "1/2-1/2");
        }
        None if comment.contains("50-move") => {
            assert!(pos.halfmove_clock() >= 100, "{variant}");
            assert_eq!(result, "1/2-1/2");
        }
        None => assert_eq!(
            game.tag("Termination"),
            Some("adjudication"),
            "{variant}: {comment}"
        ),
    }
}

#[test]
fn chimera_plays_itself_in_every_variant() {
    let _serial = serial();
    let exe = env!("CARGO_BIN_EXE_chimera");
    for variant in VariantId::ALL {
        let engines = [
            vec![exe.to_string()],
            vec![exe.to_string(), "option.Hash=8".into()],
        ];
        let options = [
            "--variant",
            variant.name(),
            "--games",
            "4",
            "--tc",
            "nodes=400",
            "--random-plies",
            "4",
            "--seed",
            "2026",
            "--concurrency",
            "2",
            "--max-moves",
            "150",
        ];
        let (standings, pgn) = run_match(&format!("selfplay-{variant}"), &engines, &options);
        check_totals(&standings, 4);
        assert_eq!(standings.names, ["chimera", "chimera-2"]);
        let clean =
            standings.count(Termination::Normal) + standings.count(Termination::Adjudication);
        assert_eq!(clean, 4, "{variant}: {:?}", standings.terminations);
        let games = parse_pgn(&pgn);
        assert_eq!(games.len(), 4);
        for game in &games {
            assert_eq!(game.tag("Variant"), Some(variant.name()));
            assert!(game.movetext.contains("{opening}"));
            chimera::with_variant!(variant, P => replay::<P>(variant, game));
        }
    }
    assert_eq!(child_processes(), []);
}
