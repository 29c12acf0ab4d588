//! Connect Four: the representation, the evaluation and the chapter's text interface, one
//! behaviour per test. These are the graded suite's own tests (the rubric's
//! `connect_four::rep::`, `connect_four::eval::` and `connect_four::text::` groups), and a
//! failure says what the grader says. The grader also compares `evaluate` with an evaluation
//! of its own, window by window, on random boards, which is not here. Run one part's tests
//! alone:
//!
//! ```text
//! cargo test --test connect_four eval::
//! ```

#[path = "support/cases.rs"]
mod cases;
#[path = "support/checks.rs"]
mod checks;
#[path = "support/games.rs"]
pub(crate) mod games;
#[path = "support/random.rs"]
pub(crate) mod random;

use cases::cases;
use checks::assert_same;
use games::{at_terminal, board, connect_four};
use two_player::{C4Eval, C4Text, COL, Cell, ConnectFour, Error, Evaluation, Interface, ROW, Representation};

const EMPTY_BOARD: &str =
    ". . . . . . . \n. . . . . . . \n. . . . . . . \n. . . . . . . \n. . . . . . . \n. . . . . . . \n\n";

mod rep {
    use super::*;

    #[test]
    fn the_game_starts_empty() {
        let game = ConnectFour::game_start();
        for row in 1..=ROW {
            for column in 1..=COL {
                assert_same!(game.cell(row, column), Cell::Empty, "cell({row}, {column}) at the start");
            }
        }
    }

    #[test]
    fn legal_moves_are_the_columns_from_7_down_to_1() {
        assert_same!(
            ConnectFour::game_start().legal_moves(true),
            [7, 6, 5, 4, 3, 2, 1],
            "legal_moves(true) at the start"
        );
        assert_same!(
            ConnectFour::game_start().legal_moves(false),
            [7, 6, 5, 4, 3, 2, 1],
            "legal_moves(false) at the start"
        );
    }

    #[test]
    fn a_full_column_is_not_a_legal_move() {
        let game = connect_four("333333");
        assert_same!(
            game.legal_moves(true),
            [7, 6, 5, 4, 2, 1],
            "legal_moves(true) after the columns 333333 (X first), column 3 full"
        );
        assert_same!(
            connect_four("111111222222333333444444555555666666777777").legal_moves(false),
            [] as [usize; 0],
            "legal_moves(false) on a full board: every column played six times, 1 to 7"
        );
    }

    #[test]
    fn a_disc_falls_to_the_lowest_empty_cell() {
        let game = connect_four("443");
        assert_same!(game.cell(1, 4), Cell::A, "cell(1, 4) after the columns 443 (X first)");
        assert_same!(game.cell(2, 4), Cell::B, "cell(2, 4) after the columns 443 (X first)");
        assert_same!(game.cell(1, 3), Cell::A, "cell(1, 3) after the columns 443 (X first)");
        assert_same!(game.cell(3, 4), Cell::Empty, "cell(3, 4) after the columns 443 (X first)");
        assert_same!(game.cell(2, 3), Cell::Empty, "cell(2, 3) after the columns 443 (X first)");
    }

    #[test]
    fn the_second_player_plays_b() {
        assert_same!(
            ConnectFour::game_start().play(false, 7).cell(1, 7),
            Cell::B,
            "cell(1, 7) after play(false, 7) at the start"
        );
    }

    #[test]
    fn play_leaves_the_position_it_was_given_as_it_was() {
        let before = connect_four("4");
        let _after = before.play(false, 4);
        assert_same!(
            before,
            connect_four("4"),
            "the position after X's column 4, once play(false, 4) was called on it"
        );
        assert_same!(
            before.cell(2, 4),
            Cell::Empty,
            "cell(2, 4) of the position after X's column 4, once play(false, 4) was called on it"
        );
    }

    #[test]
    fn the_board_prints_as_the_chapter_prints_it() {
        assert_same!(ConnectFour::game_start().to_string(), EMPTY_BOARD, "to_string() at the start");
        let expected =
            ". . . . . . . \n. . . . . . . \n. . . . . . . \n. . . . . . . \n. . . O . . . \nX . X X . . O \n\n";
        assert_same!(connect_four("44371").to_string(), expected, "to_string() after the columns 44371 (X first)");
    }
}

mod eval {
    use super::*;

    #[test]
    fn the_empty_board_is_worth_nothing() {
        assert_same!(C4Eval::evaluate(true, &ConnectFour::game_start()), 0, "evaluate(true, ..) at the start");
    }

