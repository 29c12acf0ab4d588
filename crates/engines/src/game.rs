//! What a two-player game is to the generic [search](crate::search): the `two_player`
//! seed's idea, a representation plus an evaluation, as one trait. An engine implements it
//! for its position type and gets negamax, alpha–beta, a transposition table, iterative
//! deepening and a deadline from [`search::Searcher`](crate::search::Searcher).

/// A position of a two-player, zero-sum game of perfect information, seen from the player to
/// move. The position itself is what the search's table keeps, so it should be small.
pub trait Game: Copy + Eq {
    /// A move. Where the rules force a player to pass, the pass is a move too, so that a
    /// position has no moves exactly when the game is over.
    type Move: Copy + Eq;

    /// The moves of the player to move, in the order the search tries them when it knows no
    /// better; none when the game is over.
    fn moves(&self) -> impl Iterator<Item = Self::Move>;

    /// The position after the player to move plays `mv` (one of [`moves`](Self::moves)).
    fn play(&self, mv: Self::Move) -> Self;

    /// The value of a finished game for the player to move: positive when they have won,
    /// and beyond every value [`evaluate`](Self::evaluate) gives, so the search prefers a
    /// sure result to a hopeful estimate.
    fn final_value(&self) -> i32;

    /// An estimate of the position's value for the player to move, positive when good for
    /// them; [`final_value`](Self::final_value) when the game is over (the search's
    /// horizon asks only this, so a game can tell the end from the moves it counts anyway).
    fn evaluate(&self) -> i32;

    /// A well-mixed hash of the position, to find it in the table.
    fn hash(&self) -> u64;
}
