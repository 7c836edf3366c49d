//! The options every front end offers, as the engine facade owns them:
//! their list (each front end writes it in its protocol's words), their
//! values, and how a change is checked. Applying a change is the facade's
//! ([`super::Engine::set_option`]).

use std::sync::OnceLock;

use crate::nnue::networks::{EvalChoice, BUILTIN_EVAL};
use crate::search::params::SearchParams;
use crate::search::skill::{Skill, MAX_ELO, MIN_ELO};
use crate::tablebase::TbConfig;
use crate::text::shorten;
use crate::variants::{UnknownVariant, VariantId};

pub use super::option_error::OptionError;

/// The name the engine gives itself in every protocol.
pub const ENGINE_NAME: &str = concat!("Chimera ", env!("CARGO_PKG_VERSION"));

pub const DEFAULT_HASH_MB: usize = 16;
pub const MAX_THREADS: usize = 256;
pub const MAX_MULTIPV: usize = 256;
pub const MAX_MOVE_OVERHEAD: u64 = 5000;

/// The largest `Hash` offered: three quarters of the machine's memory (so a
/// table of the maximum size can really be had), or 32 GB where the memory
/// cannot be read. A size the system still refuses is an error line.
pub fn max_hash_mb() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| {
        physical_memory_mb()
            .map(|mb| (mb / 4 * 3).max(DEFAULT_HASH_MB))
            .unwrap_or(32 * 1024)
    })
}

/// Total memory from `/proc/meminfo` (Linux), in MB.
fn physical_memory_mb() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// Current option values.
#[derive(Clone, Debug)]
pub struct Options {
    pub variant: VariantId,
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead: u64,
    pub show_wdl: bool,
    pub skill_level: u32,
    pub limit_strength: bool,
    pub elo: u32,
    pub syzygy_path: String,
    pub tb_config: TbConfig,
}

impl Options {
    /// How strongly to play: at `UCI_Elo` when `UCI_LimitStrength` is on
    /// (it overrides the skill level, as in Stockfish), else at the skill
    /// level.
    pub fn skill(&self) -> Skill {
        if self.limit_strength {
            Skill::from_elo(self.elo)
        } else {
            Skill::from_level(self.skill_level)
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: VariantId::DEFAULT,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            move_overhead: 10,
            show_wdl: false,
            skill_level: 20,
            limit_strength: false,
            elo: MIN_ELO,
            syzygy_path: "<empty>".into(),
            tb_config: TbConfig::default(),
        }
    }
}

/// A validated `setoption`.
#[derive(Debug, PartialEq, Eq)]
pub enum Change {
    Variant(VariantId),
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    MoveOverhead(u64),
    ClearHash,
    Ponder(bool),
    /// Chess960 castling (`UCI_Chess960`) in chess and atomic.
    Chess960(bool),
    /// `wdl W D L` in `info` lines (`UCI_ShowWDL`).
    ShowWdl(bool),
    /// Stockfish's `Skill Level`, 0 to 20.
    SkillLevel(u32),
    /// Play at `UCI_Elo` rather than the skill level.
    LimitStrength(bool),
    Elo(u32),
    /// Folders of Syzygy tables, `:`-separated (`<empty>` for none).
    SyzygyPath(String),
    SyzygyProbeDepth(i32),
    Syzygy50MoveRule(bool),
    SyzygyProbeLimit(usize),
    /// A search parameter (`tune` builds only).
    SearchParam(&'static str, i32),
    /// A network file to load, the built-in networks or the hand-written
    /// evaluations.
    EvalFile(EvalChoice),
}

/// What kind of value an option takes, with its default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of `choices`.
    Combo {
        default: String,
        choices: Vec<String>,
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    /// An action without a value.
    Button,
    /// Free text.
    Text {
        default: String,
    },
    /// A file name (CECP lets the GUI offer a file chooser).
    File {
        default: String,
    },
}

/// An option as offered: its name and kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
}

fn spec(name: &'static str, kind: OptionKind) -> OptionSpec {
    OptionSpec { name, kind }
}

fn spin_spec(name: &'static str, default: i64, min: i64, max: i64) -> OptionSpec {
    spec(name, OptionKind::Spin { default, min, max })
}

