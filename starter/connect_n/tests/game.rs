//! The Game, one behaviour per test, with players that follow a script. These are the
//! graded suite's own cases (the rubric's `game::` group), and a failure says what the
//! grader says. Run one behaviour's cases alone:
//!
//! ```text
//! cargo test --test game the_game_sees_n_in_a_row
//! ```

#[path = "support/cases.rs"]
mod cases;
#[path = "support/checks.rs"]
mod checks;
#[path = "support/scaffolds.rs"]
mod scaffolds;
#[path = "support/terminal.rs"]
pub(crate) mod terminal;

use cases::cases;
use checks::assert_same;
use connect_n::{BLACK, BadPlayer, Error, Game, HumanPlayer, Player, RED, Scaffold, TIE_GAME, VACANT};
use terminal::at_terminal;

/// A player that plays the columns it is given, in order, then no move (0).
struct Script(Vec<i32>, &'static str);

impl Player for Script {
    fn name(&self) -> &str {
        self.1
    }

    fn choose_move(&mut self, _scaffold: &Scaffold, _n: i32, _color: i32) -> i32 {
        if self.0.is_empty() { 0 } else { self.0.remove(0) }
    }
}

/// Red and Black playing `moves` (columns as digits, red first).
fn scripts(moves: &str) -> (Script, Script) {
    let columns: Vec<i32> = moves.bytes().map(|column| i32::from(column - b'0')).collect();
    let red = columns.iter().copied().step_by(2).collect();
    let black = columns.iter().copied().skip(1).step_by(2).collect();
    (Script(red, "Red"), Script(black, "Black"))
}

/// The scaffold of `columns` × `levels` after `moves`, drawn (as `Scaffold`'s `Display`
/// draws it) for a message.
fn drawn(columns: i32, levels: i32, moves: &str) -> String {
    scaffolds::scaffold(columns, levels, moves).to_string()
}

/// What `completed()` returned, written with the spec's names: `Some(RED)`, `Some(TIE_GAME)`,
/// `None`.
#[derive(PartialEq)]
struct Completed(Option<i32>);

impl std::fmt::Debug for Completed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            None => write!(f, "None"),
            Some(RED) => write!(f, "Some(RED)"),
            Some(BLACK) => write!(f, "Some(BLACK)"),
            Some(TIE_GAME) => write!(f, "Some(TIE_GAME)"),
            Some(other) => write!(f, "Some({other})"),
        }
    }
}

/// The winner after `moves` on `columns` × `levels`, N = `n`, each move taken by
/// `take_turn`; checks that the game goes on until the last move.
#[track_caller]
fn winner_after(columns: i32, levels: i32, n: i32, moves: &str) -> Completed {
    let (mut red, mut black) = scripts(moves);
    let mut game = Game::new(columns, levels, n, &mut red, &mut black).unwrap_or_else(|error| {
        panic!(
            "Game::new({columns}, {levels}, {n}, …) should make a game of {columns} columns and {levels} levels, \
             N = {n}: {error:?}"
        )
    });
    for (index, _) in moves.bytes().enumerate() {
        assert_same!(
            Completed(game.completed()),
            Completed(None),
            "the game ended before move {} of {moves}",
            index + 1
        );
        assert!(game.take_turn(), "move {} of {moves} was not made", index + 1);
    }
    Completed(game.completed())
}

cases! {
    fn the_game_sees_n_in_a_row(columns: i32, levels: i32, n: i32, moves: &str, winner: i32) {
        assert_same!(
            winner_after(columns, levels, n, moves),
            Completed(Some(winner)),
            "completed() after the moves {moves} (one digit a column, red first) on a {columns} × {levels} game, N = \
             {n}:\n{}",
            drawn(columns, levels, moves)
        );
    }
    across: (4, 3, 3, "11223", RED),
    up: (4, 3, 3, "12121", RED),
    up_black: (4, 3, 3, "123242", BLACK),
    diagonal: (4, 3, 3, "1223433", RED),
    other_diagonal: (4, 3, 3, "4332122", RED),
    n_of_one: (3, 3, 1, "2", RED),
    black_across: (5, 1, 2, "1534", BLACK),
    seven_by_six: (7, 6, 4, "4455667", RED),
}

