//! The calls between connect_n's judge (`src/lib.rs`) and its probe (`probe/src/main.rs`),
//! declared once, and how their values cross: both include this file, with `console` and
//! `terminals` at their root.

use crate::terminals::TerminalRef;

/// A player of a game as it crosses: whose it is (`true`: the suite's, in the judge; `false`:
/// the submission's, in the probe), its number there, and for the suite's, its name and
/// whether it is interactive (which the probe's stand-in answers without calling back).
pub type PlayerRef = (bool, u64, String, bool);

gamekit_probe::wire! {
    /// The handout's errors, converted to and from the submission's and the judge's own by
    /// `conversions!`.
    pub enum Error { Size(String), NoMove(String), Console(crate::console::WireError) }
}

// The calls the judge makes. Each value of the submission's (a scaffold, a player, a game)
// is an object kept in the probe, and crosses as its number. Those declared by the
// submission's signature are written for both sides (`judge!`, `answers!`); the others are
// made and answered by hand.
gamekit_probe::calls! {
    /// `Scaffold::new`: the scaffold's number, or the submission's error.
    pub ScaffoldNew = "Scaffold::new"(columns: i32, levels: i32) -> Result<u64, Error>;
    pub ScaffoldCols = Scaffold::cols(&self) -> i32;
    pub ScaffoldLevels = Scaffold::levels(&self) -> i32;
    pub ScaffoldNumberEmpty = Scaffold::number_empty(&self) -> i32;
    pub ScaffoldCheckerAt = Scaffold::checker_at(&self, column: i32, level: i32) -> i32;
    /// `display` into memory: what it printed, and its error.
    pub ScaffoldDisplay = "Scaffold::display"(scaffold: u64) -> (Vec<u8>, Result<(), String>);
    pub ScaffoldMakeMove = Scaffold::make_move(&mut self, column: i32, color: i32) -> bool;
    pub ScaffoldUndoMove = Scaffold::undo_move(&mut self) -> i32;
    /// Its `Display`.
    pub ScaffoldToString = "Scaffold::to_string"(scaffold: u64) -> String;
    /// Its `Debug`.
    pub ScaffoldDebug = "Scaffold::debug"(scaffold: u64) -> String;
    /// Its `Clone`: the clone's number.
    pub ScaffoldClone = "Scaffold::clone"(scaffold: u64) -> u64;
    /// Its `PartialEq`.
    pub ScaffoldEq = "Scaffold::eq"(scaffold: u64, other: u64) -> bool;
    /// A `HumanPlayer` on one of the suite's terminals: the player's number.
    pub HumanPlayerNew = "HumanPlayer::new"(name: String, terminal: TerminalRef) -> u64;
    pub BadPlayerNew = "BadPlayer::new"(name: String) -> u64;
    pub BadPlayerWithSeed = "BadPlayer::with_seed"(name: String, seed: u64) -> u64;
    pub SmartPlayerNew = "SmartPlayer::new"(name: String) -> u64;
    pub SmartPlayerWithBudget = "SmartPlayer::with_budget"(name: String, nanoseconds: u64) -> u64;
    pub PlayerName = "Player::name"(player: u64) -> String;
    pub PlayerIsInteractive = "Player::is_interactive"(player: u64) -> bool;
    /// A player of the submission's asked for a move on a scaffold of the submission's
    /// (kept, or lent for a call back).
    pub PlayerChooseMove = "Player::choose_move"(player: u64, scaffold: u64, n: i32, color: i32) -> i32;
    /// `Game::new` between two players, of the submission's or the suite's (lent for each
    /// call on the game): the game's number, or the submission's error.
    pub GameNew = "Game::new"(columns: i32, levels: i32, n: i32, red: PlayerRef, black: PlayerRef)
        -> Result<u64, Error>;
    pub GameCompleted = "Game::completed"(game: u64) -> Option<i32>;
    pub GameTakeTurn = "Game::take_turn"(game: u64) -> bool;
    /// `play` on one of the suite's terminals.
    pub GamePlay = "Game::play"(game: u64, terminal: TerminalRef) -> Result<i32, Error>;
    pub GameCheckerAt = "Game::checker_at"(game: u64, column: i32, level: i32) -> i32;
    /// The handout's `run` on one of the suite's terminals.
    pub Run = "run"(args: Vec<String>, terminal: TerminalRef) -> Result<(), Error>;
}

/// The probe's calls back, which the judge answers (besides those to its terminals,
/// `terminals/mod.rs`).
pub mod back {
    gamekit_probe::calls! {
        /// A player of the suite's, lent to a game of the submission's, asked for a move on
        /// a scaffold the probe lends for the call.
        pub PlayerChooseMove = "Player::choose_move"(player: u64, scaffold: u64, n: i32, color: i32) -> i32;
    }
}
