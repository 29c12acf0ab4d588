//! The book's computer player, one behaviour per case: `corner_value`, `value_of`, and the
//! move the book's search chooses on chosen positions (the first move, a pass within the
//! six levels, a lost game near the end). These are the graded suite's own cases (the
//! rubric's `computer::` group), and a failure says what the grader says: the call, what it
//! returned and what was expected, the position. The expected moves are the book's
//! program's choices (with its one fix: a lost game scores lowest), worked out once by the
//! grader's copy of the book's search. (The grader also checks the choices and values along
//! random games against that copy, which is not here.) A position is written as the moves
//! that reach it, Black first, `pass` where a side has no move. Run the cases whose names
//! have a part in common:
//!
//! ```text
//! cargo test --test computer the_books_choice
//! ```

#[path = "support/boards.rs"]
pub(crate) mod boards;
#[path = "support/cases.rs"]
mod cases;

use boards::{WHITE_MUST_PASS, after, said, shown, square};
use cases::cases;
use reversi_players::{Color, Machine, VirtualPlayer, corner_value};

cases! {
    /// +30 for the player's own corner, -30 for the opponent's; an empty corner: -30 when
    /// the player has a disc beside it, +30 when the opponent has, both may apply.
    fn corner_value_as_the_book_scores_it(corner: Option<Color>, around: [Option<Color>; 3], value: i32) {
        let got = corner_value(Color::Black, corner, around);
        assert!(got == value, "corner_value(Black, {corner:?}, {around:?}) returned {got}, expected {value}");
    }
    own_corner: (Some(Color::Black), [Some(Color::White); 3], 30),
    opponents_corner: (Some(Color::White), [Some(Color::Black); 3], -30),
    empty_corner_own_neighbour: (None, [None, Some(Color::Black), None], -30),
    empty_corner_opponents_neighbour: (None, [None, None, Some(Color::White)], 30),
    empty_corner_both: (None, [Some(Color::White), Some(Color::Black), None], 0),
    empty_corner_alone: (None, [None; 3], 0),
}

/// "the board after d3 c3" (or "Board::new()"), for a message.
fn position(moves: &str) -> String {
    if moves.is_empty() { "Board::new()".to_owned() } else { format!("the board after {moves}") }
}

cases! {
    /// The disc difference plus the four corners' `corner_value`, for Black and for White.
    fn value_of_is_the_disc_difference_plus_the_corners(moves: &str, black: i32, white: i32) {
        let (board, _) = after(moves);
        for (color, expected) in [(Color::Black, black), (Color::White, white)] {
            let got = VirtualPlayer::new(color).value_of(&board);
            assert!(
                got == expected,
                "VirtualPlayer::new({color:?}).value_of(board) returned {got}, expected {expected}, on {}\n{}",
                position(moves),
                shown(&board)
            );
        }
    }
    the_initial_position: ("", 0, 0),
    no_corner_in_play_the_discs_alone: ("f5 f6 e6 d6 c7 g5 g6", 3, -3),
    an_empty_corner_beside_a_white_disc: ("f5 f6 e6 d6 c7 g5 g6 f7 c6 c4 b4 g7 f4 b3", 30, -30),
    a_black_corner_and_an_empty_corner_beside_a_black_disc: (
        "f5 f6 e6 d6 c7 g5 g6 f7 c6 c4 b4 g7 f4 b3 h8 d7 h6 f3 b2 h7 e3",
        1,
        -1,
    ),
    empty_corners_beside_black_and_one_beside_both: (
        "f5 f6 c4 c5 b6 f4 g5 b4 c3 d2 e7 g7 f7 a7 h7 g6 b2 g4 b5 d6 e1 f8 h5 c6 b7 a5 b3 a3 d7 d8",
        -52,
        52,
    ),
    three_black_corners: (
        "f5 f6 e6 d6 c7 g5 g6 f7 c6 c4 b4 g7 f4 b3 h8 d7 h6 f3 b2 h7 e3 h4 g8 e7 g3 b8 e8 f8 h5 c3 c5 a3 c8 f2 g2 c1 \
         e2 d8 a1 b1 a8 d2",
        70,
        -70,
    ),
    every_corner_taken: (
        "f5 f6 c4 c5 b6 f4 g5 b4 c3 d2 e7 g7 f7 a7 h7 g6 b2 g4 b5 d6 e1 f8 h5 c6 b7 a5 b3 a3 d7 d8 a4 c2 a6 c1 d3 e6 \
         b1 h6 h3 a1 g8 h4 a8 h8 e3 d1 e8 h2 g3 b8 e2 g2 a2 c8 f3 c7 h1 f2",
        -26,
        26,
    ),
}