#[test]
fn a_full_scaffold_without_n_in_a_row_is_a_tie() {
    assert_same!(
        winner_after(3, 2, 3, "123321"),
        Completed(Some(TIE_GAME)),
        "completed() after the moves 123321 (one digit a column, red first) fill a 3 × 2 game, N = 3:\n{}",
        drawn(3, 2, "123321")
    );
    assert_same!(
        winner_after(2, 2, 3, "1212"),
        Completed(Some(TIE_GAME)),
        "completed() after the moves 1212 (one digit a column, red first) fill a 2 × 2 game, N = 3:\n{}",
        drawn(2, 2, "1212")
    );
}

#[test]
fn a_win_with_the_last_checker_is_a_win_not_a_tie() {
    assert_same!(
        winner_after(3, 1, 2, "132"),
        Completed(Some(RED)),
        "completed() after the moves 132 (red first) on a 3 × 1 game, N = 2: red's last checker makes 2 in a \
         row:\n{}",
        drawn(3, 1, "132")
    );
    assert_same!(
        winner_after(2, 1, 2, "12"),
        Completed(Some(TIE_GAME)),
        "completed() after the moves 12 (red first) fill a 2 × 1 game, N = 2, without 2 in a row:\n{}",
        drawn(2, 1, "12")
    );
}

#[test]
fn red_moves_first_and_the_players_alternate() {
    let (mut red, mut black) = scripts("2233");
    let mut game = Game::new(4, 3, 3, &mut red, &mut black)
        .expect("Game::new(4, 3, 3, …) should make a game of 4 columns and 3 levels, N = 3");
    for turn in 0..4 {
        assert!(
            game.take_turn(),
            "take_turn() number {} returned false: red plays columns 2, 3 and black 2, 3 on a 4 × 3 game, N = 3",
            turn + 1
        );
    }
    let played = "4 take_turn() with red playing columns 2, 3 and black 2, 3 on a 4 × 3 game";
    assert_same!(
        [game.checker_at(2, 1), game.checker_at(2, 2), game.checker_at(3, 1), game.checker_at(3, 2)],
        [RED, BLACK, RED, BLACK],
        "[checker_at(2, 1), checker_at(2, 2), checker_at(3, 1), checker_at(3, 2)] after {played}"
    );
    assert_same!(
        (game.checker_at(1, 1), game.checker_at(0, 0), game.checker_at(5, 1)),
        (VACANT, VACANT, VACANT),
        "(checker_at(1, 1), checker_at(0, 0), checker_at(5, 1)) after {played}"
    );
}

#[test]
fn no_turn_is_taken_once_the_game_is_over() {
    let (mut red, mut black) = scripts("1212134");
    let mut game = Game::new(4, 3, 3, &mut red, &mut black)
        .expect("Game::new(4, 3, 3, …) should make a game of 4 columns and 3 levels, N = 3");
    while game.take_turn() {}
    let played = "red playing columns 1, 1, 1, 4 and black 2, 2, 3 on a 4 × 3 game, N = 3 (red wins on move 5)";
    assert_same!(
        Completed(game.completed()),
        Completed(Some(RED)),
        "completed() once take_turn() returns false, {played}"
    );
    assert!(!game.take_turn(), "take_turn() returned true after red won, {played}");
    assert_same!(
        (game.checker_at(3, 1), game.checker_at(4, 1)),
        (VACANT, VACANT),
        "(checker_at(3, 1), checker_at(4, 1)) after red won: black's 3 and red's 4 must not be played, {played}"
    );
}

#[test]
fn a_player_that_gives_no_move_or_an_illegal_one_takes_no_turn() {
    for moves in [vec![], vec![9], vec![0], vec![-1]] {
        let mut red = Script(moves.clone(), "Red");
        let mut black = Script(vec![1], "Black");
        let mut game = Game::new(3, 2, 3, &mut red, &mut black)
            .expect("Game::new(3, 2, 3, …) should make a game of 3 columns and 2 levels, N = 3");
        let chosen = moves.first().copied().unwrap_or(0);
        let turn = format!("take_turn() on a new 3 × 2 game where red's choose_move gives {chosen} (no column of 3)");
        assert!(!game.take_turn(), "{turn} returned true");
        assert_same!(Completed(game.completed()), Completed(None), "completed() after {turn}");
        assert_same!(game.checker_at(1, 1), VACANT, "checker_at(1, 1) after {turn}");
    }
}

cases! {
    fn an_impossible_game_is_an_error(columns: i32, levels: i32, n: i32) {
        let (mut red, mut black) = scripts("");
        assert!(
            matches!(Game::new(columns, levels, n, &mut red, &mut black), Err(Error::Size(_))),
            "Game::new({columns}, {levels}, {n}, …) is not Err(Error::Size(_)): sizes go from 1 to MAX_SIZE, N from 1"
        );
    }
    no_columns: (0, 3, 3),
    no_levels: (3, 0, 3),
    negative_columns: (-4, 3, 3),
    n_of_zero: (3, 3, 0),
    negative_n: (3, 3, -1),
    sizes_i32_max: (i32::MAX, i32::MAX, 4),
}