    #[test]
    fn a_corner_disc_is_in_three_windows() {
        assert_same!(C4Eval::evaluate(true, &connect_four("1")), 3 * 2, "evaluate(true, ..) after X's column 1");
    }

    #[test]
    fn a_centre_disc_is_in_seven_windows() {
        // Column 4, row 1: four across, one up, one on each diagonal.
        assert_same!(C4Eval::evaluate(true, &connect_four("4")), 7 * 2, "evaluate(true, ..) after X's column 4");
    }

    #[test]
    fn a_window_is_worth_2_10_50_for_one_two_three_discs() {
        // X alone at columns 1 and 2 of the bottom row: the window across 1–4 holds two
        // (10); across 2–5, up each column and up-right from each disc, one (5 × 2).
        let two = ConnectFour::game_start().play(true, 1).play(true, 2);
        assert_same!(
            C4Eval::evaluate(true, &two),
            10 + 5 * 2,
            "evaluate(true, ..) with X alone at columns 1 and 2 of the bottom row (play(true, 1), then play(true, 2))"
        );
        // And column 3: across 1–4 holds three (50), 2–5 two (10), 3–6 one (2); up and
        // up-right, one each from each disc (6 × 2).
        let three = two.play(true, 3);
        assert_same!(
            C4Eval::evaluate(true, &three),
            50 + 10 + 2 + 6 * 2,
            "evaluate(true, ..) with X alone at columns 1, 2 and 3 of the bottom row"
        );
        let theirs = ConnectFour::game_start().play(false, 1).play(false, 2).play(false, 3);
        assert_same!(
            C4Eval::evaluate(false, &theirs),
            -(50 + 10 + 2 + 6 * 2),
            "evaluate(false, ..) with O alone at columns 1, 2 and 3 of the bottom row"
        );
    }

    #[test]
    fn the_second_players_discs_count_against() {
        assert_same!(
            C4Eval::evaluate(false, &ConnectFour::game_start().play(false, 1)),
            -6,
            "evaluate(false, ..) with O's disc alone in column 1 (play(false, 1) at the start)"
        );
    }

    #[test]
    fn a_window_with_both_players_is_worth_nothing() {
        // X at column 1 and O at column 2: only the windows holding one of them count.
        let game = connect_four("12");
        assert_same!(
            C4Eval::evaluate(true, &game),
            (3 - 1) * 2 - (4 - 1) * 2,
            "evaluate(true, ..) after the columns 12 (X first): X alone in 2 windows, O alone in 3"
        );
    }

    #[test]
    fn it_is_the_same_for_both_players() {
        let game = connect_four("4433521");
        assert_same!(
            C4Eval::evaluate(true, &game),
            C4Eval::evaluate(false, &game),
            "evaluate(true, ..) against evaluate(false, ..) after the columns 4433521 (X first)"
        );
    }

    cases! {
        /// Four in a row wins (the spec's 10000 for the first player, -10000 for the second)
        /// wherever it is: across, up, both diagonals, on the edges and the top row.
        fn four_in_a_row_is_won_wherever_it_is(picture: &str, winner: bool) {
            let game = board(picture);
            let expected = if winner { 10000 } else { -10000 };
            assert_same!(C4Eval::evaluate(true, &game), expected, "evaluate(true, ..) in\n{game}");
        }
        across_the_bottom: (
            ". . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\nO O O . . . .\nX X X X . . .",
            true,
        ),
        up: (
            ". . . . . . .\n. . . . . . .\nX . . . . . .\nX O . . . . .\nX O . . . . .\nX O . . . . .",
            true,
        ),
        up_at_the_top: (
            "O . . . . . .\nO . . . . . .\nO . . . . . .\nO . . . . . .\nX X . . . . .\nX X . . . . .",
            false,
        ),
        up_right: (
            ". . . . . . .\n. . . . . . .\n. . . X . . .\n. . X O . . .\n. X O O . . .\nX O X X . . .",
            true,
        ),
        down_right: (
            ". . . . . . .\n. . . . . . .\n. . . X . . .\n. . . O X . .\n. . . O O X .\n. . . X X O X",
            true,
        ),
        across_the_top_row: (
            ". . . O O O O\n. . . X X X O\n. . . O O O X\n. . . X X X O\n. . . O O O X\n. . . X X X O",
            false,
        ),
        across_the_fifth_row: (
            ". . . . . . .\nX X X X . . .\nX X X O . . .\nX O O X . . .\nO X O X . . .\nX O X O . . .",
            true,
        ),
        down_right_from_the_top_row: (
            "O . . . . . .\nX O . . . . .\nO X O . . . .\nX O X O . . .\nO X O O . . .\nX O X X . . .",
            false,
        ),
        up_right_to_the_top_corner: (
            ". . . . . . X\n. . . . . X O\n. . . . X O X\n. . . X O X O\n. . . X X O X\n. . . O O X O",
            true,
        ),
    }

