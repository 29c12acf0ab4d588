//! Random numbers for the tests, the same on every run and every machine: SplitMix64 (the
//! generator of connect_n's provided `Random`). The kit keeps this one file for every handout
//! whose public tests draw random cases; the handout has no random-number crate.

/// A sequence of numbers drawn from a seed.
pub struct Draws(u64);

impl Draws {
    pub fn new(seed: u64) -> Draws {
        Draws(seed)
    }

    /// A number from `low` to `high`, both included.
    pub fn within(&mut self, low: i32, high: i32) -> i32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        let span = u64::try_from(high - low).expect("low is at most high") + 1;
        low + i32::try_from(z % span).expect("within the range")
    }
}
