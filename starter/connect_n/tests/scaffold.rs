//! The Scaffold, one behaviour per test, in the spec's numbering: columns from 1 at the
//! left, levels from 1 at the bottom. These are the graded suite's own cases (the rubric's
//! `scaffold::` group), and a failure says what the grader says. Run one behaviour's cases
//! alone:
//!
//! ```text
//! cargo test --test scaffold a_column_outside_the_scaffold_is_refused
//! ```

#[path = "support/cases.rs"]
mod cases;
#[path = "support/checks.rs"]
mod checks;
#[path = "support/scaffolds.rs"]
pub(crate) mod scaffolds;

use cases::cases;
use checks::assert_same;
use connect_n::{BLACK, RED, Scaffold, VACANT};
use scaffolds::scaffold;

cases! {
    fn a_new_scaffold_has_its_size_and_is_empty(columns: i32, levels: i32) {
        let s = scaffold(columns, levels, "");
        assert_same!(
            (s.cols(), s.levels(), s.number_empty()),
            (columns, levels, columns * levels),
            "(cols(), levels(), number_empty()) of Scaffold::new({columns}, {levels})"
        );
        for column in 1..=columns {
            for level in 1..=levels {
                assert_same!(
                    s.checker_at(column, level),
                    VACANT,
                    "checker_at({column}, {level}) of Scaffold::new({columns}, {levels})"
                );
            }
        }
    }
    three_by_two: (3, 2),
    one_by_one: (1, 1),
    seven_by_six: (7, 6),
    ten_by_one: (10, 1),
    one_by_ten: (1, 10),
}

cases! {
    fn a_size_that_is_not_positive_or_too_large_is_an_error(columns: i32, levels: i32) {
        let result = Scaffold::new(columns, levels);
        assert!(
            matches!(result, Err(connect_n::Error::Size(_))),
            "Scaffold::new({columns}, {levels}) returned {:?}, not Err(Error::Size(_)): a size must be from 1 to MAX_SIZE",
            result.as_ref().map(|_| "a scaffold")
        );
    }
    no_columns: (0, 3),
    no_levels: (3, 0),
    negative_columns: (-1, 3),
    negative_levels: (3, -5),
    both_i32_min: (i32::MIN, i32::MIN),
    columns_i32_max: (i32::MAX, 3),
    levels_i32_max: (3, i32::MAX),
}

cases! {
    /// The message of the size error names the size that is wrong, the columns first.
    fn a_size_error_says_which_size_is_wrong(columns: i32, levels: i32, expected: &str) {
        let message = match Scaffold::new(columns, levels) {
            Err(connect_n::Error::Size(message)) => Some(message),
            _ => None,
        };
        assert_same!(
            message.as_deref(),
            Some(expected),
            "the message of Scaffold::new({columns}, {levels})'s Err(Error::Size(_))"
        );
    }
    no_columns: (0, 3, "a scaffold has 1 to 1000 columns, not 0"),
    too_many_levels: (3, 1001, "a scaffold has 1 to 1000 levels, not 1001"),
    both_wrong: (-1, i32::MIN, "a scaffold has 1 to 1000 columns, not -1"),
}

#[test]
fn checkers_drop_to_the_lowest_vacant_level() {
    let mut s = scaffold(4, 3, "");
    assert!(s.make_move(2, RED), "make_move(2, RED) on a new 4 × 3 scaffold returned false");
    assert!(
        s.make_move(2, BLACK),
        "make_move(2, BLACK) after make_move(2, RED) on a new 4 × 3 scaffold returned false"
    );
    assert!(
        s.make_move(4, RED),
        "make_move(4, RED) after make_move(2, RED), make_move(2, BLACK) on a new 4 × 3 returned false"
    );
    let moves = "make_move(2, RED), make_move(2, BLACK), make_move(4, RED) on a new 4 × 3 scaffold";
    assert_same!(
        (s.checker_at(2, 1), s.checker_at(2, 2), s.checker_at(2, 3)),
        (RED, BLACK, VACANT),
        "(checker_at(2, 1), checker_at(2, 2), checker_at(2, 3)) after {moves}"
    );
    assert_same!(
        (s.checker_at(4, 1), s.checker_at(1, 1), s.checker_at(3, 1)),
        (RED, VACANT, VACANT),
        "(checker_at(4, 1), checker_at(1, 1), checker_at(3, 1)) after {moves}"
    );
    assert_same!(s.number_empty(), 9, "number_empty() after {moves}");
}

