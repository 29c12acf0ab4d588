//! A game: a scaffold, N, and two players taking turns, red first.

use crate::support::color_name;
use crate::{BLACK, Error, Player, RED, Scaffold, TIE_GAME, Terminal};
use std::io::Write;

/// A game of Connect N between two players, who are lent to it: the same players can play
/// several games.
pub struct Game<'a> {
    scaffold: Scaffold,
    n: i32,
    red: &'a mut dyn Player,
    black: &'a mut dyn Player,
    /// The colour whose turn it is.
    turn: i32,
    /// The winner once there is one: [`RED`], [`BLACK`] or [`TIE_GAME`].
    winner: Option<i32>,
}

impl<'a> Game<'a> {
    /// A game on an empty scaffold of `columns` × `levels`, won with `n` in a row; `red`
    /// moves first.
    ///
    /// # Errors
    /// [`Error::Size`] for a scaffold that cannot be (see [`Scaffold::new`]) or `n` below 1.
    pub fn new(
        columns: i32,
        levels: i32,
        n: i32,
        red: &'a mut dyn Player,
        black: &'a mut dyn Player,
    ) -> Result<Game<'a>, Error> {
        if n < 1 {
            return Err(Error::Size(format!("N must be at least 1, not {n}")));
        }
        let scaffold = Scaffold::new(columns, levels)?;
        Ok(Game { scaffold, n, red, black, turn: RED, winner: None })
    }

    /// The winner when the game is over ([`RED`], [`BLACK`], or [`TIE_GAME`] when the
    /// scaffold filled up without N in a row); `None` while it goes on.
    pub fn completed(&self) -> Option<i32> {
        self.winner
    }

    /// Lets the player whose turn it is move; whether a move was made. No move is made when
    /// the game is over, or when the player gives no playable column (a person's input ended).
    pub fn take_turn(&mut self) -> bool {
        self.turn().is_some()
    }

    /// Plays the game to its end on `terminal` and returns the winner (as
    /// [`completed`](Self::completed)).
    ///
    /// It prints `<red> (red, R) against <black> (black, B): <C> columns, <L> levels, <N> in
    /// a row wins.` and the empty scaffold; then, after each move,
    /// `<name> drops a <colour> checker in column <c>.` and the scaffold; at the end
    /// `<name> wins!` or `It's a tie.`. When neither player is a person but one is watching
    /// (the terminal is interactive), it prints `Press Enter to continue. ` and waits for
    /// Enter between moves.
    ///
    /// # Errors
    /// [`Error::NoMove`] when a player gives no playable column, [`Error::Console`] when the
    /// input ends during a pause or the terminal fails.
    pub fn play(&mut self, terminal: &Terminal) -> Result<i32, Error> {
        let mut screen = terminal.clone();
        let pause = terminal.is_interactive() && !self.red.is_interactive() && !self.black.is_interactive();
        writeln!(
            screen,
            "{} (red, R) against {} (black, B): {} columns, {} levels, {} in a row wins.",
            self.red.name(),
            self.black.name(),
            self.scaffold.cols(),
            self.scaffold.levels(),
            self.n
        )?;
        self.scaffold.display(&mut screen)?;
        loop {
            if let Some(winner) = self.winner {
                return self.announce(winner, &mut screen).map(|()| winner);
            }
            let color = self.turn;
            let Some(column) = self.turn() else {
                return Err(Error::NoMove(self.player(color).name().to_owned()));
            };
            writeln!(
                screen,
                "{} drops a {} checker in column {column}.",
                self.player(color).name(),
                color_name(color)
            )?;
            self.scaffold.display(&mut screen)?;
            if pause && self.winner.is_none() {
                write!(screen, "Press Enter to continue. ")?;
                terminal.console().ignore_line()?;
            }
        }
    }

    /// [`RED`], [`BLACK`] or [`crate::VACANT`]: the checker at `column` and `level` of the
    /// game's scaffold.
    pub fn checker_at(&self, column: i32, level: i32) -> i32 {
        self.scaffold.checker_at(column, level)
    }

    /// The move of the player whose turn it is: its column, or `None` when none was made.
    fn turn(&mut self) -> Option<i32> {
        if self.winner.is_some() {
            return None;
        }
        let color = self.turn;
        let player = if color == RED { &mut *self.red } else { &mut *self.black };
        let column = player.choose_move(&self.scaffold, self.n, color);
        if !self.scaffold.make_move(column, color) {
            return None;
        }
        if makes_line(&self.scaffold, column, self.n) {
            self.winner = Some(color);
        } else if self.scaffold.number_empty() == 0 {
            self.winner = Some(TIE_GAME);
        }
        self.turn = if color == RED { BLACK } else { RED };
        Some(column)
    }

    fn player(&mut self, color: i32) -> &mut dyn Player {
        if color == RED { &mut *self.red } else { &mut *self.black }
    }

    fn announce(&mut self, winner: i32, screen: &mut Terminal) -> Result<(), Error> {
        if winner == TIE_GAME {
            writeln!(screen, "It's a tie.")?;
        } else {
            writeln!(screen, "{} wins!", self.player(winner).name())?;
        }
        Ok(())
    }
}

/// Whether the top checker of `column` is one of `n` or more of its colour in a row:
/// across, up or along a diagonal.
fn makes_line(scaffold: &Scaffold, column: i32, n: i32) -> bool {
    let level = (1..=scaffold.levels()).rev().find(|&level| scaffold.checker_at(column, level) != crate::VACANT);
    let Some(level) = level else {
        return false;
    };
    let color = scaffold.checker_at(column, level);
    let run = |step_column: i32, step_level: i32| {
        (1..n).take_while(|&k| scaffold.checker_at(column + k * step_column, level + k * step_level) == color).count()
    };
    [(1, 0), (0, 1), (1, 1), (1, -1)].into_iter().any(|(c, l)| 1 + run(c, l) + run(-c, -l) >= n as usize)
}
