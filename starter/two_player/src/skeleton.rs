//! The game skeleton and main loop (the chapter's `FSkeleton` and `FMain`).

use crate::{Error, Evaluation, Interface, Representation, State};
use std::marker::PhantomData;

/// A program playing games of `E::Game` through the interface `D`, either side a person or
/// the machine, which searches `depth` moves ahead with [`alphabeta`](crate::alphabeta) and
/// the evaluation `E`.
///
/// (The chapter ends a game by raising `Won` when the player who just moved has won, and
/// announces it as the first player's win whoever that was; this skeleton announces the
/// winner from the first player's side: [`won`](Interface::won) when the first player won,
/// [`lost`](Interface::lost) when the second did.)
#[derive(Debug)]
pub struct Skeleton<E: Evaluation, D> {
    display: D,
    depth: i32,
    game: E::Game,
    evaluation: PhantomData<E>,
}

impl<E, D> Skeleton<E, D>
where
    E: Evaluation,
    D: Interface<Game = E::Game>,
{
    /// A skeleton showing games on `display`, its machine searching `depth` moves ahead.
    pub fn new(display: D, depth: i32) -> Self {
        Skeleton { display, depth, game: E::Game::game_start(), evaluation: PhantomData }
    }

    /// The position of the game being played.
    pub fn game(&self) -> &E::Game {
        &self.game
    }

    /// The program (the chapter's `FMain.main`): greets; plays a game, asking first which
    /// players are the machine (the first player, then the second); asks whether to play
    /// again, and so on; says goodbye. In a game the players take turns, the first player
    /// first, until the state of the player who just moved is not [`State::Continue`]; then
    /// it announces the result from the first player's side.
    ///
    /// # Errors
    /// What the interface returns, such as [`Error::EndOfInput`] when the input ends.
    pub fn main(&mut self) -> Result<(), Error> {
        todo!("run the program on {:?}, {} moves deep", self.game, self.depth)
    }

    /// `player`'s move, chosen by a person through the interface: shows it and returns the
    /// game's state for `player` afterwards.
    ///
    /// It asks the interface's [`choice`](Interface::choice) whether or not `player` has a
    /// legal move, as the chapter's `playH` does (unlike [`play_m`](Self::play_m), it does
    /// not look): when `player` has none, no answer is legal, so the chapter's text
    /// interfaces ask until the input ends, and `play_h` returns that error, the game as it
    /// was. ([`main`](Self::main) never asks so: a game ends, [`State::Nil`], as soon as the
    /// player to move next cannot move.)
    ///
    /// # Errors
    /// What the interface returns.
    pub fn play_h(&mut self, player: bool) -> Result<State, Error> {
        todo!("let the person playing {player} move in {:?}, through the interface at {:p}", self.game, &self.display)
    }

    /// `player`'s move, chosen by the machine: shows it and returns the game's state for
    /// `player` afterwards ([`State::Nil`] when `player` cannot move).
    ///
    /// # Errors
    /// What the interface returns.
    pub fn play_m(&mut self, player: bool) -> Result<State, Error> {
        todo!("let the machine move for {player} in {:?}, {} moves deep", self.game, self.depth)
    }
}