#[test]
fn a_full_column_refuses_a_checker_and_nothing_changes() {
    let mut s = scaffold(3, 2, "11");
    let before = s.clone();
    assert!(!s.make_move(1, RED), "make_move(1, RED) returned true on a 3 × 2 scaffold whose column 1 is full");
    assert_same!(s, before, "the scaffold after the refused make_move(1, RED), compared with the scaffold before it");
    assert_same!(
        s.number_empty(),
        4,
        "number_empty() after the refused make_move(1, RED) on a 3 × 2 whose column 1 is full"
    );
}

cases! {
    fn a_column_outside_the_scaffold_is_refused(column: i32) {
        let mut s = scaffold(3, 2, "");
        assert!(
            !s.make_move(column, RED),
            "make_move({column}, RED) returned true on a new 3 × 2 scaffold, which has no column {column}"
        );
        assert_same!(
            s.number_empty(),
            6,
            "number_empty() after the refused make_move({column}, RED) on a new 3 × 2 scaffold"
        );
    }
    column_0: (0),
    column_minus_1: (-1),
    column_4: (4),
    column_i32_min: (i32::MIN),
    column_i32_max: (i32::MAX),
}

cases! {
    fn a_color_other_than_red_or_black_is_refused(color: i32) {
        let mut s = scaffold(3, 2, "");
        assert!(
            !s.make_move(1, color),
            "make_move(1, {color}) returned true on a new 3 × 2 scaffold: {color} is neither RED nor BLACK"
        );
        assert_same!(
            (s.number_empty(), s.checker_at(1, 1)),
            (6, VACANT),
            "(number_empty(), checker_at(1, 1)) after the refused make_move(1, {color}) on a new 3 × 2 scaffold"
        );
    }
    vacant: (VACANT),
    two: (2),
    minus_7: (-7),
}

cases! {
    fn a_position_outside_the_scaffold_is_vacant(column: i32, level: i32) {
        let s = scaffold(3, 2, "112233");
        assert_same!(
            s.checker_at(column, level),
            VACANT,
            "checker_at({column}, {level}) on a full 3 × 2 scaffold, which has no such position"
        );
    }
    column_0: (0, 1),
    level_0: (1, 0),
    column_4: (4, 1),
    level_3: (1, 3),
    both_minus_1: (-1, -1),
    i32_max_and_min: (i32::MAX, i32::MIN),
}

#[test]
fn the_spec_example_of_undo_move() {
    let mut s = scaffold(3, 2, "");
    s.make_move(2, RED);
    s.make_move(1, BLACK);
    s.make_move(1, RED);
    let moves = "make_move(2, RED), make_move(1, BLACK), make_move(1, RED) on a new 3 × 2 scaffold";
    assert_same!(s.to_string(), "|R| | |\n|B|R| |\n+-+-+-+\n", "the scaffold displayed after {moves}");
    assert_same!(s.undo_move(), 1, "the first undo_move() after {moves}");
    assert_same!(
        s.to_string(),
        "| | | |\n|B|R| |\n+-+-+-+\n",
        "the scaffold displayed after {moves}, then undo_move()"
    );
    assert_same!(s.undo_move(), 1, "the second undo_move() after {moves}");
    assert_same!(
        s.to_string(),
        "| | | |\n| |R| |\n+-+-+-+\n",
        "the scaffold displayed after {moves}, then undo_move() twice"
    );
}

