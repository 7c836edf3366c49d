//! The float network the trainer fits, its gradient, Adam, checkpoints and
//! quantisation into a [`Network`].
//!
//! The network predicts `sigmoid(eval / SCALE)` (eval in centipawns) for a
//! target blended from the game's result and the search score's winning
//! chance `sigmoid(score / SCALE)`; the loss is the mean squared error.

use rayon::prelude::*;

use crate::nnue::network::{Network, QA, QB, SCALE};
use crate::rng::SplitMix64;
use crate::variants::VariantId;

/// Float weights stay within this, so that the quantised ones fit `i16`
/// (and the output's products fit `i32`).
pub const CLIP: f32 = 1.98;

/// One training position: its inputs from each view and its target.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Inputs seen by the side to move, then by the other side.
    pub us: Vec<u16>,
    pub them: Vec<u16>,
    /// The output layer ([`crate::nnue::features::InputSpace::output_bucket`]).
    pub bucket: u8,
    /// What `sigmoid(eval / SCALE)` should be.
    pub target: f32,
}

/// A network in floats, all numbers in one vector: first-layer weights
/// (input-major), first-layer biases, output weights (bucket after
/// bucket), output biases.
#[derive(Clone, Debug)]
pub struct FloatNet {
    pub inputs: usize,
    pub hidden: usize,
    pub buckets: usize,
    pub params: Vec<f32>,
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl FloatNet {
    pub fn len(inputs: usize, hidden: usize, buckets: usize) -> usize {
        inputs * hidden + hidden + (2 * hidden + 1) * buckets
    }

    /// Small random weights (seeded), zero biases.
    pub fn random(inputs: usize, hidden: usize, buckets: usize, seed: u64) -> FloatNet {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |limit: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * limit
        };
        let mut params = vec![0.0; FloatNet::len(inputs, hidden, buckets)];
        let first = 1.0 / (32.0f32).sqrt();
        let out = 1.0 / (2.0 * hidden as f32).sqrt();
        for p in &mut params[..inputs * hidden] {
            *p = uniform(first);
        }
        let w2 = inputs * hidden + hidden;
        for p in &mut params[w2..w2 + 2 * hidden * buckets] {
            *p = uniform(out);
        }
        FloatNet {
            inputs,
            hidden,
            buckets,
            params,
        }
    }

    /// The float network a quantised one stands for: its integers over
    /// their scales. Quantising it again gives the same integers, so
    /// `--init` starts exactly where the shipped network is.
    pub fn from_network(net: &Network) -> FloatNet {
        let (qa, qb) = (QA as f32, QB as f32);
        let params = (net.w1.iter().chain(&net.b1).map(|&w| f32::from(w) / qa))
            .chain(net.w2.iter().map(|&w| f32::from(w) / qb))
            .chain(net.b2.iter().map(|&b| b as f32 / (qa * qb)))
            .collect();
        FloatNet {
            inputs: net.inputs,
            hidden: net.hidden,
            buckets: net.buckets,
            params,
        }
    }

    /// A network of one output layer grown to `buckets` copies of it, so
    /// that fine-tuning can start output buckets from a network without
    /// them: every bucket first evaluates as the one output did.
    pub fn with_buckets(self, buckets: usize) -> FloatNet {
        assert_eq!(self.buckets, 1, "only one output layer is copied");
        let w2 = self.w2();
        let out = &self.params[w2..w2 + 2 * self.hidden];
        let bias = self.params[w2 + 2 * self.hidden];
        let mut params = self.params[..w2].to_vec();
        for _ in 0..buckets {
            params.extend_from_slice(out);
        }
        params.extend(std::iter::repeat_n(bias, buckets));
        FloatNet {
            buckets,
            params,
            ..self
        }
    }

    fn b1(&self) -> usize {
        self.inputs * self.hidden
    }

    fn w2(&self) -> usize {
        self.b1() + self.hidden
    }

    /// Where the output weights of a sample's bucket start.
    fn w2_of(&self, s: &Sample) -> usize {
        self.w2() + 2 * self.hidden * self.bucket_of(s)
    }

    fn b2(&self) -> usize {
        self.w2() + 2 * self.hidden * self.buckets
    }

