//! The quantised network the engine evaluates with, and its file.
//!
//! Shape: inputs → `hidden` accumulator per view (one shared layer), the
//! side to move's view first, each squared clipped ReLU → one output, from
//! one of `buckets` output layers chosen by how many pieces are on the
//! board ([`InputSpace::output_bucket`]): an ending is weighed by other
//! numbers than a middle game.
//! Integers: the first layer's weights and biases scaled by [`QA`], the
//! output weights by [`QB`], the output bias by `QA * QB`; the output in
//! centipawns is `sum * SCALE / (QA * QA * QB)` (the squared activation
//! carries `QA` twice), as in Bullet's simple networks, but with a finer
//! output scale (docs/nnue.md: 64 strayed from the floats by 7-13 cp on
//! atomic networks, 512 by 2.6-3.6). Every product still fits:
//! `QA² · 1.98 · QB < 2^31` per neuron, summed in `i64`.
//!
//! File (little-endian): `CHIMNNUE`, version `u16`, hidden `u16`, inputs
//! `u32`, the variant's `UCI_Variant` name in 16 zero-padded bytes, output
//! buckets `u16` and two zero bytes (version 3; a version 2 file has one
//! bucket and not these four bytes), then `i16` arrays: first-layer
//! weights (input-major, `inputs * hidden`), first-layer biases
//! (`hidden`), output weights (`2 * hidden` per bucket, bucket after
//! bucket, the side to move's half first), then the output biases (one
//! `i32` per bucket).

use super::features::{InputSpace, MAX_OUTPUT_BUCKETS};
use super::simd;
use crate::variants::pieces::{PieceBoards, PieceOn, MAX_PIECES};
use crate::variants::VariantId;

pub const QA: i32 = 255;
pub const QB: i32 = 512;
/// Centipawns per unit of the network's float output.
pub const SCALE: i32 = 400;

pub const MAGIC: &[u8; 8] = b"CHIMNNUE";
/// 3 since networks have output buckets; 2 since `QB` went from 64 to
/// 512 (version 1 files would read 8 times too small). Version 2 files
/// (one bucket) are still read.
pub const VERSION: u16 = 3;
const HEADER_V2_LEN: usize = 8 + 2 + 2 + 4 + 16;
const HEADER_LEN: usize = HEADER_V2_LEN + 4;

/// A network ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub variant: VariantId,
    pub hidden: usize,
    pub inputs: usize,
    /// `inputs * hidden`, input-major.
    pub w1: Vec<i16>,
    pub b1: Vec<i16>,
    /// Output layers, one per bucket.
    pub buckets: usize,
    /// `2 * hidden` per bucket: the side to move's view, then the other.
    pub w2: Vec<i16>,
    /// One per bucket.
    pub b2: Vec<i32>,
    /// [`simd::output_steps`] of `w2`.
    output_steps: usize,
}

/// The first layer's sums for both views of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// White's view, then Black's, `hidden` each.
    pub views: [Vec<i16>; 2],
}

impl Network {
    /// A network of `inputs` → `b1.len()` hidden → one of `b2.len()`
    /// outputs with these integers.
    pub fn new(
        variant: VariantId,
        inputs: usize,
        w1: Vec<i16>,
        b1: Vec<i16>,
        w2: Vec<i16>,
        b2: Vec<i32>,
    ) -> Network {
        let (hidden, buckets) = (b1.len(), b2.len());
        assert!(w1.len() == inputs * hidden && w2.len() == 2 * hidden * buckets && buckets > 0);
        Network {
            variant,
            hidden,
            inputs,
            buckets,
            output_steps: simd::output_steps(&w2),
            w1,
            b1,
            w2,
            b2,
        }
    }

