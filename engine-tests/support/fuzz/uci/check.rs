//! Checks of the engine's answers against the model.

use super::model::{GoInfo, State};
use crate::fuzz::mirror::{guarded, no_moves, Pos};

/// Why a `bestmove` line is wrong: a short kind (failures are grouped by
/// it) and the details.
pub struct Wrong {
    pub kind: &'static str,
    pub detail: String,
}

fn wrong(kind: &'static str, detail: String) -> Wrong {
    Wrong { kind, detail }
}

/// Checks one `bestmove` line against the state its `go` saw.
pub fn bestmove(line: &str, go: &GoInfo, state: &State) -> Result<(), Wrong> {
    let words: Vec<&str> = line.split(' ').collect();
    let (best, ponder) = match words.as_slice() {
        ["bestmove", b] => (*b, None),
        ["bestmove", b, "ponder", p] => (*b, Some(*p)),
        _ => return Err(wrong("bestmove-format", format!("malformed: {line:?}"))),
    };
    let candidates = state.candidates();
    let mut why = Vec::new();
    for c in &candidates {
        match c {
            None if best == "0000" && ponder.is_none() => return Ok(()),
            None => why.push("no position: `bestmove 0000` expected".to_string()),
            Some(pos) => match accepts(pos, best, ponder, go) {
                Ok(Ok(())) => return Ok(()),
                Ok(Err(e)) => why.push(format!("{}: {e}", pos.fen())),
                Err(panic) => return Err(wrong("library-panic", panic)),
            },
        }
    }
    let kind = if candidates.iter().all(Option::is_none) {
        "move-without-position"
    } else {
        "bad-bestmove"
    };
    Err(wrong(kind, format!("{line:?}: {}", why.join("; "))))
}

fn accepts(
    pos: &Pos,
    best: &str,
    ponder: Option<&str>,
    go: &GoInfo,
) -> Result<Result<(), String>, String> {
    guarded("checking a bestmove", || {
        let legal = pos.turns();
        if no_moves(pos) {
            let none = (best == "(none)" || best == "0000") && ponder.is_none();
            // A decided game may still have turns by the rules of movement.
            if none || (pos.decided() && legal.iter().any(|t| t == best)) {
                return Ok(());
            }
            return Err(format!(
                "no legal move here (decided: {}): `bestmove (none)` or `bestmove 0000` expected",
                pos.decided()
            ));
        }
        if !legal.iter().any(|t| t == best) {
            return Err(format!(
                "{best} is not one of the {} legal moves",
                legal.len()
            ));
        }
        let restricted =
            !go.searchmoves.is_empty() && go.searchmoves.iter().all(|t| legal.contains(t));
        if restricted && !go.searchmoves.iter().any(|t| t == best) {
            return Err(format!(
                "{best} is not among searchmoves {:?}",
                go.searchmoves
            ));
        }
        if let Some(p) = ponder {
            let after = pos
                .after(best)
                .map_err(|e| format!("replaying {best}: {e}"))?;
            if !after.turns().iter().any(|t| t == p) || after.decided() {
                return Err(format!("ponder move {p} is not legal after {best}"));
            }
        }
        Ok(())
    })
}

/// `d` must print the FEN of the position (when the model knows it).
pub fn display(lines: &[String], state: &State) -> Result<(), Wrong> {
    let fen = lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("Fen: "))
        .map(str::trim_end);
    let candidates = state.candidates();
    if candidates.iter().any(Option::is_none) {
        // No position: the spec does not say what `d` prints then.
        return Ok(());
    }
    let Some(fen) = fen else {
        return Err(wrong(
            "d-no-fen",
            format!("`d` printed no `Fen:` line: {lines:?}"),
        ));
    };
    let fens: Vec<String> = candidates.iter().flatten().map(|p| p.fen()).collect();
    if fens.iter().any(|f| f == fen) {
        Ok(())
    } else {
        Err(wrong(
            "d-wrong-fen",
            format!("`d` says Fen: {fen}, the model has {fens:?}"),
        ))
    }
}

/// `go perft <depth>` must count what the library counts.
pub fn perft(lines: &[String], depth: Option<u32>, state: &State) -> Result<(), Wrong> {
    let (Some(depth), State::Known(pos, _)) = (depth, state) else {
        return Ok(());
    };
    let total = lines.iter().rev().find_map(|l| {
        l.strip_prefix("Nodes searched: ")
            .and_then(|n| n.trim().parse::<u64>().ok())
    });
    let Some(total) = total else {
        return Err(wrong(
            "perft-no-total",
            format!("`go perft {depth}` printed no `Nodes searched:` line: {lines:?}"),
        ));
    };
    let expected = guarded("perft", || pos.perft(depth)).map_err(|e| wrong("library-panic", e))?;
    if total == expected {
        Ok(())
    } else {
        Err(wrong(
            "perft-mismatch",
            format!(
                "perft {depth} of {}: engine {total}, library {expected}",
                pos.fen()
            ),
        ))
    }
}
