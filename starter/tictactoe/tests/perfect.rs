//! `perfect_move`: it never loses, whatever the human does, and it chooses as minimax does
//! on chosen boards. These are the graded suite's own tests (the rubric's
//! `perfect::never_loses_` and `perfect::on_chosen_boards::` groups), and a failure says
//! what the grader says. The grader also checks `perfect_move` on every board a game
//! reaches, against an exhaustive minimax, which is not here. Run one group alone:
//!
//! ```text
//! cargo test --test perfect never_loses
//! ```

#[path = "support/boards.rs"]
pub(crate) mod boards;
#[path = "support/cases.rs"]
mod cases;

use boards::show;
use cases::cases;
use tictactoe::{Board, EMPTY, NO_ONE, O, X, opponent, winner};

const E: char = EMPTY;

/// Plays every game a human can play against `perfect_move`, the human playing `human`;
/// fails on an illegal move or on a game the human wins.
fn every_game(human: char) {
    let mut games = 0;
    let mut stack = vec![([EMPTY; 9], X, Vec::new())];
    while let Some((board, turn, moves)) = stack.pop() {
        let result = winner(&board);
        if result != NO_ONE {
            assert!(result != human, "the human won by playing {moves:?}: the board\n{}", show(&board));
            games += 1;
            continue;
        }
        if turn == human {
            for square in (0..9).filter(|&square| board[square] == EMPTY) {
                let (mut next, mut moves) = (board, moves.clone());
                next[square] = turn;
                moves.push(square);
                stack.push((next, opponent(turn), moves));
            }
        } else {
            let square = tictactoe::perfect_move(board, turn);
            assert!(
                square < 9 && board[square] == EMPTY,
                "perfect_move(board, {turn:?}) returned {square}, not an empty square, on the board\n{}",
                show(&board)
            );
            let mut next = board;
            next[square] = turn;
            stack.push((next, opponent(turn), moves));
        }
    }
    assert!(games > 0, "no game against perfect_move was played to its end, the human playing {human:?}");
}

#[test]
fn never_loses_when_the_human_goes_first() {
    every_game(X);
}

#[test]
fn never_loses_when_the_human_goes_second() {
    every_game(O);
}

cases! {
    /// Minimax's choice (a win, the sooner the better; else a draw; else the latest loss; of
    /// equal moves the first in the book's order 4, 0, 2, 6, 8, 1, 3, 5, 7), and why.
    fn on_chosen_boards(board: Board, computer: char, expected: usize, why: &str) {
        let got = tictactoe::perfect_move(board, computer);
        assert!(
            got == expected,
            "perfect_move(board, {computer:?}) returned {got}, expected {expected}, on the board\n{}{why}",
            show(&board)
        );
    }
    takes_a_win: ([O, O, E, X, X, E, X, E, E], O, 2, "O wins at 2 at once"),
    takes_the_win_rather_than_blocking: (
        [X, X, E, O, O, E, E, E, E],
        O,
        5,
        "O wins at 5 at once, sooner than any win after blocking X at 2",
    ),
    blocks: ([X, X, E, E, O, E, E, E, E], O, 2, "any other square lets X win at 2: only 2 draws"),
    the_latest_loss: (
        [X, X, E, O, E, E, E, E, E],
        O,
        2,
        "every move loses against perfect play: blocking at 2 loses latest",
    ),
    answers_a_corner_with_the_centre: (
        [X, E, E, E, E, E, E, E, E],
        O,
        4,
        "after X's corner, every square but the centre loses against perfect play",
    ),
    of_equal_moves_the_first_in_the_books_order: (
        [E, E, E, E, E, E, E, E, E],
        X,
        4,
        "every first move draws: the first in the book's order, the centre",
    ),
    of_equal_corners_the_first: (
        [E, E, E, E, X, E, E, E, E],
        O,
        0,
        "after X's centre the corners draw and the sides lose: the first corner, 0",
    ),
}
