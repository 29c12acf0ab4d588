//! The spec's three test programs ("If the main routine we supply is the following…"),
//! translated line for line, with what they must print.

use crate::at_terminal;
use connect_n::{BLACK, BadPlayer, Game, HumanPlayer, Player, RED, Scaffold, SmartPlayer, Terminal, VACANT};
use std::io::Write;

fn do_scaffold_tests(out: &Terminal) {
    let mut s = Scaffold::new(3, 2).unwrap();
    assert!(s.cols() == 3 && s.levels() == 2 && s.number_empty() == 6);
    assert!(s.make_move(1, RED));
    assert!(s.make_move(1, BLACK));
    assert!(!s.make_move(1, RED));
    assert!(s.number_empty() == 4);
    assert!(s.checker_at(1, 1) == RED && s.checker_at(1, 2) == BLACK);
    assert!(s.checker_at(2, 1) == VACANT);
    s.display(out.clone()).unwrap();
}

#[test]
fn scaffold_tests_print_the_scaffold_then_passed() {
    let (out, screen) = at_terminal("");
    do_scaffold_tests(&out);
    writeln!(out.clone(), "Passed all tests").unwrap();
    assert_eq!(screen.text(), "|B| | |\n|R| | |\n+-+-+-+\nPassed all tests\n");
}

fn do_player_tests(terminal: &Terminal) {
    let mut hp = HumanPlayer::new("Marge", terminal);
    assert!(hp.name() == "Marge" && hp.is_interactive());
    let mut bp = BadPlayer::new("Homer");
    assert!(bp.name() == "Homer" && !bp.is_interactive());
    let mut sp = SmartPlayer::new("Lisa");
    assert!(sp.name() == "Lisa" && !sp.is_interactive());
    let mut s = Scaffold::new(3, 2).unwrap();
    s.make_move(1, RED);
    s.make_move(1, BLACK);
    writeln!(terminal.clone(), "======").unwrap();
    let n = hp.choose_move(&s, 3, RED);
    writeln!(terminal.clone(), "======").unwrap();
    assert!(n == 2 || n == 3);
    let n = bp.choose_move(&s, 3, RED);
    assert!(n == 2 || n == 3);
    let n = sp.choose_move(&s, 3, RED);
    assert!(n == 2 || n == 3);
}

#[test]
fn player_tests_print_only_the_prompt_between_the_lines() {
    let (out, screen) = at_terminal("3\n");
    do_player_tests(&out);
    writeln!(out.clone(), "Passed all tests").unwrap();
    let text = screen.text();
    let middle = text
        .strip_prefix("======\n")
        .and_then(|rest| rest.strip_suffix("======\nPassed all tests\n"))
        .unwrap_or_else(|| panic!("expected ======, a prompt, ======, Passed all tests; got:\n{text}"));
    assert!(!middle.trim().is_empty(), "nothing prompted for Marge's move");
    assert!(!middle.contains("=="), "more than one prompt's worth between the lines:\n{text}");
}

fn do_game_tests() {
    let mut bp1 = BadPlayer::new("Bart");
    let mut bp2 = BadPlayer::new("Homer");
    let mut g = Game::new(2, 2, 2, &mut bp1, &mut bp2).unwrap();
    assert!(g.completed().is_none());
    assert!(g.take_turn()); // Red's first move
    assert!(g.completed().is_none() && (g.checker_at(1, 1) == RED || g.checker_at(2, 1) == RED));
    assert!(g.take_turn()); // Black's first move
    assert!(g.completed().is_none());
    assert!(g.take_turn()); // Red's second move; Red must win
    assert!(g.completed() == Some(RED));
}

#[test]
fn game_tests_end_with_passed() {
    // The spec's test with its players (nothing is printed before `Passed all tests`: the
    // game's assertions are the test), then with other seeds: red must always win.
    do_game_tests();
    for seed in 0..20 {
        let mut bp1 = BadPlayer::with_seed("Bart", seed);
        let mut bp2 = BadPlayer::with_seed("Homer", seed + 100);
        let mut g = Game::new(2, 2, 2, &mut bp1, &mut bp2).unwrap();
        assert!(g.take_turn() && g.take_turn() && g.take_turn());
        assert_eq!(g.completed(), Some(RED), "seeds {seed} and {}", seed + 100);
    }
}
