//! The calls between two_player's judge (`src/lib.rs` and its modules) and its probe
//! (`probe/src/main.rs` and `lent.rs`), declared once, and how their values cross: both
//! include this file, with `console` and `terminals` at their root.
//!
//! The handout's `State`, `Cell` and `StoneMove` cross as declared here, converted to and
//! from the probe's (the submission's crate's) and the judge's own by `conversions!`.
//!
//! The judge's calls cross as [`Released`]: each after the numbers of the objects the judge
//! has let go of since its last call.

use crate::console::WireError;
use crate::terminals::TerminalRef;
use gamekit_probe::Remote;
use gamekit_probe::wire::Wire;

gamekit_probe::wire! {
    /// The handout's `State` of a game, for the first player.
    #[derive(Clone, Copy)]
    pub enum State { Won, Lost, Nil, Continue }
    /// A cell of Connect Four.
    #[derive(Clone, Copy)]
    pub enum Cell { A, B, Empty }
    /// A Stonehenge move.
    #[derive(Clone, Copy)]
    pub struct StoneMove { pub place: usize, pub stone: u32 }

    /// What a search asks of every position it reaches, for the player to move (`is_leaf`
    /// only of those it may go on from).
    #[kit]
    #[derive(Clone, Copy)]
    pub struct Facts { pub evaluation: i32, pub stable: bool }
    /// What a search asks of a position it goes on from: its [`Facts`] and `is_leaf`.
    #[kit]
    #[derive(Clone, Copy)]
    pub struct Looked { pub facts: Facts, pub leaf: bool }
    /// Stonehenge as the suite reads it, all at once: `stone_at` each place, `holder` of each
    /// ley-line, the `stones` left and `lines_held` (the first player's, then the second's),
    /// and `sum_on` each ley-line (the first player's, the second's).
    #[kit]
    pub struct StoneView {
        pub stones_at: [Option<(bool, u32)>; 18],
        pub holders: [Option<bool>; 15],
        pub stones: (Vec<u32>, Vec<u32>),
        pub lines_held: (usize, usize),
        pub sums_on: [(u32, u32); 15],
    }
    /// A position of the suite's game lent to the probe, for one player: how many legal moves
    /// it has (a move crosses as its index among them), and what the suite's evaluation says.
    #[kit]
    #[derive(Clone, Copy)]
    pub struct LentFacts { pub moves: usize, pub evaluation: i32, pub leaf: bool, pub stable: bool }
}

/// A position's legal moves for a player, and after each, its position (kept in the probe)
/// and the facts of that for the other player: a node of a search in one round trip.
pub type Expansion<M> = (Vec<M>, Vec<(u64, Facts)>);

/// Connect Four as the suite reads it: its 6 × 7 cells (`cell(row, column)`), row 1 first.
pub type C4View = [Cell; 42];

/// One of the handout's games, as the calls on it name it and carry its values.
pub trait Game: 'static {
    /// The name of its positions in the calls on them (`ConnectFour::play`).
    const GAME: &'static str;
    /// Its evaluation's (`C4Eval::evaluate`).
    const EVALUATION: &'static str;
    /// Its text interface's (`C4Text::home`).
    const TEXT: &'static str;
    /// Its skeleton's (`Skeleton<C4Eval>::main`).
    const SKELETON: &'static str;
    /// A move as it crosses.
    type MoveWire: Wire;
    /// What its accessors answer, all at once.
    type View: Wire;
}

/// Connect Four.
pub enum C4 {}

impl Game for C4 {
    const GAME: &'static str = "ConnectFour";
    const EVALUATION: &'static str = "C4Eval";
    const TEXT: &'static str = "C4Text";
    const SKELETON: &'static str = "Skeleton<C4Eval>";
    type MoveWire = usize;
    type View = C4View;
}

/// Stonehenge.
pub enum Stones {}

impl Game for Stones {
    const GAME: &'static str = "Stonehenge";
    const EVALUATION: &'static str = "StoneEval";
    const TEXT: &'static str = "StoneText";
    const SKELETON: &'static str = "Skeleton<StoneEval>";
    type MoveWire = StoneMove;
    type View = StoneView;
}

/// How call `C` of the judge's crosses: after the numbers of the objects the judge has let
/// go of since its last call, which the probe lets go of first (a release a round trip
/// would double the cost of a search).
pub struct Released<C>(std::marker::PhantomData<C>);

