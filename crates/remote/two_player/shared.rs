//! What the judge (`src/lib.rs`) and the probe (`probe/src/main.rs`) both name: each
//! includes this file.

/// A `State` as it crosses.
pub const WON: u8 = 0;
pub const LOST: u8 = 1;
pub const NIL: u8 = 2;
pub const CONTINUE: u8 = 3;

/// A `Cell` as it crosses.
pub const A: u8 = 0;
pub const B: u8 = 1;
pub const EMPTY: u8 = 2;

/// A Stonehenge move as it crosses: its place and its stone.
pub type StoneMoveWire = (usize, u32);

/// What a search asks of every position it reaches, for the player to move: `evaluate` and
/// `is_stable` (`is_leaf` only of those it may go on from).
pub type Facts = (i32, bool);

/// A position's legal moves for a player, and after each, its position (kept in the probe)
/// and the facts of that for the other player: a node of a search in one round trip.
pub type Expansion<M> = (Vec<M>, Vec<(u64, Facts)>);

/// Connect Four as the suite reads it: its 42 cells (`cell(row, column)`), row 1 first.
pub type C4View = Vec<u8>;

/// Stonehenge as the suite reads it: `stone_at` each place, `holder` of each ley-line, the
/// `stones` left and `lines_held` (the first player's, then the second's), and `sum_on`
/// each ley-line (the first player's, the second's).
pub type StoneView =
    (Vec<Option<(bool, u32)>>, Vec<Option<bool>>, (Vec<u32>, Vec<u32>), (usize, usize), Vec<(u32, u32)>);

/// A position of the suite's game lent to the probe, for one player: how many legal moves
/// it has (a move crosses as its index among them), `evaluate`, `is_leaf`, `is_stable`.
pub type LentFacts = (usize, i32, bool, bool);
