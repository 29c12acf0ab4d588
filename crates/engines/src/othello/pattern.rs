//! A learned evaluation, in discs: what a position's final disc difference will be, as a
//! sum of weights, one for what each of its *patterns* holds: the edges with the squares
//! diagonally inside their corners, the corners' 3×3 and 2×4 blocks, the second to fourth
//! rows and columns, the diagonals of four squares or more, and how many moves each side
//! has. Each pattern's squares, read as a number in base 3 (empty, the player's, the
//! opponent's), pick its weight; the board's symmetries give each shape of squares several
//! places, which share the shape's weights, and a configuration and its mirror image share
//! one weight where the shape is its own mirror.
//!
//! The weights are learned ([`learn`](super::learn)) from positions of the kit's own games
//! that the endgame solver scored exactly; the kit's own, [`LEARNED`], are those of
//! `gamekit learn othello` with its defaults, kept in `crates/engines/evaluations/othello.txt`.

use super::Board;
use std::sync::LazyLock;

/// The shapes: each a name and its squares in one of its places (a1 is 0, h1 7, a2 8).
/// [`Patterns::each_weight`] reads each with shifts of its own; a test checks they agree.
const SHAPES: [(&str, &[u32]); 11] = [
    ("edge+X", &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14]),
    ("corner3x3", &[0, 1, 2, 8, 9, 10, 16, 17, 18]),
    ("corner2x4", &[0, 1, 2, 3, 8, 9, 10, 11]),
    ("row2", &[8, 9, 10, 11, 12, 13, 14, 15]),
    ("row3", &[16, 17, 18, 19, 20, 21, 22, 23]),
    ("row4", &[24, 25, 26, 27, 28, 29, 30, 31]),
    ("diagonal8", &[0, 9, 18, 27, 36, 45, 54, 63]),
    ("diagonal7", &[1, 10, 19, 28, 37, 46, 55]),
    ("diagonal6", &[2, 11, 20, 29, 38, 47]),
    ("diagonal5", &[3, 12, 21, 30, 39]),
    ("diagonal4", &[4, 13, 22, 31]),
];

/// The most moves a side's mobility term tells apart (more count as this many).
const MOST_MOVES: usize = 23;

/// The evaluation's value of one disc: weights are kept in 1/32 discs.
pub const DISC: i32 = 32;

/// A map of a square's row and column.
type Symmetry = fn(u32, u32) -> (u32, u32);

/// The eight symmetries of the board, as maps of a square.
const SYMMETRIES: [Symmetry; 8] = [
    |r, c| (r, c),
    |r, c| (r, 7 - c),
    |r, c| (7 - r, c),
    |r, c| (7 - r, 7 - c),
    |r, c| (c, r),
    |r, c| (c, 7 - r),
    |r, c| (7 - c, r),
    |r, c| (7 - c, 7 - r),
];

fn symmetric(symmetry: usize, square: u32) -> u32 {
    let (row, column) = SYMMETRIES[symmetry](square / 8, square % 8);
    row * 8 + column
}

/// The shapes' places, their weights' layout and the configurations that share a weight.
#[derive(Debug)]
pub(crate) struct Patterns {
    /// For each shape, the symmetries that give its places (the shape's squares under them),
    /// one per set of squares.
    symmetries: Vec<Vec<usize>>,
    /// Where each shape's weights start in one flat table; then the two mobility terms'.
    offsets: Vec<usize>,
    /// For each shape, each configuration's representative among those sharing its weight.
    canonical: Vec<Vec<u32>>,
    /// For each shape, the base-3 number each set of its squares spells with 1s (bit `k` for
    /// its `k`th square): a configuration is `ternary[p] + 2 * ternary[o]` for the player's
    /// squares `p` and the opponent's `o`.
    ternary: Vec<Vec<u16>>,
}

/// The kit's learned weights.
pub static LEARNED: LazyLock<Weights> =
    LazyLock::new(|| include_str!("../../evaluations/othello.txt").parse().expect("the kit's weights are well formed"));

