//! Stonehenge's positions, moves and arbiter (the chapter's `Stone_rep`).

use crate::Representation;

/// The number of places, 0 to 17: rows of 2, 3, 4, 5 and 4, the last row between the
/// fourth's places.
pub const PLACES: usize = 18;

/// The 15 ley-lines, as the places on each (the chapter's `lines`): 0–4 the rows, 5–9 going
/// down to the left, 10–14 going down to the right. Every place is on three.
pub const LINES: [&[usize]; 15] = [
    &[0, 1],
    &[2, 3, 4],
    &[5, 6, 7, 8],
    &[9, 10, 11, 12, 13],
    &[14, 15, 16, 17],
    &[0, 2, 5, 9],
    &[1, 3, 6, 10, 14],
    &[4, 7, 11, 15],
    &[8, 12, 16],
    &[13, 17],
    &[9, 14],
    &[5, 10, 15],
    &[2, 6, 11, 16],
    &[0, 3, 7, 12, 17],
    &[1, 4, 8, 13],
];

/// The stones each player starts with, strongest first.
pub const STONES: [u32; 9] = [6, 5, 4, 3, 3, 2, 2, 1, 1];

/// How many ley-lines win the game (of 15, so there is always a winner).
pub const LINES_TO_WIN: usize = 8;

/// A move: a stone of this value put on this place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoneMove {
    /// The place, 0 to 17.
    pub place: usize,
    /// The stone's value, 1 to 6.
    pub stone: u32,
}

/// A Stonehenge position: what stands on each place, who holds each ley-line, and the
/// stones each player has left.
///
/// ```
/// use two_player::{Representation, StoneMove, Stonehenge};
/// // X puts a 3 on place 9, O a 2 on place 14: ley-line 10 (places 9 and 14) is full,
/// // and X's 3 beats O's 2.
/// let game = Stonehenge::game_start()
///     .play(true, StoneMove { place: 9, stone: 3 })
///     .play(false, StoneMove { place: 14, stone: 2 });
/// assert_eq!(game.holder(10), Some(true));
/// assert_eq!(game.sum_on(10, false), 2);
/// assert_eq!(game.stones(true), [6, 5, 4, 3, 2, 2, 1, 1]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stonehenge {
    /// The player and stone on each place.
    places: [Option<(bool, u32)>; PLACES],
    /// Who holds each ley-line.
    holders: [Option<bool>; LINES.len()],
    /// The stones left to the first and the second player, strongest first.
    stones: [Vec<u32>; 2],
}

impl Stonehenge {
    /// The player and the value of the stone on `place`, `None` when it is empty or off the
    /// board.
    pub fn stone_at(&self, place: usize) -> Option<(bool, u32)> {
        todo!("the stone on place {place} of {self:?}")
    }

    /// Who holds ley-line `line`, `None` while it is open (or off the list).
    pub fn holder(&self, line: usize) -> Option<bool> {
        todo!("who holds ley-line {line} in {self:?}")
    }

    /// The stones `player` has left, strongest first.
    pub fn stones(&self, player: bool) -> &[u32] {
        todo!("the stones {player} has left in {self:?}")
    }

    /// How many ley-lines `player` holds.
    pub fn lines_held(&self, player: bool) -> usize {
        todo!("how many ley-lines {player} holds in {self:?}")
    }

    /// The sum of `player`'s stones on `line`.
    pub fn sum_on(&self, line: usize, player: bool) -> u32 {
        todo!("the sum of {player}'s stones on ley-line {line} in {self:?}")
    }
}

impl Representation for Stonehenge {
    type Move = StoneMove;

    /// No stone on the board, no ley-line held, each player with all of [`STONES`].
    fn game_start() -> Self {
        todo!("the start of a game")
    }

    /// Every empty place from 17 down to 0, and on each every value of stone `player` has
    /// left from the weakest up; empty when `player` has no stone left.
    fn legal_moves(&self, player: bool) -> Vec<StoneMove> {
        todo!("the moves of {player} in {self:?}")
    }

    /// The position after `player` puts `mv`'s stone on its place, with the chapter's
    /// arbiter: each open ley-line through the place that is now full goes to the higher
    /// sum, on equal sums to the other player; then every open ley-line that one player can
    /// no longer lose goes to that player: one whose sum on it is at least the other's sum
    /// plus the other's strongest stones left, as many as the line has empty places.
    ///
    /// When the other has fewer stones left than the line has empty places, all of them
    /// count (the chapter's `count_max` sums the stones there are, up to that many), and when
    /// it has none left, nothing: against the stones 2 1 1 left, a line with four empty places
    /// is held by a lead of 4. The stones left are counted after `mv`'s stone is spent.
    ///
    /// # Panics
    /// When the place is off the board.
    fn play(&self, player: bool, mv: StoneMove) -> Self {
        todo!("{self:?} after {player} plays {mv:?}")
    }
}
