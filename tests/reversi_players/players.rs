//! The players: what the person at the terminal is asked and how the answer is read; what
//! the computer text player announces; what both say when they skip, win or tie.

use crate::{after, at_terminal, square};
use reversi_players::{
    Board, Color, ConsoleError, Error, HumanTextPlayer, Machine, Player, Screen, VirtualPlayer, VirtualTextPlayer,
};
use rstest::rstest;

const BLACK_PROMPT: &str = "Black, enter your move (e.g., a7) : ";

/// What a person typing `input` moves on `board` as `color`, and what was printed.
fn human_move(board: &Board, color: Color, input: &str) -> (Result<(i32, i32), Error>, String) {
    let (terminal, screen) = at_terminal(input);
    let result = HumanTextPlayer::new(&terminal, color).get_move(board);
    (result, screen.text())
}

#[rstest]
#[case::as_printed("d3\n")]
#[case::upper_case("D3\n")]
#[case::with_a_space("d 3\n")]
#[case::after_blank_lines("\n\n  d3\n")]
fn a_person_types_the_row_then_the_column(#[case] input: &str) {
    let (result, printed) = human_move(&Board::new(), Color::Black, input);
    assert_eq!(
        result.expect("a move"),
        square("d3"),
        "HumanTextPlayer for Black, get_move(Board::new()), typing {input:?}"
    );
    assert_eq!(printed, BLACK_PROMPT, "printed by HumanTextPlayer for Black, get_move(Board::new()), typing {input:?}");
}

#[test]
fn letters_and_digits_count_in_either_place() {
    // "3d" is row 3 (c) and column 4 (d): c4.
    let (result, _) = human_move(&Board::new(), Color::Black, "3d\n");
    assert_eq!(result.expect("a move"), square("c4"), "HumanTextPlayer for Black, get_move(Board::new()), typing 3d");
}

#[test]
fn the_prompt_names_the_colour() {
    let (board, _) = after(&["d3"]);
    let (result, printed) = human_move(&board, Color::White, "c3\n");
    assert_eq!(result.expect("a move"), square("c3"), "HumanTextPlayer for White, get_move after d3, typing c3");
    assert_eq!(
        printed, "White, enter your move (e.g., a7) : ",
        "printed by HumanTextPlayer for White, get_move after d3, typing c3"
    );
}

#[rstest]
#[case::taken("d4\n")]
#[case::flips_nothing("a1\n")]
#[case::off_the_board("z9\n")]
#[case::row_nine("i4\n")]
#[case::column_nine("a9\n")]
#[case::punctuation("?!\n")]
fn an_invalid_move_is_refused_with_an_example_and_asked_again(#[case] invalid: &str) {
    let (result, printed) = human_move(&Board::new(), Color::Black, &format!("{invalid}f5\n"));
    assert_eq!(
        result.expect("a move"),
        square("f5"),
        "HumanTextPlayer for Black, get_move(Board::new()), typing {invalid:?} then f5"
    );
    let refusal = "Invalid move. Please try again.\nc4 is a valid example, but other moves may be better.\n";
    assert_eq!(
        printed,
        format!("{BLACK_PROMPT}{refusal}{BLACK_PROMPT}"),
        "printed by HumanTextPlayer for Black, get_move(Board::new()), typing {invalid:?} then f5"
    );
}

#[test]
fn two_characters_are_read_at_a_time() {
    // "a1d3" is two answers: a1 (refused), then d3.
    let (result, printed) = human_move(&Board::new(), Color::Black, "a1d3\n");
    assert_eq!(
        result.expect("a move"),
        square("d3"),
        "HumanTextPlayer for Black, get_move(Board::new()), typing a1d3 on one line"
    );
    assert_eq!(
        printed.matches(BLACK_PROMPT).count(),
        2,
        "prompts printed by HumanTextPlayer for Black, get_move(Board::new()), typing a1d3 on one line"
    );
}

