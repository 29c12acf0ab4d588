//! The game skeleton and main loop (the chapter's `FSkeleton` and `FMain`).

use crate::{Error, Evaluation, Interface, Representation, State, alphabeta};
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
        self.display.home()?;
        loop {
            let first_is_machine = self.display.q_player()?;
            let second_is_machine = self.display.q_player()?;
            self.game = E::Game::game_start();
            self.display.init()?;
            self.play_game(first_is_machine, second_is_machine)?;
            if !self.display.q_continue()? {
                break;
            }
        }
        self.display.exit()
    }

    /// One game from the start, the first player first, each player the machine or a person;
    /// announces its end.
    fn play_game(&mut self, first_is_machine: bool, second_is_machine: bool) -> Result<(), Error> {
        let mut player = true;
        loop {
            let is_machine = if player { first_is_machine } else { second_is_machine };
            let state = if is_machine { self.play_m(player)? } else { self.play_h(player)? };
            match (state, player) {
                (State::Continue, _) => player = !player,
                (State::Nil, _) => return self.display.nil(),
                (State::Won, true) | (State::Lost, false) => return self.display.won(),
                (State::Won, false) | (State::Lost, true) => return self.display.lost(),
            }
        }
    }

    /// `player`'s move, chosen by a person through the interface: shows it and returns the
    /// game's state for `player` afterwards.
    ///
    /// # Errors
    /// What the interface returns.
    pub fn play_h(&mut self, player: bool) -> Result<State, Error> {
        let choice = self.display.choice(player, &self.game)?;
        self.make(player, choice)
    }

    /// `player`'s move, chosen by the machine: shows it and returns the game's state for
    /// `player` afterwards ([`State::Nil`] when `player` cannot move).
    ///
    /// # Errors
    /// What the interface returns.
    pub fn play_m(&mut self, player: bool) -> Result<State, Error> {
        match alphabeta::<E>(self.depth, player, &self.game) {
            Some(choice) => self.make(player, choice),
            None => Ok(State::Nil),
        }
    }

    /// Makes `player`'s move `choice`, shows it, and returns the state for `player`.
    fn make(&mut self, player: bool, choice: <E::Game as Representation>::Move) -> Result<State, Error> {
        let new = self.game.play(player, choice);
        self.display.position(player, choice, &self.game, &new)?;
        self.game = new;
        Ok(E::state_of(player, &self.game))
    }
}
