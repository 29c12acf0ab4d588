//! The required functions, one behaviour per case, graded one by one as the course did:
//! `has_empty_cells`, `valid_move` (checking, then playing) and `has_valid_moves`.

use crate::boards::{address, from_rows, show, sparse, with_size, wrong_board};
use rstest::rstest;

/// Checks `valid_move(board, p, y, x, flip)` against `expected` and, when the call plays,
/// the board afterwards against `after` (rows; `None` means the board must not change).
fn check_valid_move<const N: usize>(
    rows: &[&str],
    p: char,
    y: i32,
    x: i32,
    flip: bool,
    expected: bool,
    after: Option<&[&str]>,
) {
    let before = from_rows::<N>(rows);
    let mut board = before;
    let call = format!("valid_move(board, {p:?}, {y}, {x}, {flip}) (a move at {})", address(y, x));
    let got = reversi::valid_move(&mut board, p, y, x, flip);
    assert_eq!(got, expected, "{call} on the board\n{}", show(&before));
    let after = after.map_or(before, from_rows::<N>);
    assert!(board == after, "{}", wrong_board(&call, (y, x), &before, &after, &board));
}

fn check_has_valid_moves<const N: usize>(rows: &[&str], p: char, expected: bool) {
    let board = from_rows::<N>(rows);
    let got = reversi::has_valid_moves(&board, p);
    assert_eq!(got, expected, "has_valid_moves(board, {p:?}) on the board\n{}", show(&board));
}

fn check_has_empty_cells<const N: usize>(rows: &[&str], expected: bool) {
    let board = from_rows::<N>(rows);
    let got = reversi::has_empty_cells(&board);
    assert_eq!(got, expected, "has_empty_cells(board) on the board\n{}", show(&board));
}

fn strs(rows: &[String]) -> Vec<&str> {
    rows.iter().map(String::as_str).collect()
}

mod has_empty_cells {
    use super::*;

    #[rstest]
    #[case::initial_4x4(4, "", true)]
    #[case::initial_26x26(26, "", true)]
    #[case::only_blocks_and_discs_4x4(
        4,
        "A1=# B1=X C1=O D1=# A2=X B2=# C2=# D2=O A3=X D3=O A4=# B4=# C4=# D4=X",
        false
    )]
    fn on_sparse_boards(#[case] size: usize, #[case] placements: &str, #[case] expected: bool) {
        let rows = sparse(size, placements);
        with_size!(size, check_has_empty_cells(&strs(&rows), expected));
    }

    #[rstest]
    #[case::full_6x6(6, 'X', false)]
    #[case::full_of_blocks_8x8(8, '#', false)]
    #[case::full_12x12(12, 'O', false)]
    fn on_full_boards(#[case] size: usize, #[case] fill: char, #[case] expected: bool) {
        let rows = vec![fill.to_string().repeat(size); size];
        with_size!(size, check_has_empty_cells(&strs(&rows), expected));
    }

    #[rstest]
    #[case::last_cell_bottom_right_10x10(10, 9, 9)]
    #[case::last_cell_top_left_6x6(6, 0, 0)]
    #[case::last_cell_last_row_first_column_26x26(26, 25, 0)]
    fn with_one_empty_cell(#[case] size: usize, #[case] y: usize, #[case] x: usize) {
        let mut rows = vec!["O".repeat(size); size];
        rows[y].replace_range(x..=x, ".");
        with_size!(size, check_has_empty_cells(&strs(&rows), true));
    }
}

/// The seed's Figure 2: White at D7 flips the four black discs of column D.
const FIGURE_2: [&str; 8] =
    ["........", "...O....", "...XO...", "..XX....", ".XOXO...", "...X....", "........", "........"];
const FIGURE_2_AFTER: [&str; 8] =
    ["........", "...O....", "...OO...", "..XO....", ".XOOO...", "...O....", "...O....", "........"];
/// The seed's Figure 3: Black at F5 forms three lines at once.
const FIGURE_3: [&str; 8] =
    ["........", "........", "..OX.X..", "...XOO..", "..XXO...", "....O...", "....OX..", "........"];
const FIGURE_3_AFTER: [&str; 8] =
    ["........", "........", "..OX.X..", "...XXX..", "..XXXX..", "....O...", "....OX..", "........"];

/// A 6×6 board with a white disc next to (2, 2) in every direction, each line closed by a
/// black disc: Black at C3 flips all eight.
const STAR: [&str; 6] = ["X.X.X.", ".OOO..", "XO.OX.", ".OOO..", "X.X.X.", "......"];
const STAR_AFTER: [&str; 6] = ["X.X.X.", ".XXX..", "XXXXX.", ".XXX..", "X.X.X.", "......"];

mod valid_move_checks {
    use super::*;

