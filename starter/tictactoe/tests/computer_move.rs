//! `computer_move`: the book's three steps on chosen boards, one behaviour per case. These
//! are the graded suite's own cases (the rubric's `computer_move::on_chosen_boards::`
//! group), and a failure says what the grader says: the call, what it returned and what was
//! expected, the board, and which of the three steps chooses the expected square. Run one
//! case, or all those whose names have a part in common:
//!
//! ```text
//! cargo test --test computer_move blocks
//! ```

#[path = "support/boards.rs"]
pub(crate) mod boards;
#[path = "support/cases.rs"]
mod cases;

use boards::show;
use cases::cases;
use tictactoe::{Board, EMPTY, O, X, opponent, winner};

const E: char = EMPTY;

/// Checks `computer_move(board, computer)` against `expected`.
#[track_caller]
pub(crate) fn check_computer_move(board: Board, computer: char, expected: usize) {
    let got = tictactoe::computer_move(board, computer);
    assert!(
        got == expected,
        "computer_move(board, {computer:?}) returned {got}, expected {expected}, on the board\n{}{}",
        show(&board),
        the_step(board, computer, expected)
    );
}

/// Which of the book's three steps chooses `square`, said for a student.
fn the_step(board: Board, computer: char, square: usize) -> String {
    let wins = |piece: char| {
        let mut after = board;
        after[square] = piece;
        winner(&after) == piece
    };
    let human = opponent(computer);
    if wins(computer) {
        format!("{computer} wins at {square}: the book's computer takes a win first (the lowest square that wins)")
    } else if wins(human) {
        format!(
            "{human} would win at {square}: with no win of its own, the book's computer blocks (the lowest such square)"
        )
    } else {
        "no win and nothing to block: the book's computer takes the first free square of 4, 0, 2, 6, 8, 1, 3, 5, 7"
            .to_owned()
    }
}

cases! {
    /// The three steps, each on boards where it decides, and their order.
    fn on_chosen_boards(board: Board, computer: char, expected: usize) {
        check_computer_move(board, computer, expected);
    }
    empty_board_takes_the_centre: ([E, E, E, E, E, E, E, E, E], X, 4),
    centre_taken_takes_corner_0: ([E, E, E, E, X, E, E, E, E], O, 0),
    then_corner_2: ([O, E, E, E, X, E, E, E, X], O, 2),
    then_corner_6: ([O, X, O, E, X, E, E, O, X], X, 6),
    corner_6_before_corner_8: ([X, O, X, E, O, E, E, X, E], O, 6),
    corners_in_order_0_2_6_8: ([X, E, E, E, O, E, E, E, E], X, 2),
    then_the_sides_in_order_1_3_5_7: ([X, E, O, O, X, X, X, E, O], O, 1),
    then_side_3_before_side_5: ([X, O, X, E, X, E, O, X, O], O, 3),
    wins_a_row: ([O, O, E, X, X, E, E, E, X], O, 2),
    wins_a_column: ([X, O, E, X, O, E, E, E, E], X, 6),
    wins_a_diagonal: ([O, X, X, E, O, E, X, E, E], O, 8),
    wins_the_anti_diagonal: ([E, O, X, O, X, E, E, E, E], X, 6),
    blocks_a_row: ([X, X, E, E, O, E, E, E, E], O, 2),
    blocks_a_column: ([X, O, E, E, E, E, X, E, E], O, 3),
    blocks_a_diagonal: ([X, E, E, E, X, E, E, E, E], O, 8),
    winning_beats_blocking: ([X, X, E, O, O, E, E, E, E], O, 5),
    the_lowest_winning_square: ([X, E, X, E, O, E, X, E, E], X, 1),
    the_lowest_blocking_square: ([O, E, O, E, X, E, O, E, E], X, 1),
    plays_o_as_well_as_x: ([E, E, E, E, O, E, E, E, E], X, 0),
}