    fn bucket_of(&self, s: &Sample) -> usize {
        usize::from(s.bucket).min(self.buckets - 1)
    }

    /// First-layer sums of one view.
    fn accumulate(&self, inputs: &[u16], acc: &mut [f32]) {
        let h = self.hidden;
        acc.copy_from_slice(&self.params[self.b1()..self.b1() + h]);
        for &i in inputs {
            let row = &self.params[usize::from(i) * h..(usize::from(i) + 1) * h];
            acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        }
    }

    /// The output (eval / SCALE) of a sample.
    pub fn forward(&self, s: &Sample) -> f32 {
        let h = self.hidden;
        let mut acc = vec![0.0; 2 * h];
        let (us, them) = acc.split_at_mut(h);
        self.accumulate(&s.us, us);
        self.accumulate(&s.them, them);
        let w2 = &self.params[self.w2_of(s)..self.w2_of(s) + 2 * h];
        acc.iter()
            .zip(w2)
            .map(|(&a, &w)| {
                let c = a.clamp(0.0, 1.0);
                c * c * w
            })
            .sum::<f32>()
            + self.params[self.b2() + self.bucket_of(s)]
    }

    /// Adds the gradient of one sample's loss to `grad`; returns the loss.
    fn backward(&self, s: &Sample, acc: &mut [f32], grad: &mut [f32]) -> f32 {
        let h = self.hidden;
        let (us, them) = acc.split_at_mut(h);
        self.accumulate(&s.us, us);
        self.accumulate(&s.them, them);
        let w2 = self.w2_of(s);
        let b2 = self.b2() + self.bucket_of(s);
        let y = acc
            .iter()
            .zip(&self.params[w2..w2 + 2 * h])
            .map(|(&a, &w)| {
                let c = a.clamp(0.0, 1.0);
                c * c * w
            })
            .sum::<f32>()
            + self.params[b2];
        let p = sigmoid(y);
        let err = p - s.target;
        let dy = 2.0 * err * p * (1.0 - p);
        grad[b2] += dy;
        for k in 0..2 * h {
            let a = acc[k];
            let c = a.clamp(0.0, 1.0);
            grad[w2 + k] += dy * c * c;
            // The gradient at the accumulator, kept in `acc` for the rows.
            acc[k] = if a > 0.0 && a < 1.0 {
                dy * self.params[w2 + k] * 2.0 * a
            } else {
                0.0
            };
        }
        let b1 = self.b1();
        for k in 0..h {
            grad[b1 + k] += acc[k] + acc[h + k];
        }
        for (inputs, d) in [(&s.us, &acc[..h]), (&s.them, &acc[h..])] {
            for &i in inputs.iter() {
                let row = &mut grad[usize::from(i) * h..(usize::from(i) + 1) * h];
                row.iter_mut().zip(d).for_each(|(g, d)| *g += d);
            }
        }
        err * err
    }

    /// Mean loss over samples, in parallel.
    pub fn loss(&self, samples: &[Sample]) -> f64 {
        let sum: f64 = samples
            .par_iter()
            .map(|s| {
                let e = sigmoid(self.forward(s)) - s.target;
                f64::from(e * e)
            })
            .sum();
        sum / samples.len().max(1) as f64
    }

    /// The gradient of the mean loss over a batch, and that mean loss.
    pub fn gradient(&self, batch: &[&Sample]) -> (Vec<f32>, f64) {
        let threads = rayon::current_num_threads().max(1);
        let chunk = batch.len().div_ceil(threads).max(1);
        let (mut grad, loss) = batch
            .par_chunks(chunk)
            .map(|part| {
                let mut grad = vec![0.0f32; self.params.len()];
                let mut acc = vec![0.0f32; 2 * self.hidden];
                let mut loss = 0.0f64;
                for s in part {
                    loss += f64::from(self.backward(s, &mut acc, &mut grad));
                }
                (grad, loss)
            })
            .reduce(
                || (vec![0.0f32; self.params.len()], 0.0),
                |(mut a, la), (b, lb)| {
                    a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                    (a, la + lb)
                },
            );
        let n = batch.len().max(1) as f32;
        grad.iter_mut().for_each(|g| *g /= n);
        (grad, loss / f64::from(n))
    }