    #[rstest]
    #[case::figure_2_white_d7(&FIGURE_2, 'O', 6, 3, true)]
    #[case::figure_3_black_f5(&FIGURE_3, 'X', 4, 5, true)]
    #[case::star_black_c3_eight_directions(&STAR, 'X', 2, 2, true)]
    #[case::initial_black_d3(&["........", "........", "........", "...XO...", "...OX...", "........", "........", "........"], 'X', 2, 4, true)]
    #[case::initial_black_on_own_diagonal(&["........", "........", "........", "...XO...", "...OX...", "........", "........", "........"], 'X', 2, 2, false)]
    #[case::occupied_cell(&FIGURE_2, 'O', 4, 2, false)]
    #[case::occupied_by_opponent(&FIGURE_2, 'O', 3, 3, false)]
    #[case::block_cell(&["#XO.", "....", "....", "...."], 'O', 0, 0, false)]
    #[case::block_ends_the_line(&["X#O.", "....", "....", "...."], 'X', 0, 3, false)]
    #[case::empty_cell_ends_the_line(&[".OO.X.", "......", "......", "......", "......", "......"], 'X', 0, 0, false)]
    #[case::edge_ends_the_line(&["XXXXX.", "......", "......", "......", "......", "......"], 'O', 0, 5, false)]
    #[case::own_disc_next_to_it_flips_nothing(&["XX..", "....", "....", "...."], 'X', 0, 2, false)]
    #[case::isolated_cell(&FIGURE_2, 'X', 0, 7, false)]
    #[case::corner_a1_diagonal(&["....", ".O..", "..X.", "...."], 'X', 0, 0, true)]
    #[case::corner_d4_diagonal(&["X...", ".O..", "....", "...."], 'X', 3, 3, false)]
    #[case::corner_d4_across_two(&["X...", ".O..", "..O.", "...."], 'X', 3, 3, true)]
    #[case::corner_a4_anti_diagonal(&["...O", "..X.", ".X..", "...."], 'O', 3, 0, true)]
    #[case::whole_row_10x10(&["O........O", "X........X", "..........", "..........", "..........", "..........", "..........", "..........", "..........", ".XXXXXXXXO"], 'O', 9, 0, true)]
    fn on_chosen_boards(
        #[case] rows: &[&str],
        #[case] p: char,
        #[case] y: i32,
        #[case] x: i32,
        #[case] expected: bool,
    ) {
        with_size!(rows.len(), check_valid_move(rows, p, y, x, false, expected, None));
    }

    /// A move at C3 on a 6×6 board that captures along one line only, for each of the eight
    /// (the rubric's "every direction"): one O next to it on that line, an X behind the O.
    #[rstest]
    #[case::up_and_to_the_left(-1, -1)]
    #[case::up(-1, 0)]
    #[case::up_and_to_the_right(-1, 1)]
    #[case::to_the_left(0, -1)]
    #[case::to_the_right(0, 1)]
    #[case::down_and_to_the_left(1, -1)]
    #[case::down(1, 0)]
    #[case::down_and_to_the_right(1, 1)]
    fn along_one_line_only(#[case] dy: i32, #[case] dx: i32) {
        let mut rows = [['.'; 6]; 6];
        rows[(2 + dy) as usize][(2 + dx) as usize] = 'O';
        rows[(2 + 2 * dy) as usize][(2 + 2 * dx) as usize] = 'X';
        let rows = rows.map(|row| row.iter().collect::<String>());
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        check_valid_move::<6>(&rows, 'X', 2, 2, false, true, None);
    }

    #[rstest]
    #[case::row_minus_one(-1, 3)]
    #[case::column_minus_one(3, -1)]
    #[case::row_n(8, 3)]
    #[case::column_n(3, 8)]
    #[case::both_far_off(1000, -1000)]
    #[case::i32_min(i32::MIN, i32::MIN)]
    #[case::i32_max(i32::MAX, i32::MAX)]
    fn off_the_board_is_invalid(#[case] y: i32, #[case] x: i32) {
        check_valid_move::<8>(&FIGURE_2, 'O', y, x, false, false, None);
        check_valid_move::<8>(&FIGURE_2, 'O', y, x, true, false, None);
    }

    #[rstest]
    #[case::size_4(4)]
    #[case::size_6(6)]
    #[case::size_8(8)]
    #[case::size_10(10)]
    #[case::size_12(12)]
    #[case::size_26(26)]
    fn initial_moves_of_every_size(#[case] size: usize) {
        let rows = sparse(size, "");
        let (mid, low) = (size as i32 / 2, size as i32 / 2 - 1);
        for (y, x, expected) in [
            (low - 1, mid, true),
            (low, mid + 1, true),
            (mid + 1, low, true),
            (low, low - 1, false),
            (mid, low - 1, true),
        ] {
            with_size!(size, check_valid_move(&strs(&rows), 'X', y, x, false, expected, None));
        }
    }

    #[rstest]
    #[case::corner_z26(26, "Y25=O X24=X", 'X', 25, 25, true)]
    #[case::corner_a26(26, "B25=X C24=O", 'O', 25, 0, true)]
    #[case::corner_z1_blocked_line(26, "Y1=O X1=# W1=X", 'X', 0, 25, false)]
    #[case::long_column_26(26, "A2=O A3=O A4=O A5=O A6=O A7=O A8=O A9=O A10=X", 'X', 0, 0, true)]
    #[case::corner_l12(12, "K11=X J10=O", 'O', 11, 11, true)]
    fn on_big_boards(
        #[case] size: usize,
        #[case] placements: &str,
        #[case] p: char,
        #[case] y: i32,
        #[case] x: i32,
        #[case] expected: bool,
    ) {
        let rows = sparse(size, placements);
        with_size!(size, check_valid_move(&strs(&rows), p, y, x, false, expected, None));
    }
}

