//! Game trees of the tests' own, where every value is known, so that `alphabeta` is checked
//! apart from the games. The graded suite uses this same code.

use std::cell::Cell;
use std::rc::Rc;
use two_player::{Evaluation, Representation};

/// A node of a game tree: its value for the evaluation, and its children (none at a leaf).
#[derive(Debug)]
pub struct Node {
    pub value: i32,
    pub children: Vec<Rc<Node>>,
}

/// A game played on a tree: a move is a child's index, in order.
#[derive(Debug, Clone)]
pub struct Tree(pub Rc<Node>);

impl Tree {
    /// An inner node worth `value` with `children`.
    pub fn node(value: i32, children: Vec<Tree>) -> Tree {
        Tree(Rc::new(Node { value, children: children.into_iter().map(|tree| tree.0).collect() }))
    }

    /// A leaf worth `value`: no moves.
    pub fn leaf(value: i32) -> Tree {
        Tree::node(value, Vec::new())
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
    pub static PLAYS: Cell<u64> = const { Cell::new(0) };
}

/// The evaluation of a tree: each node's own value; ±100 is won.
pub struct TreeEval;

impl Evaluation for TreeEval {
    type Game = Tree;
    const MORE_I: i32 = 100;
    const LESS_I: i32 = -100;

    fn evaluate(_player: bool, game: &Tree) -> i32 {
        game.0.value
    }
}