cases! {
    /// The message of the size error says what is wrong: N is checked first, then the
    /// scaffold, whose message is `Scaffold::new`'s.
    fn an_impossible_game_says_why(columns: i32, levels: i32, n: i32, expected: &str) {
        let (mut red, mut black) = scripts("");
        let message = match Game::new(columns, levels, n, &mut red, &mut black) {
            Err(Error::Size(message)) => Some(message),
            _ => None,
        };
        assert_same!(
            message.as_deref(),
            Some(expected),
            "the message of Game::new({columns}, {levels}, {n}, …)'s Err(Error::Size(_))"
        );
    }
    n_of_zero: (3, 3, 0, "N must be at least 1, not 0"),
    negative_n_before_the_scaffold: (0, 3, -2, "N must be at least 1, not -2"),
    no_levels: (4, 0, 3, "a scaffold has 1 to 1000 levels, not 0"),
}

#[test]
fn n_longer_than_the_scaffold_is_a_game_that_ends_in_a_tie() {
    assert_same!(
        winner_after(2, 2, 5, "1122"),
        Completed(Some(TIE_GAME)),
        "completed() after the moves 1122 (red first) fill a 2 × 2 game with N = 5"
    );
}

#[test]
fn play_returns_the_winner_and_announces_it() {
    let (terminal, screen) = at_terminal("");
    let (mut red, mut black) = scripts("11223");
    let winner = Game::new(4, 3, 3, &mut red, &mut black)
        .expect("Game::new(4, 3, 3, …) should make a game of 4 columns and 3 levels, N = 3")
        .play(&terminal)
        .expect("play() of the moves 11223 (red first) on a 4 × 3 game, N = 3, should return Ok(RED)");
    assert_same!(winner, RED, "play() of the moves 11223 (red first) on a 4 × 3 game, N = 3, players Red and Black");
    assert!(
        screen.text().ends_with("Red wins!\n"),
        "play() of the moves 11223 (red first) on a 4 × 3 game, N = 3, must end with \"Red wins!\"; it printed:\n{}",
        screen.text()
    );
    let (terminal, screen) = at_terminal("");
    let (mut red, mut black) = scripts("123321");
    let winner = Game::new(3, 2, 3, &mut red, &mut black)
        .expect("Game::new(3, 2, 3, …) should make a game of 3 columns and 2 levels, N = 3")
        .play(&terminal)
        .expect("play() of the moves 123321 (red first) on a 3 × 2 game, N = 3, should return Ok(TIE_GAME)");
    assert_same!(winner, TIE_GAME, "play() of the moves 123321 (red first) filling a 3 × 2 game, N = 3");
    assert!(
        screen.text().ends_with("It's a tie.\n"),
        "play() of the moves 123321 (red first) filling a 3 × 2 game, N = 3, must end with \"It's a tie.\"; it \
         printed:\n{}",
        screen.text()
    );
}

#[test]
fn play_prints_the_documented_transcript() {
    let (terminal, screen) = at_terminal("");
    let (mut red, mut black) = scripts("121");
    Game::new(2, 2, 2, &mut red, &mut black)
        .expect("Game::new(2, 2, 2, …) should make a game of 2 columns and 2 levels, N = 2")
        .play(&terminal)
        .expect("play() of the moves 121 (red first) on a 2 × 2 game, N = 2, should return Ok(RED)");
    assert_same!(
        screen.text(),
        "Red (red, R) against Black (black, B): 2 columns, 2 levels, 2 in a row wins.\n\
         | | |\n| | |\n+-+-+\n\
         Red drops a red checker in column 1.\n| | |\n|R| |\n+-+-+\n\
         Black drops a black checker in column 2.\n| | |\n|R|B|\n+-+-+\n\
         Red drops a red checker in column 1.\n|R| |\n|R|B|\n+-+-+\n\
         Red wins!\n",
        "what play() prints for the moves 121 (red first) on a 2 × 2 game, N = 2, players named Red and Black"
    );
}

