//! `computer_move` and `perfect_move` on every board a game reaches, against gamekit's
//! references (the book's player and an exhaustive minimax): the grader's alone, since the
//! handout has no reference to compare with.

use crate::computer_move::check_computer_move;
use crate::perfect::boards::show;
use gamekit_engines::game::Game;
use gamekit_engines::tictactoe::{NO_ONE, all_games, book_move, opponent, to_move, winner};
use gamekit_testkit::minimax::{Minimax, plies};
use std::collections::{HashSet, VecDeque};
use tictactoe::EMPTY;

#[test]
fn computer_move_playing_x() {
    computer_move_on_every_board('X');
}

#[test]
fn computer_move_playing_o() {
    computer_move_on_every_board('O');
}

/// `computer_move` on every board it faces in some game against it, playing `computer`.
fn computer_move_on_every_board(computer: char) {
    let human = opponent(computer);
    let mut seen = HashSet::new();
    for (_, moves, _) in all_games(book_move).into_iter().filter(|(game_human, _, _)| *game_human == human) {
        let mut board = [EMPTY; 9];
        let mut moves = moves.into_iter();
        let mut turn = 'X';
        while winner(&board) == NO_ONE {
            let square = if turn == human {
                moves.next().expect("the human's move")
            } else {
                if seen.insert(board) {
                    check_computer_move(board, computer, book_move(board, computer));
                }
                book_move(board, computer)
            };
            board[square] = turn;
            turn = opponent(turn);
        }
    }
    assert!(seen.len() > 50, "only {} boards", seen.len());
}

/// `perfect_move` on every board a game reaches, fewest pieces first, with the piece to
/// move as the computer: the first of minimax's best moves in the book's order.
#[test]
fn perfect_move() {
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
