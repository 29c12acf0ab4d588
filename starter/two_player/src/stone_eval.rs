//! Stonehenge's evaluation (the chapter's `Stone_eval`).

use crate::{Evaluation, Stonehenge};

/// The chapter's evaluation of Stonehenge: 50 for each ley-line the first player holds
/// more than the second, plus 10 for each point of stones it has left more than the second;
/// [`MORE_I`](Self::MORE_I) (1000) once the first player holds eight ley-lines,
/// [`LESS_I`](Self::LESS_I) (−1000) once the second does.
///
/// So a stone of 6 is worth playing only when it wins two lines: a line is worth 50, the
/// stone 60.
///
/// (The chapter's version sees only the eighth line of the player it is given, so the
/// search went on past a game the other player had already won. See both.)
#[derive(Debug, Clone, Copy)]
pub struct StoneEval;

impl Evaluation for StoneEval {
    type Game = Stonehenge;

    const MORE_I: i32 = 1000;
    const LESS_I: i32 = -1000;

    fn evaluate(player: bool, game: &Stonehenge) -> i32 {
        todo!("the value of {game:?} with {player} to move")
    }
}
