//! The generic alpha–beta against a plain minimax written here: the same move, under the
//! chapter's tie-break (the first of equally good moves in `legal_moves` order), on random
//! trees and in both games (with the submission's games), and never more positions visited.
//! The grader's alone: the handout has the trees' fixed cases (`alphabeta::`), not a minimax.

use crate::alphabeta::trees::{PLAYS, Tree, TreeEval};
use crate::{Draws, pick, random_positions};
use std::cell::Cell;
use two_player::{C4Eval, Evaluation, MoveOf, Representation, StoneEval, alphabeta};

/// A random tree `depth` deep with up to `width` children per node and values in
/// `-99..=99`, now and then a won position (±100) that ends its branch.
fn random_tree(draws: &mut Draws, depth: u32, width: i32) -> Tree {
    let value = draws.within(-99, 99);
    if depth == 0 {
        return Tree::leaf(value);
    }
    if draws.within(1, 12) == 1 {
        return Tree::leaf(pick(draws, &[100, -100]));
    }
    let children = (0..draws.within(1, width)).map(|_| random_tree(draws, depth - 1, width)).collect();
    Tree::node(value, children)
}

/// The minimax value of `node`, `player` to move, `depth` moves left, with the chapter's
/// rule for where the search stops.
fn minimax<E: Evaluation>(depth: i32, player: bool, node: &E::Game) -> i32 {
    if (depth < 1 && E::is_stable(player, node)) || E::is_leaf(player, node) {
        return E::evaluate(player, node);
    }
    let values =
        node.legal_moves(player).into_iter().map(|mv| minimax::<E>(depth - 1, !player, &node.play(player, mv)));
    if player { values.max() } else { values.min() }.expect("a node that is not a leaf has moves")
}

/// The first of the best moves by minimax, and its value; `None` without legal moves.
fn minimax_move<E: Evaluation>(depth: i32, player: bool, game: &E::Game) -> Option<(MoveOf<E>, i32)> {
    let scored =
        game.legal_moves(player).into_iter().map(|mv| (mv, minimax::<E>(depth - 1, !player, &game.play(player, mv))));
    scored.fold(None, |best, (mv, value)| match best {
        Some((_, best_value)) if (player && value <= best_value) || (!player && value >= best_value) => best,
        _ => Some((mv, value)),
    })
}

/// Checks that alphabeta chooses minimax's move in `game`.
#[track_caller]
fn assert_as_minimax<E: Evaluation>(depth: i32, player: bool, game: &E::Game) {
    let expected = minimax_move::<E>(depth, player, game);
    let chosen = alphabeta::<E>(depth, player, game);
    assert_eq!(
        chosen,
        expected.map(|(mv, _)| mv),
        "alphabeta({depth}, {player}, ..) chose {chosen:?}; minimax's first best move is {expected:?} (move, value), \
         in\n{game:?}"
    );
}

#[test]
fn same_move_on_random_trees() {
    let mut draws = Draws::new(17);
    for _ in 0..400 {
        let (depth, width) = (draws.within(1, 6), draws.within(1, 4));
        let game = random_tree(&mut draws, depth.unsigned_abs(), width);
        for depth in 1..=6 {
            assert_as_minimax::<TreeEval>(depth, pick(&mut draws, &[true, false]), &game);
        }
    }
}

#[test]
fn prunes_never_more_than_minimax_and_less_on_wide_trees() {
    let visits = |search: &dyn Fn()| {
        PLAYS.with(|count| count.set(0));
        search();
        PLAYS.with(Cell::get)
    };
    let (mut pruned, mut full) = (0, 0);
    let mut draws = Draws::new(5);
    for _ in 0..100 {
        let game = random_tree(&mut draws, 5, 5);
        let by_alphabeta = visits(&|| {
            alphabeta::<TreeEval>(5, true, &game);
        });
        let by_minimax = visits(&|| {
            minimax_move::<TreeEval>(5, true, &game);
        });
        assert!(by_alphabeta <= by_minimax, "alphabeta visited {by_alphabeta} positions, minimax {by_minimax}");
        (pruned, full) = (pruned + by_alphabeta, full + by_minimax);
    }
    assert!(pruned * 2 < full, "alphabeta visited {pruned} positions and minimax {full}: it hardly prunes");
}

#[test]
fn same_move_in_connect_four() {
    for (index, (game, player)) in random_positions::<C4Eval>(11, 60, 30).iter().enumerate() {
        assert_as_minimax::<C4Eval>(1 + (index % 4) as i32, *player, game);
    }
}

#[test]
fn same_move_in_stonehenge() {
    for (index, (game, player)) in random_positions::<StoneEval>(12, 60, 16).iter().enumerate() {
        assert_as_minimax::<StoneEval>(1 + (index % 2) as i32, *player, game);
    }
}

#[test]
fn same_move_three_deep_late_in_stonehenge() {
    let late = random_positions::<StoneEval>(13, 200, 18)
        .into_iter()
        .filter(|(game, _)| (0..18).filter(|&place| game.stone_at(place).is_none()).count() <= 8);
    let mut checked = 0;
    for (game, player) in late.take(20) {
        assert_as_minimax::<StoneEval>(3, player, &game);
        checked += 1;
    }
    assert_eq!(checked, 20, "too few late positions");
}
