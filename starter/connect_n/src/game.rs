//! A game: a scaffold, N, and two players taking turns, red first.

use crate::{Error, Player, Terminal};
use std::marker::PhantomData;

/// A game of Connect N between two players, who are lent to it: the same players can play
/// several games. Replace the field with the ones you choose.
pub struct Game<'a> {
    _players: PhantomData<&'a mut dyn Player>,
}

impl<'a> Game<'a> {
    /// A game on an empty scaffold of `columns` × `levels`, won with `n` in a row; `red`
    /// moves first.
    ///
    /// # Errors
    /// [`Error::Size`] for a scaffold that cannot be (see
    /// [`Scaffold::new`](crate::Scaffold::new), whose message it is) or `n` below 1, with
    /// the message `N must be at least 1, not <n>`. N is checked first, then the scaffold.
    pub fn new(
        columns: i32,
        levels: i32,
        n: i32,
        red: &'a mut dyn Player,
        black: &'a mut dyn Player,
    ) -> Result<Game<'a>, Error> {
        todo!(
            "Game::new(columns = {columns}, levels = {levels}, n = {n}, red = {}, black = {})",
            red.name(),
            black.name()
        )
    }

    /// The winner when the game is over ([`RED`](crate::RED), [`BLACK`](crate::BLACK), or
    /// [`TIE_GAME`](crate::TIE_GAME) when the scaffold filled up without N in a row); `None`
    /// while it goes on.
    pub fn completed(&self) -> Option<i32> {
        todo!("Game::completed(self)")
    }

    /// Lets the player whose turn it is move; whether a move was made. No move is made when
    /// the game is over, or when the player gives no playable column (a person's input ended).
    pub fn take_turn(&mut self) -> bool {
        todo!("Game::take_turn(self)")
    }

    /// Plays the game to its end on `terminal` and returns the winner (as
    /// [`completed`](Self::completed)).
    ///
    /// It prints `<red> (red, R) against <black> (black, B): <C> columns, <L> levels, <N> in
    /// a row wins.` and the empty scaffold; then, after each move,
    /// `<name> drops a <colour> checker in column <c>.` and the scaffold; at the end
    /// `<name> wins!` or `It's a tie.`. When neither player is a person but one is watching
    /// (the terminal is interactive), it prints `Press Enter to continue. ` and waits for
    /// Enter after each move but the last.
    ///
    /// # Errors
    /// [`Error::NoMove`] when a player gives no playable column, [`Error::Console`] when the
    /// input ends during a pause or the terminal fails.
    pub fn play(&mut self, terminal: &Terminal) -> Result<i32, Error> {
        todo!("Game::play(self, terminal = {terminal:?})")
    }

    /// [`RED`](crate::RED), [`BLACK`](crate::BLACK) or [`VACANT`](crate::VACANT): the
    /// checker at `column` and `level` of the game's scaffold.
    pub fn checker_at(&self, column: i32, level: i32) -> i32 {
        todo!("Game::checker_at(self, column = {column}, level = {level})")
    }
}
