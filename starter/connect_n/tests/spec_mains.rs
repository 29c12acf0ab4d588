//! The spec's three test programs ("If the main routine we supply is the following…"),
//! translated line for line, with what they must print.
//!
//! Public: `cargo test` runs them in the handout, and the graded suite runs them too.

#[path = "support/checks.rs"]
mod checks;
#[path = "support/terminal.rs"]
mod terminal;

use checks::assert_same;
use connect_n::{BLACK, BadPlayer, Game, HumanPlayer, Player, RED, Scaffold, SmartPlayer, TIE_GAME, Terminal, VACANT};
use std::io::Write;
use terminal::at_terminal;

fn do_scaffold_tests(out: &Terminal) {
    let mut s = Scaffold::new(3, 2)
        .expect("the spec's scaffold test: Scaffold::new(3, 2) should make a scaffold of 3 columns and 2 levels");
    assert!(
        s.cols() == 3 && s.levels() == 2 && s.number_empty() == 6,
        "the spec's scaffold test: Scaffold s(3, 2)'s size"
    );
    assert!(s.make_move(1, RED), "the spec's scaffold test: s.makeMove(1, RED)");
    assert!(s.make_move(1, BLACK), "the spec's scaffold test: s.makeMove(1, BLACK)");
    assert!(!s.make_move(1, RED), "the spec's scaffold test: !s.makeMove(1, RED), column 1 being full");
    assert!(s.number_empty() == 4, "the spec's scaffold test: s.numberEmpty() == 4");
    assert!(
        s.checker_at(1, 1) == RED && s.checker_at(1, 2) == BLACK,
        "the spec's scaffold test: s.checkerAt(1, 1) == RED && s.checkerAt(1, 2) == BLACK"
    );
    assert!(s.checker_at(2, 1) == VACANT, "the spec's scaffold test: s.checkerAt(2, 1) == VACANT");
    s.display(out.clone()).expect("the spec's scaffold test: s.display() should print the scaffold and return Ok");
}

#[test]
fn scaffold_tests_print_the_scaffold_then_passed() {
    let (out, screen) = at_terminal("");
    do_scaffold_tests(&out);
    writeln!(out.clone(), "Passed all tests").expect("the test's in-memory terminal takes what is written to it");
    assert_same!(
        screen.text(),
        "|B| | |\n|R| | |\n+-+-+-+\nPassed all tests\n",
        "what the spec's scaffold test prints: s.display(), then \"Passed all tests\""
    );
}

fn do_player_tests(terminal: &Terminal) {
    let mut hp = HumanPlayer::new("Marge", terminal);
    assert!(hp.name() == "Marge" && hp.is_interactive(), "the spec's player test: HumanPlayer hp(\"Marge\")");
    let mut bp = BadPlayer::new("Homer");
    assert!(bp.name() == "Homer" && !bp.is_interactive(), "the spec's player test: BadPlayer bp(\"Homer\")");
    let mut sp = SmartPlayer::new("Lisa");
    assert!(sp.name() == "Lisa" && !sp.is_interactive(), "the spec's player test: SmartPlayer sp(\"Lisa\")");
    let mut s = Scaffold::new(3, 2)
        .expect("the spec's player test: Scaffold::new(3, 2) should make a scaffold of 3 columns and 2 levels");
    s.make_move(1, RED);
    s.make_move(1, BLACK);
    writeln!(terminal.clone(), "======").expect("the test's in-memory terminal takes what is written to it");
    let n = hp.choose_move(&s, 3, RED);
    writeln!(terminal.clone(), "======").expect("the test's in-memory terminal takes what is written to it");
    assert!(n == 2 || n == 3, "the spec's player test: hp.chooseMove(s, 3, RED) returned {n}, the input being 3");
    let n = bp.choose_move(&s, 3, RED);
    assert!(n == 2 || n == 3, "the spec's player test: bp.chooseMove(s, 3, RED) returned {n}");
    let n = sp.choose_move(&s, 3, RED);
    assert!(n == 2 || n == 3, "the spec's player test: sp.chooseMove(s, 3, RED) returned {n}");
}

#[test]
fn player_tests_print_only_the_prompt_between_the_lines() {
    let (out, screen) = at_terminal("3\n");
    do_player_tests(&out);
    writeln!(out.clone(), "Passed all tests").expect("the test's in-memory terminal takes what is written to it");
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
    let mut g = Game::new(2, 2, 2, &mut bp1, &mut bp2)
        .expect("the spec's game test: Game::new(2, 2, 2, …) should make a game of 2 columns and 2 levels, N = 2");
    assert!(g.completed().is_none(), "the spec's game test: !g.completed(winner) for Game g(2, 2, 2, &bp1, &bp2)");
    assert!(g.take_turn(), "the spec's game test: g.takeTurn(), Red's first move"); // Red's first move
    assert!(
        g.completed().is_none() && (g.checker_at(1, 1) == RED || g.checker_at(2, 1) == RED),
        "the spec's game test: !g.completed(winner) && (g.checkerAt(1, 1) == RED || g.checkerAt(2, 1) == RED)"
    );
    assert!(g.take_turn(), "the spec's game test: g.takeTurn(), Black's first move"); // Black's first move
    assert!(g.completed().is_none(), "the spec's game test: !g.completed(winner) after Black's first move");
    assert!(g.take_turn(), "the spec's game test: g.takeTurn(), Red's second move"); // Red's second move; Red must win
    assert!(g.completed() == Some(RED), "the spec's game test: g.completed(winner) && winner == RED");
}

#[test]
fn game_tests_end_with_passed() {
    // The spec's test with its players (nothing is printed before `Passed all tests`: the
    // game's assertions are the test), then with other seeds: red must always win.
    do_game_tests();
    for seed in 0..20 {
        let mut bp1 = BadPlayer::with_seed("Bart", seed);
        let mut bp2 = BadPlayer::with_seed("Homer", seed + 100);
        let mut g = Game::new(2, 2, 2, &mut bp1, &mut bp2)
            .expect("the spec's game test: Game::new(2, 2, 2, …) should make a game of 2 columns and 2 levels, N = 2");
        assert!(
            g.take_turn() && g.take_turn() && g.take_turn(),
            "the spec's game test with seeds {seed} and {}: three g.takeTurn() on Game g(2, 2, 2, …)",
            seed + 100
        );
        assert!(
            g.completed() == Some(RED),
            "the spec's game test with BadPlayers of seeds {seed} and {}: after three g.takeTurn() on Game g(2, 2, \
             2, …), Red must have won (completed() == Some(RED)); completed() returned {:?} (RED is {RED}, BLACK \
             {BLACK}, TIE_GAME {TIE_GAME})",
            seed + 100,
            g.completed()
        );
    }
}