    /// The variant a network file's header names.
    pub fn variant_of(bytes: &[u8]) -> Result<VariantId, String> {
        if bytes.len() < HEADER_V2_LEN || &bytes[..8] != MAGIC {
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
        let named = Network::variant_of(bytes)?;
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        let (header, buckets) = match version {
            2 => (HEADER_V2_LEN, 1),
            VERSION if bytes.len() >= HEADER_LEN => (
                HEADER_LEN,
                usize::from(u16::from_le_bytes([bytes[32], bytes[33]])),
            ),
            VERSION => return Err("a network file cut short in its header".to_string()),
            _ => {
                return Err(format!(
                    "network version {version}, this build reads 2 and {VERSION}"
                ))
            }
        };
        let hidden = usize::from(u16::from_le_bytes([bytes[10], bytes[11]]));
        let inputs = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
        if named != variant {
            return Err(format!("a network for {named}, not {variant}"));
        }
        if inputs != space.inputs() {
            return Err(format!("{inputs} inputs, {variant} has {}", space.inputs()));
        }
        if hidden == 0 || hidden > 4096 {
            return Err(format!("{hidden} hidden neurons"));
        }
        if buckets == 0 || buckets > MAX_OUTPUT_BUCKETS {
            return Err(format!(
                "{buckets} output buckets (1 to {MAX_OUTPUT_BUCKETS})"
            ));
        }
        let want = header + 2 * (inputs * hidden + hidden + 2 * hidden * buckets) + 4 * buckets;
        if bytes.len() != want {
            return Err(format!(
                "{} bytes, a {inputs}x{hidden} network with {buckets} output buckets has {want}",
                bytes.len()
            ));
        }
        let mut at = header;
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
        let w2 = take(2 * hidden * buckets);
        let b2 = bytes[at..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(Network::new(variant, inputs, w1, b1, w2, b2))
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + 2 * self.w1.len() + 64);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.hidden as u16).to_le_bytes());
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&self.variant.name_field());
        out.extend_from_slice(&(self.buckets as u16).to_le_bytes());
        out.extend_from_slice(&[0, 0]);
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for b in &self.b2 {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// The accumulator of a position with these pieces, from scratch.
    pub fn refresh(&self, space: &InputSpace, pieces: &[PieceOn]) -> Accumulator {
        let mut acc = Accumulator {
            views: [self.b1.clone(), self.b1.clone()],
        };
        self.refresh_into(space, pieces, &mut acc);
        acc
    }

    /// The evaluation of a position with these pieces, from scratch (for
    /// `eval` and tests; the search brings accumulators along).
    pub fn evaluate_pieces(
        &self,
        space: &InputSpace,
        pieces: &[PieceOn],
        white_to_move: bool,
    ) -> i32 {
        let bucket = space.output_bucket(pieces.len(), self.buckets);
        self.evaluate(&self.refresh(space, pieces), white_to_move, bucket)
    }

    /// [`Network::refresh`] into an accumulator of this network's width.
    pub fn refresh_into(&self, space: &InputSpace, pieces: &[PieceOn], acc: &mut Accumulator) {
        let mut inputs = [0usize; MAX_PIECES];
        for (view, white) in acc.views.iter_mut().zip([true, false]) {
            // MAX_PIECES at a time: a position set up by hand may hold more.
            let mut batches = pieces.chunks(MAX_PIECES);
            let first = batches.next().unwrap_or(&[]);
            for (slot, &p) in inputs.iter_mut().zip(first) {
                *slot = space.input(p, white);
            }
            simd::apply(view, &self.b1, &self.w1, &inputs[..first.len()], &[]);
            for batch in batches {
                for (slot, &p) in inputs.iter_mut().zip(batch) {
                    *slot = space.input(p, white);
                }
                let from = view.clone();
                simd::apply(view, &from, &self.w1, &inputs[..batch.len()], &[]);
            }
        }
    }

    /// [`Network::refresh_into`] from a position's piece sets.
    pub fn refresh_boards(&self, space: &InputSpace, pieces: &PieceBoards, acc: &mut Accumulator) {
        let mut list = [PieceOn::default(); 128];
        let mut n = 0;
        pieces.for_each(|p| {
            list[n] = p;
            n += 1;
        });
        self.refresh_into(space, &list[..n], acc);
    }

    /// Brings `to` to the position with pieces `after` from `from`, the
    /// accumulator of the position with pieces `before`: only the pieces
    /// that differ are added or taken off, in one pass per view. The sums
    /// wrap, so the order of the changes does not matter.
    pub fn update(
        &self,
        space: &InputSpace,
        from: &Accumulator,
        to: &mut Accumulator,
        before: &PieceBoards,
        after: &PieceBoards,
    ) {
        let mut changes = Changes::new();
        // Past as many changes as pieces, a fresh accumulator is cheaper.
        if !changes.between(before, after) || changes.added + changes.removed >= after.count() {
            self.refresh_boards(space, after, to);
            return;
        }
        let (mut adds, mut removes) = ([0usize; MAX_CHANGES], [0usize; MAX_CHANGES]);
        for (v, white) in [true, false].into_iter().enumerate() {
            for (slot, &p) in adds.iter_mut().zip(&changes.pieces[0][..changes.added]) {
                *slot = space.input(p, white);
            }
            for (slot, &p) in removes
                .iter_mut()
                .zip(&changes.pieces[1][..changes.removed])
            {
                *slot = space.input(p, white);
            }
            simd::apply(
                &mut to.views[v],
                &from.views[v],
                &self.w1,
                &adds[..changes.added],
                &removes[..changes.removed],
            );
        }
    }

    /// The evaluation in centipawns for the side to move, by the output
    /// layer `bucket` ([`InputSpace::output_bucket`]).
    pub fn evaluate(&self, acc: &Accumulator, white_to_move: bool, bucket: usize) -> i32 {
        let (us, them) = if white_to_move {
            (&acc.views[0], &acc.views[1])
        } else {
            (&acc.views[1], &acc.views[0])
        };
        let bucket = bucket.min(self.buckets - 1);
        let layer = &self.w2[2 * self.hidden * bucket..2 * self.hidden * (bucket + 1)];
        let (w_us, w_them) = layer.split_at(self.hidden);
        let steps = self.output_steps;
        let sum = simd::screlu_dot(us, w_us, steps) + simd::screlu_dot(them, w_them, steps);
        // The squared activation carries QA twice; fold one back first.
        let out = sum / i64::from(QA) + i64::from(self.b2[bucket]);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

/// Most pieces [`Network::update`] adds, or takes off, before it refreshes
/// instead: a turn changes a few (an atomic explosion up to ten), and small
/// buffers cost less to set up on every update.
const MAX_CHANGES: usize = 16;

/// The pieces two positions do not share: the ones added, then the ones
/// taken off.
struct Changes {
    pieces: [[PieceOn; MAX_CHANGES]; 2],
    added: usize,
    removed: usize,
}

impl Changes {
    fn new() -> Changes {
        Changes {
            pieces: [[PieceOn::default(); MAX_CHANGES]; 2],
            added: 0,
            removed: 0,
        }
    }

    /// Fills in the changes between two positions' piece sets; false if
    /// they are more than the buffers hold.
    #[inline]
    fn between(&mut self, before: &PieceBoards, after: &PieceBoards) -> bool {
        for (nibble, (&was, &is)) in before.0.iter().zip(&after.0).enumerate() {
            let mut differ = was ^ is;
            while differ != 0 {
                let square = differ.trailing_zeros() as u8;
                let bit = differ & differ.wrapping_neg();
                differ ^= bit;
                let (list, count) = if is & bit != 0 {
                    (0, &mut self.added)
                } else {
                    (1, &mut self.removed)
                };
                if *count == MAX_CHANGES {
                    return false;
                }
                self.pieces[list][*count] = PieceOn {
                    square,
                    nibble: nibble as u8,
                };
                *count += 1;
            }
        }
        true
    }
}
