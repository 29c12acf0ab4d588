//! Positions for the tests, written as the moves that reach them, and boards drawn in
//! failure messages. The graded suite sets up and draws its positions with this same code,
//! so a test here fails with the words `gamekit grade` uses.

#![allow(dead_code, reason = "each test file uses some of these")]

use reversi_players::{Board, Color, square_name};

/// The (row, column) of a square's name, as the book names squares: `d3` is (4, 3).
#[track_caller]
pub fn square(name: &str) -> (i32, i32) {
    match name.as_bytes() {
        &[row @ b'a'..=b'h', col @ b'1'..=b'8'] => (i32::from(row - b'a') + 1, i32::from(col - b'0')),
        _ => panic!("{name:?} is not a square's name (a to h, then 1 to 8): a broken test"),
    }
}

/// A move as a call returns it, with its square's name: `Some((4, 3)) (d3)`, or `None`.
pub fn said(chosen: Option<(i32, i32)>) -> String {
    match chosen {
        Some((row, col)) if (1..=8).contains(&row) && (1..=8).contains(&col) => {
            format!("Some(({row}, {col})) ({})", square_name(row, col))
        }
        Some((row, col)) => format!("Some(({row}, {col})) (off the board)"),
        None => "None".to_owned(),
    }
}

/// The board after `moves`, and the colour to move then: the moves' squares separated by
/// spaces (`"d3 c3 b3"`), Black first and the colours alternating, `pass` where the side
/// to move has no valid move and passes. Each move is made with [`Board::play`].
///
/// # Panics
/// When `play` refuses a move: a broken test, or a wrong `play` (which the board's tests
/// then show).
#[track_caller]
pub fn after(moves: &str) -> (Board, Color) {
    let mut board = Board::new();
    let mut color = Color::Black;
    for name in moves.split_whitespace() {
        if name != "pass" {
            let (row, col) = square(name);
            if let Err(refused) = board.play(color, row, col) {
                panic!(
                    "setting up the position after {moves}: play({color:?}, {row}, {col}) ({name}) returned \
                     Err({refused:?}), expected Ok(()), on the board\n{}",
                    shown(&board)
                );
            }
        }
        color = color.opponent();
    }
    (board, color)
}

/// A position where White, to move, has no valid move, though Black has: reached by a game.
pub const WHITE_MUST_PASS: &str = "c4 c3 d3 e3 f2 e2 d2 g1 f6 c5 b4 c1 b3 g7 g2 e1 f1 c6 d6 e6 h1 h2 f3 b2 c7 a3 c2 d1 \
                                   d7 g3 a5 f4 h3 g4 g6 b8 a1 a4 c8 g5 b6 a2 h4 e7 h6 b5 a8 h5 a6 f5 b1 b7 h8 a7 f7 \
                                   g8 h7";

/// `board` drawn for a failure message, from its squares as `at` tells them (`*` Black, `o`
/// White, `.` empty), rows a to h down and columns 1 to 8 across, as the book names squares
/// (`d3`).
pub fn shown(board: &Board) -> String {
    let mut text = String::from("      1 2 3 4 5 6 7 8\n");
    for (row, name) in (1..=8).zip('a'..='h') {
        text.push_str(&format!("    {name}"));
        for col in 1..=8 {
            text.push_str(match board.at(row, col) {
                Some(Color::Black) => " *",
                Some(Color::White) => " o",
                None => " .",
            });
        }
        text.push('\n');
    }
    text
}