#[test]
fn the_end_of_the_input_is_an_error_not_a_move() {
    for input in ["", "d", "a1\n"] {
        let (result, _) = human_move(&Board::new(), Color::Black, input);
        assert!(
            matches!(result, Err(Error::Console(ConsoleError::EndOfInput))),
            "HumanTextPlayer for Black, get_move(Board::new()), typing {input:?}, then the input ends: {result:?}"
        );
    }
}

/// What a player says through each of the ends of a turn or a game.
fn says(player: &mut dyn Player, screen: &Screen) -> [String; 4] {
    let mut heard = |call: &mut dyn FnMut(&mut dyn Player) -> Result<(), Error>| {
        let before = screen.text().len();
        call(player).expect("a screen takes any text");
        screen.text()[before..].to_owned()
    };
    [
        heard(&mut |player| player.skip_move(&Board::new())),
        heard(&mut |player| player.win()),
        heard(&mut |player| player.lose()),
        heard(&mut |player| player.tie()),
    ]
}

#[rstest]
#[case::black(Color::Black, ["Black: no valid move possible.\n", "Black wins!\n", "", "Game tied.\n"])]
#[case::white(Color::White, ["White: no valid move possible.\n", "White wins!\n", "", "No winner!\n"])]
fn both_players_say_the_books_words(#[case] color: Color, #[case] words: [&str; 4]) {
    let (terminal, screen) = at_terminal("");
    assert_eq!(
        says(&mut HumanTextPlayer::new(&terminal, color), &screen),
        words.map(str::to_owned),
        "what HumanTextPlayer for {color:?} prints in skip_move, win, lose and tie"
    );
    let screen = Screen::default();
    assert_eq!(
        says(&mut VirtualTextPlayer::new(screen.clone(), color), &screen),
        words.map(str::to_owned),
        "what VirtualTextPlayer for {color:?} prints in skip_move, win, lose and tie"
    );
}

#[test]
fn the_computer_announces_the_books_move() {
    let screen = Screen::default();
    let mut player = VirtualTextPlayer::new(screen.clone(), Color::Black);
    let chosen = player.get_move(&Board::new()).expect("a move");
    assert_eq!(
        chosen,
        VirtualPlayer::new(Color::Black).choose_move(&Board::new()).expect("a move"),
        "VirtualTextPlayer for Black, get_move(Board::new()), against VirtualPlayer::new(Black).choose_move"
    );
    assert_eq!(chosen, square("f5"), "VirtualTextPlayer for Black, get_move(Board::new())");
    assert_eq!(screen.text(), "Black plays [f5]\n", "printed by VirtualTextPlayer for Black, get_move(Board::new())");
}

/// A machine that always chooses the same square, or none.
struct Always(Option<(i32, i32)>);

impl Machine for Always {
    fn choose_move(&mut self, _board: &Board) -> Option<(i32, i32)> {
        self.0
    }
}

#[test]
fn the_computer_text_player_plays_any_machine() {
    let (board, _) = after(&["d3"]);
    let screen = Screen::default();
    let mut player =
        VirtualTextPlayer::with_machine(screen.clone(), Color::White, Box::new(Always(Some(square("e3")))));
    assert_eq!(
        player.get_move(&board).expect("a move"),
        square("e3"),
        "VirtualTextPlayer::with_machine for White, a machine that always chooses e3, get_move after d3"
    );
    assert_eq!(
        screen.text(),
        "White plays [e3]\n",
        "printed by VirtualTextPlayer::with_machine for White, a machine that always chooses e3, get_move after d3"
    );
}

#[test]
fn a_machine_that_gives_no_move_is_an_error_not_a_panic() {
    let screen = Screen::default();
    let mut player = VirtualTextPlayer::with_machine(screen.clone(), Color::Black, Box::new(Always(None)));
    let result = player.get_move(&Board::new());
    assert!(
        matches!(result, Err(Error::NoMove(Color::Black))),
        "VirtualTextPlayer::with_machine for Black, a machine that chooses no move, get_move(Board::new()): {result:?}"
    );
    assert_eq!(
        screen.text(),
        "",
        "printed by VirtualTextPlayer::with_machine for Black, a machine that chooses no move, get_move(Board::new())"
    );
}
