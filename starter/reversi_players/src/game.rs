//! The game: the board, two players taking turns, and a viewer.

use crate::{Board, BoardViewer, Color, Error, Player};

/// A game of Reversi between two players, who are lent to it (the book's `Game`).
pub struct Game<'a> {
    black: &'a mut dyn Player,
    white: &'a mut dyn Player,
    board: Board,
    viewer: Option<Box<dyn BoardViewer + 'a>>,
}

impl<'a> Game<'a> {
    /// A game from the initial position; `black` moves first.
    pub fn new(black: &'a mut dyn Player, white: &'a mut dyn Player) -> Game<'a> {
        Game { black, white, board: Board::new(), viewer: None }
    }

    /// Draws the board with `viewer` from now on (without one, nothing is drawn).
    pub fn select_viewer(&mut self, viewer: Box<dyn BoardViewer + 'a>) {
        self.viewer = Some(viewer);
    }

    /// The board as it is now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plays the game to its end (the book's loop) and returns the winner, `None` for a tie.
    ///
    /// Draws the board; then, round after round: Black moves if it can (and the board is
    /// drawn) or skips its turn, then the same for White, until a round in which neither
    /// moved (so both skip before the end). Then the winner is told [`Player::win`], then the
    /// loser [`Player::lose`]; on a tie, Black then White are told [`Player::tie`].
    ///
    /// Called once a game.
    ///
    /// # Errors
    /// [`Error::InvalidMove`] when a player gives a move that is not valid (the board is
    /// unchanged), and the first error a player or the viewer returns (the viewer's
    /// `io::Error` turned into an [`Error`] by `?`): the game stops there, the moves already
    /// played kept on the board.
    pub fn play(&mut self) -> Result<Option<Color>, Error> {
        let (_black, _white) = (&mut self.black, &mut self.white);
        todo!("play the game from {:?}", self.board)
    }
}
