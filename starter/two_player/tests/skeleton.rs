//! The game skeleton and main loop, through an interface written here that records what
//! the skeleton asks of it and answers from a script (so the skeleton is checked apart from
//! the text interfaces), with your Connect Four and Stonehenge. These are the graded suite's
//! own tests (the rubric's `skeleton::` group), and a failure says what the grader says. Run
//! one test alone:
//!
//! ```text
//! cargo test --test skeleton play_again_starts_a_new_game_and_asks_again
//! ```

#[path = "support/checks.rs"]
mod checks;

use checks::assert_same;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use two_player::{
    C4Eval, Cell, ConnectFour, Error, Interface, Representation, Skeleton, State, StoneEval, Stonehenge, alphabeta,
};

/// An interface that records each call as a line of text and answers from a script; once
/// the script runs out it answers [`Error::EndOfInput`].
struct Recorder<G: Representation> {
    log: Rc<RefCell<Vec<String>>>,
    machines: VecDeque<bool>,
    again: VecDeque<bool>,
    choices: VecDeque<G::Move>,
    /// The position after the last move shown, to check that the next starts from it.
    last: Option<G>,
}

impl<G: Representation + PartialEq> Recorder<G> {
    fn new(machines: &[bool], again: &[bool], choices: &[G::Move]) -> (Self, Rc<RefCell<Vec<String>>>) {
        let log = Rc::default();
        let recorder = Recorder {
            log: Rc::clone(&log),
            machines: machines.iter().copied().collect(),
            again: again.iter().copied().collect(),
            choices: choices.iter().copied().collect(),
            last: None,
        };
        (recorder, log)
    }

    fn record(&mut self, event: String) -> Result<(), Error> {
        self.log.borrow_mut().push(event);
        Ok(())
    }
}

fn answer<T>(script: &mut VecDeque<T>) -> Result<T, Error> {
    script.pop_front().ok_or(Error::EndOfInput)
}

impl<G: Representation + PartialEq> Interface for Recorder<G> {
    type Game = G;

    fn home(&mut self) -> Result<(), Error> {
        self.record("home".into())
    }
    fn exit(&mut self) -> Result<(), Error> {
        self.record("exit".into())
    }
    fn won(&mut self) -> Result<(), Error> {
        self.record("won".into())
    }
    fn lost(&mut self) -> Result<(), Error> {
        self.record("lost".into())
    }
    fn nil(&mut self) -> Result<(), Error> {
        self.record("nil".into())
    }
    fn init(&mut self) -> Result<(), Error> {
        self.last = Some(G::game_start());
        self.record("init".into())
    }
    fn position(&mut self, player: bool, mv: G::Move, old: &G, new: &G) -> Result<(), Error> {
        assert_same!(*new, old.play(player, mv), "position was given a new position that is not `old` after the move");
        if let Some(last) = &self.last {
            assert_same!(old, last, "a move was made from another position than the game's");
        }
        self.last = Some(new.clone());
        self.record(format!("{} {mv:?}", if player { "first" } else { "second" }))
    }
    fn choice(&mut self, player: bool, game: &G) -> Result<G::Move, Error> {
        if let Some(last) = &self.last {
            assert_same!(game, last, "a person was asked to move in another position than the game's");
        }
        self.record(format!("choice {}", if player { "first" } else { "second" }))?;
        answer(&mut self.choices)
    }
    fn q_player(&mut self) -> Result<bool, Error> {
        self.record("q_player".into())?;
        answer(&mut self.machines)
    }
    fn q_continue(&mut self) -> Result<bool, Error> {
        self.record("q_continue".into())?;
        answer(&mut self.again)
    }
}

/// The log of a whole program: `machines` answers the questions about the players,
/// `again` whether to play again, `columns` the persons' moves.
fn connect_four_main(machines: &[bool], again: &[bool], columns: &[usize]) -> (Result<(), Error>, Vec<String>) {
    let (recorder, log) = Recorder::<ConnectFour>::new(machines, again, columns);
    let result = Skeleton::<C4Eval, _>::new(recorder, 4).main();
    let log = log.borrow().clone();
    (result, log)
}

/// The moves of the log, without the choices.
fn moves(log: &[String]) -> Vec<&str> {
    log.iter().filter(|event| event.starts_with("first ") || event.starts_with("second ")).map(String::as_str).collect()
}

#[test]
fn the_program_greets_asks_about_both_players_then_starts() {
    let (result, log) = connect_four_main(&[false, false], &[], &[]);
    assert!(
        matches!(result, Err(Error::EndOfInput)),
        "main() with two persons should stop with Err(EndOfInput) when the input ends at the first move: {result:?}"
    );
    assert_same!(
        log,
        ["home", "q_player", "q_player", "init", "choice first"],
        "the interface calls of main() with two persons, until the input ends at the first move"
    );
}

