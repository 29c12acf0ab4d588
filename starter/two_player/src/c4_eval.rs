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
