//! The players, one behaviour per test: what the person at the terminal is asked and how
//! the answer is read; what the computer text player announces; what both say when they
//! skip, win or tie. These are the graded suite's own tests (the rubric's `players::`
//! groups), and a failure says what the grader says: the call, what was typed, what it
//! returned and printed, and what was expected. Run the cases whose names have a part in
//! common:
//!
//! ```text
//! cargo test --test players an_invalid_move
//! ```

#[path = "support/boards.rs"]
pub(crate) mod boards;
#[path = "support/cases.rs"]
mod cases;
#[path = "support/terminal.rs"]
pub(crate) mod terminal;

use boards::{after, said, square};
use cases::cases;
use reversi_players::{
    Board, Color, ConsoleError, Error, HumanTextPlayer, Machine, Player, Screen, VirtualPlayer, VirtualTextPlayer,
};
use terminal::at_terminal;

const BLACK_PROMPT: &str = "Black, enter your move (e.g., a7) : ";

/// What a person typing `input` moves on `board` as `color`, and what was printed.
fn human_move(board: &Board, color: Color, input: &str) -> (Result<(i32, i32), Error>, String) {
    let (terminal, screen) = at_terminal(input);
    let result = HumanTextPlayer::new(&terminal, color).get_move(board);
    (result, screen.text())
}

/// Checks what a person typing `input` moves as `color` on `board` (`call` says the rest)
/// and what is printed meanwhile.
#[track_caller]
fn check_human_move(call: &str, board: &Board, color: Color, input: &str, expected: &str, printed: &str) {
    let (result, got) = human_move(board, color, input);
    let expected = square(expected);
    assert!(
        matches!(result, Ok(chosen) if chosen == expected),
        "{call}, typing {input:?}, returned {}, expected Ok({})",
        result.as_ref().map_or_else(|error| format!("Err({error:?})"), |&chosen| format!("Ok({})", said(Some(chosen)))),
        said(Some(expected))
    );
    assert!(got == printed, "{call}, typing {input:?}, printed {got:?}, expected {printed:?}");
}

cases! {
    /// The row's letter then the column's digit, upper case or lower, spaces and blank lines
    /// skipped.
    fn a_person_types_the_row_then_the_column(input: &str) {
        let call = "HumanTextPlayer for Black, get_move(Board::new())";
        check_human_move(call, &Board::new(), Color::Black, input, "d3", BLACK_PROMPT);
    }
    as_printed: ("d3\n"),
    upper_case: ("D3\n"),
    with_a_space: ("d 3\n"),
    after_blank_lines: ("\n\n  d3\n"),
}

#[test]
fn letters_and_digits_count_in_either_place() {
    // "3d" is row 3 (c) and column 4 (d): c4.
    check_human_move(
        "HumanTextPlayer for Black, get_move(Board::new())",
        &Board::new(),
        Color::Black,
        "3d\n",
        "c4",
        BLACK_PROMPT,
    );
}

#[test]
fn the_prompt_names_the_colour() {
    let (board, _) = after("d3");
    let prompt = "White, enter your move (e.g., a7) : ";
    check_human_move("HumanTextPlayer for White, get_move after d3", &board, Color::White, "c3\n", "c3", prompt);
}

cases! {
    /// An answer that is not a valid move is refused, with the first valid move (row by row)
    /// as the example, and the person is asked again.
    fn an_invalid_move_is_refused_with_an_example_and_asked_again(invalid: &str) {
        let refusal = "Invalid move. Please try again.\nc4 is a valid example, but other moves may be better.\n";
        check_human_move(
            "HumanTextPlayer for Black, get_move(Board::new())",
            &Board::new(),
            Color::Black,
            &format!("{invalid}f5\n"),
            "f5",
            &format!("{BLACK_PROMPT}{refusal}{BLACK_PROMPT}"),
        );
    }
    taken: ("d4\n"),
    flips_nothing: ("a1\n"),
    off_the_board: ("z9\n"),
    row_nine: ("i4\n"),
    column_nine: ("a9\n"),
    punctuation: ("?!\n"),
}

#[test]
fn two_characters_are_read_at_a_time() {
    // "a1d3" is two answers: a1 (refused), then d3.
    let (result, printed) = human_move(&Board::new(), Color::Black, "a1d3\n");
    let call = "HumanTextPlayer for Black, get_move(Board::new()), typing \"a1d3\\n\" (two answers on one line)";
    assert!(
        matches!(result, Ok(chosen) if chosen == square("d3")),
        "{call} returned {result:?}, expected Ok({})",
        said(Some(square("d3")))
    );
    let prompts = printed.matches(BLACK_PROMPT).count();
    assert!(prompts == 2, "{call} printed its prompt {prompts} times, expected 2: it printed {printed:?}");
}

