//! The transposition table, shared by all search threads.
//!
//! Lockless: each entry is two `AtomicU64`s, the data and `key ^ data ^
//! eval`, so a torn write by another thread just fails the check of the
//! key's upper 48 bits (Hyatt's trick); the low 16 carry the position's
//! static evaluation, which a later visit reads instead of evaluating (two
//! threads writing the same position's entry at once can leave a wrong one,
//! as in Stockfish's table: a rare misjudged node, never an unsafe read).
//! Entries sit in buckets of four, each bucket aligned to one cache line (so a
//! probe touches one line); replacement keeps the deepest, most recent
//! entries. The stored move is the backend's
//! [`crate::variants::Rules::encode`] code, so the table is variant-agnostic
//! and a stale move can never be played: the search only uses it to find the
//! matching move among the generated legal ones.

use std::mem::size_of;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

use super::score::{MATE, MATE_BOUND};
use super::tt_memory::ZeroedBlock;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub move_code: u32,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The position's static evaluation before any correction, when the
    /// node that stored the entry computed one (not in check).
    pub eval: Option<i32>,
}

/// The key bits the check word compares; the rest hold the evaluation.
const KEY_BITS: u64 = !0xffff;
/// The stored evaluation of an entry without one.
const NO_EVAL: u16 = i16::MIN as u16;

