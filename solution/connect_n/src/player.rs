//! The person at the terminal, and the computer that plays any legal move.

use crate::support::color_name;
use crate::{Player, Random, Scaffold, Terminal, VACANT};
use std::io::Write;

/// Whether `column` (from 1, on the scaffold) has room for a checker.
fn has_room(scaffold: &Scaffold, column: i32) -> bool {
    scaffold.checker_at(column, scaffold.levels()) == VACANT
}

/// The columns (from 1) with room for a checker, left to right.
fn playable_columns(scaffold: &Scaffold) -> impl Iterator<Item = i32> + '_ {
    (1..=scaffold.cols()).filter(|&column| has_room(scaffold, column))
}

/// A person, who types the columns at the terminal.
#[derive(Debug, Clone)]
pub struct HumanPlayer {
    name: String,
    terminal: Terminal,
}

impl HumanPlayer {
    /// A person called `name`, at `terminal`.
    pub fn new(name: &str, terminal: &Terminal) -> HumanPlayer {
        HumanPlayer { name: name.to_owned(), terminal: terminal.clone() }
    }
}

impl Player for HumanPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn is_interactive(&self) -> bool {
        true
    }

    /// Asks `<name>, drop a <colour> checker in which column (1-<columns>)? ` until the
    /// answer is a column with room; says why when it is not (not a number, no such column,
    /// a full column). 0 when the scaffold is full or the input ends (or fails).
    fn choose_move(&mut self, scaffold: &Scaffold, _n: i32, color: i32) -> i32 {
        if playable_columns(scaffold).next().is_none() {
            return 0;
        }
        let columns = scaffold.cols();
        let mut console = self.terminal.console();
        loop {
            let asked =
                write!(console, "{}, drop a {} checker in which column (1-{columns})? ", self.name, color_name(color));
            let answer = match (asked, console.read_int()) {
                (Ok(()), Ok(answer)) => answer,
                _ => return 0,
            };
            let problem = match answer {
                None => "That is not a column number.".to_owned(),
                Some(column) if !(1..=columns).contains(&column) => format!("There is no column {column}."),
                Some(column) if !has_room(scaffold, column) => format!("Column {column} is full."),
                Some(column) => return column,
            };
            if writeln!(console, "{problem}").is_err() {
                return 0;
            }
        }
    }
}

/// A computer that drops its checkers into random columns with room, drawn from the
/// provided [`Random`] sequence of its seed, so that the same seed plays the same game.
#[derive(Debug, Clone)]
pub struct BadPlayer {
    name: String,
    random: Random,
}

impl BadPlayer {
    /// A bad player called `name`, with seed 0.
    pub fn new(name: &str) -> BadPlayer {
        BadPlayer::with_seed(name, 0)
    }

    /// A bad player called `name` whose choices follow from `seed`.
    pub fn with_seed(name: &str, seed: u64) -> BadPlayer {
        BadPlayer { name: name.to_owned(), random: Random::new(seed) }
    }
}

impl Player for BadPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    /// A column with room, chosen at random; 0 when the scaffold is full. Of the `k`
    /// columns with room, from left to right, the one at index `random.below(k)`, one draw a
    /// move.
    fn choose_move(&mut self, scaffold: &Scaffold, _n: i32, _color: i32) -> i32 {
        let playable: Vec<i32> = playable_columns(scaffold).collect();
        if playable.is_empty() {
            return 0;
        }
        playable[self.random.below(playable.len())]
    }
}