#[test]
fn undo_move_takes_back_every_move_latest_first_then_returns_0() {
    let moves = "3231142";
    let mut s = scaffold(4, 3, moves);
    for column in moves.bytes().rev() {
        assert_same!(
            s.undo_move(),
            i32::from(column - b'0'),
            "undo_move() after the moves {moves} (one digit a column, red first) on a new 4 × 3, and one undo_move() \
             per later move"
        );
    }
    assert_same!(s, scaffold(4, 3, ""), "the scaffold after undoing all its moves, compared with Scaffold::new(4, 3)");
    assert_same!(s.undo_move(), 0, "undo_move() on a 4 × 3 scaffold whose moves {moves} are all undone");
    assert_same!(s.number_empty(), 12, "number_empty() of a 4 × 3 scaffold whose moves {moves} are all undone");
}

#[test]
fn a_refused_move_is_not_undone() {
    let mut s = scaffold(3, 1, "1");
    assert!(!s.make_move(1, BLACK), "make_move(1, BLACK) returned true on a 3 × 1 scaffold whose column 1 is full");
    let moves = "make_move(1, RED), then the refused make_move(1, BLACK), on a new 3 × 1 scaffold";
    assert_same!(s.undo_move(), 1, "the first undo_move() after {moves}");
    assert_same!(s.undo_move(), 0, "the second undo_move() after {moves}");
}

#[test]
fn display_matches_the_spec_example() {
    // The spec's scaffold of 4 columns and 3 levels.
    let s = scaffold(4, 3, "12234");
    assert_same!(
        s.to_string(),
        "| | | | |\n| |R| | |\n|R|B|B|R|\n+-+-+-+-+\n",
        "the spec's 4 × 3 scaffold displayed, after the moves 12234 (one digit a column, red first)"
    );
}

#[test]
fn display_prints_what_display_formats() {
    let s = scaffold(5, 4, "3344512");
    let mut printed = Vec::new();
    s.display(&mut printed).expect("display() of a 5 × 4 scaffold into a Vec<u8> should write it and return Ok");
    assert_same!(
        String::from_utf8(printed).expect("what display() writes should be UTF-8 text"),
        s.to_string(),
        "what display() writes, compared with the Display format, of a 5 × 4 scaffold after the moves 3344512"
    );
}

cases! {
    fn display_of_narrow_and_flat_scaffolds(columns: i32, levels: i32, moves: &str, expected: &str) {
        assert_same!(
            scaffold(columns, levels, moves).to_string(),
            expected,
            "a {columns} × {levels} scaffold displayed after the moves {moves:?} (one digit a column, red first)"
        );
    }
    one_by_one: (1, 1, "", "| |\n+-+\n"),
    one_column_of_three: (1, 3, "111", "|R|\n|B|\n|R|\n+-+\n"),
    one_level_of_five: (5, 1, "54321", "|R|B|R|B|R|\n+-+-+-+-+-+\n"),
}

#[test]
fn a_clone_is_independent() {
    let original = scaffold(3, 3, "12");
    let mut copy = original.clone();
    copy.make_move(3, RED);
    let original_moves = "a 3 × 3 scaffold after make_move(1, RED), make_move(2, BLACK)";
    assert_same!(
        original.checker_at(3, 1),
        VACANT,
        "checker_at(3, 1) of {original_moves}, after make_move(3, RED) on its clone"
    );
    assert_same!(
        copy.undo_move(),
        3,
        "undo_move() on the clone of {original_moves}, after make_move(3, RED) on the clone"
    );
    assert_same!(copy.undo_move(), 2, "the second undo_move() on the clone of {original_moves}");
    assert_same!(
        original.number_empty(),
        7,
        "number_empty() of {original_moves}, after make_move(3, RED) and two undo_move() on its clone"
    );
}

#[test]
fn filling_the_scaffold_leaves_no_empty_position() {
    let s = scaffold(3, 2, "123123");
    let moves = "a 3 × 2 scaffold after the moves 123123 (one digit a column, red first)";
    assert_same!(s.number_empty(), 0, "number_empty() of {moves}");
    for column in 1..=3 {
        assert_same!(
            s.checker_at(column, 2),
            if column % 2 == 0 { RED } else { BLACK },
            "checker_at({column}, 2) of {moves}"
        );
    }
}
