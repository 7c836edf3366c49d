//! Perft speed of Dynamo against chess, same run:
//! `cargo run --release --example dynamo_perft [depth_dynamo] [depth_chess]`.
use chimera::perft::perft;
use chimera::variants::chess::ChessPosition;
use chimera::variants::dynamo::DynamoPosition;
use chimera::variants::{Rules, VariantId};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dd: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let cd: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let fen = args.get(3).cloned();
    let pos = match &fen {
        Some(f) => DynamoPosition::from_fen(VariantId::Dynamo, f).expect("fen"),
        None => DynamoPosition::start(VariantId::Dynamo),
    };
    for d in 1..=dd {
        let t = Instant::now();
        let n = perft(&pos, d);
        let s = t.elapsed().as_secs_f64();
        println!(
            "dynamo perft {d}: {n} turns, {:.2}s, {:.1} M turns/s",
            s,
            n as f64 / s / 1e6
        );
    }
    let chess = ChessPosition::start(VariantId::Chess);
    let t = Instant::now();
    let n = perft(&chess, cd);
    let s = t.elapsed().as_secs_f64();
    println!(
        "chess perft {cd}: {n} moves, {:.2}s, {:.1} M moves/s",
        s,
        n as f64 / s / 1e6
    );
}
