//! The generic minimax-αβ search (the chapter's `FAlphabeta`).

use crate::{Evaluation, Representation};

/// A move of the game `E` evaluates.
pub type MoveOf<E> = <<E as Evaluation>::Game as Representation>::Move;

/// The move `player` should make in `game`, searching `depth` moves ahead with the
/// evaluation `E`; `None` when `player` has no legal move.
///
/// The chapter's algorithm exactly: the first player (`true`) maximises the score and the
/// second minimises it; a position is scored by `E::evaluate` when it is a leaf, or when
/// the depth is used up and it is stable (an unstable one is searched on); the root's moves
/// are tried in [`legal_moves`](Representation::legal_moves) order, each with one move less
/// of depth (at depth 1, the positions they lead to are scored if stable), starting from
/// the window `E::LESS_I..E::MORE_I` and narrowing it as any node does (so the search stops
/// at a move worth `E::MORE_I` to the first player, `E::LESS_I` to the second), and the
/// move chosen is the first whose value equals the final bound, so of equally good moves
/// the first in that order.
///
/// Below the root (the chapter's `maxmin` and `minmax`): a node where the first player
/// moves starts from `alpha`, raises it to each move's value, and stops with it as soon as
/// it reaches `beta`; a node where the second moves lowers `beta` the same way and stops as
/// soon as it reaches `alpha`; each move is searched with the node's current window and one
/// move less of depth.
///
/// ```
/// use two_player::{C4Eval, ConnectFour, Representation, alphabeta};
/// // X has three in the bottom row (columns 1-3): at any depth, it completes the four.
/// let game = [1, 1, 2, 2, 3, 3].iter().zip([true, false].iter().cycle())
///     .fold(ConnectFour::game_start(), |game, (&column, &player)| game.play(player, column));
/// assert_eq!(alphabeta::<C4Eval>(4, true, &game), Some(4));
/// ```
pub fn alphabeta<E: Evaluation>(depth: i32, player: bool, game: &E::Game) -> Option<MoveOf<E>> {
    todo!("search {depth} moves ahead for {player} in {game:?}")
}