#[test]
fn people_move_in_turn_the_first_player_first() {
    let (_, log) = connect_four_main(&[false, false], &[], &[4, 3, 4]);
    assert_same!(
        log[4..],
        ["choice first", "first 4", "choice second", "second 3", "choice first", "first 4", "choice second"],
        "the interface calls of main() from the fifth on: persons play the columns 434 until the input ends"
    );
}

#[test]
fn the_first_players_four_is_won() {
    let (result, log) = connect_four_main(&[false, false], &[false], &[1, 2, 1, 2, 1, 2, 1]);
    assert!(
        result.is_ok(),
        "main() should return Ok(()) after persons play the columns 1212121, then no to play again: {result:?}"
    );
    assert_same!(
        log[log.len() - 4..],
        ["first 1", "won", "q_continue", "exit"],
        "the last 4 interface calls of main(): persons play the columns 1212121 (four up column 1), \
         then no to play again"
    );
}

#[test]
fn the_second_players_four_is_lost() {
    let (result, log) = connect_four_main(&[false, false], &[false], &[1, 2, 1, 2, 1, 2, 3, 2]);
    assert!(
        result.is_ok(),
        "main() should return Ok(()) after persons play the columns 12121232, then no to play again: {result:?}"
    );
    assert_same!(
        log[log.len() - 4..],
        ["second 2", "lost", "q_continue", "exit"],
        "the last 4 interface calls of main(): persons play the columns 12121232 (four up column 2), \
         then no to play again"
    );
}

#[test]
fn the_machine_plays_the_alphabeta_move() {
    let (_, log) = connect_four_main(&[true, false], &[], &[]);
    let expected = alphabeta::<C4Eval>(4, true, &ConnectFour::game_start())
        .expect("alphabeta::<C4Eval>(4, true, ..) at the start should return Some(a column)");
    assert_same!(
        log[4..],
        [format!("first {expected}"), "choice second".to_owned()],
        "the interface calls of main() from the fifth on: the machine (depth 4) first, a person second, \
         until the input ends"
    );
}

#[test]
fn the_machine_can_play_second() {
    let (_, log) = connect_four_main(&[false, true], &[], &[1]);
    let after = ConnectFour::game_start().play(true, 1);
    let expected = alphabeta::<C4Eval>(4, false, &after)
        .expect("alphabeta::<C4Eval>(4, false, ..) after the column 1 should return Some(a column)");
    assert_same!(
        log[4..],
        ["choice first".to_owned(), "first 1".to_owned(), format!("second {expected}"), "choice first".to_owned()],
        "the interface calls of main() from the fifth on: a person first (column 1), the machine (depth 4) second, \
         until the input ends"
    );
}

#[test]
fn machines_play_a_whole_game_to_its_end() {
    let (result, log) = connect_four_main(&[true, true], &[false], &[]);
    assert!(result.is_ok(), "main() with two machines (depth 4) and no to play again should return Ok(()): {result:?}");
    let moves = moves(&log);
    // Replay: every move is the machine's choice for the side to move.
    let mut game = ConnectFour::game_start();
    for (index, event) in moves.iter().enumerate() {
        let player = index % 2 == 0;
        let expected = alphabeta::<C4Eval>(4, player, &game).unwrap_or_else(|| {
            panic!(
                "alphabeta::<C4Eval>(4, {player}, ..) before move {index} (from 0) of main() with two machines should \
                 return Some(a column): main() played a move there; the interface calls: {log:?}"
            )
        });
        assert_same!(
            event.split(' ').nth(1),
            Some(expected.to_string().as_str()),
            "move {index} (from 0) of main() with two machines: alphabeta's column (depth 4); the interface calls: \
             {log:?}"
        );
        game = game.play(player, expected);
    }
    let end = &log[log.len() - 3..];
    assert!(
        ["won", "lost", "nil"].contains(&end[0].as_str()) && end[1..] == ["q_continue", "exit"],
        "main() with two machines should end with won, lost or nil, then q_continue and exit; the interface calls: \
         {log:?}"
    );
}

#[test]
fn play_again_starts_a_new_game_and_asks_again() {
    let first = [1, 2, 1, 2, 1, 2, 1];
    let columns: Vec<usize> = first.iter().chain(&first).copied().collect();
    let (result, log) = connect_four_main(&[false, false, false, false], &[true, false], &columns);
    assert!(
        result.is_ok(),
        "main() should return Ok(()) after two games of the columns 1212121 by persons, yes then no to play again: \
         {result:?}"
    );
    assert_same!(
        log.iter().filter(|event| *event == "init").count(),
        2,
        "the init() calls of main() in two games of the columns 1212121 by persons: {log:?}"
    );
    assert_same!(
        log.iter().filter(|event| *event == "won").count(),
        2,
        "the won() calls of main() in two games of the columns 1212121 by persons: {log:?}"
    );
    assert_same!(
        log.iter().filter(|event| *event == "q_player").count(),
        4,
        "the q_player() calls of main() in two games of the columns 1212121 by persons: {log:?}"
    );
    assert_same!(
        log.last().map(String::as_str),
        Some("exit"),
        "the last interface call of main() after two games of the columns 1212121 by persons, yes then no to play again"
    );
}