/// The patterns, made once.
pub(crate) static PATTERNS: LazyLock<Patterns> = LazyLock::new(Patterns::new);

impl Patterns {
    fn new() -> Patterns {
        let mut symmetries = Vec::new();
        let mut canonical = Vec::new();
        let mut ternary = Vec::new();
        let mut offsets = vec![0];
        for (shape, (_, base)) in SHAPES.iter().enumerate() {
            let mut seen: Vec<u64> = Vec::new();
            let mut places = Vec::new();
            let mut mirrors = Vec::new();
            for symmetry in 0..8 {
                let squares: Vec<u32> = base.iter().map(|&square| symmetric(symmetry, square)).collect();
                let set = squares.iter().fold(0u64, |set, &square| set | 1 << square);
                if set == base.iter().fold(0, |set, &square| set | 1 << square) {
                    // The shape maps onto itself: position i goes to where its square lands.
                    mirrors.push(squares.iter().map(|square| base.iter().position(|s| s == square).unwrap()).collect());
                }
                if !seen.contains(&set) {
                    seen.push(set);
                    places.push(symmetry);
                }
            }
            symmetries.push(places);
            canonical.push(representatives(base.len(), &mirrors));
            ternary.push(ternary_of(base.len()));
            offsets.push(offsets[shape] + 3usize.pow(base.len() as u32));
        }
        offsets.push(offsets[SHAPES.len()] + MOST_MOVES + 1);
        offsets.push(offsets[SHAPES.len() + 1] + MOST_MOVES + 1);
        Patterns { symmetries, offsets, canonical, ternary }
    }

    /// How many weights there are.
    pub(crate) fn len(&self) -> usize {
        self.offsets[self.offsets.len() - 1]
    }

    /// The weights that `board` sums: one for each place and two for the moves, each the
    /// representative of its configuration.
    pub(crate) fn features(&self, board: &Board) -> Vec<usize> {
        let (moves, replies) = (board.legal_moves(), board.pass().legal_moves());
        let mut features = Vec::new();
        self.each_weight(board, moves, replies, |index| features.push(self.representative(index)));
        features
    }

    /// Gives `weight` each weight `board` sums, `moves` and `replies` being its moves and
    /// the opponent's: each place's configuration read from the board's image under the
    /// place's symmetry, where it is the shape's own squares (a few shifts and a table each).
    #[inline(always)]
    fn each_weight(&self, board: &Board, moves: u64, replies: u64, mut weight: impl FnMut(usize)) {
        let images = images(board);
        // Each shape's squares as SHAPES lists them, bit `k` for the `k`th.
        self.shape_weights(0, &images, |b| (b & 0xff | (b >> 9 & 1) << 8 | (b >> 14 & 1) << 9) as usize, &mut weight);
        self.shape_weights(1, &images, |b| (b & 7 | (b >> 8 & 7) << 3 | (b >> 16 & 7) << 6) as usize, &mut weight);
        self.shape_weights(2, &images, |b| (b & 0xf | (b >> 8 & 0xf) << 4) as usize, &mut weight);
        self.shape_weights(3, &images, |b| (b >> 8 & 0xff) as usize, &mut weight);
        self.shape_weights(4, &images, |b| (b >> 16 & 0xff) as usize, &mut weight);
        self.shape_weights(5, &images, |b| (b >> 24 & 0xff) as usize, &mut weight);
        self.shape_weights(6, &images, diagonal::<0x8040_2010_0804_0201, 0>, &mut weight);
        self.shape_weights(7, &images, diagonal::<0x0080_4020_1008_0402, 1>, &mut weight);
        self.shape_weights(8, &images, diagonal::<0x0000_8040_2010_0804, 2>, &mut weight);
        self.shape_weights(9, &images, diagonal::<0x0000_0080_4020_1008, 3>, &mut weight);
        self.shape_weights(10, &images, diagonal::<0x0000_0000_8040_2010, 4>, &mut weight);
        weight(self.offsets[SHAPES.len()] + (moves.count_ones() as usize).min(MOST_MOVES));
        weight(self.offsets[SHAPES.len() + 1] + (replies.count_ones() as usize).min(MOST_MOVES));
    }

