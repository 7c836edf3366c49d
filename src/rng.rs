//! SplitMix64: the one small, seedable generator of the project (random
//! openings, opening order, self-play, the test fuzzers) and the source of
//! every backend's Zobrist keys, so that a seed names one sequence.
//!
//! The step is a `const fn` so the Zobrist tables are built at compile time
//! from it; [`SplitMix64`] is the same step at run time.

/// One step of Sebastiano Vigna's SplitMix64: `(new state, output)`.
#[inline]
pub const fn splitmix64_next(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// The first `N` outputs from `seed`, at compile time (a Zobrist table).
pub const fn splitmix64_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix64_next(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
}

/// Sebastiano Vigna's SplitMix64.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = splitmix64_next(self.0);
        self.0 = state;
        out
    }

    /// Uniform in `0..n` (n > 0), by rejection so small `n` are unbiased.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_sequence() {
        // First outputs of SplitMix64 seeded with 1234567, from Vigna's
        // reference C implementation (splitmix64.c).
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn compile_time_keys_are_the_runtime_sequence() {
        const KEYS: [u64; 3] = splitmix64_keys::<3>(1_234_567);
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(KEYS, [rng.next_u64(), rng.next_u64(), rng.next_u64()]);
        assert_eq!(KEYS[0], 6_457_827_717_110_365_317);
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut rng = SplitMix64::new(1);
        let mut seen = [0u32; 3];
        for _ in 0..300 {
            seen[rng.below(3)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
        let mut items: Vec<u32> = (0..20).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..20).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..20).collect::<Vec<_>>());
    }
}
