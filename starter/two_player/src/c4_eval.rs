//! Connect Four's evaluation (the chapter's `C4_eval`), with every window counted once.

use crate::{ConnectFour, Evaluation};

/// The worth of a window of four cells holding 0, 1, 2 or 3 discs of one player and none of
/// the other.
pub const VALUE: [i32; 4] = [0, 2, 10, 50];

/// The chapter's evaluation of Connect Four: the sum, over every window of four cells in a
/// line (across, up, and along both diagonals: 69 windows), of [`VALUE`] for the discs of
/// the one player in it, positive for the first player and negative for the second; a window
/// holding both players' discs is worth 0. Four in a row is worth [`MORE_I`](Self::MORE_I)
/// (10000) or [`LESS_I`](Self::LESS_I) (−10000) outright.
///
/// A board with a four of each player (no game reaches one, the first four ends it, but a
/// board can be built so) is worth what the first four met says, as the chapter's
/// evaluation stops at the first four it finds. The windows are met by the cell they start
/// from, their leftmost cell (an upright window's lowest): cell by cell from the bottom row
/// up and from left to right along each row, and from one cell across, then up, then up to
/// the right, then down to the right. So a four up column 1 from row 1 is met before a four
/// across row 2, and a four down to the right from row 4 to row 1 is met at row 4, after a
/// four across row 2 (rows from 1 at the bottom, as in [`ConnectFour::cell`]).
///
/// (The chapter's printed bounds are mixed up: it never looks at the horizontal windows of
/// the top two rows, sees six diagonal windows twice, and its last block sees nothing, so a
/// four across the top does not end the game. Look at every window exactly once.)
#[derive(Debug, Clone, Copy)]
pub struct C4Eval;

impl Evaluation for C4Eval {
    type Game = ConnectFour;

    const MORE_I: i32 = 10000;
    const LESS_I: i32 = -10000;

    /// The same for both players: the evaluation looks only at the discs.
    fn evaluate(player: bool, game: &ConnectFour) -> i32 {
        todo!("the value of {game:?} with {player} to move")
    }
}
