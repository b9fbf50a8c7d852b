//! The first layer's sums, kept per perspective and updated from the cells a move changed,
//! and the output computed from them in integers.

use super::{Layout, NetError, Network};

/// The input layer's sums of one position for every perspective (`seats × hidden`), with the
/// board codes they were computed from.
///
/// [`Accumulator::update`] brings it to another position by the cells whose codes differ
/// (a move changes a few; a capture, a promotion, a removed height or a multi-capture are
/// only more changed cells), so the search keeps one per ply and copies it forward.
///
/// # Example
///
/// ```
/// use variant_engine::nnue::{Accumulator, Layout, Network};
///
/// let layout = Layout::new("row", [1, 1, 4], 1, 2, |_, cell| cell);
/// let net = Network::random(&layout, "", 8, 3);
/// let before = [1, 0, 0, 2];
/// let after = [0, 1, 0, 2]; // the first seat's piece stepped one cell right
/// let mut acc = Accumulator::new(&net, &layout, &before);
/// acc.update(&net, &layout, &after);
/// assert_eq!(acc, Accumulator::new(&net, &layout, &after));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    values: Vec<i32>,
    codes: Vec<u8>,
}

/// Cells changed beyond which a fresh computation is cheaper than the changes.
const REFRESH_AFTER: usize = 24;

impl Accumulator {
    /// The sums of the position with these board codes (one per cell; each 0 or a code of
    /// `layout`).
    pub fn new(net: &Network, layout: &Layout, codes: &[u8]) -> Accumulator {
        let mut acc = Accumulator {
            values: Vec::new(),
            codes: codes.to_vec(),
        };
        acc.refresh(net, layout);
        acc
    }

    /// The board codes the sums are of.
    pub fn codes(&self) -> &[u8] {
        &self.codes
    }

    fn refresh(&mut self, net: &Network, layout: &Layout) {
        let h = net.hidden();
        self.values.clear();
        for _ in 0..layout.seats() {
            self.values
                .extend(net.ft_bias.iter().map(|&b| i32::from(b)));
        }
        for (cell, &code) in self.codes.iter().enumerate() {
            if code != 0 {
                for p in 0..layout.seats() {
                    let f = layout.feature(p, cell, code);
                    add(
                        &mut self.values[p * h..(p + 1) * h],
                        &net.ft_weight[f * h..(f + 1) * h],
                    );
                }
            }
        }
    }

    /// How many cells of `codes` differ from the codes the sums are of.
    pub fn distance(&self, codes: &[u8]) -> usize {
        self.codes.iter().zip(codes).filter(|(a, b)| a != b).count()
    }

    /// Brings the sums to the position with board codes `codes`.
    pub fn update(&mut self, net: &Network, layout: &Layout, codes: &[u8]) {
        let changed = self.codes.iter().zip(codes).filter(|(a, b)| a != b).count();
        if changed == 0 {
            return;
        }
        if changed > REFRESH_AFTER || self.codes.len() != codes.len() {
            self.codes.clear();
            self.codes.extend_from_slice(codes);
            self.refresh(net, layout);
            return;
        }
        let h = net.hidden();
        for (cell, (old, &new)) in self.codes.iter_mut().zip(codes).enumerate() {
            if *old == new {
                continue;
            }
            for p in 0..layout.seats() {
                let sums = &mut self.values[p * h..(p + 1) * h];
                if *old != 0 {
                    let f = layout.feature(p, cell, *old);
                    sub(sums, &net.ft_weight[f * h..(f + 1) * h]);
                }
                if new != 0 {
                    let f = layout.feature(p, cell, new);
                    add(sums, &net.ft_weight[f * h..(f + 1) * h]);
                }
            }
            *old = new;
        }
    }

    /// The evaluation from `seat`'s point of view: the output layer over the activations of
    /// the perspectives in seat order from `seat`, in centipawn-like units.
    pub fn evaluate(&self, net: &Network, seat: usize) -> i32 {
        let h = net.hidden();
        let seats = usize::from(net.header().seats);
        let qa = i32::from(net.header().qa);
        let mut out = i64::from(net.out_bias);
        for j in 0..seats {
            let p = (seat + j) % seats;
            let sums = &self.values[p * h..(p + 1) * h];
            let weights = &net.out_weight[j * h..(j + 1) * h];
            out += dot(sums, weights, qa);
        }
        let unit = i64::from(net.header().qa) * i64::from(net.header().qb);
        let cp = (out * i64::from(net.header().scale)).div_euclid(unit);
        cp.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}

/// `sums += weights` (a loop the compiler vectorises).
#[inline]
fn add(sums: &mut [i32], weights: &[i16]) {
    for (s, &w) in sums.iter_mut().zip(weights) {
        *s += i32::from(w);
    }
}

/// `sums -= weights`.
#[inline]
fn sub(sums: &mut [i32], weights: &[i16]) {
    for (s, &w) in sums.iter_mut().zip(weights) {
        *s -= i32::from(w);
    }
}

/// The output layer's sum over one perspective: weights times the activations
/// `clamp(sum, 0, qa)`. With `qa` up to 1 023 a block of 64 products fits an `i32` (64 × 1 023
/// × 32 768 < 2³¹), which the compiler vectorises; larger ceilings sum in `i64` throughout.
#[inline]
fn dot(sums: &[i32], weights: &[i16], qa: i32) -> i64 {
    if qa <= 1023 {
        sums.chunks(64)
            .zip(weights.chunks(64))
            .map(|(s, w)| {
                let block: i32 = s
                    .iter()
                    .zip(w)
                    .map(|(&s, &w)| s.clamp(0, qa) * i32::from(w))
                    .sum();
                i64::from(block)
            })
            .sum()
    } else {
        sums.iter()
            .zip(weights)
            .map(|(&s, &w)| i64::from(s.clamp(0, qa)) * i64::from(w))
            .sum()
    }
}

impl Network {
    /// The evaluation of the board `codes` from `seat`'s point of view, computed afresh and
    /// checked (the search uses [`Accumulator`]s; this is for tests and tools).
    ///
    /// # Errors
    ///
    /// [`NetError::Mismatch`] when the net does not fit `layout`; [`NetError::Field`] when
    /// `codes` has the wrong length, holds a code that is no piece of the layout, or `seat`
    /// is not a seat.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_engine::nnue::{Layout, Network};
    ///
    /// let layout = Layout::new("row", [1, 1, 2], 1, 2, |_, cell| cell);
    /// let net = Network::random(&layout, "", 4, 9);
    /// assert!(net.evaluate_codes(&layout, &[1, 2], 0).is_ok());
    /// assert!(net.evaluate_codes(&layout, &[1, 3], 0).is_err()); // no code 3 with 2 × 1 kinds
    /// ```
    pub fn evaluate_codes(
        &self,
        layout: &Layout,
        codes: &[u8],
        seat: usize,
    ) -> Result<i32, NetError> {
        self.fits(layout)?;
        if codes.len() != layout.cells() {
            return Err(NetError::Field {
                what: "board",
                why: format!("has {} cells, the layout {}", codes.len(), layout.cells()),
            });
        }
        if let Some(&bad) = codes.iter().find(|&&c| !layout.valid_code(c)) {
            return Err(NetError::Field {
                what: "board",
                why: format!(
                    "holds code {bad}, the layout's codes end at {}",
                    layout.seats() * layout.kinds()
                ),
            });
        }
        if seat >= layout.seats() {
            return Err(NetError::Field {
                what: "seat",
                why: format!("{seat} is not one of the {} seats", layout.seats()),
            });
        }
        Ok(Accumulator::new(self, layout, codes).evaluate(self, seat))
    }
}
