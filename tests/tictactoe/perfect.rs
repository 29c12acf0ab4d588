//! `perfect_move`: a computer that never loses, whatever the human does, and that chooses as
//! minimax does (a win, the sooner the better; else a draw; else the latest loss; of equal
//! moves the first in the book's order), against the testkit's exhaustive minimax.

use crate::show;
use gamekit_engines::game::Game;
use gamekit_engines::tictactoe::{NO_ONE, opponent, to_move, winner};
use gamekit_testkit::minimax::{Minimax, plies};
use rstest::rstest;
use std::collections::{HashSet, VecDeque};
use tictactoe::{Board, EMPTY, O, X};

const E: char = EMPTY;

/// Plays every game a human can play against the submission's `perfect_move`, the human
/// playing `human`; fails on an illegal move or on a game the human wins.
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

#[rstest]
#[case::takes_a_win([O, O, E, X, X, E, X, E, E], O, 2)]
#[case::takes_the_win_rather_than_blocking([X, X, E, O, O, E, E, E, E], O, 5)]
#[case::blocks([X, X, E, E, O, E, E, E, E], O, 2)]
#[case::answers_a_corner_with_the_centre([X, E, E, E, E, E, E, E, E], O, 4)]
#[case::of_equal_moves_the_first_in_the_books_order([E, E, E, E, E, E, E, E, E], X, 4)]
#[case::of_equal_corners_the_first([E, E, E, E, X, E, E, E, E], O, 0)]
fn on_chosen_boards(#[case] board: Board, #[case] computer: char, #[case] expected: usize) {
    let got = tictactoe::perfect_move(board, computer);
    assert_eq!(got, expected, "perfect_move(board, {computer:?}) on the board\n{}", show(&board));
}

/// On every board a game reaches, fewest pieces first, with the piece to move as the
/// computer: the first of minimax's best moves in the book's order.
#[test]
fn on_every_board() {
    let mut minimax = Minimax::new();
    let (mut boards, mut seen) = (VecDeque::from([[EMPTY; 9]]), HashSet::new());
    while let Some(board) = boards.pop_front() {
        let best = minimax.best_moves(&board);
        let Some(&expected) = best.first() else { continue };
        let computer = to_move(&board);
        let got = tictactoe::perfect_move(board, computer);
        if got != expected {
            let free = board.moves().map(|square| format!("{square}: {}", said(minimax.value_of(&board, square))));
            panic!(
                "perfect_move(board, {computer:?}) returned {got}, where {expected} is the first best in the book's \
                 order, on the board\n{}with perfect play after each free square, for {computer:?} (both players' moves counted): {}",
                show(&board),
                free.collect::<Vec<_>>().join(", ")
            );
        }
        for square in board.moves() {
            let mut next = board;
            next.play_unchecked(square);
            if seen.insert(next) {
                boards.push_back(next);
            }
        }
    }
}

/// A minimax value in words: "win in 3 moves", "draw", "loss in 2 moves".
fn said(value: i32) -> String {
    let count = plies(value);
    match value.signum() {
        1 => format!("win in {count} moves"),
        -1 => format!("loss in {count} moves"),
        _ => "draw".to_owned(),
    }
}
