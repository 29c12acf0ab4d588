//! `computer_move`: the book's three steps, on chosen boards and on every board reachable
//! in a game against it.

use crate::show;
use gamekit_engines::tictactoe::book_move;
use rstest::rstest;
use tictactoe::{Board, EMPTY, O, X};

const E: char = EMPTY;

#[track_caller]
fn check(board: Board, computer: char, expected: usize) {
    let got = tictactoe::computer_move(board, computer);
    assert_eq!(
        got,
        expected,
        "computer_move(board, {computer:?}) on the board\n{}{}",
        show(&board),
        the_step(board, computer, expected)
    );
}

/// Which of the book's three steps chooses `square`, said for a student.
fn the_step(board: Board, computer: char, square: usize) -> String {
    let wins = |piece: char| {
        let mut after = board;
        after[square] = piece;
        gamekit_engines::tictactoe::winner(&after) == piece
    };
    let human = tictactoe::opponent(computer);
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

#[rstest]
#[case::empty_board_takes_the_centre([E, E, E, E, E, E, E, E, E], X, 4)]
#[case::centre_taken_takes_corner_0([E, E, E, E, X, E, E, E, E], O, 0)]
#[case::then_corner_2([O, E, E, E, X, E, E, E, X], O, 2)]
#[case::then_corner_6([O, X, O, E, X, E, E, O, X], X, 6)]
#[case::corners_in_order_0_2_6_8([X, E, E, E, O, E, E, E, E], X, 2)]
#[case::then_the_sides_in_order_1_3_5_7([X, E, O, O, X, X, X, E, O], O, 1)]
#[case::then_side_3_before_side_5([X, O, X, E, X, E, O, X, O], O, 3)]
#[case::wins_a_row([O, O, E, X, X, E, E, E, X], O, 2)]
#[case::wins_a_column([X, O, E, X, O, E, E, E, E], X, 6)]
#[case::wins_a_diagonal([O, X, X, E, O, E, X, E, E], O, 8)]
#[case::wins_the_anti_diagonal([E, O, X, O, X, E, E, E, E], X, 6)]
#[case::blocks_a_row([X, X, E, E, O, E, E, E, E], O, 2)]
#[case::blocks_a_column([X, O, E, E, E, E, X, E, E], O, 3)]
#[case::blocks_a_diagonal([X, E, E, E, X, E, E, E, E], O, 8)]
#[case::winning_beats_blocking([X, X, E, O, O, E, E, E, E], O, 5)]
#[case::the_lowest_winning_square([X, E, X, E, O, E, X, E, E], X, 1)]
#[case::the_lowest_blocking_square([O, E, O, E, X, E, O, E, E], X, 1)]
#[case::plays_o_as_well_as_x([E, E, E, E, O, E, E, E, E], X, 0)]
fn on_chosen_boards(#[case] board: Board, #[case] computer: char, #[case] expected: usize) {
    check(board, computer, expected);
}

/// Every board the computer faces in some game, for either piece.
#[rstest]
fn on_every_board_of_every_game(#[values(X, O)] computer: char) {
    let human = tictactoe::opponent(computer);
    let mut seen = std::collections::HashSet::new();
    for (game_human, moves, _) in
        gamekit_engines::tictactoe::all_games(book_move).into_iter().filter(|(h, _, _)| *h == human)
    {
        let mut board = [EMPTY; 9];
        let mut moves = moves.into_iter();
        let mut turn = X;
        while gamekit_engines::tictactoe::winner(&board) == gamekit_engines::tictactoe::NO_ONE {
            let square = if turn == game_human {
                moves.next().expect("the human's move")
            } else {
                if seen.insert(board) {
                    check(board, computer, book_move(board, computer));
                }
                book_move(board, computer)
            };
            board[square] = turn;
            turn = tictactoe::opponent(turn);
        }
    }
    assert!(seen.len() > 50, "only {} boards", seen.len());
}
