//! Stonehenge's evaluation (the chapter's `Stone_eval`).

use crate::{Evaluation, LINES_TO_WIN, Stonehenge};

/// The chapter's evaluation of Stonehenge: 50 for each ley-line the first player holds
/// more than the second, plus 10 for each point of stones it has left more than the second;
/// [`MORE_I`](Self::MORE_I) (1000) once the first player holds eight ley-lines,
/// [`LESS_I`](Self::LESS_I) (−1000) once the second does.
///
/// So a stone of 6 is worth playing only when it wins two lines: a line is worth 50, the
/// stone 60.
///
/// (The chapter's version sees only the eighth line of the player it is given, so the
/// search went on past a game the other player had already won. This one sees both.)
#[derive(Debug, Clone, Copy)]
pub struct StoneEval;

impl Evaluation for StoneEval {
    type Game = Stonehenge;

    const MORE_I: i32 = 1000;
    const LESS_I: i32 = -1000;

    fn evaluate(_player: bool, game: &Stonehenge) -> i32 {
        let (lines1, lines2) = (game.lines_held(true), game.lines_held(false));
        if lines1 >= LINES_TO_WIN {
            return Self::MORE_I;
        }
        if lines2 >= LINES_TO_WIN {
            return Self::LESS_I;
        }
        let points = |player| game.stones(player).iter().sum::<u32>() as i32;
        50 * (lines1 as i32 - lines2 as i32) + 10 * (points(true) - points(false))
    }
}