    /// Gives `weight` the weights of `shape`'s places, `gather` reading its squares.
    #[inline(always)]
    fn shape_weights(
        &self,
        shape: usize,
        images: &[(u64, u64); 8],
        gather: impl Fn(u64) -> usize,
        weight: &mut impl FnMut(usize),
    ) {
        let ternary = &self.ternary[shape];
        for &symmetry in &self.symmetries[shape] {
            let (player, opponent) = images[symmetry];
            weight(self.offsets[shape] + usize::from(ternary[gather(player)] + 2 * ternary[gather(opponent)]));
        }
    }

    /// Each table's name and the range of its weights.
    fn tables(&self) -> impl Iterator<Item = (&'static str, std::ops::Range<usize>)> + '_ {
        let names = SHAPES.iter().map(|(name, _)| *name).chain(["moves", "replies"]);
        names.zip(self.offsets.windows(2).map(|pair| pair[0]..pair[1]))
    }

    /// The weight that weight `index` shares.
    fn representative(&self, index: usize) -> usize {
        let shape = self.offsets.partition_point(|&offset| offset <= index) - 1;
        match self.canonical.get(shape) {
            Some(canonical) => self.offsets[shape] + canonical[index - self.offsets[shape]] as usize,
            None => index,
        }
    }
}

/// The base-3 number of each set of a shape's `len` squares, bit `k` the `k`th square and
/// the first square the most significant digit.
fn ternary_of(len: usize) -> Vec<u16> {
    (0..1usize << len)
        .map(|set| (0..len).filter(|k| set >> k & 1 == 1).map(|k| 3u16.pow((len - 1 - k) as u32)).sum())
        .collect()
}

/// The discs of `discs` on the diagonal `MASK`, whose squares are in columns `FIRST` on,
/// bit `k` for column `FIRST + k`.
fn diagonal<const MASK: u64, const FIRST: u32>(discs: u64) -> usize {
    super::by_column(discs, MASK) >> FIRST
}

/// `board` under each of the [`SYMMETRIES`]: the image whose square `q` holds what `board`
/// holds on the symmetry's image of `q`.
fn images(board: &Board) -> [(u64, u64); 8] {
    let each = |f: fn(u64) -> u64| (f(board.player), f(board.opponent));
    [
        each(|b| b),
        each(mirror),
        each(u64::swap_bytes),
        each(|b| mirror(b).swap_bytes()),
        each(transpose),
        each(|b| transpose(mirror(b))),
        each(|b| transpose(b.swap_bytes())),
        each(|b| transpose(mirror(b).swap_bytes())),
    ]
}

/// `discs` with each row reversed (a1 and h1 swapped).
fn mirror(discs: u64) -> u64 {
    let discs = (discs >> 1 & 0x5555_5555_5555_5555) | (discs & 0x5555_5555_5555_5555) << 1;
    let discs = (discs >> 2 & 0x3333_3333_3333_3333) | (discs & 0x3333_3333_3333_3333) << 2;
    (discs >> 4 & 0x0f0f_0f0f_0f0f_0f0f) | (discs & 0x0f0f_0f0f_0f0f_0f0f) << 4
}

/// `discs` with rows and columns swapped (a2 and b1 swapped, a1 and h8 in place).
fn transpose(discs: u64) -> u64 {
    let mut discs = discs;
    let swap = |discs: u64, mask: u64, shift: u32| {
        let t = (discs ^ discs >> shift) & mask;
        discs ^ t ^ t << shift
    };
    discs = swap(discs, 0x0000_0000_f0f0_f0f0, 28);
    discs = swap(discs, 0x0000_cccc_0000_cccc, 14);
    swap(discs, 0x00aa_00aa_00aa_00aa, 7)
}

/// For each configuration of `len` squares, the smallest of it and its images under the
/// shape's `mirrors` (permutations of its squares).
fn representatives(len: usize, mirrors: &[Vec<usize>]) -> Vec<u32> {
    let digits = |mut index: usize| {
        let mut digits = vec![0; len];
        for digit in digits.iter_mut().rev() {
            *digit = index % 3;
            index /= 3;
        }
        digits
    };
    (0..3usize.pow(len as u32))
        .map(|index| {
            let digits = digits(index);
            mirrors
                .iter()
                .map(|mirror| {
                    let mut image = vec![0; len];
                    for (from, &to) in mirror.iter().enumerate() {
                        image[to] = digits[from];
                    }
                    image.iter().fold(0, |index, &digit| index * 3 + digit) as u32
                })
                .min()
                .unwrap_or(index as u32)
        })
        .collect()
}

/// Learned weights, one per representative configuration, in 1/[`DISC`] discs.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights(Vec<i16>);

/// Why a weights file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// A line is not a shape's name and its weights.
    #[error("line {0} of the weights: expected `<shape> <weights…>`")]
    Line(usize),
    /// A shape's line has the wrong number of weights, or one is not a number.
    #[error("the weights of {0} are not its {1} numbers")]
    Count(String, usize),
    /// A shape is missing.
    #[error("the weights name no line for {0}")]
    Missing(String),
}