impl Bound {
    /// The bound a node's best score gives, for the window it was searched
    /// with.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

impl Entry {
    /// Whether the stored score settles a node searched with this window.
    pub fn decides(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;

/// Four slots on one cache line: at the allocator's own alignment (16 bytes
/// past a page for a large block) most buckets would straddle two lines.
#[repr(C, align(64))]
struct Bucket {
    slots: [Slot; BUCKET],
}

pub struct TranspositionTable {
    buckets: Buckets,
    generation: AtomicU8,
    /// A search ran since the table was allocated or cleared: only then is
    /// there anything to clear (a new table's pages are not even touched
    /// yet, and clearing would fault in every one of them).
    used: AtomicBool,
}

/// Zeroed buckets on cache-line boundaries, in memory that stays untouched
/// until used (on huge pages where the system has them: `tt_memory`).
struct Buckets {
    block: ZeroedBlock,
    len: usize,
}

impl Buckets {
    /// `megabytes` of zeroed buckets, or an error if the system has no
    /// such memory.
    fn zeroed(megabytes: usize) -> Result<Buckets, String> {
        let too_big = || format!("cannot allocate a hash table of {megabytes} MB");
        let bytes = megabytes.max(1).saturating_mul(1024 * 1024);
        let len = (bytes / size_of::<Bucket>()).max(1);
        let size = len.checked_mul(size_of::<Bucket>()).ok_or_else(too_big)?;
        let block = ZeroedBlock::new(size).ok_or_else(too_big)?;
        Ok(Buckets { block, len })
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];

    fn deref(&self) -> &[Bucket] {
        // SAFETY: the block holds `len` buckets' bytes from a 64-byte
        // boundary, all zero at first, and all-zero bytes are valid atomics,
        // hence valid buckets; it lives as long as `self`.
        unsafe {
            std::slice::from_raw_parts(self.block.start().as_ptr().cast::<Bucket>(), self.len)
        }
    }
}

impl TranspositionTable {
    /// A table of `megabytes`.
    ///
    /// # Panics
    /// If the memory cannot be had; use [`TranspositionTable::try_new`] for
    /// a size a user chose.
    pub fn new(megabytes: usize) -> TranspositionTable {
        match TranspositionTable::try_new(megabytes) {
            Ok(tt) => tt,
            Err(e) => panic!("{e}"),
        }
    }

    /// A table of `megabytes`, or an error (and no abort) when the memory
    /// cannot be allocated.
    pub fn try_new(megabytes: usize) -> Result<TranspositionTable, String> {
        Ok(TranspositionTable {
            buckets: Buckets::zeroed(megabytes)?,
            generation: AtomicU8::new(0),
            used: AtomicBool::new(false),
        })
    }

    /// Empties the table, on every core for a large one (a multi-gigabyte
    /// table takes seconds on one).
    pub fn clear(&self) {
        use rayon::prelude::*;
        const CHUNK: usize = 1 << 14;
        let wipe = |chunk: &[Bucket]| {
            for s in chunk.iter().flat_map(|b| &b.slots) {
                s.check.store(0, Ordering::Relaxed);
                s.data.store(0, Ordering::Relaxed);
            }
        };
        if !self.used.swap(false, Ordering::SeqCst) {
            // Still all zeroes.
        } else if self.buckets.len() <= CHUNK {
            wipe(&self.buckets);
        } else {
            self.buckets.par_chunks(CHUNK).for_each(wipe);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Called once per `go`, before any [`TranspositionTable::store`]: older
    /// entries become cheaper to replace.
    pub fn new_search(&self) {
        self.used.store(true, Ordering::SeqCst);
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 63, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Slot; BUCKET] {
        // Multiply-shift maps the key onto the bucket range without modulo.
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index].slots
    }

    /// Asks the CPU to start loading the bucket of `key`, for a probe that
    /// follows soon (the child's, once a turn is made): the table is far
    /// larger than the caches, and the load would otherwise stall the probe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const [Slot; BUCKET] = self.bucket(key);
            // SAFETY: a prefetch is only a hint; it reads nothing and cannot
            // fault, and the pointer is a valid bucket anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64, ply: i32) -> Option<Entry> {
        for slot in self.bucket(key) {
            let data = slot.data.load(Ordering::Relaxed);
            let keyed = slot.check.load(Ordering::Relaxed) ^ data;
            if data != 0 && (keyed ^ key) & KEY_BITS == 0 {
                let mut e = unpack(data, (keyed ^ key) as u16);
                e.score = score_from_tt(e.score, ply);
                return Some(e);
            }
        }
        None
    }

    pub fn store(&self, key: u64, ply: i32, entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_worth = i32::MAX;
        for slot in bucket {
            let data = slot.data.load(Ordering::Relaxed);
            let keyed = slot.check.load(Ordering::Relaxed) ^ data;
            if data == 0 || (keyed ^ key) & KEY_BITS == 0 {
                let old = unpack(data, (keyed ^ key) as u16);
                // Keep a deeper entry of the same position unless this one is
                // exact; keep its move and evaluation if we have none.
                if data != 0 && entry.bound != Bound::Exact && old.depth > entry.depth + 2 {
                    return;
                }
                let mut entry = entry;
                if data != 0 {
                    if entry.move_code == 0 {
                        entry.move_code = old.move_code;
                    }
                    entry.eval = entry.eval.or(old.eval);
                }
                write(slot, key, ply, entry, generation);
                return;
            }
            let age = (generation.wrapping_sub(((data >> 58) & 63) as u8) & 63) as i32;
            let worth = depth_of(data) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        write(victim, key, ply, entry, generation);
    }

    /// Permille of sampled slots used by the current search, for UCI's `hashfull`.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let sample = (self.buckets.len() * BUCKET).min(1000);
        let used = self
            .buckets
            .iter()
            .flat_map(|b| &b.slots)
            .take(sample)
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && (d >> 58) & 63 == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

fn write(slot: &Slot, key: u64, ply: i32, e: Entry, generation: u8) {
    let data = pack(e, ply, generation);
    // An evaluation outside `i16` (none a network gives) is not kept.
    let eval = e
        .eval
        .and_then(|v| i16::try_from(v).ok())
        .filter(|&v| v as u16 != NO_EVAL)
        .map_or(NO_EVAL, |v| v as u16);
    slot.data.store(data, Ordering::Relaxed);
    slot.check
        .store(key ^ data ^ u64::from(eval), Ordering::Relaxed);
}

// Layout: move 32 bits | score 16 | depth 8 | bound 2 | generation 6.
fn pack(e: Entry, ply: i32, generation: u8) -> u64 {
    let score = score_to_tt(e.score, ply) as i16 as u16 as u64;
    let depth = e.depth.clamp(-1, 254) as i8 as u8 as u64;
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    e.move_code as u64 | score << 32 | depth << 48 | bound << 56 | (generation as u64 & 63) << 58
}

fn depth_of(d: u64) -> i32 {
    (d >> 48) as u8 as i8 as i32
}

/// The entry of data word `d` and evaluation bits `eval`.
fn unpack(d: u64, eval: u16) -> Entry {
    Entry {
        eval: (eval != NO_EVAL).then_some(i32::from(eval as i16)),
        move_code: d as u32,
        score: (d >> 32) as u16 as i16 as i32,
        depth: depth_of(d),
        bound: match (d >> 56) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        (score - ply).min(MATE)
    } else if score <= -MATE_BOUND {
        (score + ply).max(-MATE)
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_with_mate_adjustment() {
        let tt = TranspositionTable::new(1);
        // Entries are written during a search, which starts with this.
        tt.new_search();
        let e = Entry {
            move_code: 77,
            score: MATE - 10,
            depth: 5,
            bound: Bound::Exact,
            eval: Some(-321),
        };
        tt.store(0xdead_beef, 4, e);
        let got = tt.probe(0xdead_beef, 6).expect("stored");
        assert_eq!(got.move_code, 77);
        assert_eq!(got.depth, 5);
        assert_eq!(got.bound, Bound::Exact);
        // Mate in 10 plies from a node at ply 4 is mate in 12 from ply 6's view... of the root.
        assert_eq!(got.score, MATE - 10 + 4 - 6);
        assert_eq!(got.eval, Some(-321));
        // The check compares the key's upper 48 bits.
        assert!(tt.probe(0xdead_beef ^ 1 << 16, 0).is_none());
        assert!(tt.probe(0xdead_beef ^ 1 << 63, 0).is_none());
        tt.clear();
        assert!(tt.probe(0xdead_beef, 0).is_none());
    }

    #[test]
    fn every_bucket_is_one_cache_line() {
        for megabytes in [1, 3, 16, 64] {
            let tt = TranspositionTable::new(megabytes);
            assert_eq!(tt.buckets.len() * 64, megabytes << 20);
            for key in [0u64, 1, 0x1234_5678_9abc_def0, u64::MAX] {
                let bucket: *const [Slot; BUCKET] = tt.bucket(key);
                assert_eq!(bucket as usize % 64, 0, "{megabytes} MB, key {key:#x}");
            }
        }
    }

    #[test]
    fn sizes_the_system_cannot_give_are_errors() {
        // An exabyte: the layout is valid, the allocation cannot succeed.
        assert!(TranspositionTable::try_new(1 << 40).is_err());
        assert!(TranspositionTable::try_new(usize::MAX).is_err());
    }

    #[test]
    fn negative_scores_and_depths_round_trip() {
        let e = Entry {
            move_code: u32::MAX,
            score: -1234,
            depth: -1,
            bound: Bound::Upper,
            eval: None,
        };
        let d = unpack(pack(e, 0, 5), NO_EVAL);
        assert_eq!(
            (d.move_code, d.score, d.depth, d.bound),
            (u32::MAX, -1234, -1, Bound::Upper)
        );
    }

    #[test]
    fn the_static_evaluation_is_kept_with_the_entry() {
        let tt = TranspositionTable::new(1);
        tt.new_search();
        let key = 0x0123_4567_89ab_cdef;
        let entry = |eval, depth| Entry {
            move_code: 0,
            score: 5,
            depth,
            bound: Bound::Lower,
            eval,
        };
        for eval in [0, 1, -1, 32767, -32767, 1234] {
            tt.store(key, 0, entry(Some(eval), 3));
            assert_eq!(tt.probe(key, 0).and_then(|e| e.eval), Some(eval));
        }
        // An entry without one keeps the position's earlier one.
        tt.store(key, 0, entry(None, 4));
        let got = tt.probe(key, 0).expect("stored");
        assert_eq!((got.depth, got.eval), (4, Some(1234)));
        // One outside 16 bits, or the marker of none, is not kept.
        for eval in [40_000, -32768] {
            tt.store(key ^ 1 << 40, 0, entry(Some(eval), 3));
            assert_eq!(tt.probe(key ^ 1 << 40, 0).map(|e| e.eval), Some(None));
        }
    }
}