mod valid_move_flips {
    use super::*;

    #[rstest]
    #[case::figure_2_white_d7(&FIGURE_2, 'O', 6, 3, &FIGURE_2_AFTER)]
    #[case::figure_3_black_f5_three_lines(&FIGURE_3, 'X', 4, 5, &FIGURE_3_AFTER)]
    #[case::star_black_c3_eight_directions(&STAR, 'X', 2, 2, &STAR_AFTER)]
    #[case::only_the_closed_line_flips(&["XOO.", "..O.", "...O", "...."], 'X', 0, 3, &["XXXX", "..O.", "...O", "...."])]
    #[case::stops_at_the_first_own_disc(&["OXOXX.", "......", "......", "......", "......", "......"], 'O', 0, 5, &["OXOOOO", "......", "......", "......", "......", "......"])]
    #[case::corner_a1_diagonal(&["....", ".O..", "..X.", "...."], 'X', 0, 0, &["X...", ".X..", "..X.", "...."])]
    #[case::whole_row_10x10(&["O........O", "X........X", "..........", "..........", "..........", "..........", "..........", "..........", "..........", ".XXXXXXXXO"], 'O', 9, 0, &["O........O", "X........X", "..........", "..........", "..........", "..........", "..........", "..........", "..........", "OOOOOOOOOO"])]
    fn plays_and_flips(#[case] rows: &[&str], #[case] p: char, #[case] y: i32, #[case] x: i32, #[case] after: &[&str]) {
        with_size!(rows.len(), check_valid_move(rows, p, y, x, true, true, Some(after)));
    }

    #[rstest]
    #[case::occupied_cell(&FIGURE_2, 'O', 4, 2)]
    #[case::flips_nothing(&FIGURE_2, 'X', 0, 7)]
    #[case::block_cell(&["#XO.", "....", "....", "...."], 'O', 0, 0)]
    #[case::block_ends_the_line(&["X#O.", "....", "....", "...."], 'X', 0, 3)]
    fn an_invalid_move_changes_nothing(#[case] rows: &[&str], #[case] p: char, #[case] y: i32, #[case] x: i32) {
        with_size!(rows.len(), check_valid_move(rows, p, y, x, true, false, None));
    }

    #[rstest]
    #[case::figure_2(&FIGURE_2, 'O', 6, 3)]
    #[case::figure_3(&FIGURE_3, 'X', 4, 5)]
    #[case::star(&STAR, 'X', 2, 2)]
    fn checking_a_valid_move_changes_nothing(#[case] rows: &[&str], #[case] p: char, #[case] y: i32, #[case] x: i32) {
        with_size!(rows.len(), check_valid_move(rows, p, y, x, false, true, None));
    }
}

mod has_valid_moves {
    use super::*;

    #[rstest]
    #[case::initial_black_4x4(&["....", ".XO.", ".OX.", "...."], 'X', true)]
    #[case::initial_white_4x4(&["....", ".XO.", ".OX.", "...."], 'O', true)]
    #[case::sample_run_2_black(&[".##.", "#XO#", "#OX#", ".##."], 'X', false)]
    #[case::sample_run_2_white(&[".##.", "#XO#", "#OX#", ".##."], 'O', false)]
    #[case::no_opponent_discs(&["X...", "....", "....", "...X"], 'X', false)]
    #[case::only_the_last_cell(&["XXXX", "XXXX", "XXXX", "XXO."], 'X', true)]
    #[case::only_the_last_cell_for_the_other(&["XXXX", "XXXX", "XXXX", "XXO."], 'O', false)]
    #[case::full_board(&["XXXX", "XXXX", "OOOO", "OOOO"], 'O', false)]
    #[case::sample_run_1_round_18_white(&["##XXX.", "##OX#X", "OOXOOX", "OOOOOX", ".#OO#.", "..O..."], 'O', false)]
    #[case::sample_run_1_round_19_black(&["##XXX.", "##OX#X", "OOXOOX", "OOOOOX", ".#OO#.", "..O..."], 'X', true)]
    fn on_chosen_boards(#[case] rows: &[&str], #[case] p: char, #[case] expected: bool) {
        with_size!(rows.len(), check_has_valid_moves(rows, p, expected));
    }

    #[rstest]
    #[case::size_4(4)]
    #[case::size_6(6)]
    #[case::size_8(8)]
    #[case::size_10(10)]
    #[case::size_12(12)]
    #[case::size_26(26)]
    fn at_the_start_of_every_size(#[case] size: usize) {
        let rows = sparse(size, "");
        with_size!(size, check_has_valid_moves(&strs(&rows), 'X', true));
        with_size!(size, check_has_valid_moves(&strs(&rows), 'O', true));
    }
}