    cases! {
        /// A board with a four of each player (built: no game reaches one) is worth what the
        /// first four met says. The windows are met by their leftmost cell (an upright
        /// window's lowest), from the bottom row up and left to right, and from one cell
        /// across, up, up to the right, then down to the right.
        fn a_four_of_each_is_worth_the_first_four_met(picture: &str, winner: bool, why: &str) {
            let game = board(picture);
            let expected = if winner { 10000 } else { -10000 };
            assert_same!(C4Eval::evaluate(true, &game), expected, "evaluate(true, ..) in\n{game}{why}");
        }
        up_from_the_bottom_row_before_across_the_second: (
            ". . . . . . .\n. . . . . . .\nX . . . . . .\nX . . . . . .\nX O O O O . .\nX X O X O . .",
            true,
            "X's four up column 1 starts at row 1, O's across row 2 at row 2",
        ),
        across_the_bottom_row_at_the_left_before_up_further_right: (
            ". . . . . . .\n. . . . . . .\n. . . . . X .\n. . . . . X .\nX X X . . X .\nO O O O X X O",
            false,
            "both start in row 1: O's four across at column 1, X's up at column 6",
        ),
        down_right_is_met_at_its_top: (
            ". . . . . . .\n. . . . . . .\nX . . . . . .\nO X . . . . .\nX O X O O O O\nO X O X X O X",
            false,
            "X's four down to the right from row 4 column 1 starts at row 4, O's across row 2 at row 2",
        ),
    }

    #[test]
    fn a_won_position_is_a_leaf_and_won_for_the_player_who_made_it() {
        let game = connect_four("1122334");
        assert!(
            C4Eval::is_leaf(false, &game),
            "is_leaf(false, ..) should be true after the columns 1122334 (X first): X has four across"
        );
        assert_same!(
            C4Eval::state_of(true, &game),
            two_player::State::Won,
            "state_of(true, ..) after the columns 1122334 (X first): X has four across"
        );
        assert_same!(
            C4Eval::state_of(false, &connect_four("71212121")),
            two_player::State::Won,
            "state_of(false, ..) after the columns 71212121 (X first): O has four up column 1"
        );
    }

    #[test]
    fn a_full_board_without_four_is_nil() {
        let game = board("XOXOXOX\nXOXOXOX\nOXOXOXO\nOXOXOXO\nXOXOXOX\nXOXOXOX");
        // Every window holds four discs and none four of one player: each is worth nothing.
        assert_same!(C4Eval::evaluate(true, &game), 0, "evaluate(true, ..) in\n{game}");
        assert_same!(C4Eval::state_of(true, &game), two_player::State::Nil, "in\n{game}");
    }
}

mod text {
    use super::*;

    #[test]
    fn print_game_prints_the_board() {
        let (terminal, screen) = at_terminal("");
        C4Text::new(terminal)
            .print_game(&connect_four("4"))
            .expect("print_game() after X's column 4 should print the board and return Ok");
        assert_same!(
            screen.text(),
            EMPTY_BOARD.replacen(". . . . . . . \n\n", ". . . X . . . \n\n", 1),
            "what print_game printed after X's column 4"
        );
    }

    #[test]
    fn home_and_exit() {
        let (terminal, screen) = at_terminal("");
        let mut text = C4Text::new(terminal);
        text.home().expect("home() should print the welcome and return Ok");
        text.exit().expect("exit() should print the goodbye and return Ok");
        assert_same!(screen.text(), "C4 ...\nBye for now ... \n", "what home() then exit() printed");
    }

    #[test]
    fn results() {
        let (terminal, screen) = at_terminal("");
        let mut text = C4Text::new(terminal);
        text.won().expect("won() should say that the first player won and return Ok");
        text.lost().expect("lost() should say that the first player lost and return Ok");
        text.nil().expect("nil() should say that it is a stalemate and return Ok");
        assert_same!(
            screen.text(),
            "The first player won\nThe first player lost\nStalemate\n",
            "what won(), lost() then nil() printed"
        );
    }

    #[test]
    fn init_shows_who_is_who_and_the_empty_board() {
        let (terminal, screen) = at_terminal("");
        C4Text::new(terminal).init().expect("init() should print who is who and the empty board, and return Ok");
        assert_same!(screen.text(), format!("X: 1st player   O: 2nd player\n\n{EMPTY_BOARD}\n"), "what init() printed");
    }

