//! Connect N on the `connect_n` assignment's own scaffold and game: gamekit's solver as a
//! [`Player`] of that assignment, perfect, and answering Connect Four's first plies at once
//! from the book that ships with gamekit.

use crate::connect_n::{Book, Position, Shape, Solver};
use ::connect_n::{Player, Scaffold, VACANT};

/// gamekit's solver playing the assignment's game: every move keeps the position's exact
/// score (a win as soon as it can be forced, a loss as late).
pub struct PerfectPlayer {
    name: String,
    /// The solver of the last game's shape, whose table is kept from one move to the next.
    solver: Option<Solver>,
}

impl PerfectPlayer {
    /// A perfect player called `name`.
    pub fn new(name: &str) -> PerfectPlayer {
        PerfectPlayer { name: name.to_owned(), solver: None }
    }

    /// The solver for `shape`: the last one when the shape is the same, else a new one, with
    /// the book that ships for it.
    fn solver(&mut self, shape: Shape) -> &mut Solver {
        let fresh = || Solver::new(shape).with_book(Book::shipped(shape));
        let solver = self.solver.get_or_insert_with(fresh);
        if solver.shape() != shape {
            *solver = fresh();
        }
        solver
    }
}

impl Player for PerfectPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    /// A best column; 0 when there is none (the game is over), and when the scaffold is one
    /// the engine cannot hold (more cells than its 64-bit boards: `gamekit play` refuses it
    /// before a game starts).
    fn choose_move(&mut self, scaffold: &Scaffold, n: i32, color: i32) -> i32 {
        let size = |value: i32| usize::try_from(value).unwrap_or(0);
        let Ok(shape) = Shape::new(size(scaffold.cols()), size(scaffold.levels()), size(n)) else {
            return 0;
        };
        let owner = |column: crate::connect_n::Column, level: usize| {
            let checker = scaffold.checker_at(column.number() as i32, level as i32 + 1);
            (checker != VACANT).then_some(checker == color)
        };
        let Ok(position) = Position::from_owners(shape, owner) else {
            return 0;
        };
        self.solver(shape).best_move(&position).map_or(0, |(column, _)| column.number() as i32)
    }
}