/// Checks the move `VirtualPlayer::choose_move` chooses for the side to move after `moves`
/// against the book's choice `expected` (a square's name); `why` says what the case is
/// about, and `root` what the book's search scores each valid move at the root, in order
/// (`score = eval_self(board, Some(m), best, worst, 1)` with the best so far, as
/// `VirtualPlayer`'s doc writes it): print yours to compare.
#[track_caller]
fn check_choice(moves: &str, expected: &str, why: &str, root: &str) {
    let (board, color) = after(moves);
    let drawn = shown(&board);
    let got = VirtualPlayer::new(color).choose_move(&board);
    let expected = Some(square(expected));
    assert!(
        got == expected,
        "VirtualPlayer::new({color:?}).choose_move(board) returned {}, expected {}: {why}\nthe book's score of \
         each valid move at the root, in order (the last scoring at least the best so far is chosen): {root}\n{}, \
         {color:?} to move:\n{drawn}",
        said(got),
        said(expected),
        position(moves)
    );
}

#[test]
fn the_opening_move_is_the_last_of_the_equal_ones() {
    // All four first moves are worth the same; `>=` keeps the last in row-major order.
    check_choice(
        "",
        "f5",
        "the last of the four equally good first moves: a later move as good replaces it",
        "c4 3, d3 3, e6 3, f5 3",
    );
}

cases! {
    /// No valid move: `None`.
    fn no_move_when_the_colour_has_none(moves: &str, color: Color) {
        let (board, _) = after(moves);
        let drawn = shown(&board);
        let got = VirtualPlayer::new(color).choose_move(&board);
        assert!(
            got.is_none(),
            "VirtualPlayer::new({color:?}).choose_move(board) returned {}, expected None ({color:?} has no valid \
             move), on {}\n{drawn}",
            said(got),
            position(moves)
        );
    }
    white_must_pass: (WHITE_MUST_PASS, Color::White),
    black_on_a_full_board: (A_FULL_BOARD, Color::Black),
    white_on_a_full_board: (A_FULL_BOARD, Color::White),
}

/// A whole game, to its end: every square taken.
const A_FULL_BOARD: &str = "c4 e3 f4 c3 e2 e1 f3 c5 d6 e7 b4 f5 g6 b3 f2 a4 b2 g3 d1 b1 a3 d2 d7 g5 h5 h6 c1 h4 a5 c7 \
                            h3 f6 a1 d3 b8 g2 f8 f7 h7 g4 h2 e6 d8 g7 c2 e8 g8 g1 c6 b7 b6 b5 c8 h8 a6 a7 a8 h1 f1 a2";

cases! {
    /// The book's choice on positions of games: the moves in row-major order, each scored
    /// by the six levels of alpha–beta, the last of the best kept.
    fn the_books_choice_on_chosen_positions(moves: &str, expected: &str, root: &str) {
        check_choice(moves, expected, "the book's choice", root);
    }
    white_after_9_moves: ("d3 c5 d6 c7 b5 b4 b6 d2 c2", "f4", "a5 6, a7 6, b2 6, b7 6, e3 6, f3 6, f4 6"),
    black_after_18_moves: (
        "d3 c5 d6 c7 b5 b4 b6 d2 c2 e3 a3 b2 f5 a5 b7 a7 b1 g5",
        "h5",
        "a2 1, b3 5, b8 9, c1 9, c4 33, c6 33, d1 33, d7 33, e2 33, e6 33, e7 33, f3 33, g6 33, h5 33",
    ),
    white_after_33_moves: (
        "d3 c5 d6 c7 b5 b4 b6 d2 c2 e3 a3 b2 f5 a5 b7 a7 b1 g5 a2 b3 a4 c3 c4 f3 e1 d1 f2 a1 c6 e2 g6 d7 f4",
        "g7",
        "c1 14, f1 14, g1 14, g2 14, g3 14, g4 14, g7 14",
    ),
    black_after_48_moves_takes_a_corner: (
        "d3 c5 d6 c7 b5 b4 b6 d2 c2 e3 a3 b2 f5 a5 b7 a7 b1 g5 a2 b3 a4 c3 c4 f3 e1 d1 f2 a1 c6 e2 g6 d7 f4 g4 a6 e6 \
         e7 h7 h4 f8 c8 c1 f7 g2 g1 h5 h6 f6",
        "h8",
        "a8 51, e8 51, f1 51, g3 51, g7 51, g8 51, h1 51, h2 51, h3 51, h8 51",
    ),
    black_after_white_passed_twice: (
        "d3 c5 d6 c7 b5 b4 b6 d2 c2 e3 a3 b2 f5 a5 b7 a7 b1 g5 a2 b3 a4 c3 c4 f3 e1 d1 f2 a1 c6 e2 g6 d7 f4 g4 a6 e6 \
         e7 h7 h4 f8 c8 c1 f7 g2 g1 h5 h6 f6 g3 d8 b8 f1 e8 h1 g8 g7 h8 pass a8 pass",
        "h3",
        "h2 i32::MIN + 1, h3 0",
    ),
    black_the_first_of_two_is_better: (
        "c4 c3 e6 f6 c2 d6 e7 f3 c5 e8 e3 e2 g2 b3 b4 d7 d3 d1 f8 g4 g5 g8 f4 f7 b1 c6 h4 b5 d8 f2 b6 a7 h8 h1 f5 c7 \
         a4 c1 d2 g6 g7 h5 c8 a5 h2 a3 a6 h3 g3 a1 a2 b8 a8 f1 b7 e1",
        "b2",
        "b2 i32::MAX - 1, g1 i32::MIN + 1",
    ),
    white_the_first_of_two_is_better: (
        "e6 f4 f3 f6 c4 f2 g7 b4 e3 d6 g4 f5 g3 e7 g5 f7 e1 h7 g6 f1 c5 b6 b5 a6 d2 h2 h4 c6 a7 g2 a3 d3 c7 e2 h1 h3 \
         g1 c1 a5 h5 e8 d8 h8 b8 c2 b7 g8 c3 h6 a4 b2 a2 d1 a8 a1 f8 b3",
        "b1",
        "b1 i32::MAX - 1, d7 i32::MIN + 1",
    ),
}