    #[test]
    fn position_prints_the_new_board() {
        let (terminal, screen) = at_terminal("");
        let (old, new) = (connect_four("4"), connect_four("44"));
        C4Text::new(terminal)
            .position(false, 4, &old, &new)
            .expect("position(false, 4, old, new) should print the new board and return Ok");
        assert_same!(
            screen.text(),
            new.to_string(),
            "what position(false, 4, old, new) printed, old after the column 4 and new after the columns 44"
        );
    }

    cases! {
        /// `q_player` means yes on "y" alone.
        fn only_y_means_yes(answer: &str, yes: bool) {
            let (terminal, screen) = at_terminal(answer);
            assert_same!(
                C4Text::new(terminal).q_player().unwrap_or_else(|error| panic!(
                    "q_player() should read the answer {answer:?} and return Ok: {error:?}"
                )),
                yes,
                "q_player() on the answer {answer:?}"
            );
            assert_same!(
                screen.text(),
                "Is there to be a machine player ? y/n ? ",
                "what q_player() printed on the answer {answer:?}"
            );
        }
        y: ("y\n", true),
        n: ("n\n", false),
        yes_in_full: ("yes\n", false),
        capital_y: ("Y\n", false),
        nothing: ("\n", false),
    }

    #[test]
    fn play_again_asks_so() {
        let (terminal, screen) = at_terminal("y\n");
        assert!(
            C4Text::new(terminal).q_continue().expect("q_continue() should read the answer \"y\\n\" and return Ok"),
            "q_continue() should be true on the answer \"y\\n\""
        );
        assert_same!(screen.text(), "Play again? y/n ? ", "what q_continue() printed");
    }

    #[test]
    fn a_person_chooses_a_column() {
        let (terminal, screen) = at_terminal("3\n");
        assert_same!(
            C4Text::new(terminal)
                .choice(true, &ConnectFour::game_start())
                .expect("choice(true, ..) at the start should return Ok(3) on the answer \"3\\n\""),
            3,
            "choice(true, ..) at the start on the answer \"3\\n\""
        );
        assert_same!(screen.text(), "Choose player1 : ", "what choice(true, ..) printed on the answer \"3\\n\"");
    }

    #[test]
    fn the_second_player_is_player2() {
        let (terminal, screen) = at_terminal("7\n");
        assert_same!(
            C4Text::new(terminal)
                .choice(false, &connect_four("4"))
                .expect("choice(false, ..) after the column 4 should return Ok(7) on the answer \"7\\n\""),
            7,
            "choice(false, ..) after the column 4 on the answer \"7\\n\""
        );
        assert_same!(screen.text(), "Choose player2 : ", "what choice(false, ..) printed on the answer \"7\\n\"");
    }

    #[test]
    fn only_the_first_character_counts() {
        let (terminal, _) = at_terminal("52 and more\n");
        assert_same!(
            C4Text::new(terminal)
                .choice(true, &ConnectFour::game_start())
                .expect("choice(true, ..) at the start should return Ok(5) on the answer \"52 and more\\n\""),
            5,
            "choice(true, ..) at the start on the answer \"52 and more\\n\""
        );
    }

    #[test]
    fn bad_answers_are_refused_without_a_newline_and_read_again() {
        let (terminal, screen) = at_terminal("\n0\n8\nx\n 4\n3\n4\n");
        assert_same!(
            C4Text::new(terminal).choice(true, &connect_four("333333")).expect(
                "choice(true, ..) after the columns 333333 should refuse six answers, then return Ok(4) on \"4\\n\""
            ),
            4,
            "choice(true, ..) after the columns 333333 (column 3 full) on the answers \"\\n0\\n8\\nx\\n 4\\n3\\n4\\n\""
        );
        assert_same!(
            screen.text(),
            format!("Choose player1 : {}", "Invalid move - try again".repeat(6)),
            "what choice(true, ..) printed after the columns 333333 on the answers \"\\n0\\n8\\nx\\n 4\\n3\\n4\\n\": \
             six refused"
        );
    }

    #[test]
    fn the_end_of_the_input_is_an_error() {
        let (terminal, _) = at_terminal("9\n");
        let result = C4Text::new(terminal).choice(true, &ConnectFour::game_start());
        assert!(
            matches!(result, Err(Error::EndOfInput)),
            "choice(true, ..) at the start on the answer \"9\\n\", then none, should be Err(EndOfInput): {result:?}"
        );
        let (terminal, _) = at_terminal("");
        assert!(
            matches!(C4Text::new(terminal).q_continue(), Err(Error::EndOfInput)),
            "q_continue() with no input should be Err(EndOfInput)"
        );
    }
}