impl<C: Remote> Remote for Released<C> {
    const NAME: &'static str = C::NAME;
    const ON: &'static str = C::ON;
    type Arguments = (Vec<u64>, C::Arguments);
    type Answer = C::Answer;
}

// The judge's calls besides the families below. Each value of the submission's (a position,
// a text interface, a skeleton) is an object kept in the probe, and crosses as its number.
gamekit_probe::calls! {
    /// Connect Four's `cell`.
    pub CellAt = "ConnectFour::cell"(position: u64, row: usize, column: usize) -> Cell;
    pub StoneAt = "Stonehenge::stone_at"(position: u64, place: usize) -> Option<(bool, u32)>;
    pub Holder = "Stonehenge::holder"(position: u64, line: usize) -> Option<bool>;
    /// Stonehenge's `stones`: those `player` has left.
    pub StonesLeft = "Stonehenge::stones"(position: u64, player: bool) -> Vec<u32>;
    pub LinesHeld = "Stonehenge::lines_held"(position: u64, player: bool) -> usize;
    pub SumOn = "Stonehenge::sum_on"(position: u64, line: usize, player: bool) -> u32;
    /// `C4Text::print_game`.
    pub PrintGame = "C4Text::print_game"(text: u64, position: u64) -> Result<(), WireError>;
    /// The submission's `alphabeta` on a game of the suite's, lent as `search` (its root
    /// position 0, of which `root` is what the suite says for `player`), with the bounds
    /// `(more, less)`: the index of the move it chose.
    pub Alphabeta = "Lent::alphabeta"(search: u64, more: i32, less: i32, depth: i32, player: bool, root: LentFacts)
        -> Option<usize>;
    /// The handout's Connect Four program on one of the suite's terminals.
    pub RunConnectFour = "programs::run_connect_four"(args: Vec<String>, terminal: TerminalRef)
        -> Result<(), WireError>;
    /// Its Stonehenge program.
    pub RunStonehenge = "programs::run_stonehenge"(args: Vec<String>, terminal: TerminalRef)
        -> Result<(), WireError>;
}

/// The calls on one of the submission's positions of game `G` (`ConnectFour::play`).
pub mod position {
    use super::Expansion;

    gamekit_probe::calls! {
        for<G: super::Game> on G::GAME;
        /// `game_start`: the position's number.
        pub GameStart = "game_start"() -> u64;
        /// `play`: the new position's number.
        pub Play = "play"(position: u64, player: bool, mv: G::MoveWire) -> u64;
        pub LegalMoves = "legal_moves"(position: u64, player: bool) -> Vec<G::MoveWire>;
        /// `player`'s legal moves, and each one's position with what a search asks of it for
        /// the other player.
        pub Expand = "expand"(position: u64, player: bool) -> Expansion<G::MoveWire>;
        /// `is_leaf` for `player`, and when it is not a leaf, its expansion.
        pub LeafOrExpand = "leaf_or_expand"(position: u64, player: bool) -> (bool, Option<Expansion<G::MoveWire>>);
        /// `evaluate`, `is_stable` and `is_leaf` for `player`.
        pub Facts = "facts"(position: u64, player: bool) -> super::Looked;
        /// What the accessors answer, all at once.
        pub View = "view"(position: u64) -> G::View;
        /// Its `Display`.
        pub ToString = "to_string"(position: u64) -> String;
        /// Its `Debug`.
        pub Debug = "debug"(position: u64) -> String;
        /// Its `PartialEq`.
        pub Eq = "eq"(position: u64, other: u64) -> bool;
    }
}

/// The calls to game `G`'s evaluation on one of the submission's positions, for `player`
/// (`C4Eval::evaluate`).
pub mod evaluation {
    gamekit_probe::calls! {
        for<G: super::Game> on G::EVALUATION;
        pub Evaluate = "evaluate"(position: u64, player: bool) -> i32;
        pub IsLeaf = "is_leaf"(position: u64, player: bool) -> bool;
        pub IsStable = "is_stable"(position: u64, player: bool) -> bool;
        pub StateOf = "state_of"(position: u64, player: bool) -> super::State;
        /// The submission's `alphabeta` with this evaluation.
        pub Alphabeta = "alphabeta"(position: u64, player: bool, depth: i32) -> Option<G::MoveWire>;
    }
}

