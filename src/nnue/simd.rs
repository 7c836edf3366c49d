//! The network's two hot loops, written once as plain integer loops and
//! compiled twice on x86-64: for the baseline the binary targets
//! (x86-64-v2, 8 lanes of `i16`) and for AVX2 (16 lanes), chosen at run
//! time. Both compilations do the same integer arithmetic, so they give
//! the same numbers bit for bit; only the speed differs.

use super::network::QA;

/// Lanes of `i16` one pass of [`apply`] keeps in registers: eight AVX2
/// registers (sixteen SSE ones, half of them spilled on the baseline).
/// The part of a view past the last whole chunk goes in passes of
/// [`SMALL_CHUNK`] (Omega's 32-wide network is one such pass).
const CHUNK: usize = 128;
const SMALL_CHUNK: usize = 32;

/// `out = from + Σ w1 rows of added − Σ w1 rows of removed`, in one pass
/// over the view (`w1` is input-major, rows of `out.len()` weights), with
/// the `i16` wrap-around every accumulator uses.
pub fn apply(out: &mut [i16], from: &[i16], w1: &[i16], added: &[usize], removed: &[usize]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has just been seen to support AVX2.
        return unsafe { apply_avx2(out, from, w1, added, removed) };
    }
    apply_body(out, from, w1, added, removed);
}

/// Lanes the output layer sums in `i32` side by side.
const LANES: usize = 16;

/// `Σ clamp(acc, 0, QA)² · w` over one view, the output layer's half.
/// `steps` is [`output_steps`] of the output weights.
pub fn screlu_dot(acc: &[i16], w: &[i16], steps: usize) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has just been seen to support AVX2.
        return unsafe { screlu_dot_avx2(acc, w, steps) };
    }
    screlu_dot_body(acc, w, steps)
}

/// How many steps of [`LANES`] terms the output layer can sum in `i32`
/// before a lane could overflow: one term is at most `QA² · max |w|`
/// (always under 2^31), so with the weights a network has, usually all.
pub fn output_steps(w: &[i16]) -> usize {
    let largest = w.iter().map(|&x| i64::from(x).abs()).max().unwrap_or(0);
    let term = i64::from(QA * QA) * largest.max(1);
    (i64::from(i32::MAX) / term).max(1) as usize
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn apply_avx2(out: &mut [i16], from: &[i16], w1: &[i16], added: &[usize], removed: &[usize]) {
    apply_body(out, from, w1, added, removed);
}

/// The output layer by hand: left to itself, the compiler vectorises the
/// baseline loop across the wrong dimension and gains nothing from AVX2.
/// Sixteen accumulators a step: `c = clamp(a, 0, QA)`, then `c²`, exact
/// in an unsigned 16-bit lane (`QA² < 2^16`), split into its low and high
/// bytes so that `madd` (signed 16 × 16 bits, pairs summed in 32) can
/// multiply each by the weight: `c² · w = lo · w + 256 · hi · w`. Two
/// terms of at most `255 · |w|` per lane a step, fewer than the baseline's
/// one of `QA² · |w|`, so [`output_steps`] holds for both.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn screlu_dot_avx2(acc: &[i16], w: &[i16], steps: usize) -> i64 {
    use std::arch::x86_64::*;
    let whole = acc.len() - acc.len() % LANES;
    assert!(w.len() >= whole);
    let (zero, qa) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
    let low_byte = _mm256_set1_epi16(0xff);
    let sum_lanes = |v: __m256i| -> i64 {
        let wide = _mm256_add_epi64(
            _mm256_cvtepi32_epi64(_mm256_castsi256_si128(v)),
            _mm256_cvtepi32_epi64(_mm256_extracti128_si256::<1>(v)),
        );
        let mut four = [0i64; 4];
        // SAFETY: four holds exactly 32 bytes.
        unsafe { _mm256_storeu_si256(four.as_mut_ptr().cast(), wide) };
        four.iter().sum()
    };
    let mut total = 0i64;
    let mut i = 0;
    while i < whole {
        let end = whole.min(i + LANES * steps);
        let (mut low, mut high) = (zero, zero);
        while i < end {
            // SAFETY: i + 16 <= whole <= acc.len(), w.len(); loadu takes
            // any alignment.
            let (a, weights) = unsafe {
                (
                    _mm256_loadu_si256(acc.as_ptr().add(i).cast()),
                    _mm256_loadu_si256(w.as_ptr().add(i).cast()),
                )
            };
            let c = _mm256_min_epi16(_mm256_max_epi16(a, zero), qa);
            let square = _mm256_mullo_epi16(c, c);
            let square_low = _mm256_and_si256(square, low_byte);
            let square_high = _mm256_srli_epi16::<8>(square);
            low = _mm256_add_epi32(low, _mm256_madd_epi16(weights, square_low));
            high = _mm256_add_epi32(high, _mm256_madd_epi16(weights, square_high));
            i += LANES;
        }
        total += sum_lanes(low) + 256 * sum_lanes(high);
    }
    let tail = acc[whole..].iter().zip(&w[whole..]);
    total + tail.map(|(&a, &w)| i64::from(term(a, w))).sum::<i64>()
}

/// One term of the output layer, `clamp(a, 0, QA)² · w`, in i32
/// (QA² · |w| < 2^31).
#[inline(always)]
fn term(a: i16, w: i16) -> i32 {
    let c = i32::from(a).clamp(0, QA);
    c * i32::from(w) * c
}

