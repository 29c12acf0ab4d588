//! HumanPlayer and BadPlayer, one behaviour per test. These are the graded suite's own
//! cases (the rubric's `players::` group), and a failure says what the grader says. Run one
//! behaviour's cases alone:
//!
//! ```text
//! cargo test --test players the_human_is_asked_again
//! ```

#[path = "support/checks.rs"]
mod checks;
#[path = "support/random.rs"]
mod random;
#[path = "support/scaffolds.rs"]
mod scaffolds;
#[path = "support/terminal.rs"]
mod terminal;

use checks::assert_same;
use connect_n::{BLACK, BadPlayer, HumanPlayer, Player, RED, Scaffold, SmartPlayer, VACANT};
use random::Draws;
use scaffolds::scaffold;
use terminal::at_terminal;

#[test]
fn players_have_their_names_and_only_the_human_is_interactive() {
    let (terminal, _) = at_terminal("");
    let human = HumanPlayer::new("Marge", &terminal);
    assert_same!(
        (human.name(), human.is_interactive()),
        ("Marge", true),
        "(name(), is_interactive()) of HumanPlayer::new(\"Marge\", …)"
    );
    let bad = BadPlayer::with_seed("Homer", 7);
    assert_same!(
        (bad.name(), bad.is_interactive()),
        ("Homer", false),
        "(name(), is_interactive()) of BadPlayer::with_seed(\"Homer\", 7)"
    );
    let smart = SmartPlayer::new("Lisa");
    assert_same!(
        (smart.name(), smart.is_interactive()),
        ("Lisa", false),
        "(name(), is_interactive()) of SmartPlayer::new(\"Lisa\")"
    );
}

