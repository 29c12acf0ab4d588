//! Connect Four's evaluation (the chapter's `C4_eval`), with every window counted once.

use crate::{Cell, ConnectFour, Evaluation};

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

/// The directions of a line, as (row, column) steps: across, up, up-right, down-right.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (-1, 1)];

impl Evaluation for C4Eval {
    type Game = ConnectFour;

    const MORE_I: i32 = 10000;
    const LESS_I: i32 = -10000;

    /// The same for both players: the evaluation looks only at the discs.
    fn evaluate(_player: bool, game: &ConnectFour) -> i32 {
        let mut evaluation = 0;
        for row in 0..crate::ROW as isize {
            for column in 0..crate::COL as isize {
                for direction in DIRECTIONS {
                    match eval_four(game, (row, column), direction) {
                        Some(Four::A) => return Self::MORE_I,
                        Some(Four::B) => return Self::LESS_I,
                        Some(Four::Partial(value)) => evaluation += value,
                        None => {}
                    }
                }
            }
        }
        evaluation
    }
}

/// What a window of four cells is worth.
enum Four {
    /// Four discs of the first player.
    A,
    /// Four discs of the second player.
    B,
    /// Fewer discs of one player (or both players' discs): this much.
    Partial(i32),
}

/// The worth of the window that starts at `start` and goes in `direction`; `None` when it
/// runs off the board.
fn eval_four(game: &ConnectFour, start: (isize, isize), (delta_row, delta_column): (isize, isize)) -> Option<Four> {
    let (mut a, mut b) = (0, 0);
    for step in 0..4 {
        match game.get(start.0 + step * delta_row, start.1 + step * delta_column)? {
            Cell::A => a += 1,
            Cell::B => b += 1,
            Cell::Empty => {}
        }
    }
    Some(match (a, b) {
        (4, _) => Four::A,
        (_, 4) => Four::B,
        (a, 0) => Four::Partial(VALUE[a]),
        (0, b) => Four::Partial(-VALUE[b]),
        _ => Four::Partial(0),
    })
}
