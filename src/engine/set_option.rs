//! Applying a checked option change to the engine: the one place that
//! knows what each option does, for every front end.

use super::options::Change;
use super::Engine;
use crate::tablebase::Tablebases;
use crate::text::shorten;
use crate::variants::CastlingMode;

/// What applying a change has to tell the user; each front end words it
/// in its protocol (UCI: `info string ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The change took effect, and this is worth knowing.
    Info(String),
    /// Part of the change could not be made; the rest was.
    Problem(String),
}

impl Engine {
    /// Applies `change` for the searches to come. Call when idle. On an
    /// error nothing changed; otherwise what the user should be told.
    pub fn set_option(&mut self, change: Change) -> Result<Vec<Notice>, String> {
        let mut notices = Vec::new();
        match change {
            Change::Variant(v) => {
                self.set_variant(v);
                self.clear_hash()?;
                // As Fairy-Stockfish answers a change of variant.
                if let Some(game) = self.game() {
                    notices.push(Notice::Info(format!(
                        "variant {} startpos {}",
                        game.variant(),
                        game.fen()
                    )));
                }
            }
            Change::Chess960(on) => {
                let castling = if on {
                    CastlingMode::Chess960
                } else {
                    CastlingMode::Standard
                };
                self.set_castling(castling);
                if on && !self.variant().has_chess960() {
                    notices.push(Notice::Info(format!(
                        "UCI_Chess960: {} has no Chess960 form; it plays as always",
                        self.variant()
                    )));
                }
            }
            Change::Hash(mb) => self.set_hash(mb)?,
            Change::Threads(n) => {
                let used = self.set_threads(n);
                if used < n {
                    notices.push(Notice::Info(format!(
                        "Threads {n}: searching with {used}, the number of hardware threads"
                    )));
                }
                self.options.threads = n;
            }
            Change::MultiPv(n) => self.options.multipv = n,
            Change::MoveOverhead(ms) => self.options.move_overhead = ms,
            Change::ShowWdl(on) => self.options.show_wdl = on,
            Change::SkillLevel(level) => self.options.skill_level = level,
            Change::LimitStrength(on) => self.options.limit_strength = on,
            Change::Elo(elo) => self.options.elo = elo,
            Change::SyzygyPath(path) => {
                self.options.syzygy_path = path;
                self.load_tablebases(&mut notices);
            }
            Change::SyzygyProbeDepth(depth) => {
                self.options.tb_config.probe_depth = depth;
                self.load_tablebases(&mut notices);
            }
            Change::Syzygy50MoveRule(on) => {
                self.options.tb_config.fifty_move_rule = on;
                self.load_tablebases(&mut notices);
            }
            Change::SyzygyProbeLimit(pieces) => {
                self.options.tb_config.probe_limit = pieces;
                self.load_tablebases(&mut notices);
            }
            Change::ClearHash => self.clear_hash()?,
            // Ponder only tells the engine that the GUI may send `go
            // ponder`; nothing here depends on it.
            Change::Ponder(_) => {}
            Change::SearchParam(name, value) => set_search_param(name, value)?,
            Change::EvalFile(choice) => {
                let now = self.networks.choose(&choice)?;
                // The table keeps each position's evaluation: another
                // network's must not outlive it.
                self.clear_hash()?;
                notices.push(Notice::Info(format!("EvalFile: {now}")));
            }
        }
        Ok(notices)
    }

    /// The tables of `SyzygyPath` under the probe settings, for the
    /// searches to come: what was found, and one problem per folder that
    /// could not be read (the others are kept).
    fn load_tablebases(&mut self, notices: &mut Vec<Notice>) {
        let (tables, problems) =
            Tablebases::load(&self.options.syzygy_path, self.options.tb_config);
        notices.extend(
            problems
                .iter()
                .map(|p| Notice::Problem(format!("SyzygyPath: {}", shorten(p)))),
        );
        if tables.any() {
            notices.push(Notice::Info(tables.describe()));
        }
        self.set_tablebases(tables);
    }
}

/// A `tune` build's parameter change, for the searches to come.
#[cfg(feature = "tune")]
fn set_search_param(name: &str, value: i32) -> Result<(), String> {
    crate::search::params::set(name, value)
}

#[cfg(not(feature = "tune"))]
fn set_search_param(name: &str, _value: i32) -> Result<(), String> {
    Err(format!("unknown option {name}"))
}
