//! The generic minimax-αβ search (the chapter's `FAlphabeta`).

use crate::{Evaluation, Representation};

/// A move of the game `E` evaluates.
pub type MoveOf<E> = <<E as Evaluation>::Game as Representation>::Move;

/// The move `player` should make in `game`, searching `depth` moves ahead with the
/// evaluation `E`; `None` when `player` has no legal move.
///
/// The chapter's algorithm exactly: the first player (`true`) maximises the score and the
/// second minimises it; a position is scored by `E::evaluate` when it is a leaf, or when the
/// depth is used up and it is stable; the root's moves are tried in
/// [`legal_moves`](Representation::legal_moves) order, starting from the window
/// `E::LESS_I..E::MORE_I`, and the move chosen is the first whose value equals the final
/// bound, so of equally good moves the first in that order.
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
    let moves = game.legal_moves(player);
    let (mut alpha, mut beta) = (E::LESS_I, E::MORE_I);
    let mut values = Vec::with_capacity(moves.len());
    for &mv in &moves {
        let value = value::<E>(depth - 1, !player, &game.play(player, mv), alpha, beta);
        values.push(value);
        if narrow(player, value, &mut alpha, &mut beta) {
            break;
        }
    }
    let bound = if player { alpha } else { beta };
    let best = values.iter().position(|&value| value == bound)?;
    Some(moves[best])
}

/// The value of `node` with `player` to move, `depth` moves left, within the window
/// `alpha..beta` (the chapter's `maxmin` for the first player, `minmax` for the second): a
/// leaf, or a stable node at the depth limit, is its evaluation; else a maximising node
/// never returns less than `alpha`, a minimising one never more than `beta`, and the search
/// of a node stops as soon as its window closes.
fn value<E: Evaluation>(depth: i32, player: bool, node: &E::Game, mut alpha: i32, mut beta: i32) -> i32 {
    if (depth < 1 && E::is_stable(player, node)) || E::is_leaf(player, node) {
        return E::evaluate(player, node);
    }
    for mv in node.legal_moves(player) {
        let value = value::<E>(depth - 1, !player, &node.play(player, mv), alpha, beta);
        if narrow(player, value, &mut alpha, &mut beta) {
            break;
        }
    }
    if player { alpha } else { beta }
}

/// Narrows the window `alpha..beta` by the value of one of `player`'s moves: the first
/// player raises `alpha`, the second lowers `beta`. Whether the window is now closed, so
/// that `player`'s other moves need no search.
fn narrow(player: bool, value: i32, alpha: &mut i32, beta: &mut i32) -> bool {
    if player {
        *alpha = (*alpha).max(value);
    } else {
        *beta = (*beta).min(value);
    }
    alpha >= beta
}
