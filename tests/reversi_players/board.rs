//! The board: the initial position, the rules of a move, the first possible move, the
//! scores; squares off the board are never a move and never a panic.

use crate::{after, oracle, random_positions, row_col, shown, square, square_at};
use gamekit_engines::othello;
use reversi_players::{Board, Color, InvalidMove, squares as every_square};
use rstest::rstest;

#[test]
fn the_initial_position_has_four_discs_in_the_centre() {
    let board = Board::new();
    for (row, col) in every_square() {
        let expected = match (row, col) {
            (4, 4) | (5, 5) => Some(Color::White),
            (4, 5) | (5, 4) => Some(Color::Black),
            _ => None,
        };
        assert_eq!(board.at(row, col), expected, "at({row}, {col}) of Board::new()");
    }
    assert_eq!(
        (board.score(Color::Black), board.score(Color::White)),
        (2, 2),
        "(score(Black), score(White)) of Board::new()"
    );
}

#[rstest]
#[case::guard_frame(0, 0)]
#[case::below(9, 4)]
#[case::right(4, 9)]
#[case::negative(-1, -1)]
#[case::far(i32::MAX, i32::MIN)]
#[case::on_a_row_far_to_the_right(4, 12)]
#[case::in_a_column_far_above(-5, 4)]
fn a_square_off_the_board_is_empty_and_never_a_move(#[case] row: i32, #[case] col: i32) {
    let mut board = Board::new();
    assert_eq!(board.at(row, col), None, "at({row}, {col}) of Board::new(), off the board");
    assert!(
        !board.valid_move(Color::Black, row, col),
        "valid_move(Black, {row}, {col}) on Board::new(), off the board"
    );
    assert_eq!(board.play(Color::Black, row, col), Err(InvalidMove), "play(Black, {row}, {col}) on Board::new()");
    assert_eq!(board, Board::new(), "the board after the refused play(Black, {row}, {col}) must be unchanged");
}

#[rstest]
#[case::black(Color::Black, &["c4", "d3", "e6", "f5"])]
#[case::white(Color::White, &["c5", "d6", "e3", "f4"])]
fn the_initial_moves(#[case] color: Color, #[case] moves: &[&str]) {
    let board = Board::new();
    let valid: Vec<(i32, i32)> = every_square().filter(|&(row, col)| board.valid_move(color, row, col)).collect();
    assert_eq!(
        valid,
        moves.iter().map(|name| square(name)).collect::<Vec<_>>(),
        "the squares, row by row, where valid_move({color:?}, row, col) is true on Board::new()"
    );
}

#[test]
fn play_puts_the_disc_and_flips_the_line() {
    let mut board = Board::new();
    assert_eq!(board.play(Color::Black, 4, 3), Ok(()), "play(Black, 4, 3) on Board::new()");
    assert_eq!(board.at(4, 3), Some(Color::Black), "at(4, 3) after play(Black, 4, 3) on Board::new()");
    assert_eq!(board.at(4, 4), Some(Color::Black), "at(4, 4) after play(Black, 4, 3) on Board::new(): d4 is flipped");
    assert_eq!(board.at(5, 5), Some(Color::White), "at(5, 5) after play(Black, 4, 3) on Board::new(): e5 is not");
    assert_eq!(
        (board.score(Color::Black), board.score(Color::White)),
        (4, 1),
        "(score(Black), score(White)) after play(Black, 4, 3) on Board::new()"
    );
}

#[test]
fn play_flips_several_lines_at_once() {
    // A crowded middle, where moves flip along several lines at once: every move flips
    // exactly the oracle's discs.
    let (board, color) = after(&["f5", "f6", "e6", "f4", "e3", "c5", "c4", "d3", "c3", "b4"]);
    for square in othello::squares(oracle(&board, color).legal_moves()) {
        let (row, col) = row_col(square);
        let mut played = board.clone();
        played.play(color, row, col).expect("a valid move");
        assert_eq!(
            oracle(&played, color.opponent()),
            oracle(&board, color).after(square),
            "the discs after play({color:?}, {row}, {col}) after f5 f6 e6 f4 e3 c5 c4 d3 c3 b4"
        );
    }
}

#[rstest]
#[case::taken("d4")]
#[case::flips_nothing("a1")]
#[case::next_to_own_disc_only("c6")]
fn an_invalid_move_is_refused_and_changes_nothing(#[case] name: &str) {
    let mut board = Board::new();
    let (row, col) = square(name);
    assert!(!board.valid_move(Color::Black, row, col), "valid_move(Black, {row}, {col}) ({name}) on Board::new()");
    assert_eq!(
        board.play(Color::Black, row, col),
        Err(InvalidMove),
        "play(Black, {row}, {col}) ({name}) on Board::new()"
    );
    assert_eq!(board, Board::new(), "the board after the refused play(Black, {row}, {col}) ({name}) must be unchanged");
}

#[test]
fn possible_move_is_the_first_valid_move_row_by_row() {
    assert_eq!(Board::new().possible_move(Color::Black), Some(square("c4")), "possible_move(Black) on Board::new()");
    assert_eq!(Board::new().possible_move(Color::White), Some(square("c5")), "possible_move(White) on Board::new()");
}

#[test]
fn valid_move_agrees_with_the_oracle_along_random_games() {
    for (board, color) in random_positions(1, 40) {
        let drawn = shown(&board);
        for color in [color, color.opponent()] {
            let moves = oracle(&board, color).legal_moves();
            for (row, col) in every_square() {
                let expected = moves & 1 << square_at(row, col) != 0;
                assert_eq!(
                    board.valid_move(color, row, col),
                    expected,
                    "valid_move({color:?}, {row}, {col}) on the board\n{drawn}"
                );
            }
        }
    }
}

#[test]
fn play_and_the_scores_agree_with_the_oracle_along_random_games() {
    for (board, color) in random_positions(2, 40) {
        let drawn = shown(&board);
        let position = oracle(&board, color);
        let opponent = color.opponent();
        assert_eq!(board.score(color), position.player().count_ones() as i32, "score({color:?}) on the board\n{drawn}");
        assert_eq!(
            board.score(opponent),
            position.opponent().count_ones() as i32,
            "score({opponent:?}) on the board\n{drawn}"
        );
        for square in othello::squares(position.legal_moves()) {
            let (row, col) = row_col(square);
            let mut played = board.clone();
            assert_eq!(played.play(color, row, col), Ok(()), "play({color:?}, {row}, {col}) on the board\n{drawn}");
            let expected = position.after(square);
            assert_eq!(
                oracle(&played, opponent),
                expected,
                "the discs after play({color:?}, {row}, {col}) on the board\n{drawn}"
            );
            assert_eq!(
                played.score(color),
                expected.opponent().count_ones() as i32,
                "score({color:?}) after play({color:?}, {row}, {col}) on the board\n{drawn}"
            );
            assert_eq!(
                played.score(opponent),
                expected.player().count_ones() as i32,
                "score({opponent:?}) after play({color:?}, {row}, {col}) on the board\n{drawn}"
            );
        }
    }
}

#[test]
fn possible_move_agrees_with_the_oracle_along_random_games() {
    for (board, color) in random_positions(3, 40) {
        let drawn = shown(&board);
        for color in [color, color.opponent()] {
            let moves = oracle(&board, color).legal_moves();
            let expected = (moves != 0).then(|| row_col(moves.trailing_zeros()));
            assert_eq!(board.possible_move(color), expected, "possible_move({color:?}) on the board\n{drawn}");
        }
    }
}
