//! Omega perft helper for building test data:
//! `omega_tool perft|divide|eval DEPTH FEN [MOVE ...]` (moves are played
//! first; `perft` prints the FEN after the moves and `;D1 n ;D2 n ...`,
//! `eval` the evaluation breakdown).

use chimera::eval::Evaluate;
use chimera::perft::{divide, perft};
use chimera::variants::omega::OmegaPosition;
use chimera::variants::{Rules, VariantId};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "omega_tool perft|divide|eval DEPTH FEN [MOVE ...]";
    let (Some(cmd), Some(depth), Some(fen)) = (args.get(1), args.get(2), args.get(3)) else {
        return Err(usage.into());
    };
    let depth: u32 = depth.parse().map_err(|_| usage.to_string())?;
    let mut pos = OmegaPosition::from_fen(VariantId::Omega, fen).map_err(|e| e.to_string())?;
    for token in &args[4..] {
        let m = pos.parse_move(token).map_err(|e| e.to_string())?;
        pos.play(m);
    }
    match cmd.as_str() {
        "perft" => {
            let counts: Vec<String> = (1..=depth)
                .map(|d| format!(";D{d} {}", perft(&pos, d)))
                .collect();
            println!("{} {}", pos.fen(), counts.join(" "));
        }
        "eval" => print!("{}{}", pos.pretty(), pos.explain()),
        _ => {
            for (token, n) in divide(&pos, depth) {
                println!("{token} {n}");
            }
        }
    }
    Ok(())
}
