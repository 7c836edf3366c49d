//! What a score means as a game result: the chance of a win, a draw and a
//! loss for the side to move, as Stockfish's `UCI_ShowWDL` reports it.
//!
//! The model is Stockfish's: a win is likely as `1 / (1 + e^((a - s) / b))`
//! for a score of `s` centipawns, a loss as the same at `-s`, a draw is
//! what is left; `a` (the score at which a win is as likely as not) and `b`
//! (how fast the odds change) move with the material on the board, each a
//! parabola in the share of the start position's pieces still there (given
//! by its values with no piece, half of them and all of them left). Each
//! variant's numbers are fitted to its datagen games by `chimera fit-wdl`
//! (docs/wdl.md).

/// One variant's fitted model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinRateModel {
    /// `a` with no piece left, half and every piece of the start position.
    pub a: [f64; 3],
    /// `b` likewise.
    pub b: [f64; 3],
    /// Pieces (kings and pawns too) of the variant's start position.
    pub start_pieces: u32,
}

/// The model at one position's material.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinRate {
    pub a: f64,
    pub b: f64,
}

/// Win, draw and loss chances in per mille, summing to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

impl WinRateModel {
    /// The share of the start's pieces that `pieces` is, from 0 to 1.
    pub fn material(&self, pieces: usize) -> f64 {
        (pieces as f64 / f64::from(self.start_pieces.max(1))).clamp(0.0, 1.0)
    }

    /// The model with `pieces` on the board.
    pub fn at(&self, pieces: usize) -> WinRate {
        self.at_material(self.material(pieces))
    }

    /// The model at a share `x` of the start's pieces.
    pub fn at_material(&self, x: f64) -> WinRate {
        WinRate {
            a: parabola(self.a, x),
            // A scale must stay positive whatever a fit makes of it.
            b: parabola(self.b, x).max(1.0),
        }
    }
}

/// The parabola through `(0, y[0])`, `(1/2, y[1])` and `(1, y[2])`, at `x`.
pub fn parabola(y: [f64; 3], x: f64) -> f64 {
    let w = parabola_weights(x);
    y[0] * w[0] + y[1] * w[1] + y[2] * w[2]
}

/// How much each of a [`parabola`]'s three values counts at `x` (what a
/// fit of those values differentiates by).
pub fn parabola_weights(x: f64) -> [f64; 3] {
    [
        (2.0 * x - 1.0) * (x - 1.0),
        -4.0 * x * (x - 1.0),
        x * (2.0 * x - 1.0),
    ]
}

impl WinRate {
    /// The chance of a win for a side whose score is `cp`, from 0 to 1.
    pub fn win_chance(&self, cp: f64) -> f64 {
        1.0 / (1.0 + ((self.a - cp) / self.b).exp())
    }

    /// Win, draw and loss per mille for a score of `cp` centipawns.
    pub fn wdl(&self, cp: i32) -> Wdl {
        let cp = f64::from(cp);
        let win = (1000.0 * self.win_chance(cp)).round() as u32;
        let loss = (1000.0 * self.win_chance(-cp)).round() as u32;
        // With `a` below 0 the two could overlap; a draw is never negative.
        let loss = loss.min(1000 - win.min(1000));
        Wdl {
            win: win.min(1000),
            draw: 1000 - win.min(1000) - loss,
            loss,
        }
    }
}

impl Wdl {
    pub const WON: Wdl = Wdl {
        win: 1000,
        draw: 0,
        loss: 0,
    };
    pub const LOST: Wdl = Wdl {
        win: 0,
        draw: 0,
        loss: 1000,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: WinRateModel = WinRateModel {
        a: [150.0, 200.0, 250.0],
        b: [40.0, 60.0, 80.0],
        start_pieces: 32,
    };

    #[test]
    fn chances_sum_to_a_thousand_and_move_with_the_score() {
        let rate = MODEL.at(20);
        let mut last = rate.wdl(-3000);
        assert_eq!(last, Wdl::LOST);
        for cp in (-2990..=3000).step_by(10) {
            let w = rate.wdl(cp);
            assert_eq!(w.win + w.draw + w.loss, 1000, "{cp}");
            assert!(
                w.win >= last.win && w.loss <= last.loss,
                "{cp}: {w:?} after {last:?}"
            );
            last = w;
        }
        assert_eq!(last, Wdl::WON);
        // Level is a draw more than anything, and even between the sides.
        let level = rate.wdl(0);
        assert_eq!(level.win, level.loss);
        assert!(level.draw > 500);
    }

    #[test]
    fn the_fitted_curves_run_through_their_three_points() {
        assert_eq!(MODEL.at(0), WinRate { a: 150.0, b: 40.0 });
        assert_eq!(MODEL.at(32), WinRate { a: 250.0, b: 80.0 });
        assert_eq!(MODEL.at(16), WinRate { a: 200.0, b: 60.0 });
        assert_eq!(MODEL.at(40), MODEL.at(32));
        let bent = WinRateModel {
            a: [100.0, 300.0, 100.0],
            ..MODEL
        };
        assert_eq!(bent.at(16).a, 300.0);
        assert_eq!(bent.at(8).a, 250.0);
        // At the score `a`, a win is as likely as not.
        let rate = MODEL.at(32);
        assert!((rate.win_chance(250.0) - 0.5).abs() < 1e-12);
    }
}