#[test]
fn the_human_is_asked_with_the_documented_prompt() {
    let (terminal, screen) = at_terminal("2\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    let call = "HumanPlayer::new(\"Marge\", …).choose_move(…, 3, RED) on a 3 × 2 scaffold whose column 1 is full";
    assert_same!(human.choose_move(&scaffold(3, 2, "11"), 3, RED), 2, "{call}, the input \"2\\n\"");
    assert_same!(screen.text(), "Marge, drop a red checker in which column (1-3)? ", "what {call} prints");
    let (terminal, screen) = at_terminal("7\n");
    let mut human = HumanPlayer::new("Bart", &terminal);
    let call = "HumanPlayer::new(\"Bart\", …).choose_move(…, 4, BLACK) on a new 7 × 6 scaffold";
    assert_same!(human.choose_move(&scaffold(7, 6, ""), 4, BLACK), 7, "{call}, the input \"7\\n\"");
    assert_same!(screen.text(), "Bart, drop a black checker in which column (1-7)? ", "what {call} prints");
}

#[test]
fn the_human_is_asked_for_a_red_checker_of_a_colour_that_is_neither() {
    for color in [VACANT, 2, 7, i32::MIN] {
        let (terminal, screen) = at_terminal("1\n");
        let mut human = HumanPlayer::new("Marge", &terminal);
        let call = format!("HumanPlayer::new(\"Marge\", …).choose_move(…, 3, {color}) on a new 3 × 2 scaffold");
        assert_same!(human.choose_move(&scaffold(3, 2, ""), 3, color), 1, "{call}, the input \"1\\n\"");
        assert_same!(
            screen.text(),
            "Marge, drop a red checker in which column (1-3)? ",
            "what {call} prints: a colour other than BLACK is red"
        );
    }
}

#[test]
fn the_human_is_asked_again_after_a_column_that_does_not_exist() {
    let (terminal, screen) = at_terminal("0\n4\n-2\n3\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    let call = "HumanPlayer's choose_move(…, 3, RED) on a new 3 × 2 scaffold, the input 0, 4, -2, 3 (one a line)";
    assert_same!(human.choose_move(&scaffold(3, 2, ""), 3, RED), 3, "{call}");
    let prompt = "Marge, drop a red checker in which column (1-3)? ";
    assert_same!(
        screen.text(),
        format!(
            "{prompt}There is no column 0.\n{prompt}There is no column 4.\n{prompt}There is no column -2.\n{prompt}"
        ),
        "what {call} prints"
    );
}

#[test]
fn the_human_is_asked_again_after_a_full_column() {
    let (terminal, screen) = at_terminal("1\n2\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    let call =
        "HumanPlayer's choose_move(…, 3, RED) on a 3 × 2 scaffold whose column 1 is full, the input 1, 2 (one a line)";
    assert_same!(human.choose_move(&scaffold(3, 2, "11"), 3, RED), 2, "{call}");
    let prompt = "Marge, drop a red checker in which column (1-3)? ";
    assert_same!(screen.text(), format!("{prompt}Column 1 is full.\n{prompt}"), "what {call} prints");
}

#[test]
fn the_human_is_asked_again_after_an_answer_that_is_not_a_number() {
    let (terminal, screen) = at_terminal("two\n?? 1\n2\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    let call = "HumanPlayer's choose_move(…, 3, RED) on a new 3 × 2 scaffold, the input \"two\\n?? 1\\n2\\n\"";
    assert_same!(human.choose_move(&scaffold(3, 2, ""), 3, RED), 2, "{call}");
    let prompt = "Marge, drop a red checker in which column (1-3)? ";
    assert_same!(
        screen.text(),
        format!("{prompt}That is not a column number.\n").repeat(2) + prompt,
        "what {call} prints"
    );
}

#[test]
fn the_human_gives_no_move_at_the_end_of_the_input() {
    for input in ["", "\n\n", "5\n", "x", "1\n"] {
        let (terminal, _) = at_terminal(input);
        let mut human = HumanPlayer::new("Marge", &terminal);
        assert_same!(
            human.choose_move(&scaffold(3, 2, "11"), 3, RED),
            0,
            "HumanPlayer's choose_move(…, 3, RED) on a 3 × 2 scaffold whose column 1 is full, the input {input:?}, \
             which ends before a column with room"
        );
    }
}

#[test]
fn the_human_gives_no_move_on_a_full_scaffold() {
    let (terminal, _) = at_terminal("1\n2\n3\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    assert_same!(
        human.choose_move(&scaffold(3, 1, "123"), 3, BLACK),
        0,
        "HumanPlayer's choose_move(…, 3, BLACK) on a full 3 × 1 scaffold, the input 1, 2, 3 (one a line)"
    );
}

#[test]
fn the_human_is_not_asked_on_a_full_scaffold() {
    let (terminal, screen) = at_terminal("2\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    let call = "HumanPlayer's choose_move(…, 3, BLACK) on a full 3 × 1 scaffold, the input 2";
    assert_same!(human.choose_move(&scaffold(3, 1, "123"), 3, BLACK), 0, "{call}");
    assert_same!(screen.text(), "", "what {call} prints: nothing, there is no move to ask for");
    assert_same!(
        human.choose_move(&scaffold(3, 1, ""), 3, BLACK),
        2,
        "the next choose_move(…, 3, BLACK), on a new 3 × 1 scaffold: the answer 2 was left unread by {call}"
    );
}

#[test]
fn the_human_answers_one_question_per_move() {
    let (terminal, _) = at_terminal("1 2\n3\n");
    let mut human = HumanPlayer::new("Marge", &terminal);
    let s = scaffold(3, 3, "");
    assert_same!(
        [0; 3].map(|_| human.choose_move(&s, 3, RED)),
        [1, 2, 3],
        "three calls of HumanPlayer's choose_move(…, 3, RED) on a new 3 × 3 scaffold, the input \"1 2\\n3\\n\""
    );
}

/// Random positions (and their colour to move), some with full columns, a few full.
fn random_scaffolds(count: usize) -> Vec<(Scaffold, i32)> {
    let mut draws = Draws::new(15);
    (0..count)
        .map(|_| {
            let (columns, levels) = (draws.within(1, 8), draws.within(1, 6));
            let mut s = scaffold(columns, levels, "");
            let moves = draws.within(0, s.cols() * s.levels());
            for index in 0..moves {
                s.make_move(draws.within(1, s.cols()), if index % 2 == 0 { RED } else { BLACK });
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
            assert_same!(column, 0, "a full scaffold has no move:\n{s}");
        } else {
            assert!(has_room(&s, column), "column {column} on\n{s}");
        }
    }
}

#[test]
fn the_bad_player_is_reproducible_from_its_seed() {
    let s = scaffold(7, 6, "");
    let moves = |seed| {
        let mut bad = BadPlayer::with_seed("Homer", seed);
        (0..50).map(|_| bad.choose_move(&s, 4, RED)).collect::<Vec<_>>()
    };
    assert_same!(
        moves(42),
        moves(42),
        "50 choose_move of BadPlayer::with_seed(\"Homer\", 42) on a new 7 × 6, then again"
    );
    let (seed_42, seed_43) = (moves(42), moves(43));
    assert!(
        seed_42 != seed_43,
        "50 choose_move of BadPlayer::with_seed(\"Homer\", 42), then of with_seed(\"Homer\", 43), on a new 7 × 6: \
         the same choices for two seeds, {seed_42:?}"
    );
    let mut fresh = BadPlayer::new("Homer");
    let mut same = BadPlayer::new("Marge");
    assert_same!(
        fresh.choose_move(&s, 4, RED),
        same.choose_move(&s, 4, RED),
        "the first choose_move of BadPlayer::new(\"Homer\"), then of BadPlayer::new(\"Marge\"), on a new 7 × 6"
    );
}

#[test]
fn the_bad_player_uses_every_column_sometimes() {
    let s = scaffold(5, 2, "");
    let mut bad = BadPlayer::with_seed("Homer", 9);
    let mut seen = [false; 5];
    for _ in 0..200 {
        seen[bad.choose_move(&s, 3, RED) as usize - 1] = true;
    }
    assert_same!(seen, [true; 5], "in 200 choices on an empty 5-column scaffold");
}

/// The handout's rule: of the `k` columns with room, left to right, the one at index
/// `Random::below(k)` of the player's seed, one draw a move. The columns expected here are
/// the provided `Random`'s (seed 3, then seed 0 for `BadPlayer::new`).
#[test]
fn the_bad_player_plays_the_column_the_provided_random_draws() {
    let open = scaffold(7, 6, "");
    let mut bad = BadPlayer::with_seed("Homer", 3);
    let chosen: Vec<i32> = (0..8).map(|_| bad.choose_move(&open, 4, RED)).collect();
    assert_same!(chosen, DRAWN_ON_SEVEN, "BadPlayer::with_seed(\"Homer\", 3)'s first 8 columns on an empty 7 × 6");
    let some_full = scaffold(4, 1, "13");
    let mut bad = BadPlayer::new("Homer");
    let chosen: Vec<i32> = (0..8).map(|_| bad.choose_move(&some_full, 3, RED)).collect();
    assert_same!(
        chosen,
        DRAWN_ON_TWO,
        "BadPlayer::new(\"Homer\")'s first 8 columns on a 4 × 1 whose columns 1 and 3 are full (columns 2 and 4 \
         have room: a draw of 0 is column 2, of 1 column 4)\n{some_full}"
    );
}

const DRAWN_ON_SEVEN: [i32; 8] = [3, 4, 7, 1, 4, 2, 2, 1];
const DRAWN_ON_TWO: [i32; 8] = [4, 2, 4, 2, 4, 2, 4, 2];