fn check_spec(name: &'static str, default: bool) -> OptionSpec {
    spec(name, OptionKind::Check { default })
}

/// Every option, in the order a GUI lists them (a `tune` build's search
/// parameters last).
pub fn specs() -> Vec<OptionSpec> {
    let defaults = Options::default();
    let text = |default: &str| OptionKind::Text {
        default: default.to_string(),
    };
    let mut list = vec![
        spec(
            "UCI_Variant",
            OptionKind::Combo {
                default: VariantId::DEFAULT.to_string(),
                choices: VariantId::ALL.iter().map(|v| v.to_string()).collect(),
            },
        ),
        spin_spec("Hash", DEFAULT_HASH_MB as i64, 1, max_hash_mb() as i64),
        spin_spec("Threads", 1, 1, MAX_THREADS as i64),
        spin_spec("MultiPV", 1, 1, MAX_MULTIPV as i64),
        spin_spec(
            "Move Overhead",
            defaults.move_overhead as i64,
            0,
            MAX_MOVE_OVERHEAD as i64,
        ),
        spec("Clear Hash", OptionKind::Button),
        check_spec("Ponder", false),
        check_spec("UCI_Chess960", false),
        check_spec("UCI_ShowWDL", false),
        spin_spec("Skill Level", 20, 0, 20),
        check_spec("UCI_LimitStrength", false),
        spin_spec("UCI_Elo", MIN_ELO.into(), MIN_ELO.into(), MAX_ELO.into()),
        spec("SyzygyPath", text("<empty>")),
        spin_spec("SyzygyProbeDepth", 1, 1, 100),
        check_spec("Syzygy50MoveRule", true),
        spin_spec("SyzygyProbeLimit", 7, 0, 7),
        spec(
            "EvalFile",
            OptionKind::File {
                default: BUILTIN_EVAL.to_string(),
            },
        ),
    ];
    if cfg!(feature = "tune") {
        list.extend(
            SearchParams::SPECS
                .iter()
                .map(|s| spin_spec(s.name, s.default.into(), s.min.into(), s.max.into())),
        );
    }
    list
}

/// A search parameter's `setoption`, in a `tune` build.
fn search_param(name: &str, value: Option<&str>) -> Option<Result<Change, OptionError>> {
    if !cfg!(feature = "tune") {
        return None;
    }
    let spec = SearchParams::SPECS
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name))?;
    let min = i64::from(spec.min);
    let max = i64::from(spec.max);
    let v = match value {
        None => Err(OptionError::NeedsValue(spec.name)),
        Some(v) => match v.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n as i32),
            _ => Err(OptionError::out_of_range(spec.name, min, max, v)),
        },
    };
    Some(v.map(|n| Change::SearchParam(spec.name, n)))
}

fn spin(name: &'static str, value: Option<&str>, min: u64, max: u64) -> Result<u64, OptionError> {
    let v = value.ok_or(OptionError::NeedsValue(name))?;
    match v.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(OptionError::out_of_range(name, min as i64, max as i64, v)),
    }
}

fn check(name: &'static str, value: Option<&str>) -> Result<bool, OptionError> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(OptionError::NotTrueOrFalse(name)),
    }
}

