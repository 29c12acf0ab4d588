//! The person at the terminal, and the computer that plays any legal move.

use crate::{Player, Scaffold, Terminal};

/// A person, who types the columns at the terminal. Add the fields you choose.
#[derive(Debug, Clone)]
pub struct HumanPlayer {}

impl HumanPlayer {
    /// A person called `name`, at `terminal`.
    pub fn new(name: &str, terminal: &Terminal) -> HumanPlayer {
        todo!("HumanPlayer::new(name = {name:?}, terminal = {terminal:?})")
    }
}

impl Player for HumanPlayer {
    fn name(&self) -> &str {
        todo!("HumanPlayer::name(self = {self:?})")
    }

    fn is_interactive(&self) -> bool {
        todo!("HumanPlayer::is_interactive(self = {self:?})")
    }

    /// Asks `<name>, drop a <colour> checker in which column (1-<columns>)? ` until the
    /// answer is a column with room; says why when it is not (`That is not a column
    /// number.`, `There is no column <c>.`, `Column <c> is full.`). 0 when the scaffold is
    /// full or the input ends (or fails).
    ///
    /// `<colour>` is `black` for [`BLACK`](crate::BLACK) and `red` for any other colour:
    /// [`RED`](crate::RED), and a colour that is neither (the spec says nothing of one). On a
    /// full scaffold it answers 0 at once: it asks nothing, prints nothing and reads nothing
    /// (no answer could be a move).
    fn choose_move(&mut self, scaffold: &Scaffold, n: i32, color: i32) -> i32 {
        todo!("HumanPlayer::choose_move(self = {self:?}, scaffold = {scaffold:?}, n = {n}, color = {color})")
    }
}

/// A computer that drops its checkers into random columns with room, drawn from the
/// provided [`Random`](crate::Random) sequence of its seed, so that the same seed plays the
/// same game. Add the fields you choose.
#[derive(Debug, Clone)]
pub struct BadPlayer {}

impl BadPlayer {
    /// A bad player called `name`, with seed 0.
    pub fn new(name: &str) -> BadPlayer {
        todo!("BadPlayer::new(name = {name:?})")
    }

    /// A bad player called `name` whose choices follow from `seed`.
    pub fn with_seed(name: &str, seed: u64) -> BadPlayer {
        todo!("BadPlayer::with_seed(name = {name:?}, seed = {seed})")
    }
}

impl Player for BadPlayer {
    fn name(&self) -> &str {
        todo!("BadPlayer::name(self = {self:?})")
    }

    /// A column with room, chosen at random; 0 when the scaffold is full (without a draw).
    /// Of the `k` columns with room, from left to right, the one at index `random.below(k)`,
    /// one draw a move (the graded games of bad players depend on this exact rule).
    fn choose_move(&mut self, scaffold: &Scaffold, n: i32, color: i32) -> i32 {
        todo!("BadPlayer::choose_move(self = {self:?}, scaffold = {scaffold:?}, n = {n}, color = {color})")
    }
}