#[test]
fn the_end_of_the_input_is_an_error_not_a_move() {
    for input in ["", "d", "a1\n"] {
        let (result, _) = human_move(&Board::new(), Color::Black, input);
        assert!(
            matches!(result, Err(Error::Console(ConsoleError::EndOfInput))),
            "HumanTextPlayer for Black, get_move(Board::new()), typing {input:?}, then the input ends: returned \
             {result:?}, expected Err(Console(EndOfInput))"
        );
    }
}

/// What a player says through each of the ends of a turn or a game.
fn says(player: &mut dyn Player, screen: &Screen) -> [String; 4] {
    let mut heard = |call: &mut dyn FnMut(&mut dyn Player) -> Result<(), Error>| {
        let before = screen.text().len();
        call(player).expect("a player's skip_move, win, lose and tie print on a screen, which takes any text");
        screen.text()[before..].to_owned()
    };
    [
        heard(&mut |player| player.skip_move(&Board::new())),
        heard(&mut |player| player.win()),
        heard(&mut |player| player.lose()),
        heard(&mut |player| player.tie()),
    ]
}

cases! {
    /// `skip_move`, `win`, `lose` and `tie`, for the person and for the computer alike.
    fn both_players_say_the_books_words(color: Color, words: [&str; 4]) {
        let (terminal, screen) = at_terminal("");
        let human = says(&mut HumanTextPlayer::new(&terminal, color), &screen);
        assert!(
            human == words,
            "HumanTextPlayer for {color:?} printed {human:?} in skip_move, win, lose and tie, expected {words:?}"
        );
        let screen = Screen::default();
        let computer = says(&mut VirtualTextPlayer::new(screen.clone(), color), &screen);
        assert!(
            computer == words,
            "VirtualTextPlayer for {color:?} printed {computer:?} in skip_move, win, lose and tie, expected {words:?}"
        );
    }
    black: (Color::Black, ["Black: no valid move possible.\n", "Black wins!\n", "", "Game tied.\n"]),
    white: (Color::White, ["White: no valid move possible.\n", "White wins!\n", "", "No winner!\n"]),
}

#[test]
fn the_computer_announces_the_books_move() {
    let screen = Screen::default();
    let mut player = VirtualTextPlayer::new(screen.clone(), Color::Black);
    let call = "VirtualTextPlayer for Black, get_move(Board::new())";
    let result = player.get_move(&Board::new());
    let machine = VirtualPlayer::new(Color::Black).choose_move(&Board::new());
    assert!(
        matches!(result, Ok(chosen) if Some(chosen) == machine),
        "{call} returned {result:?}, where VirtualPlayer::new(Black).choose_move(Board::new()) returns {}: the text \
         player plays its machine's move",
        said(machine)
    );
    let expected = square("f5");
    assert!(
        matches!(result, Ok(chosen) if chosen == expected),
        "{call} returned {result:?}, expected Ok({}): the book's first move",
        said(Some(expected))
    );
    let printed = screen.text();
    assert!(printed == "Black plays [f5]\n", "{call} printed {printed:?}, expected \"Black plays [f5]\\n\"");
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
    let (board, _) = after("d3");
    let screen = Screen::default();
    let mut player =
        VirtualTextPlayer::with_machine(screen.clone(), Color::White, Box::new(Always(Some(square("e3")))));
    let call = "VirtualTextPlayer::with_machine for White, a machine that always chooses e3, get_move after d3";
    let result = player.get_move(&board);
    assert!(
        matches!(result, Ok(chosen) if chosen == square("e3")),
        "{call} returned {result:?}, expected Ok({})",
        said(Some(square("e3")))
    );
    let printed = screen.text();
    assert!(printed == "White plays [e3]\n", "{call} printed {printed:?}, expected \"White plays [e3]\\n\"");
}

#[test]
fn a_machine_that_gives_no_move_is_an_error_not_a_panic() {
    let screen = Screen::default();
    let mut player = VirtualTextPlayer::with_machine(screen.clone(), Color::Black, Box::new(Always(None)));
    let call = "VirtualTextPlayer::with_machine for Black, a machine that chooses no move, get_move(Board::new())";
    let result = player.get_move(&Board::new());
    assert!(
        matches!(result, Err(Error::NoMove(Color::Black))),
        "{call} returned {result:?}, expected Err(NoMove(Black))"
    );
    let printed = screen.text();
    assert!(printed.is_empty(), "{call} printed {printed:?}, expected nothing");
}