#[test]
fn play_stops_when_a_human_has_no_more_input() {
    let (terminal, screen) = at_terminal("1\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    let mut bad = BadPlayer::new("Homer");
    let result = Game::new(4, 3, 3, &mut human, &mut bad)
        .expect("Game::new(4, 3, 3, …) should make a game of 4 columns and 3 levels, N = 3")
        .play(&terminal);
    assert!(
        matches!(&result, Err(Error::NoMove(name)) if name == "Marge"),
        "play() of Marge (HumanPlayer, the input \"1\\n\") against Homer (BadPlayer) returned {result:?}, not \
         Err(Error::NoMove(\"Marge\")) when her input ran out"
    );
    assert!(
        screen.text().ends_with("Marge, drop a red checker in which column (1-4)? "),
        "play() of Marge (HumanPlayer, the input \"1\\n\") against Homer must end with Marge's second prompt; it \
         printed:\n{}",
        screen.text()
    );
}

#[test]
fn computers_play_on_without_pausing_when_no_one_watches() {
    // The terminal is not interactive: no "Press Enter", and no input is needed.
    let (terminal, screen) = at_terminal("");
    let mut bart = BadPlayer::with_seed("Bart", 1);
    let mut homer = BadPlayer::with_seed("Homer", 2);
    Game::new(7, 6, 4, &mut bart, &mut homer)
        .expect("Game::new(7, 6, 4, …) should make a game of 7 columns and 6 levels, N = 4")
        .play(&terminal)
        .expect(
            "play() of two BadPlayers on a 7 × 6 game, N = 4, at a terminal that is not interactive should return \
             Ok(the winner) without reading input",
        );
    assert!(
        !screen.text().contains("Enter"),
        "play() of two BadPlayers on a 7 × 6 game at a terminal that is not interactive printed \"Enter\": a pause"
    );
}

#[test]
fn computers_pause_for_enter_between_moves_when_someone_watches() {
    let screen = connect_n::Screen::default();
    let terminal = connect_n::Terminal::interactive(std::io::Cursor::new(b"\n\n".to_vec()), screen.clone());
    let (mut red, mut black) = scripts("121");
    assert_same!(
        Game::new(2, 2, 2, &mut red, &mut black)
            .expect("Game::new(2, 2, 2, …) should make a game of 2 columns and 2 levels, N = 2")
            .play(&terminal)
            .expect(
                "play() of the moves 121 (red first) on a 2 × 2 game, N = 2, at an interactive terminal given Enter \
                 for each pause should return Ok(RED)",
            ),
        RED,
        "play() of the moves 121 (red first) on a 2 × 2 game, N = 2, at an interactive terminal"
    );
    let text = screen.text();
    assert_same!(text.matches("Press Enter to continue. ").count(), 2, "a pause after each move but the last:\n{text}");
    assert!(
        text.contains("+-+-+\nPress Enter to continue. Black drops"),
        "at an interactive terminal, play() prints \"Press Enter to continue. \" after red's move's scaffold, before \
         black's move; it printed:\n{text}"
    );
    // The watcher leaves: the input ends during a pause.
    let terminal = connect_n::Terminal::interactive(std::io::Cursor::new(b"\n".to_vec()), connect_n::Screen::default());
    let (mut red, mut black) = scripts("121");
    let result = Game::new(2, 2, 2, &mut red, &mut black)
        .expect("Game::new(2, 2, 2, …) should make a game of 2 columns and 2 levels, N = 2")
        .play(&terminal);
    assert!(
        matches!(result, Err(Error::Console(_))),
        "play() at an interactive terminal whose input ends during a pause returned {result:?}, not \
         Err(Error::Console(_))"
    );
}

#[test]
fn the_same_players_play_several_games() {
    let mut bart = BadPlayer::with_seed("Bart", 5);
    let mut homer = BadPlayer::with_seed("Homer", 6);
    for _ in 0..3 {
        let mut game = Game::new(3, 3, 3, &mut bart, &mut homer)
            .expect("Game::new(3, 3, 3, …) should make a game of 3 columns and 3 levels, N = 3");
        while game.take_turn() {}
        assert!(
            game.completed().is_some(),
            "completed() once take_turn() returns false: Bart against Homer (BadPlayers, again), 3 × 3, N = 3"
        );
        let mut game = Game::new(3, 3, 3, &mut homer, &mut bart)
            .expect("Game::new(3, 3, 3, …) should make a game of 3 columns and 3 levels, N = 3");
        while game.take_turn() {}
        assert!(
            game.completed().is_some(),
            "completed() once take_turn() returns false: Homer against Bart (BadPlayers, again), 3 × 3, N = 3"
        );
    }
}
