//! The computer that plays perfectly.
//!
//! Read the spec's "How to play intelligently": minimax, with wins scored higher the
//! earlier they come (and losses the later). To meet the time limits, prune with
//! alpha–beta and remember positions already searched; to answer within the budget on large
//! scaffolds, search one move deeper at a time and look at the clock every thousand
//! positions or so.

use crate::{Player, Scaffold};
use std::time::Duration;

/// How long a move may take unless told otherwise: the spec's ten seconds, with room to spare.
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(9900);

/// A computer that never misses a win, never loses when it can avoid it, wins as early and
/// loses as late as it can, within its time budget. Add the fields you choose.
#[derive(Debug, Clone)]
pub struct SmartPlayer {}

impl SmartPlayer {
    /// A smart player called `name`, with [`DEFAULT_BUDGET`] per move.
    pub fn new(name: &str) -> SmartPlayer {
        todo!("SmartPlayer::new(name = {name:?})")
    }

    /// A smart player called `name` that answers within about `budget` per move.
    pub fn with_budget(name: &str, budget: Duration) -> SmartPlayer {
        todo!("SmartPlayer::with_budget(name = {name:?}, budget = {budget:?})")
    }
}

impl Player for SmartPlayer {
    fn name(&self) -> &str {
        todo!("SmartPlayer::name(self = {self:?})")
    }

    /// The best column for `color`, with N = `n` in a row to win:
    /// - a win if there is one, the earliest;
    /// - else a draw if there is one;
    /// - else the loss that comes latest against a perfect opponent;
    /// - among equally good columns, the one nearest the centre (of two equally near, the
    ///   left one).
    ///
    /// Within the player's budget: when the search cannot finish in time, the best column it
    /// found. Always a column with room; 0 when the scaffold is full.
    ///
    /// The positions it is judged on, "every position of small scaffolds" included, are the
    /// ones a game (red first) can reach and that are not over: nobody has N in a row yet and
    /// a column has room. On a scaffold no game reaches, one where a player already has N in
    /// a row say, it need only return a column with room.
    fn choose_move(&mut self, scaffold: &Scaffold, n: i32, color: i32) -> i32 {
        todo!("SmartPlayer::choose_move(self = {self:?}, scaffold = {scaffold:?}, n = {n}, color = {color})")
    }
}