impl Weights {
    /// Weights from values in discs, one per weight of [`PATTERNS`] (unused ones anything).
    pub fn from_discs(discs: &[f32]) -> Weights {
        let patterns = &*PATTERNS;
        let mut weights = vec![0; patterns.len()];
        for (index, weight) in weights.iter_mut().enumerate() {
            let disc = discs[patterns.representative(index)];
            *weight = (disc * DISC as f32).round().clamp(-32767.0, 32767.0) as i16;
        }
        Weights(weights)
    }

    /// The value of `board` for the player to move, in 1/[`DISC`] discs: the final disc
    /// difference it predicts. (A finished game's is its score exactly.)
    pub fn evaluate(&self, board: &Board) -> i32 {
        self.predict(board).unwrap_or_else(|| board.final_score() * DISC)
    }

    /// [`evaluate`](Self::evaluate) before the end of the game; `None` at the end.
    pub fn predict(&self, board: &Board) -> Option<i32> {
        let (moves, replies) = (board.legal_moves(), board.pass().legal_moves());
        if moves | replies == 0 {
            return None;
        }
        let mut sum = 0;
        PATTERNS.each_weight(board, moves, replies, |index| sum += i32::from(self.0[index]));
        Some(sum)
    }
}

/// The weights as text: a line per table, its name and its representatives' weights (in
/// 1/32 discs) in order of configuration.
impl std::fmt::Display for Weights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let patterns = &*PATTERNS;
        for (name, range) in patterns.tables() {
            write!(f, "{name}")?;
            for index in range.filter(|&index| patterns.representative(index) == index) {
                write!(f, " {}", self.0[index])?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Weights from their text, lines starting with `#` left out.
impl std::str::FromStr for Weights {
    type Err = WeightsError;

    fn from_str(text: &str) -> Result<Weights, WeightsError> {
        let patterns = &*PATTERNS;
        let mut lines: Vec<(&str, Vec<&str>)> = Vec::new();
        for (number, line) in text.lines().enumerate().filter(|(_, line)| !line.starts_with('#')) {
            let mut words = line.split_ascii_whitespace();
            let name = words.next().ok_or(WeightsError::Line(number + 1))?;
            lines.push((name, words.collect()));
        }
        let mut weights = vec![0; patterns.len()];
        for (name, range) in patterns.tables() {
            let values = &lines.iter().find(|(line, _)| *line == name).ok_or(WeightsError::Missing(name.into()))?.1;
            let owners: Vec<usize> = range.clone().filter(|&index| patterns.representative(index) == index).collect();
            let count = || WeightsError::Count(name.into(), owners.len());
            if values.len() != owners.len() {
                return Err(count());
            }
            for (&owner, value) in owners.iter().zip(values) {
                weights[owner] = value.parse().map_err(|_| count())?;
            }
            for index in range {
                weights[index] = weights[patterns.representative(index)];
            }
        }
        Ok(Weights(weights))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::squares;

    /// The number in base 3 that `squares` of `board` spell, the first square the most
    /// significant digit: 0 empty, 1 the player's, 2 the opponent's.
    fn configuration(board: &Board, squares: &[u32]) -> usize {
        squares.iter().fold(0, |index, &square| {
            index * 3 + (board.player >> square & 1) as usize + 2 * (board.opponent >> square & 1) as usize
        })
    }

    /// Every place, as its shape and its squares in the shape's order.
    fn places() -> Vec<(usize, Vec<u32>)> {
        let place =
            |shape: usize, symmetry: usize| SHAPES[shape].1.iter().map(|&square| symmetric(symmetry, square)).collect();
        (0..SHAPES.len())
            .flat_map(|shape| PATTERNS.symmetries[shape].iter().map(move |&symmetry| (shape, place(shape, symmetry))))
            .collect()
    }

    /// Each place's weight is the one its squares spell, read square by square.
    #[test]
    fn the_weights_are_those_the_squares_spell() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        for _ in 0..2000 {
            let (a, b): (u64, u64) = (rng.random(), rng.random());
            let board = Board { player: a & !b, opponent: b & !a };
            let expected: Vec<usize> = places()
                .iter()
                .map(|(shape, squares)| PATTERNS.offsets[*shape] + configuration(&board, squares))
                .collect();
            let mut weights = Vec::new();
            PATTERNS.each_weight(&board, 0, 0, |index| weights.push(index));
            weights.truncate(expected.len());
            assert_eq!(weights, expected, "{board:?}");
        }
    }

    #[test]
    fn every_shape_has_its_places() {
        let counts: Vec<usize> = PATTERNS.symmetries.iter().map(Vec::len).collect();
        assert_eq!(counts, [4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4]);
        let sets: Vec<u64> =
            places().iter().map(|(_, squares)| squares.iter().fold(0, |set, &square| set | 1 << square)).collect();
        assert!(sets.iter().all(|&set| squares(set).count() >= 4));
        assert!(sets.iter().enumerate().all(|(index, set)| !sets[..index].contains(set)), "a place twice");
    }

    #[test]
    fn a_symmetric_position_has_the_value_of_its_mirror_image() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let discs: Vec<f32> = (0..PATTERNS.len()).map(|_| rng.random_range(-4.0..4.0)).collect();
        let weights = Weights::from_discs(&discs);
        for _ in 0..200 {
            let mut board = Board::start();
            for _ in 0..rng.random_range(0..50) {
                let moves: Vec<u32> = squares(board.legal_moves()).collect();
                if moves.is_empty() {
                    break;
                }
                board = board.after(moves[rng.random_range(0..moves.len())]);
            }
            let value = weights.evaluate(&board);
            for symmetry in 1..8 {
                let image =
                    |set: u64| squares(set).fold(0u64, |image, square| image | 1 << symmetric(symmetry, square));
                let mirrored = Board { player: image(board.player), opponent: image(board.opponent) };
                assert_eq!(weights.evaluate(&mirrored), value, "symmetry {symmetry}");
            }
        }
    }

    #[test]
    fn weights_read_back_as_they_were_written() {
        let discs: Vec<f32> = (0..PATTERNS.len()).map(|index| (index % 17) as f32 - 8.0).collect();
        let weights = Weights::from_discs(&discs);
        assert_eq!(weights.to_string().parse::<Weights>(), Ok(weights));
        assert_eq!("moves 1 2\n".parse::<Weights>(), Err(WeightsError::Missing("edge+X".into())));
    }
}
