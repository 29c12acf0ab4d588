//! The generic alpha–beta: on game trees of the suite's own, where every value is known, and
//! on both games, always against a plain minimax written here: the same value, and the same
//! move under the chapter's tie-break (the first of equally good moves in `legal_moves`
//! order).

use crate::random_positions;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cell::Cell;
use std::rc::Rc;
use two_player::{C4Eval, Evaluation, MoveOf, Representation, StoneEval, alphabeta};

/// A node of a game tree: its value for the evaluation, and its children (none at a leaf).
#[derive(Debug)]
struct Node {
    value: i32,
    children: Vec<Rc<Node>>,
}

/// A game played on a tree: a move is a child's index, in order.
#[derive(Debug, Clone)]
struct Tree(Rc<Node>);

impl Tree {
    /// Inner nodes from nested arrays: `leaf(3)`, `node(0, [..])`.
    fn node(value: i32, children: Vec<Tree>) -> Tree {
        Tree(Rc::new(Node { value, children: children.into_iter().map(|tree| tree.0).collect() }))
    }

    fn leaf(value: i32) -> Tree {
        Tree::node(value, Vec::new())
    }

    /// A random tree `depth` deep with up to `width` children per node and values in
    /// `-99..=99`, now and then a won position (±100) that ends its branch.
    fn random(rng: &mut ChaCha8Rng, depth: u32, width: usize) -> Tree {
        let value = rng.random_range(-99..=99);
        if depth == 0 {
            return Tree::leaf(value);
        }
        if rng.random_ratio(1, 12) {
            return Tree::leaf(if rng.random() { 100 } else { -100 });
        }
        let children = (0..rng.random_range(1..=width)).map(|_| Tree::random(rng, depth - 1, width)).collect();
        Tree::node(value, children)
    }
}

impl Representation for Tree {
    type Move = usize;

    fn game_start() -> Self {
        Tree::leaf(0)
    }

    fn legal_moves(&self, _player: bool) -> Vec<usize> {
        (0..self.0.children.len()).collect()
    }

    fn play(&self, _player: bool, mv: usize) -> Self {
        PLAYS.with(|count| count.set(count.get() + 1));
        Tree(Rc::clone(&self.0.children[mv]))
    }
}

thread_local! {
    /// How many moves [`Tree::play`] made on this thread: the positions a search visits.
    static PLAYS: Cell<u64> = const { Cell::new(0) };
}

/// The evaluation of a tree: each node's own value; ±100 is won.
struct TreeEval;

impl Evaluation for TreeEval {
    type Game = Tree;
    const MORE_I: i32 = 100;
    const LESS_I: i32 = -100;

    fn evaluate(_player: bool, game: &Tree) -> i32 {
        game.0.value
    }
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
fn the_first_player_takes_the_highest_value() {
    let game = Tree::node(0, vec![Tree::leaf(3), Tree::leaf(8), Tree::leaf(-2), Tree::leaf(5)]);
    assert_eq!(
        alphabeta::<TreeEval>(1, true, &game),
        Some(1),
        "alphabeta(1, true, ..) where the moves lead to leaves worth 3, 8, -2, 5"
    );
}

#[test]
fn the_second_player_takes_the_lowest_value() {
    let game = Tree::node(0, vec![Tree::leaf(3), Tree::leaf(8), Tree::leaf(-2), Tree::leaf(5)]);
    assert_eq!(
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
    assert_eq!(alphabeta::<TreeEval>(1, true, &game), Some(1), "depth 1 looks only at the moves' values");
    assert_eq!(alphabeta::<TreeEval>(2, true, &game), Some(0), "depth 2 takes the best worst reply");
}

#[test]
fn of_equal_moves_the_first_in_legal_moves_order() {
    let game = Tree::node(0, vec![Tree::leaf(1), Tree::leaf(7), Tree::leaf(7), Tree::leaf(7)]);
    assert_eq!(
        alphabeta::<TreeEval>(1, true, &game),
        Some(1),
        "alphabeta(1, true, ..) where the moves lead to leaves worth 1, 7, 7, 7"
    );
    let game = Tree::node(0, vec![Tree::leaf(-7), Tree::leaf(1), Tree::leaf(-7)]);
    assert_eq!(
        alphabeta::<TreeEval>(1, false, &game),
        Some(0),
        "alphabeta(1, false, ..) where the moves lead to leaves worth -7, 1, -7"
    );
}

#[test]
fn every_move_losing_still_gives_a_move() {
    let game = Tree::node(0, vec![Tree::leaf(-100), Tree::leaf(-100)]);
    assert_eq!(
        alphabeta::<TreeEval>(3, true, &game),
        Some(0),
        "alphabeta(3, true, ..) where both moves lead to lost leaves (-100)"
    );
}

#[test]
fn no_legal_move_gives_none() {
    assert_eq!(
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
    assert_eq!(
        alphabeta::<TreeEval>(1, true, &game),
        Some(0),
        "alphabeta(1, true, ..) where move 0 is worth 50 (20 after the reply, then lost) and move 1 is a leaf worth 10"
    );
    assert_eq!(
        alphabeta::<TreeEval>(2, true, &game),
        Some(0),
        "alphabeta(2, true, ..) where move 0 is worth 50 (20 after the reply, then lost) and move 1 is a leaf worth 10"
    );
    assert_eq!(alphabeta::<TreeEval>(3, true, &game), Some(1), "three moves deep the first move loses");
}

#[test]
fn a_won_position_ends_the_search_there() {
    // The first move wins at once (a leaf at 100) even though the tree goes on below it.
    let won = Tree::node(100, vec![Tree::leaf(-100)]);
    let game = Tree::node(0, vec![Tree::leaf(20), won]);
    assert_eq!(
        alphabeta::<TreeEval>(4, true, &game),
        Some(1),
        "alphabeta(4, true, ..) where move 0 is a leaf worth 20 and move 1 is won (100), with more tree below it"
    );
}

#[test]
fn same_move_as_minimax_on_random_trees() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for _ in 0..400 {
        let (depth, width) = (rng.random_range(1..=6), rng.random_range(1..=4));
        let game = Tree::random(&mut rng, depth, width);
        for depth in 1..=6 {
            assert_as_minimax::<TreeEval>(depth, rng.random(), &game);
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
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..100 {
        let game = Tree::random(&mut rng, 5, 5);
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
fn same_move_as_minimax_in_connect_four() {
    for (index, (game, player)) in random_positions::<C4Eval>(11, 60, 30).iter().enumerate() {
        assert_as_minimax::<C4Eval>(1 + (index % 4) as i32, *player, game);
    }
}

#[test]
fn same_move_as_minimax_in_stonehenge() {
    for (index, (game, player)) in random_positions::<StoneEval>(12, 60, 16).iter().enumerate() {
        assert_as_minimax::<StoneEval>(1 + (index % 2) as i32, *player, game);
    }
}

#[test]
fn same_move_as_minimax_three_deep_late_in_stonehenge() {
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