#[inline(always)]
fn apply_body(out: &mut [i16], from: &[i16], w1: &[i16], added: &[usize], removed: &[usize]) {
    let hidden = out.len();
    assert_eq!(from.len(), hidden);
    let whole = hidden - hidden % CHUNK;
    let small = hidden - hidden % SMALL_CHUNK;
    for start in (0..whole).step_by(CHUNK) {
        apply_pass::<CHUNK>(out, from, w1, added, removed, start);
    }
    for start in (whole..small).step_by(SMALL_CHUNK) {
        apply_pass::<SMALL_CHUNK>(out, from, w1, added, removed, start);
    }
    // The rest, for networks whose width is not a multiple of SMALL_CHUNK.
    let row = |input: usize| &w1[input * hidden + small..(input + 1) * hidden];
    out[small..].copy_from_slice(&from[small..]);
    for &input in added {
        for (a, w) in out[small..].iter_mut().zip(row(input)) {
            *a = a.wrapping_add(*w);
        }
    }
    for &input in removed {
        for (a, w) in out[small..].iter_mut().zip(row(input)) {
            *a = a.wrapping_sub(*w);
        }
    }
}

/// [`apply_body`] on the `N` lanes from `start`, held in registers while
/// every row is added and taken off.
#[inline(always)]
fn apply_pass<const N: usize>(
    out: &mut [i16],
    from: &[i16],
    w1: &[i16],
    added: &[usize],
    removed: &[usize],
    start: usize,
) {
    let hidden = out.len();
    let row = |input: usize| -> &[i16; N] {
        let at = input * hidden + start;
        w1[at..at + N].try_into().expect("N long")
    };
    let mut lanes = [0i16; N];
    lanes.copy_from_slice(&from[start..start + N]);
    for &input in added {
        for (a, w) in lanes.iter_mut().zip(row(input)) {
            *a = a.wrapping_add(*w);
        }
    }
    for &input in removed {
        for (a, w) in lanes.iter_mut().zip(row(input)) {
            *a = a.wrapping_sub(*w);
        }
    }
    out[start..start + N].copy_from_slice(&lanes);
}

#[inline(always)]
fn screlu_dot_body(acc: &[i16], w: &[i16], steps: usize) -> i64 {
    // Terms summed in i32 lanes for as many steps as cannot overflow,
    // then in i64.
    let whole = acc.len() - acc.len() % LANES;
    let mut total = 0i64;
    for (a, w) in acc[..whole]
        .chunks(LANES * steps)
        .zip(w[..whole].chunks(LANES * steps))
    {
        let mut sums = [0i32; LANES];
        for (a, w) in a.chunks_exact(LANES).zip(w.chunks_exact(LANES)) {
            for k in 0..LANES {
                sums[k] = sums[k].wrapping_add(term(a[k], w[k]));
            }
        }
        total += sums.iter().map(|&s| i64::from(s)).sum::<i64>();
    }
    let tail = acc[whole..].iter().zip(&w[whole..]);
    total + tail.map(|(&a, &w)| i64::from(term(a, w))).sum::<i64>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic spread of `i16`s, extremes included.
    fn values(n: usize, seed: u64) -> Vec<i16> {
        let mut x = seed;
        (0..n)
            .map(|i| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match i % 7 {
                    0 => i16::MAX,
                    1 => i16::MIN,
                    _ => (x >> 48) as i16,
                }
            })
            .collect()
    }

    #[test]
    fn apply_equals_one_row_at_a_time_on_every_width() {
        for hidden in [1, 8, 31, 32, 33, 63, 64, 65, 128, 160, 200, 256] {
            let inputs = 10;
            let w1 = values(inputs * hidden, hidden as u64);
            let from = values(hidden, 99);
            let (added, removed) = ([0, 3, 9, 3], [5, 1]);
            let mut expected = from.clone();
            for (&input, sign) in added
                .iter()
                .map(|i| (i, 1))
                .chain(removed.iter().map(|i| (i, -1)))
            {
                for (a, w) in expected.iter_mut().zip(&w1[input * hidden..]) {
                    *a = if sign > 0 {
                        a.wrapping_add(*w)
                    } else {
                        a.wrapping_sub(*w)
                    };
                }
            }
            let mut out = vec![7; hidden];
            apply(&mut out, &from, &w1, &added, &removed);
            assert_eq!(out, expected, "hidden {hidden}");
            let mut plain = vec![7; hidden];
            apply_body(&mut plain, &from, &w1, &added, &removed);
            assert_eq!(plain, expected, "hidden {hidden}, baseline loop");
        }
    }

    #[test]
    fn screlu_dot_is_the_exact_sum_on_every_width() {
        let exact = |acc: &[i16], w: &[i16]| -> i64 {
            acc.iter()
                .zip(w)
                .map(|(&a, &w)| i64::from(a).clamp(0, i64::from(QA)).pow(2) * i64::from(w))
                .sum()
        };
        for n in [1, 15, 16, 17, 256, 300] {
            let acc = values(n, 3);
            // Extreme weights (i16::MIN and MAX among them): one step at
            // a time, or the i32 lanes would wrap.
            let w = values(n, 4);
            let steps = output_steps(&w);
            assert_eq!(steps, 1);
            assert_eq!(screlu_dot(&acc, &w, steps), exact(&acc, &w), "{n}");
            assert_eq!(
                screlu_dot_body(&acc, &w, steps),
                exact(&acc, &w),
                "{n}, baseline loop"
            );
            // Weights of a trained network's size: the whole view at once.
            let w: Vec<i16> = w.iter().map(|&x| x / 128).collect();
            let steps = output_steps(&w);
            assert!(steps * LANES >= 300, "{steps} steps");
            assert_eq!(
                screlu_dot(&acc, &w, steps),
                exact(&acc, &w),
                "{n}, small weights"
            );
            assert_eq!(
                screlu_dot_body(&acc, &w, steps),
                exact(&acc, &w),
                "{n}, small, baseline"
            );
        }
    }
}
