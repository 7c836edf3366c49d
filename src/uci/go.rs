//! `go` and `go perft`: the request each makes of the engine facade, and
//! the lines it prints as the job reports.

use std::io::Write;

use crate::engine::{position, Done, Engine, SearchRequest, NO_POSITION};
use crate::eval::win_rate::WinRate;
use crate::search::score::{uci_score, wdl};
use crate::search::{Limits, SearchInfo};
use crate::text::shorten;

/// What a search needs besides the position.
pub struct GoRequest {
    pub limits: Limits,
    pub multipv: usize,
    pub move_overhead: u64,
    /// `wdl W D L` after the score (`UCI_ShowWDL`).
    pub show_wdl: bool,
    /// Complaints about the `go` line so far; more may be added here, and
    /// all are printed as one error line.
    pub warnings: Vec<String>,
}

/// Formats one `info` line; with a win-rate model, the score's win, draw
/// and loss chances after it, as Stockfish's `UCI_ShowWDL`.
pub fn info_line(i: &SearchInfo, win_rate: Option<&WinRate>) -> String {
    let wdl = win_rate.map_or(String::new(), |rate| {
        let w = wdl(i.score, rate);
        format!(" wdl {} {} {}", w.win, w.draw, w.loss)
    });
    format!(
        "info depth {} seldepth {} multipv {} score {}{wdl} nodes {} nps {} hashfull {} tbhits {} time {} pv {}",
        i.depth,
        i.seldepth,
        i.multipv,
        uci_score(i.score),
        i.nodes,
        i.nps,
        i.hashfull,
        i.tbhits,
        i.time_ms,
        i.pv.join(" ")
    )
}

/// A search of the engine's game that prints `info` lines and, when done
/// (and, for `infinite`/`ponder`, told to stop), exactly one `bestmove`.
/// Without a game it prints an error and `bestmove 0000`.
pub fn go(engine: &mut Engine, mut request: GoRequest) -> Result<(), String> {
    let Some(game) = engine.game() else {
        request.warnings.push(NO_POSITION.to_string());
        println!("info string error: {}", request.warnings.join("; "));
        println!("bestmove 0000");
        return Ok(());
    };
    let mut limits = request.limits;
    if !limits.searchmoves.is_empty() {
        let (legal, unknown): (Vec<String>, Vec<String>) = limits
            .searchmoves
            .iter()
            .cloned()
            .partition(|t| game.is_legal(t));
        if !unknown.is_empty() {
            let list: Vec<String> = unknown.iter().map(|t| shorten(t)).collect();
            request.warnings.push(format!(
                "go searchmoves: ignored {} (not legal here)",
                shorten(&list.join(" "))
            ));
        }
        if legal.is_empty() {
            request
                .warnings
                .push("go searchmoves: no legal turn given, searching all".into());
        }
        limits.searchmoves = legal;
    }
    if !request.warnings.is_empty() {
        println!("info string error: {}", request.warnings.join("; "));
    }
    let win_rate = request.show_wdl.then(|| position::win_rate(game));
    let search = SearchRequest {
        limits,
        multipv: request.multipv,
        move_overhead: request.move_overhead,
    };
    engine
        .go(
            search,
            move |info| println!("{}", info_line(info, win_rate.as_ref())),
            |result, _, done| {
                let line = match (result.best, result.ponder) {
                    (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
                    (Some(b), None) => format!("bestmove {b}"),
                    (None, _) => "bestmove (none)".to_string(),
                };
                say_last(done, &line);
            },
        )
        .map(|_| ())
}

/// `go perft` on the engine's game: prints each root turn's count as it is
/// known, and the total, or that it was stopped.
pub fn perft(engine: &mut Engine, depth: u32) -> Result<(), String> {
    engine.perft(
        depth,
        |token, n| println!("{token}: {n}"),
        move |total, done| {
            let last = match total {
                Some((total, ms)) => format!(
                    "\nNodes searched: {total}\ninfo string perft {depth} time {ms} ms nps {}",
                    total * 1000 / ms
                ),
                None => "info string perft stopped: the counts above are incomplete".to_string(),
            };
            say_last(done, &last);
        },
    )
}

/// A job's last line, written with stdout held from before the job is
/// marked finished until the line is out ([`Done::finish_holding`]). Not
/// `println!`, which panics when the GUI has gone: the job thread must
/// always reach its end.
fn say_last(done: &Done, text: &str) {
    done.finish_holding(std::io::stdout().lock(), |out| {
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    });
}