/// The calls to the submission's text interface to game `G` (`C4Text::home`).
pub mod text {
    use super::WireError;
    use crate::terminals::TerminalRef;

    gamekit_probe::calls! {
        for<G: super::Game> on G::TEXT;
        /// A text interface on one of the suite's terminals.
        pub New = "new"(terminal: TerminalRef) -> u64;
        pub Home = "home"(text: u64) -> Result<(), WireError>;
        pub Exit = "exit"(text: u64) -> Result<(), WireError>;
        pub Won = "won"(text: u64) -> Result<(), WireError>;
        pub Lost = "lost"(text: u64) -> Result<(), WireError>;
        pub Nil = "nil"(text: u64) -> Result<(), WireError>;
        pub Init = "init"(text: u64) -> Result<(), WireError>;
        pub Position = "position"(text: u64, player: bool, mv: G::MoveWire, old: u64, new: u64)
            -> Result<(), WireError>;
        pub Choice = "choice"(text: u64, player: bool, position: u64) -> Result<G::MoveWire, WireError>;
        pub QPlayer = "q_player"(text: u64) -> Result<bool, WireError>;
        pub QContinue = "q_continue"(text: u64) -> Result<bool, WireError>;
    }
}

/// The calls to the submission's skeleton with game `G`'s evaluation
/// (`Skeleton<C4Eval>::main`), which shows its games through an interface of the suite's.
pub mod skeleton {
    use super::WireError;

    gamekit_probe::calls! {
        for<G: super::Game> on G::SKELETON;
        /// A skeleton showing its games through the suite's interface lent as `display`
        /// for each call on it.
        pub New = "new"(display: u64, depth: i32) -> u64;
        /// Its position: the number of a copy kept.
        pub Game = "game"(skeleton: u64) -> u64;
        pub Main = "main"(skeleton: u64) -> Result<(), WireError>;
        pub PlayH = "play_h"(skeleton: u64, player: bool) -> Result<super::State, WireError>;
        pub PlayM = "play_m"(skeleton: u64, player: bool) -> Result<super::State, WireError>;
    }
}

/// The probe's calls back, which the judge answers (besides those to its terminals,
/// `terminals/mod.rs`): a search of the submission's on a game of the suite's, lent as
/// `search`, whose positions cross as their indices in it (the root is 0).
pub mod back {
    use super::LentFacts;

    gamekit_probe::calls! {
        /// What the suite says of `position` for `player`.
        pub Facts = "Lent::facts"(search: u64, position: usize, player: bool) -> LentFacts;
        /// The suite's game makes `player`'s move number `index` in `position`: the new
        /// position, and what the suite says of it for the other player.
        pub Play = "Lent::play"(search: u64, position: usize, player: bool, index: usize) -> (usize, LentFacts);
        /// The suite's `Debug` of `position`.
        pub Debug = "Lent::debug"(search: u64, position: usize) -> String;
        /// The suite's `game_start`: the position's index.
        pub GameStart = "Lent::game_start"(search: u64) -> usize;
    }

    /// The calls back to the suite's interface to game `G` that a skeleton of the
    /// submission's shows its games through, lent as `display` (`Interface::home`).
    pub mod interface {
        use crate::calls::WireError;

        gamekit_probe::calls! {
            for<G: crate::calls::Game> on "Interface";
            pub Home = "home"(display: u64) -> Result<(), WireError>;
            pub Exit = "exit"(display: u64) -> Result<(), WireError>;
            pub Won = "won"(display: u64) -> Result<(), WireError>;
            pub Lost = "lost"(display: u64) -> Result<(), WireError>;
            pub Nil = "nil"(display: u64) -> Result<(), WireError>;
            pub Init = "init"(display: u64) -> Result<(), WireError>;
            /// `position`, the two positions kept in the probe for the judge.
            pub Position = "position"(display: u64, player: bool, mv: G::MoveWire, old: u64, new: u64)
                -> Result<(), WireError>;
            /// `choice` on a position kept in the probe for the judge.
            pub Choice = "choice"(display: u64, player: bool, position: u64) -> Result<G::MoveWire, WireError>;
            pub QPlayer = "q_player"(display: u64) -> Result<bool, WireError>;
            pub QContinue = "q_continue"(display: u64) -> Result<bool, WireError>;
        }
    }
}
