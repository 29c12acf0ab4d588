//! The engines' fast exact searches against the testkit's plain minimax, on small positions:
//! Connect N's solver on every position of small scaffolds; on positions near the end of
//! random Othello games, the endgame solver (the exact disc difference, and a best move) and
//! the generic search run to the end.

use gamekit::connect_n::{Position, Shape, Solver};
use gamekit::game::Game;
use gamekit::othello::{self, endgame, eval::WIN, search::Searcher};
use gamekit::testkit::minimax::{Minimax, plies};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// Connect N's score of a minimax value for the player to move with `stones` played: a win
/// whose last stone lands on `m` stones scores `(cells + 1 − m) / 2`, a loss the opposite.
fn connect_n_score(value: i32, stones: i32, cells: i32) -> i32 {
    value.signum() * ((cells + 1 - (stones + plies(value) - 1)) / 2)
}

#[test]
fn connect_n_solver_agrees_on_every_position_of_small_scaffolds() {
    for (columns, levels, n) in [(3, 3, 3), (4, 3, 3), (4, 4, 3), (5, 2, 3), (3, 4, 4), (4, 4, 4)] {
        let shape = Shape::new(columns, levels, n).expect("a small scaffold");
        let (mut minimax, mut solver) = (Minimax::new(), Solver::new(shape));
        let (mut pending, mut seen) = (vec![Position::new(shape)], HashSet::new());
        while let Some(position) = pending.pop() {
            let expected = connect_n_score(minimax.value(&position), position.stones(), shape.cells());
            assert_eq!(solver.solve(&position), expected, "{columns} × {levels}, N = {n}:\n{position}");
            for column in Game::moves(&position) {
                let mut next = position;
                next.play_unchecked(column);
                if !next.is_over() && seen.insert(next) {
                    pending.push(next);
                }
            }
        }
    }
}

#[test]
fn othello_endgame_solver_and_generic_search_agree_on_the_disc_difference_near_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut minimax, mut solver, mut searcher) =
        (Minimax::final_values(), endgame::Solver::with_table(12), Searcher::new(12));
    for _ in 0..60 {
        let mut board = othello::Board::start();
        while board.empty().count_ones() > 9 && board.outcome().is_none() {
            let moves: Vec<_> = Game::moves(&board).collect();
            board.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if board.outcome().is_none() {
            let (exact, solution) = (minimax.value(&board), solver.solve(&board));
            assert_eq!(solution.score * WIN, exact, "the endgame solver on {board:?}");
            if let Some(best) = solution.best {
                assert_eq!(minimax.value_of(&board, Some(best)), exact, "{best} in {board:?}");
            }
            assert_eq!(searcher.value(&board, 20), exact, "the generic search to the end on {board:?}");
        }
    }
}
