//! gamekit's Reversi engine beyond the rules: the exact solver on the first FFO positions
//! (`fixtures/othello/fforum-1-19.obf`, the quick ones; `cargo bench --bench othello` solves
//! #40–#49) and the strong player's moves.

use gamekit::othello::endgame::Solver;
use gamekit::othello::engine::Engine;
use gamekit::othello::ffo::Problem;
use gamekit::othello::{Board, Square};
use std::time::Duration;

#[test]
fn the_solver_finds_the_published_scores_and_a_best_move() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/othello/fforum-1-19.obf"))
        .expect("the FFO positions");
    let mut solver = Solver::with_table(18);
    for (number, line) in (1..).zip(text.lines()).take(6) {
        let problem: Problem = line.parse().expect("an FFO line");
        let solution = solver.solve(&problem.board);
        assert_eq!(solution.score, problem.scores[0].1, "FFO #{number}");
        let best = solution.best.expect("a move");
        assert!(problem.scores.contains(&(best, solution.score)), "FFO #{number}: {best} is not a best move");
    }
}

#[test]
fn a_line_that_is_no_test_position_is_an_error() {
    for line in ["", "X;", &format!("{} X; Z9:+2;", "-".repeat(64)), &format!("{} X; A1:two;", "-".repeat(64))] {
        assert!(line.parse::<Problem>().is_err(), "{line:?}");
    }
}

#[test]
fn the_strong_player_plays_a_move_when_it_has_one_and_passes_otherwise() {
    let mut engine = Engine::new(Duration::from_millis(20));
    let start = Board::start();
    let chosen = engine.choose(&start).expect("a move");
    assert!(start.legal_moves() & chosen.bit() != 0);
    let no_move = Board::parse(&format!("XO{}", "-".repeat(62)), "O").expect("a board");
    assert_eq!(engine.choose(&no_move), None);
    let one_move = no_move.pass();
    assert_eq!(engine.choose(&one_move), Some(Square::from_index(2)), "c1, its only move");
}