#[test]
fn the_end_of_the_input_stops_the_program_with_the_error() {
    let (result, log) = connect_four_main(&[true], &[], &[]);
    assert!(
        matches!(result, Err(Error::EndOfInput)),
        "main() should stop with Err(EndOfInput) when the input ends at the second q_player(): {result:?}"
    );
    assert_same!(
        log,
        ["home", "q_player", "q_player"],
        "the interface calls of main() when the input ends at the second q_player()"
    );
}

#[test]
fn play_m_moves_for_the_machine_and_says_the_state() {
    let (recorder, log) = Recorder::<ConnectFour>::new(&[], &[], &[]);
    let mut skeleton = Skeleton::<C4Eval, _>::new(recorder, 4);
    assert_same!(
        skeleton
            .play_m(true)
            .expect("play_m(true) at the start (depth 4) should make the machine's move and return Ok"),
        State::Continue,
        "play_m(true) at the start (depth 4)"
    );
    let column = alphabeta::<C4Eval>(4, true, &ConnectFour::game_start())
        .expect("alphabeta::<C4Eval>(4, true, ..) at the start should return Some(a column)");
    assert_same!(
        skeleton.game().cell(1, column),
        Cell::A,
        "game().cell(1, {column}) after play_m(true) at the start, {column} being alphabeta's column (depth 4)"
    );
    assert_same!(
        *log.borrow(),
        [format!("first {column}")],
        "the interface calls of play_m(true) at the start (depth 4)"
    );
}

#[test]
fn play_h_moves_for_a_person_and_says_the_state() {
    let (recorder, _) = Recorder::<ConnectFour>::new(&[], &[], &[1, 2, 1, 2, 1, 2, 1]);
    let mut skeleton = Skeleton::<C4Eval, _>::new(recorder, 4);
    for turn in 0..6 {
        assert_same!(
            skeleton.play_h(turn % 2 == 0).unwrap_or_else(|error| panic!(
                "play_h({}) for move {} of the persons' columns 1212121 should make the move and return Ok: {error:?}",
                turn % 2 == 0,
                turn + 1
            )),
            State::Continue,
            "play_h({}) for move {} of the persons' columns 1212121 (the first player first)",
            turn % 2 == 0,
            turn + 1
        );
    }
    assert_same!(
        skeleton
            .play_h(true)
            .expect("play_h(true) for move 7 of the persons' columns 1212121 should make the move and return Ok"),
        State::Won,
        "play_h(true) for move 7 of the persons' columns 1212121: four up column 1"
    );
}

#[test]
fn play_h_asks_the_person_even_without_a_legal_move() {
    // The columns 1357246, six times, fill the board without four in a row: a tie.
    let columns: Vec<usize> = "1357246".repeat(6).bytes().map(|column| usize::from(column - b'0')).collect();
    let (recorder, log) = Recorder::<ConnectFour>::new(&[], &[], &columns);
    let mut skeleton = Skeleton::<C4Eval, _>::new(recorder, 4);
    let mut state = State::Continue;
    for turn in 0..columns.len() {
        let player = turn % 2 == 0;
        state = skeleton.play_h(player).unwrap_or_else(|error| {
            panic!(
                "play_h({player}) for move {} of the persons' columns 1357246 (six times) should make the move and \
                 return Ok: {error:?}",
                turn + 1
            )
        });
    }
    assert_same!(
        state,
        State::Nil,
        "play_h(false) for move 42, the last of the persons' columns 1357246 (six times): the board is full"
    );
    let full = skeleton.game().clone();
    let result = skeleton.play_h(true);
    assert!(
        matches!(result, Err(Error::EndOfInput)),
        "play_h(true) on the full board should ask the interface's choice and return its Err(EndOfInput), the script of \
         answers being over: {result:?}"
    );
    assert_same!(
        log.borrow().last().map(String::as_str),
        Some("choice first"),
        "the last interface call of play_h(true) on the full board: it asks whether or not the person has a move"
    );
    assert_same!(*skeleton.game(), full, "game() after play_h(true) on the full board returned an error");
}

#[test]
fn stonehenge_machines_play_to_a_winner() {
    let (recorder, log) = Recorder::<Stonehenge>::new(&[true, true], &[false], &[]);
    let result = Skeleton::<StoneEval, _>::new(recorder, 2).main();
    assert!(
        result.is_ok(),
        "Stonehenge main() with two machines (depth 2) and no to play again should return Ok(()): {result:?}"
    );
    let log = log.borrow();
    let end = &log[log.len() - 3..];
    assert!(["won", "lost"].contains(&end[0].as_str()), "Stonehenge always has a winner: {log:?}");
    assert!(
        moves(&log).len() <= 18,
        "a game of Stonehenge has at most 18 moves, in the interface calls of main() with two machines: {log:?}"
    );
}
