//! The generic alpha–beta on small game trees of the tests' own, where every value is known
//! (so it is checked apart from your games): the chapter's rules, one per test. These are
//! the graded suite's own tests (the rubric's `alphabeta::` group), and a failure says what
//! the grader says. The grader also compares `alphabeta` with a plain minimax on random
//! trees and in both games, and counts the positions it visits, which is not here. Run one
//! test alone:
//!
//! ```text
//! cargo test --test alphabeta depth_two_sees_the_reply
//! ```

#[path = "support/checks.rs"]
mod checks;
#[path = "support/trees.rs"]
pub(crate) mod trees;

use checks::assert_same;
use trees::{Tree, TreeEval};
use two_player::alphabeta;

#[test]
fn the_first_player_takes_the_highest_value() {
    let game = Tree::node(0, vec![Tree::leaf(3), Tree::leaf(8), Tree::leaf(-2), Tree::leaf(5)]);
    assert_same!(
        alphabeta::<TreeEval>(1, true, &game),
        Some(1),
        "alphabeta(1, true, ..) where the moves lead to leaves worth 3, 8, -2, 5"
    );
}

#[test]
fn the_second_player_takes_the_lowest_value() {
    let game = Tree::node(0, vec![Tree::leaf(3), Tree::leaf(8), Tree::leaf(-2), Tree::leaf(5)]);
    assert_same!(
        alphabeta::<TreeEval>(1, false, &game),
        Some(2),
        "alphabeta(1, false, ..) where the moves lead to leaves worth 3, 8, -2, 5"
    );
}

/// The chapter's figure 17.2: the move worth 8 at depth 1 is worth −3 once the reply is
/// seen; the best at depth 2 is the one that limits the loss to −1.
#[test]
fn depth_two_sees_the_reply() {
    let p = |value, replies: &[i32]| Tree::node(value, replies.iter().map(|&reply| Tree::leaf(reply)).collect());
    let game = Tree::node(0, vec![p(2, &[-1, 4, 6]), p(8, &[5, -3, 9]), p(-4, &[-6, 3]), p(1, &[-5, 7, 8])]);
    assert_same!(alphabeta::<TreeEval>(1, true, &game), Some(1), "depth 1 looks only at the moves' values");
    assert_same!(alphabeta::<TreeEval>(2, true, &game), Some(0), "depth 2 takes the best worst reply");
}

#[test]
fn of_equal_moves_the_first_in_legal_moves_order() {
    let game = Tree::node(0, vec![Tree::leaf(1), Tree::leaf(7), Tree::leaf(7), Tree::leaf(7)]);
    assert_same!(
        alphabeta::<TreeEval>(1, true, &game),
        Some(1),
        "alphabeta(1, true, ..) where the moves lead to leaves worth 1, 7, 7, 7"
    );
    let game = Tree::node(0, vec![Tree::leaf(-7), Tree::leaf(1), Tree::leaf(-7)]);
    assert_same!(
        alphabeta::<TreeEval>(1, false, &game),
        Some(0),
        "alphabeta(1, false, ..) where the moves lead to leaves worth -7, 1, -7"
    );
}

#[test]
fn every_move_losing_still_gives_a_move() {
    let game = Tree::node(0, vec![Tree::leaf(-100), Tree::leaf(-100)]);
    assert_same!(
        alphabeta::<TreeEval>(3, true, &game),
        Some(0),
        "alphabeta(3, true, ..) where both moves lead to lost leaves (-100)"
    );
}

#[test]
fn no_legal_move_gives_none() {
    assert_same!(
        alphabeta::<TreeEval>(4, true, &Tree::leaf(5)),
        None,
        "alphabeta(4, true, ..) on a leaf, which has no moves"
    );
}

#[test]
fn the_depth_limits_the_search() {
    // The first move looks better one and two moves deep; three deep it is lost.
    let first = Tree::node(50, vec![Tree::node(20, vec![Tree::leaf(-100)])]);
    let game = Tree::node(0, vec![first, Tree::leaf(10)]);
    assert_same!(
        alphabeta::<TreeEval>(1, true, &game),
        Some(0),
        "alphabeta(1, true, ..) where move 0 is worth 50 (20 after the reply, then lost) and move 1 is a leaf worth 10"
    );
    assert_same!(
        alphabeta::<TreeEval>(2, true, &game),
        Some(0),
        "alphabeta(2, true, ..) where move 0 is worth 50 (20 after the reply, then lost) and move 1 is a leaf worth 10"
    );
    assert_same!(alphabeta::<TreeEval>(3, true, &game), Some(1), "three moves deep the first move loses");
}

#[test]
fn a_won_position_ends_the_search_there() {
    // The first move wins at once (a leaf at 100) even though the tree goes on below it.
    let won = Tree::node(100, vec![Tree::leaf(-100)]);
    let game = Tree::node(0, vec![Tree::leaf(20), won]);
    assert_same!(
        alphabeta::<TreeEval>(4, true, &game),
        Some(1),
        "alphabeta(4, true, ..) where move 0 is a leaf worth 20 and move 1 is won (100), with more tree below it"
    );
}
