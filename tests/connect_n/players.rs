//! HumanPlayer and BadPlayer, one behaviour per test.

use crate::{at_terminal, scaffold};
use connect_n::{BLACK, BadPlayer, HumanPlayer, Player, RED, Scaffold, SmartPlayer, VACANT};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn players_have_their_names_and_only_the_human_is_interactive() {
    let (terminal, _) = at_terminal("");
    let human = HumanPlayer::new("Marge", &terminal);
    assert_eq!((human.name(), human.is_interactive()), ("Marge", true));
    let bad = BadPlayer::with_seed("Homer", 7);
    assert_eq!((bad.name(), bad.is_interactive()), ("Homer", false));
    let smart = SmartPlayer::new("Lisa");
    assert_eq!((smart.name(), smart.is_interactive()), ("Lisa", false));
}

#[test]
fn the_human_is_asked_with_the_documented_prompt() {
    let (terminal, screen) = at_terminal("2\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    assert_eq!(human.choose_move(&scaffold(3, 2, "11"), 3, RED), 2);
    assert_eq!(screen.text(), "Marge, drop a red checker in which column (1-3)? ");
    let (terminal, screen) = at_terminal("7\n");
    let mut human = HumanPlayer::new("Bart", &terminal);
    assert_eq!(human.choose_move(&Scaffold::new(7, 6).unwrap(), 4, BLACK), 7);
    assert_eq!(screen.text(), "Bart, drop a black checker in which column (1-7)? ");
}

#[test]
fn the_human_is_asked_again_after_a_column_that_does_not_exist() {
    let (terminal, screen) = at_terminal("0\n4\n-2\n3\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    assert_eq!(human.choose_move(&Scaffold::new(3, 2).unwrap(), 3, RED), 3);
    let prompt = "Marge, drop a red checker in which column (1-3)? ";
    assert_eq!(
        screen.text(),
        format!(
            "{prompt}There is no column 0.\n{prompt}There is no column 4.\n{prompt}There is no column -2.\n{prompt}"
        )
    );
}

#[test]
fn the_human_is_asked_again_after_a_full_column() {
    let (terminal, screen) = at_terminal("1\n2\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    assert_eq!(human.choose_move(&scaffold(3, 2, "11"), 3, RED), 2);
    let prompt = "Marge, drop a red checker in which column (1-3)? ";
    assert_eq!(screen.text(), format!("{prompt}Column 1 is full.\n{prompt}"));
}

#[test]
fn the_human_is_asked_again_after_an_answer_that_is_not_a_number() {
    let (terminal, screen) = at_terminal("two\n?? 1\n2\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    assert_eq!(human.choose_move(&Scaffold::new(3, 2).unwrap(), 3, RED), 2);
    let prompt = "Marge, drop a red checker in which column (1-3)? ";
    assert_eq!(screen.text(), format!("{prompt}That is not a column number.\n").repeat(2) + prompt);
}

#[test]
fn the_human_gives_no_move_at_the_end_of_the_input() {
    for input in ["", "\n\n", "5\n", "x", "1\n"] {
        let (terminal, _) = at_terminal(input);
        let mut human = HumanPlayer::new("Marge", &terminal);
        assert_eq!(human.choose_move(&scaffold(3, 2, "11"), 3, RED), 0, "input {input:?}");
    }
}

#[test]
fn the_human_gives_no_move_on_a_full_scaffold() {
    let (terminal, _) = at_terminal("1\n2\n3\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    assert_eq!(human.choose_move(&scaffold(3, 1, "123"), 3, BLACK), 0);
}

#[test]
fn the_human_answers_one_question_per_move() {
    let (terminal, _) = at_terminal("1 2\n3\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    let s = Scaffold::new(3, 3).unwrap();
    assert_eq!([0; 3].map(|_| human.choose_move(&s, 3, RED)), [1, 2, 3]);
}

/// Random positions (and their colour to move), some with full columns, a few full.
fn random_scaffolds(count: usize) -> Vec<(Scaffold, i32)> {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    (0..count)
        .map(|_| {
            let mut s = Scaffold::new(rng.random_range(1..=8), rng.random_range(1..=6)).unwrap();
            let moves = rng.random_range(0..=s.cols() * s.levels());
            for index in 0..moves {
                s.make_move(rng.random_range(1..=s.cols()), if index % 2 == 0 { RED } else { BLACK });
            }
            let color = if (s.cols() * s.levels() - s.number_empty()) % 2 == 0 { RED } else { BLACK };
            (s, color)
        })
        .collect()
}

fn has_room(s: &Scaffold, column: i32) -> bool {
    (1..=s.cols()).contains(&column) && s.checker_at(column, s.levels()) == VACANT
}

#[test]
fn the_bad_player_always_chooses_a_column_with_room() {
    let mut bad = BadPlayer::with_seed("Homer", 3);
    for (s, color) in random_scaffolds(2000) {
        let column = bad.choose_move(&s, 3, color);
        if s.number_empty() == 0 {
            assert_eq!(column, 0, "a full scaffold has no move:\n{s}");
        } else {
            assert!(has_room(&s, column), "column {column} on\n{s}");
        }
    }
}

#[test]
fn the_bad_player_is_reproducible_from_its_seed() {
    let s = Scaffold::new(7, 6).unwrap();
    let moves = |seed| {
        let mut bad = BadPlayer::with_seed("Homer", seed);
        (0..50).map(|_| bad.choose_move(&s, 4, RED)).collect::<Vec<_>>()
    };
    assert_eq!(moves(42), moves(42));
    assert_ne!(moves(42), moves(43), "two seeds, the same 50 choices");
    let mut fresh = BadPlayer::new("Homer");
    let mut same = BadPlayer::new("Marge");
    assert_eq!(fresh.choose_move(&s, 4, RED), same.choose_move(&s, 4, RED));
}

#[test]
fn the_bad_player_uses_every_column_sometimes() {
    let s = Scaffold::new(5, 2).unwrap();
    let mut bad = BadPlayer::with_seed("Homer", 9);
    let mut seen = [false; 5];
    for _ in 0..200 {
        seen[bad.choose_move(&s, 3, RED) as usize - 1] = true;
    }
    assert_eq!(seen, [true; 5], "in 200 choices on an empty 5-column scaffold");
}