/// Checks a `setoption` (names are case-insensitive, as UCI allows).
pub fn parse_change(name: &str, value: Option<&str>) -> Result<Change, OptionError> {
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => {
            let v = value.ok_or(OptionError::NeedsValue("UCI_Variant"))?;
            VariantId::parse_ignore_case(v)
                .map(Change::Variant)
                .map_err(|_| OptionError::Variant(UnknownVariant { name: shorten(v) }))
        }
        "hash" => Ok(Change::Hash(
            spin("Hash", value, 1, max_hash_mb() as u64)? as usize
        )),
        "threads" => Ok(Change::Threads(
            spin("Threads", value, 1, MAX_THREADS as u64)? as usize,
        )),
        "multipv" => Ok(Change::MultiPv(
            spin("MultiPV", value, 1, MAX_MULTIPV as u64)? as usize,
        )),
        "move overhead" => Ok(Change::MoveOverhead(spin(
            "Move Overhead",
            value,
            0,
            MAX_MOVE_OVERHEAD,
        )?)),
        "clear hash" => Ok(Change::ClearHash),
        "evalfile" => EvalChoice::parse(value.unwrap_or(""))
            .map(Change::EvalFile)
            .map_err(|_| OptionError::NeedsValue("EvalFile")),
        "ponder" => check("Ponder", value).map(Change::Ponder),
        "uci_chess960" => check("UCI_Chess960", value).map(Change::Chess960),
        "uci_showwdl" => check("UCI_ShowWDL", value).map(Change::ShowWdl),
        "skill level" => Ok(Change::SkillLevel(spin("Skill Level", value, 0, 20)? as u32)),
        "uci_limitstrength" => check("UCI_LimitStrength", value).map(Change::LimitStrength),
        "syzygypath" => Ok(Change::SyzygyPath(value.unwrap_or("<empty>").to_string())),
        "syzygyprobedepth" => Ok(Change::SyzygyProbeDepth(
            spin("SyzygyProbeDepth", value, 1, 100)? as i32,
        )),
        "syzygy50moverule" => check("Syzygy50MoveRule", value).map(Change::Syzygy50MoveRule),
        "syzygyprobelimit" => Ok(Change::SyzygyProbeLimit(
            spin("SyzygyProbeLimit", value, 0, 7)? as usize,
        )),
        "uci_elo" => Ok(Change::Elo(
            spin("UCI_Elo", value, u64::from(MIN_ELO), u64::from(MAX_ELO))? as u32,
        )),
        _ => search_param(name, value).unwrap_or_else(|| Err(OptionError::unknown(name))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_values() {
        assert_eq!(parse_change("hash", Some("64")), Ok(Change::Hash(64)));
        let max = max_hash_mb() as i64;
        assert_eq!(
            parse_change("Hash", Some("0")),
            Err(OptionError::OutOfRange {
                name: "Hash",
                min: 1,
                max,
                value: "0".into()
            })
        );
        assert_eq!(
            parse_change("Hash", Some("lots")).unwrap_err().to_string(),
            format!("option Hash must be an integer from 1 to {max}, not lots")
        );
        assert_eq!(
            parse_change("Threads", None),
            Err(OptionError::NeedsValue("Threads"))
        );
        assert_eq!(
            parse_change("UCI_Variant", Some("Atomic")),
            Ok(Change::Variant(VariantId::Atomic))
        );
        assert!(matches!(
            parse_change("UCI_Variant", Some("xiangqi")),
            Err(OptionError::Variant(_))
        ));
        assert_eq!(
            parse_change("Ponder", Some("maybe")),
            Err(OptionError::NotTrueOrFalse("Ponder"))
        );
        assert_eq!(
            parse_change("uci_chess960", Some("TRUE")),
            Ok(Change::Chess960(true))
        );
        assert!(parse_change("UCI_Chess960", None).is_err());
        assert_eq!(
            parse_change("Contempt", Some("1")),
            Err(OptionError::Unknown("Contempt".into()))
        );
        assert_eq!(
            parse_change("EvalFile", None),
            Err(OptionError::NeedsValue("EvalFile"))
        );
        assert_eq!(parse_change("Clear Hash", None), Ok(Change::ClearHash));
    }

    #[test]
    fn search_parameters_are_options_only_in_a_tune_build() {
        let listed = specs().contains(&spin_spec("rfp_margin", 90, 20, 300));
        let parsed = parse_change("RFP_margin", Some("120"));
        // Every parameter, as OpenBench's SPSA sets them by name.
        let offered = specs();
        let all = SearchParams::SPECS.iter().all(|s| {
            let spec = spin_spec(s.name, s.default.into(), s.min.into(), s.max.into());
            offered.contains(&spec)
        });
        assert_eq!(all, cfg!(feature = "tune"));
        if cfg!(feature = "tune") {
            assert!(listed);
            assert_eq!(parsed, Ok(Change::SearchParam("rfp_margin", 120)));
            assert!(parse_change("rfp_margin", Some("100000")).is_err());
        } else {
            assert!(!listed);
            assert!(parsed.is_err());
        }
    }
}
