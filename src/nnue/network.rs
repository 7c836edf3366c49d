//! The quantised network the engine evaluates with, and its file.
//!
//! Shape: inputs → `hidden` accumulator per view (one shared layer), the
//! side to move's view first, each squared clipped ReLU → one output.
//! Integers: the first layer's weights and biases scaled by [`QA`], the
//! output weights by [`QB`], the output bias by `QA * QB`; the output in
//! centipawns is `sum * SCALE / (QA * QA * QB)` (the squared activation
//! carries `QA` twice), as in Bullet's simple networks, but with a finer
//! output scale (docs/nnue.md: 64 strayed from the floats by 7-13 cp on
//! atomic networks, 512 by 2.6-3.6). Every product still fits:
//! `QA² · 1.98 · QB < 2^31` per neuron, summed in `i64`.
//!
//! File (little-endian): `CHIMNNUE`, version `u16`, hidden `u16`, inputs
//! `u32`, the variant's `UCI_Variant` name in 16 zero-padded bytes, then
//! `i16` arrays: first-layer weights (input-major, `inputs * hidden`),
//! first-layer biases (`hidden`), output weights (`2 * hidden`, the side
//! to move's half first), output bias (one `i32`).

use super::features::{InputSpace, PieceOn};
use crate::variants::VariantId;

pub const QA: i32 = 255;
pub const QB: i32 = 512;
/// Centipawns per unit of the network's float output.
pub const SCALE: i32 = 400;

pub const MAGIC: &[u8; 8] = b"CHIMNNUE";
/// 2 since `QB` went from 64 to 512 (version 1 files would read 8 times
/// too small).
pub const VERSION: u16 = 2;
const HEADER_LEN: usize = 8 + 2 + 2 + 4 + 16;

/// A network ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub variant: VariantId,
    pub hidden: usize,
    pub inputs: usize,
    /// `inputs * hidden`, input-major.
    pub w1: Vec<i16>,
    pub b1: Vec<i16>,
    /// `2 * hidden`: the side to move's view, then the other.
    pub w2: Vec<i16>,
    pub b2: i32,
}

/// The first layer's sums for both views of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// White's view, then Black's, `hidden` each.
    pub views: [Vec<i16>; 2],
}

impl Network {
    /// The variant a network file's header names.
    pub fn variant_of(bytes: &[u8]) -> Result<VariantId, String> {
        if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
            return Err("not a Chimera network (no CHIMNNUE header)".to_string());
        }
        VariantId::from_name_field(&bytes[16..32])
            .map_err(|name| format!("a network for an unknown variant {name:?}"))
    }

    /// Reads a network file for `variant`, checking every size against the
    /// variant's input space.
    pub fn from_bytes(
        bytes: &[u8],
        variant: VariantId,
        space: &InputSpace,
    ) -> Result<Network, String> {
        if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
            return Err("not a Chimera network (no CHIMNNUE header)".to_string());
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(format!(
                "network version {version}, this build reads {VERSION}"
            ));
        }
        let hidden = usize::from(u16::from_le_bytes([bytes[10], bytes[11]]));
        let inputs = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
        let named = Network::variant_of(bytes)?;
        if named != variant {
            return Err(format!("a network for {named}, not {variant}"));
        }
        if inputs != space.inputs() {
            return Err(format!("{inputs} inputs, {variant} has {}", space.inputs()));
        }
        if hidden == 0 || hidden > 4096 {
            return Err(format!("{hidden} hidden neurons"));
        }
        let want = HEADER_LEN + 2 * (inputs * hidden + hidden + 2 * hidden) + 4;
        if bytes.len() != want {
            return Err(format!(
                "{} bytes, a {inputs}x{hidden} network has {want}",
                bytes.len()
            ));
        }
        let mut at = HEADER_LEN;
        let mut take = |n: usize| -> Vec<i16> {
            let v = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let w1 = take(inputs * hidden);
        let b1 = take(hidden);
        let w2 = take(2 * hidden);
        let b2 = i32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        Ok(Network {
            variant,
            hidden,
            inputs,
            w1,
            b1,
            w2,
            b2,
        })
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + 2 * self.w1.len() + 64);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.hidden as u16).to_le_bytes());
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&self.variant.name_field());
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        out
    }

    /// The first layer's weights of one input.
    #[inline]
    fn row(&self, input: usize) -> &[i16] {
        &self.w1[input * self.hidden..(input + 1) * self.hidden]
    }

    /// The accumulator of a position with these pieces, from scratch.
    pub fn refresh(&self, space: &InputSpace, pieces: &[PieceOn]) -> Accumulator {
        let mut acc = Accumulator {
            views: [self.b1.clone(), self.b1.clone()],
        };
        for &p in pieces {
            self.add(space, &mut acc, p);
        }
        acc
    }

    /// Adds a piece to both views.
    #[inline]
    pub fn add(&self, space: &InputSpace, acc: &mut Accumulator, p: PieceOn) {
        for (view, white) in acc.views.iter_mut().zip([true, false]) {
            let row = self.row(space.input(p, white));
            view.iter_mut()
                .zip(row)
                .for_each(|(a, w)| *a = a.wrapping_add(*w));
        }
    }

    /// Takes a piece off both views.
    #[inline]
    pub fn remove(&self, space: &InputSpace, acc: &mut Accumulator, p: PieceOn) {
        for (view, white) in acc.views.iter_mut().zip([true, false]) {
            let row = self.row(space.input(p, white));
            view.iter_mut()
                .zip(row)
                .for_each(|(a, w)| *a = a.wrapping_sub(*w));
        }
    }

    /// The evaluation in centipawns for the side to move.
    pub fn evaluate(&self, acc: &Accumulator, white_to_move: bool) -> i32 {
        let (us, them) = if white_to_move {
            (&acc.views[0], &acc.views[1])
        } else {
            (&acc.views[1], &acc.views[0])
        };
        let (w_us, w_them) = self.w2.split_at(self.hidden);
        let half = |view: &[i16], w: &[i16]| -> i64 {
            view.iter()
                .zip(w)
                .map(|(&a, &w)| {
                    let c = i32::from(a).clamp(0, QA);
                    // c * c * w fits in i32: 255 * 255 * 32767 < 2^31.
                    i64::from(c * c * i32::from(w))
                })
                .sum()
        };
        let sum = half(us, w_us) + half(them, w_them);
        // The squared activation carries QA twice; fold one back first.
        let out = sum / i64::from(QA) + i64::from(self.b2);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

/// Brings `acc` (of the position with pieces `before`) to the position with
/// pieces `after`: both lists sorted, only the pieces that differ change.
pub fn update(
    net: &Network,
    space: &InputSpace,
    acc: &mut Accumulator,
    before: &[PieceOn],
    after: &[PieceOn],
) {
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < after.len() {
        match (before.get(i), after.get(j)) {
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(a), Some(b)) if a < b => {
                net.remove(space, acc, *a);
                i += 1;
            }
            (Some(_), Some(b)) => {
                net.add(space, acc, *b);
                j += 1;
            }
            (Some(a), None) => {
                net.remove(space, acc, *a);
                i += 1;
            }
            (None, Some(b)) => {
                net.add(space, acc, *b);
                j += 1;
            }
            (None, None) => break,
        }
    }
}
