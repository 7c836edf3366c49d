//! Each registered variant's test facts, in one place per variant: its
//! perft files, the FENs the fuzzers and the FEN-mutation test start from,
//! the size of its data record, whether it writes SAN, its independent
//! reference generator, and what the backend contract test must allow for
//! (`Quirks`). A variant added to `VariantId` fails to compile in
//! [`facts`] until it has an entry here, and every suite iterates
//! `VariantId::ALL` through it, so none skips a variant silently.

mod atomic;
mod avalanche;
mod chess;
mod dynamo;
mod omega;

use chimera::variants::{CastlingMode, Rules, VariantId};

pub use crate::reference::Divide;

/// A perft file of `engine-tests/perft/` (`FEN ;D1 n ;D2 n ...`), checked
/// at every depth whose count is at most `max_nodes`.
#[derive(Clone, Debug)]
pub struct PerftFile {
    pub path: String,
    pub castling: CastlingMode,
    pub max_nodes: u64,
}

/// What the suites need to know about one variant beyond `Rules`.
pub struct Facts {
    /// The node cap of `engine-tests/perft/<name>.epd`, which every variant
    /// has (the cap keeps the suite's time).
    pub perft_max_nodes: u64,
    /// Further perft files (Chess960 forms).
    pub more_perft: &'static [(&'static str, CastlingMode, u64)],
    /// Valid FENs that use every field: castling rights, en passant, a
    /// pending pawn; the FEN-mutation test mutates them.
    pub sample_fens: &'static [&'static str],
    /// Game states the protocol fuzzers set up besides the perft
    /// positions: mates, stalemates, bare kings, full 50-move clocks,
    /// decided games, promotions.
    pub special_fens: &'static [&'static str],
    /// Bytes of a packed position in a data file (docs/datagen.md).
    pub record_len: usize,
    /// Whether turns are written in SAN (otherwise the PGN keeps the token
    /// and the variant's own notation follows it).
    pub san: bool,
    /// Perft-divide (depth >= 1) of a FEN of this variant by a generator
    /// independent of `src/` (`support/reference/`): every variant has one,
    /// which the differential tests compare the engine with.
    pub reference: fn(VariantId, &str, u32) -> Divide,
}

/// The facts of `variant`.
pub fn facts(variant: VariantId) -> Facts {
    match variant {
        VariantId::Chess => chess::facts(),
        VariantId::Atomic => atomic::facts(),
        VariantId::Avalanche => avalanche::facts(variant),
        VariantId::AvalancheBalanced => avalanche::facts(variant),
        VariantId::AvalancheReversed => avalanche::facts(variant),
        VariantId::Omega => omega::facts(),
        VariantId::Dynamo => dynamo::facts(),
    }
}

/// `engine-tests/perft/<name>.epd`, the one perft file every variant has.
pub fn perft_path(variant: VariantId) -> String {
    format!("engine-tests/perft/{}.epd", variant.name())
}

/// Every perft file of `variant`, its own `<name>.epd` first.
pub fn perft_files(variant: VariantId) -> Vec<PerftFile> {
    let facts = facts(variant);
    let mut files = vec![PerftFile {
        path: perft_path(variant),
        castling: CastlingMode::Standard,
        max_nodes: facts.perft_max_nodes,
    }];
    files.extend(
        facts
            .more_perft
            .iter()
            .map(|&(path, castling, max_nodes)| PerftFile {
                path: path.to_string(),
                castling,
                max_nodes,
            }),
    );
    files
}

/// Whether `variant` has a Chess960 form: then it has a Chess960 perft
/// file from the spec, and the web board and `UCI_Chess960` offer it.
pub fn has_chess960(variant: VariantId) -> bool {
    perft_files(variant)
        .iter()
        .any(|f| f.castling == CastlingMode::Chess960)
}

/// The lines of a perft file as (FEN, [(depth, count)]), the comments
/// skipped; a missing file panics with a message naming it.
pub fn read_perft(path: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    let text = std::fs::read_to_string(crate::root().join(path)).unwrap_or_else(|e| {
        panic!("{path}: {e} (every registered variant needs engine-tests/perft/<name>.epd)")
    });
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|part| {
                    let mut words = part.split_whitespace();
                    let depth = words.next().and_then(|d| d.strip_prefix('D'));
                    let count = words.next();
                    match (depth.map(str::parse), count.map(str::parse)) {
                        (Some(Ok(d)), Some(Ok(n))) => (d, n),
                        _ => panic!("{path}: `{part}` is not `Dn count`"),
                    }
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

/// The FENs of every perft file of `variant`.
pub fn perft_fens(variant: VariantId) -> Vec<String> {
    perft_files(variant)
        .iter()
        .filter(|f| f.castling == CastlingMode::Standard)
        .flat_map(|f| read_perft(&f.path))
        .map(|(fen, _)| fen)
        .collect()
}

/// The start position's counts from `<name>.epd` (the spec's numbers);
/// panics, naming the file, when the start position is not in it.
pub fn start_counts<P: Rules>(variant: VariantId) -> Vec<(u32, u64)> {
    let path = perft_path(variant);
    let start = P::start_fen(variant);
    read_perft(&path)
        .into_iter()
        .find(|(fen, _)| fen == start)
        .map(|(_, counts)| counts)
        .unwrap_or_else(|| panic!("{path} has no line for the start position {start}"))
}

/// What a backend's FEN legitimately cannot carry, for the backend
/// contract test (engine-tests/rules/backend_contract.rs). The defaults say
/// "the FEN carries everything `hash()` covers"; each backend's file says
/// where it differs.
pub trait Quirks: Rules {
    /// State the test follows along a game beside the position.
    type Track: Clone;
    fn track_new(pos: &Self) -> Self::Track;
    fn track_play(_track: &mut Self::Track, _before: &Self, _m: Self::Move) {}
    /// What `from_fen(fen()).fen()` must be.
    fn expected_refen(&self, _track: &Self::Track) -> String {
        self.fen()
    }
    /// The hash the position re-read from `fen()` must have, or `None` when
    /// the FEN cannot carry the state the hash covers.
    fn fen_comparable_hash(&self, _track: &Self::Track) -> Option<u64> {
        Some(self.hash())
    }
    /// The FEN fields that decide the position (the hash must be a function
    /// of them): all but the two counters.
    fn position_key(&self) -> String {
        let fen = self.fen();
        fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
    }
}

/// The positions the protocol fuzzers set up in `variant`: its perft
/// files' FENs, its sample and special FENs, and its start position.
pub fn fuzz_fens<P: Rules>(variant: VariantId) -> Vec<String> {
    let facts = facts(variant);
    let mut fens = perft_fens(variant);
    fens.extend(facts.sample_fens.iter().map(|f| f.to_string()));
    fens.extend(facts.special_fens.iter().map(|f| f.to_string()));
    fens.push(P::start_fen(variant).to_string());
    fens
}
