//! Test support for the static exchange tests of every backend.

use super::{Rules, VariantId};

/// The exact exchange value of the turn `token` in `fen`: the largest
/// threshold [`Rules::see_ge`] meets (found by bisection over +-5000).
pub fn exchange_value<P: Rules>(variant: VariantId, fen: &str, token: &str) -> i32 {
    let pos = P::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = pos
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token} in {fen}: {e}"));
    let (mut lo, mut hi): (i32, i32) = (-5000, 5000);
    while lo < hi {
        let mid = (lo + hi + 1).div_euclid(2);
        if pos.see_ge(m, mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}