cases! {
    /// Positions where the search meets a pass within the six levels (the computer's own in
    /// the first two cases, the opponent's in the third), and where the pass counting as a
    /// level (as the book counts it) changes the move chosen.
    fn the_books_choice_where_a_pass_counts_as_a_level(moves: &str, expected: &str, root: &str) {
        check_choice(moves, expected, "the book's choice, a pass counting as one of the six levels", root);
    }
    after_42_moves: (
        "d3 e3 f5 c3 f2 d6 c5 f4 e6 d2 c7 g1 d1 c1 f3 b6 b2 b3 b4 d7 d8 g3 h3 g5 a7 c4 g4 a1 e1 f1 h6 a3 e2 b5 b1 a4 \
         h1 h5 c2 a2 h4 c6",
        "a5",
        "a5 -9, a6 -21",
    ),
    after_56_moves: (
        "f5 f6 f7 g7 h7 h8 e6 d6 c6 e3 d7 g6 h6 c8 g8 b5 d3 c3 b2 g4 f3 e2 f4 d2 g3 g5 d1 e1 d8 a1 h5 g2 c4 c2 c1 e8 \
         h1 h3 f1 b3 c5 b4 f2 h2 h4 e7 c7 b7 b6 a6 a4 b1 a2 b8 a7 f8",
        "a5",
        "a5 -45, g1 -47",
    ),
    after_53_moves_the_opponent_passing: (
        "d3 c3 f5 f6 c4 f4 e6 e3 g5 h4 e2 c5 c6 e7 g6 h6 f3 d2 b3 g4 h7 g3 b6 h8 c2 d1 d7 b5 h5 b1 a5 a6 e8 a2 a3 d8 \
         g7 c1 a1 b4 c8 b7 b8 a8 a7 c7 b2 g8 f1 a4 f2 d6 f8",
        "g1",
        "e1 4, f7 19, g1 19, g2 -8",
    ),
}

cases! {
    /// Near the end the search sees finished games: a lost game is the lowest value (the
    /// book's printed search scores it 0, like a tie, and chooses `the_books_bug` here).
    fn a_lost_game_is_the_worst_outcome_not_a_tie(moves: &str, expected: &str, the_books_bug: &str, root: &str) {
        let why = format!(
            "a lost game is worth less than a tie: the book's printed search, which scores a lost game like a tie, \
             chooses {the_books_bug} here"
        );
        check_choice(moves, expected, &why, root);
    }
    white_e8_not_c8: (
        "d3 c5 b6 e3 f2 d2 c1 d1 e6 f7 c2 f3 e1 b2 f5 f4 g3 f6 f8 g1 d7 c3 e2 g2 f1 e7 a2 b1 h1 b5 d8 b3 c4 d6 c7 h4 \
         h3 g5 a6 a4 b4 c6 a3 g8 h5 g7 h8 b7 a5 h7 h6 g4 a8 b8 g6 pass a7",
        "e8",
        "c8",
        "c8 i32::MIN + 1, e8 i32::MIN + 1",
    ),
    white_h3_not_h1: (
        "d3 c5 b6 c3 e6 f4 c4 d6 b3 b2 c6 e7 f8 a7 b4 c7 f7 e8 b5 e3 c2 g8 g4 g3 a1 c1 f2 h4 b7 a2 b1 e2 d1 a3 d7 b8 \
         g7 d2 g5 d8 f3 h7 a4 f1 g2 a6 f6 a5 e1 g1 h8 g6 a8 f5 h2",
        "h3",
        "h1",
        "h1 i32::MIN + 1, h3 i32::MIN + 1",
    ),
    black_d7_not_b8: (
        "d3 e3 f2 c2 f4 f3 g2 g1 c3 e2 f1 g4 f6 c5 f5 g6 c4 b3 c1 b4 b6 d1 e1 h1 a3 d2 g3 g5 b1 e6 h4 a4 h3 b5 h6 a1 \
         c6 a7 g7 a2 e7 d6 b7 h7 a5 c7 d8 c8 b2 a6 a8 h8 f8 h5 f7 g8",
        "d7",
        "b8",
        "b8 i32::MIN + 1, d7 i32::MIN + 1",
    ),
}