    /// The network in integers.
    pub fn quantise(&self, variant: VariantId) -> Network {
        let q = |x: f32, k: i32| (x * k as f32).round().clamp(-32767.0, 32767.0) as i16;
        let quantised = |range: std::ops::Range<usize>, k: i32| -> Vec<i16> {
            self.params[range].iter().map(|&x| q(x, k)).collect()
        };
        Network::new(
            variant,
            self.inputs,
            quantised(0..self.b1(), QA),
            quantised(self.b1()..self.w2(), QA),
            quantised(self.w2()..self.b2(), QB),
            self.params[self.b2()..]
                .iter()
                .map(|&b| (b * (QA * QB) as f32).round() as i32)
                .collect(),
        )
    }

    /// The float evaluation in centipawns of a sample (side to move).
    pub fn centipawns(&self, s: &Sample) -> f32 {
        self.forward(s) * SCALE as f32
    }
}

/// Adam's state over a [`FloatNet`]'s numbers.
#[derive(Clone, Debug)]
pub struct Adam {
    pub m: Vec<f32>,
    pub v: Vec<f32>,
    pub steps: u64,
}

impl Adam {
    pub fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            steps: 0,
        }
    }

    /// One step of size `rate` along `grad`, then the clip.
    pub fn step(&mut self, net: &mut FloatNet, grad: &[f32], rate: f32) {
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        self.steps += 1;
        let t = self.steps.min(i32::MAX as u64) as i32;
        let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
        net.params
            .par_iter_mut()
            .zip(self.m.par_iter_mut())
            .zip(self.v.par_iter_mut())
            .zip(grad.par_iter())
            .for_each(|(((p, m), v), &g)| {
                *m = b1 * *m + (1.0 - b1) * g;
                *v = b2 * *v + (1.0 - b2) * g * g;
                *p -= rate * (*m / c1) / ((*v / c2).sqrt() + eps);
                *p = p.clamp(-CLIP, CLIP);
            });
    }
}

/// `CHIMCKP2` since networks have output buckets (a word more in the head).
const CHECKPOINT_MAGIC: &[u8; 8] = b"CHIMCKP2";

/// A trainer's whole state, to resume from.
pub struct Checkpoint {
    pub variant: VariantId,
    /// Epochs finished.
    pub epoch: usize,
    pub net: FloatNet,
    pub adam: Adam,
}

impl Checkpoint {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(CHECKPOINT_MAGIC);
        out.extend_from_slice(&self.variant.name_field());
        for v in [
            self.epoch as u64,
            self.net.inputs as u64,
            self.net.hidden as u64,
            self.net.buckets as u64,
            self.adam.steps,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for x in self
            .net
            .params
            .iter()
            .chain(&self.adam.m)
            .chain(&self.adam.v)
        {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, String> {
        let head = 8 + 16 + 40;
        if bytes.len() < head || &bytes[..8] != CHECKPOINT_MAGIC {
            return Err("not a Chimera training checkpoint".to_string());
        }
        let variant = VariantId::from_name_field(&bytes[8..24])
            .map_err(|name| format!("unknown variant {name:?}"))?;
        let word = |i: usize| {
            let at = 24 + 8 * i;
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[at..at + 8]);
            u64::from_le_bytes(b)
        };
        let (epoch, inputs, hidden, buckets, steps) = (word(0), word(1), word(2), word(3), word(4));
        if inputs > 1 << 20 || hidden > 1 << 16 || buckets == 0 || buckets > 1 << 8 {
            return Err(format!(
                "a {inputs}x{hidden} network with {buckets} output buckets is not one of ours"
            ));
        }
        let len = FloatNet::len(inputs as usize, hidden as usize, buckets as usize);
        if bytes.len() != head + 12 * len {
            return Err(format!(
                "{} bytes, expected {}",
                bytes.len(),
                head + 12 * len
            ));
        }
        let floats: Vec<f32> = bytes[head..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(Checkpoint {
            variant,
            epoch: epoch as usize,
            net: FloatNet {
                inputs: inputs as usize,
                hidden: hidden as usize,
                buckets: buckets as usize,
                params: floats[..len].to_vec(),
            },
            adam: Adam {
                m: floats[len..2 * len].to_vec(),
                v: floats[2 * len..].to_vec(),
                steps,
            },
        })
    }
}
