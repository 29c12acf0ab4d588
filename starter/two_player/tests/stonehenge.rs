//! Stonehenge: the representation, the arbiter (every rule on chosen positions), the
//! evaluation and the text interface, one behaviour per test. These are the graded suite's
//! own tests (the rubric's `stonehenge::…` groups), and a failure says what the grader says.
//! The grader also compares the lines' holders with an arbiter of its own along random
//! games, which is not here. Run one part's tests alone:
//!
//! ```text
//! cargo test --test stonehenge arbiter::
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
use games::{at_terminal, pick, random_positions, stonehenge};
use random::Draws;
use two_player::{
    Error, Evaluation, Interface, Representation, STONES, State, StoneEval, StoneMove, StoneText, Stonehenge,
};

mod rep {
    use super::*;

    #[test]
    fn the_game_starts_with_an_empty_board_and_all_stones() {
        let game = Stonehenge::game_start();
        assert!(
            (0..18).all(|place| game.stone_at(place).is_none()),
            "stone_at(place) should be None for every place 0 to 17 at the start"
        );
        assert!(
            (0..15).all(|line| game.holder(line).is_none()),
            "holder(line) should be None for every ley-line 0 to 14 at the start"
        );
        assert_same!(game.stones(true), STONES, "stones(true) at the start");
        assert_same!(game.stones(false), STONES, "stones(false) at the start");
        assert_same!(
            (game.lines_held(true), game.lines_held(false)),
            (0, 0),
            "(lines_held(true), lines_held(false)) at the start"
        );
    }

    #[test]
    fn legal_moves_go_from_place_17_down_and_from_the_weakest_stone_up() {
        let moves = Stonehenge::game_start().legal_moves(true);
        assert_same!(moves.len(), 18 * 6, "how many legal_moves(true) at the start: 18 places, 6 different stones");
        let first: Vec<(usize, u32)> = moves.iter().take(7).map(|mv| (mv.place, mv.stone)).collect();
        assert_same!(
            first,
            [(17, 1), (17, 2), (17, 3), (17, 4), (17, 5), (17, 6), (16, 1)],
            "the first 7 of legal_moves(true) at the start, as (place, stone)"
        );
        assert_same!(
            moves.last(),
            Some(&StoneMove { place: 0, stone: 6 }),
            "the last of legal_moves(true) at the start"
        );
    }

    #[test]
    fn legal_moves_skip_taken_places_and_spent_stones() {
        let game = stonehenge(&[(17, 6), (0, 3)]);
        let moves = game.legal_moves(true);
        assert_same!(
            moves.len(),
            16 * 5,
            "how many legal_moves(true) after X's 6 on place 17 and O's 3 on place 0: 16 places, 5 different stones"
        );
        assert!(
            moves.iter().all(|mv| mv.place != 17 && mv.place != 0 && mv.stone != 6),
            "legal_moves(true) after X's 6 on place 17 and O's 3 on place 0 should not use place 17, place 0 or a 6"
        );
        // O still has a 3: it had two.
        assert!(
            game.legal_moves(false).contains(&StoneMove { place: 1, stone: 3 }),
            "legal_moves(false) after X's 6 on place 17 and O's 3 on place 0 should hold a 3 on place 1: O had two 3s"
        );
    }

    #[test]
    fn a_player_without_stones_has_no_moves() {
        let moves = [(0, 6), (1, 6), (2, 5), (3, 5), (4, 4), (5, 4), (6, 3), (7, 3), (8, 3), (9, 3)];
        let moves = moves.iter().chain(&[(10, 2), (11, 2), (12, 2), (13, 2), (14, 1), (15, 1), (16, 1), (17, 1)]);
        let moves: Vec<(usize, u32)> = moves.copied().collect();
        let game = stonehenge(&moves);
        assert_same!(
            game.legal_moves(true),
            [],
            "legal_moves(true) once the 18 places are full, after the moves {moves:?} (place, stone; X first)"
        );
        assert_same!(
            game.legal_moves(false),
            [],
            "legal_moves(false) once the 18 places are full, after the moves {moves:?} (place, stone; X first)"
        );
    }

    #[test]
    fn play_puts_the_stone_and_spends_it() {
        let game = stonehenge(&[(7, 3)]);
        assert_same!(game.stone_at(7), Some((true, 3)), "stone_at(7) after X's 3 on place 7");
        assert_same!(game.stones(true), [6, 5, 4, 3, 2, 2, 1, 1], "stones(true) after X's 3 on place 7");
        assert_same!(game.stones(false), STONES, "stones(false) after X's 3 on place 7");
        assert_same!(game.sum_on(2, true), 3, "sum_on(2, true) after X's 3 on place 7 (ley-line 2 is places 5 to 8)");
        assert_same!(game.sum_on(2, false), 0, "sum_on(2, false) after X's 3 on place 7 (ley-line 2 is places 5 to 8)");
    }

    #[test]
    fn play_leaves_the_position_it_was_given_as_it_was() {
        let before = stonehenge(&[(7, 3)]);
        let _after = before.play(false, StoneMove { place: 8, stone: 6 });
        assert_same!(
            before,
            stonehenge(&[(7, 3)]),
            "the position after X's 3 on place 7, once play(false, StoneMove {{ place: 8, stone: 6 }}) was called on it"
        );
    }
}

mod arbiter {
    use super::*;

    #[test]
    fn a_full_line_goes_to_the_higher_sum() {
        // Ley-line 0 is places 0 and 1.
        let game = stonehenge(&[(0, 3), (1, 5)]);
        assert_same!(game.holder(0), Some(false), "holder(0) after X's 3 on place 0 and O's 5 on place 1");
        let game = stonehenge(&[(0, 5), (1, 3)]);
        assert_same!(game.holder(0), Some(true), "holder(0) after X's 5 on place 0 and O's 3 on place 1");
    }

    #[test]
    fn equal_sums_go_to_the_player_who_did_not_move() {
        assert_same!(stonehenge(&[(0, 3), (1, 3)]).holder(0), Some(true), "O filled the line");
        assert_same!(stonehenge(&[(17, 1), (0, 4), (1, 4)]).holder(0), Some(false), "X filled the line");
    }

    #[test]
    fn an_open_line_is_held_once_the_other_cannot_beat_it() {
        // Ley-line 9 is places 13 and 17: a 6 there can at best be tied by O's 6, and a tie
        // goes to the player who did not fill the line.
        let game = stonehenge(&[(13, 6)]);
        assert_same!(game.holder(9), Some(true), "holder(9) after X's 6 on place 13 (ley-line 9 is places 13 and 17)");
        assert!(game.stone_at(17).is_none(), "stone_at(17) should be None after X's 6 on place 13");
    }

    #[test]
    fn an_open_line_stays_open_while_the_other_can_win_it() {
        // Ley-line 9 with X's 5: O's 6 would beat it.
        assert_same!(
            stonehenge(&[(13, 5)]).holder(9),
            None,
            "holder(9) after X's 5 on place 13 (ley-line 9 is places 13 and 17)"
        );
    }

    #[test]
    fn the_player_who_did_not_move_can_win_a_line_too() {
        // O's 5 on place 9 (ley-line 10, places 9 and 14); X then spends its 6 elsewhere and
        // has nothing left to beat the 5.
        let game = stonehenge(&[(17, 1), (9, 5)]);
        assert_same!(
            game.holder(10),
            None,
            "holder(10) after X's 1 on place 17 and O's 5 on place 9 (ley-line 10 is places 9 and 14)"
        );
        let game = game.play(true, StoneMove { place: 3, stone: 6 });
        assert_same!(
            game.holder(10),
            Some(false),
            "holder(10) after X's 1 on place 17, O's 5 on place 9 and X's 6 on place 3 (ley-line 10 is places 9 and 14)"
        );
    }

    #[test]
    fn the_strongest_stones_left_count_once_each() {
        // Ley-line 8 is places 8, 12 and 16. X's 6 on 8 could be beaten by O's 6 + 5, so
        // the line stays open; after O's 1 on 12, by 1 + 6. X's 5 on 16 fills it: 11 to 1.
        let game = stonehenge(&[(8, 6), (0, 1)]);
        assert_same!(
            game.holder(8),
            None,
            "holder(8) after X's 6 on place 8 and O's 1 on place 0 (ley-line 8 is places 8, 12 and 16)"
        );
        let game = stonehenge(&[(8, 6), (12, 1)]);
        assert_same!(game.holder(8), None, "O could still make 7 against 6");
        let game = stonehenge(&[(8, 6), (12, 1), (16, 5)]);
        assert_same!(
            game.holder(8),
            Some(true),
            "holder(8) after X's 6 on place 8, O's 1 on place 12 and X's 5 on place 16, which fill ley-line 8"
        );
    }

    #[test]
    fn fewer_stones_left_than_empty_places_count_all_of_them() {
        // Ley-line 3 is places 9 to 13. X's 5 on place 9; then the other moves stay off the
        // line, and O spends its strongest stones. With four empty places, O's best is its
        // strongest four: 2 2 1 1 make 6 > 5. Once O has only 2 1 1 left, three stones for
        // four places, they make 4 < 5: X holds the line.
        let moves = [(9, 5), (0, 6), (1, 1), (2, 5), (3, 1), (4, 4), (5, 2), (6, 3), (7, 2), (8, 3), (14, 3)];
        let game = stonehenge(&moves);
        assert_same!(
            (game.holder(3), game.stones(false)),
            (None, &[2, 2, 1, 1][..]),
            "(holder(3), stones(false)) after the moves {moves:?} (place, stone; X first): O's 2 2 1 1 could \
             still beat X's 5 on ley-line 3 (places 9 to 13, four empty)"
        );
        let game = game.play(false, StoneMove { place: 15, stone: 2 });
        assert_same!(
            (game.holder(3), game.stones(false)),
            (Some(true), &[2, 1, 1][..]),
            "(holder(3), stones(false)) after the moves {moves:?} (place, stone; X first), then O's 2 on place 15: \
             O's three stones 2 1 1 make 4 for the four empty places of ley-line 3, less than X's 5"
        );
    }
}

mod eval {
    use super::*;

    #[test]
    fn the_start_is_worth_nothing() {
        assert_same!(StoneEval::evaluate(true, &Stonehenge::game_start()), 0, "evaluate(true, ..) at the start");
    }

    #[test]
    fn a_stone_spent_costs_ten_a_point() {
        assert_same!(
            StoneEval::evaluate(false, &stonehenge(&[(7, 3)])),
            -30,
            "evaluate(false, ..) after X's 3 on place 7"
        );
        assert_same!(
            StoneEval::evaluate(true, &stonehenge(&[(7, 3), (8, 1)])),
            -20,
            "evaluate(true, ..) after X's 3 on place 7 and O's 1 on place 8"
        );
    }

    #[test]
    fn a_line_held_is_worth_fifty() {
        // X's 6 on place 13 holds ley-line 9: +50 − 60.
        assert_same!(
            StoneEval::evaluate(true, &stonehenge(&[(13, 6)])),
            -10,
            "evaluate(true, ..) after X's 6 on place 13, which holds ley-line 9"
        );
        // X 3, O 5 fill ley-line 0 for O: −50 for the line, +10 × (5 − 3) for the stones.
        assert_same!(
            StoneEval::evaluate(true, &stonehenge(&[(0, 3), (1, 5)])),
            -30,
            "evaluate(true, ..) after X's 3 on place 0 and O's 5 on place 1, which fill ley-line 0 for O"
        );
    }

    /// Random games played to the end: the winner's eighth line is seen whoever is to move.
    #[test]
    fn eight_lines_win_for_either_player() {
        let ends = random_positions::<StoneEval>(41, 200, 19);
        let mut seen = [false; 2];
        for (game, player) in ends {
            let (x, o) = (game.lines_held(true), game.lines_held(false));
            // The spec's values.
            let expected = if x >= 8 {
                Some(1000)
            } else if o >= 8 {
                Some(-1000)
            } else {
                None
            };
            if let Some(expected) = expected {
                seen[usize::from(x >= 8)] = true;
                for to_move in [player, !player] {
                    assert_same!(StoneEval::evaluate(to_move, &game), expected, "X holds {x}, O {o}");
                }
                assert!(
                    StoneEval::is_leaf(player, &game),
                    "is_leaf({player}, ..) should be true once a player holds 8 ley-lines: X holds {x}, O {o}"
                );
                let mover = !player;
                let state = if (x >= 8) == mover { State::Won } else { State::Lost };
                assert_same!(StoneEval::state_of(mover, &game), state, "X holds {x}, O {o}");
            } else {
                assert!(
                    StoneEval::evaluate(player, &game).abs() < 1000,
                    "evaluate({player}, ..) gave {}, but only 8 ley-lines held are worth ±1000: X holds {x}, O {o}",
                    StoneEval::evaluate(player, &game)
                );
            }
        }
        assert_same!(seen, [true, true], "the random games should have winners of both sides");
    }

    /// After 17 moves X has placed its last stone but O has one left: unless someone already
    /// holds eight lines, the game goes on (the chapter called it a stalemate).
    #[test]
    fn the_game_goes_on_when_x_has_placed_its_last_stone() {
        let mut draws = Draws::new(43);
        let undecided = std::iter::repeat_with(|| {
            (0..17).fold((Stonehenge::game_start(), true), |(game, player), _| {
                let moves = game.legal_moves(player);
                (game.play(player, pick(&mut draws, &moves)), !player)
            })
        })
        .map(|(game, _)| game)
        .take(2000)
        .find(|game| game.lines_held(true) < 8 && game.lines_held(false) < 8)
        .expect("an undecided game after 17 random moves");
        assert_same!(
            undecided.stones(true),
            [] as [u32; 0],
            "stones(true) after 17 moves: X has placed all its 9 stones"
        );
        assert_same!(StoneEval::state_of(true, &undecided), State::Continue, "in\n{undecided:?}");
    }
}

mod text {
    use super::*;

    const START: &str = "       0   1
     2   3   4
   5   6   7   8
 9  10  11  12  13
  14  15  16  17

line  places         X   O  held by
   0  0 1            0   0
   1  2 3 4          0   0
   2  5 6 7 8        0   0
   3  9 10 11 12 13  0   0
   4  14 15 16 17    0   0
   5  0 2 5 9        0   0
   6  1 3 6 10 14    0   0
   7  4 7 11 15      0   0
   8  8 12 16        0   0
   9  13 17          0   0
  10  9 14           0   0
  11  5 10 15        0   0
  12  2 6 11 16      0   0
  13  0 3 7 12 17    0   0
  14  1 4 8 13       0   0
X holds 0, O holds 0 of the 15 ley-lines; 8 win.
X has stones 6 5 4 3 3 2 2 1 1.
O has stones 6 5 4 3 3 2 2 1 1.

";

    #[test]
    fn the_board_at_the_start() {
        assert_same!(Stonehenge::game_start().to_string(), START, "to_string() at the start");
    }

    #[test]
    fn stones_show_with_their_owner_and_lines_with_their_holder() {
        let text = stonehenge(&[(13, 6), (0, 2)]).to_string();
        assert!(
            text.starts_with("      O2   1\n"),
            "the row of places 0 and 1 in to_string() after X's 6 on place 13 and O's 2 on place 0:\n{text}"
        );
        assert!(
            text.contains("\n 9  10  11  12  X6\n"),
            "the row of places 9 to 13 in to_string() after X's 6 on place 13 and O's 2 on place 0:\n{text}"
        );
        assert!(
            text.contains("\n   9  13 17          6   0  X\n"),
            "the row of ley-line 9 (held by X) in to_string() after X's 6 on place 13 and O's 2 on place 0:\n{text}"
        );
        assert!(
            text.contains("\n   0  0 1            0   2\n"),
            "the row of ley-line 0 in to_string() after X's 6 on place 13 and O's 2 on place 0:\n{text}"
        );
        assert!(
            text.contains("\nX holds 1, O holds 0 of the 15 ley-lines; 8 win.\n"),
            "the ley-lines held in to_string() after X's 6 on place 13 and O's 2 on place 0:\n{text}"
        );
        assert!(
            text.ends_with("X has stones 5 4 3 3 2 2 1 1.\nO has stones 6 5 4 3 3 2 1 1.\n\n"),
            "the stones left, at the end of to_string() after X's 6 on place 13 and O's 2 on place 0:\n{text}"
        );
    }

    #[test]
    fn home_exit_and_results() {
        let (terminal, screen) = at_terminal("");
        let mut text = StoneText::new(terminal);
        text.home().expect("home() should print the welcome and return Ok");
        text.won().expect("won() should say that X won and return Ok");
        text.lost().expect("lost() should say that O won and return Ok");
        text.nil().expect("nil() should say that nobody won and return Ok");
        text.exit().expect("exit() should print the goodbye and return Ok");
        assert_same!(
            screen.text(),
            "Stonehenge ...\nX won.\nO won.\nNobody won.\nBye for now ...\n",
            "what home(), won(), lost(), nil() then exit() printed"
        );
    }

    #[test]
    fn init_shows_who_is_who_and_the_board() {
        let (terminal, screen) = at_terminal("");
        StoneText::new(terminal).init().expect("init() should print who is who and the board, and return Ok");
        assert_same!(screen.text(), format!("X: 1st player   O: 2nd player\n\n{START}"), "what init() printed");
    }

    #[test]
    fn position_says_the_move_and_the_lines_taken() {
        let (terminal, screen) = at_terminal("");
        let old = stonehenge(&[(17, 1)]);
        let new = old.play(false, StoneMove { place: 13, stone: 6 });
        StoneText::new(terminal).position(false, StoneMove { place: 13, stone: 6 }, &old, &new).expect(
            "position(false, StoneMove { place: 13, stone: 6 }, old, new) should print the move, the ley-line taken \
             and the board, and return Ok",
        );
        assert_same!(
            screen.text(),
            format!("O puts a 6 on place 13.\nO takes ley-line 9.\n{new}"),
            "what position(false, StoneMove {{ place: 13, stone: 6 }}, old, new) printed, old after X's 1 on place 17"
        );
    }

    #[test]
    fn the_players_are_asked_about_in_turn() {
        let (terminal, screen) = at_terminal("y\nno\n");
        let mut text = StoneText::new(terminal);
        assert!(
            text.q_player().expect("the first q_player() should read the answer \"y\\n\" and return Ok"),
            "the first q_player() should be true on the answer \"y\\n\""
        );
        assert!(
            !text.q_player().expect("the second q_player() should read the answer \"no\\n\" and return Ok"),
            "the second q_player() should be false on the answer \"no\\n\""
        );
        assert_same!(
            screen.text(),
            "Is X played by the machine? y/n ? Is O played by the machine? y/n ? ",
            "what two calls of q_player() printed on the answers \"y\\n\" then \"no\\n\""
        );
    }

    cases! {
        /// `q_continue` means yes on an answer that starts with "y" or "Y".
        fn play_again_takes_y_or_yes(answer: &str, yes: bool) {
            let (terminal, screen) = at_terminal(answer);
            assert_same!(
                StoneText::new(terminal).q_continue().unwrap_or_else(|error| panic!(
                    "q_continue() should read the answer {answer:?} and return Ok: {error:?}"
                )),
                yes,
                "q_continue() on the answer {answer:?}"
            );
            assert_same!(screen.text(), "Play again? y/n ? ", "what q_continue() printed on the answer {answer:?}");
        }
        y: ("y\n", true),
        yes_capitalised: ("Yes\n", true),
        yes_after_spaces: ("  yes please\n", true),
        n: ("n\n", false),
        nothing: ("\n", false),
    }

    #[test]
    fn a_person_types_a_place_and_a_stone() {
        let (terminal, screen) = at_terminal("7 3\n");
        let mv = StoneText::new(terminal)
            .choice(false, &stonehenge(&[(0, 1)]))
            .expect("choice(false, ..) after X's 1 on place 0 should return Ok on the answer \"7 3\\n\"");
        assert_same!(
            mv,
            StoneMove { place: 7, stone: 3 },
            "choice(false, ..) after X's 1 on place 0, on the answer \"7 3\\n\""
        );
        assert_same!(
            screen.text(),
            "O, your move (place stone): ",
            "what choice(false, ..) printed on the answer \"7 3\\n\""
        );
    }

    #[test]
    fn bad_answers_say_why_and_ask_again() {
        let (terminal, screen) = at_terminal("\nseven 3\n-1 3\n7\n7 3 1\n18 1\n13 1\n7 6\n7 0\n7 3\n");
        let mv = StoneText::new(terminal).choice(true, &stonehenge(&[(13, 6), (0, 1)])).expect(
            "choice(true, ..) after X's 6 on place 13 and O's 1 on place 0 should refuse nine answers, then return \
             Ok on \"7 3\\n\"",
        );
        assert_same!(
            mv,
            StoneMove { place: 7, stone: 3 },
            "choice(true, ..) after X's 6 on place 13 and O's 1 on place 0, on the answers \"\", \"seven 3\", \"-1 3\", \"7\", \
             \"7 3 1\", \"18 1\", \"13 1\", \"7 6\", \"7 0\", \"7 3\" (one a line)"
        );
        let prompt = "X, your move (place stone): ";
        let expected = [
            "Type a place and a stone, as in: 7 3",
            "Type a place and a stone, as in: 7 3",
            "Type a place and a stone, as in: 7 3",
            "Type a place and a stone, as in: 7 3",
            "Type a place and a stone, as in: 7 3",
            "There is no place 18: the places are 0 to 17.",
            "Place 13 is taken.",
            "X has no stone 6 left.",
            "X has no stone 0 left.",
        ]
        .iter()
        .map(|why| format!("{prompt}{why}\n"))
        .collect::<String>()
            + prompt;
        assert_same!(
            screen.text(),
            expected,
            "what choice(true, ..) printed after X's 6 on place 13 and O's 1 on place 0, on the answers \"\", \
             \"seven 3\", \"-1 3\", \"7\", \"7 3 1\", \"18 1\", \"13 1\", \"7 6\", \"7 0\", \"7 3\" (one a line): \
             nine refused, each with its reason"
        );
    }

    cases! {
        /// A stone that `str::parse::<usize>` reads but that is too large for a `u32` is a
        /// stone the player has none of; one too large for a `usize` (64 bits) is not a
        /// number. The stone is written back as it was read (`0006` as 6).
        fn a_stone_too_large_for_u32_is_one_the_player_has_none_of(answer: &str, why: &str) {
            let (terminal, screen) = at_terminal(&format!("{answer}\n7 3\n"));
            let call = "choice(true, ..) after X's 6 on place 13 and O's 1 on place 0";
            let mv = StoneText::new(terminal).choice(true, &stonehenge(&[(13, 6), (0, 1)])).unwrap_or_else(|error| {
                panic!("{call} should refuse the answer {answer:?}, then return Ok on \"7 3\": {error:?}")
            });
            assert_same!(mv, StoneMove { place: 7, stone: 3 }, "{call}, on the answers {answer:?} then \"7 3\"");
            let prompt = "X, your move (place stone): ";
            assert_same!(
                screen.text(),
                format!("{prompt}{why}\n{prompt}"),
                "what {call} printed on the answers {answer:?} then \"7 3\" (one a line)"
            );
        }
        just_above_u32_max: ("7 4294967296", "X has no stone 4294967296 left."),
        usize_max: ("7 18446744073709551615", "X has no stone 18446744073709551615 left."),
        above_usize_max: ("7 18446744073709551616", "Type a place and a stone, as in: 7 3"),
        leading_zeros: ("7 0006", "X has no stone 6 left."),
    }

    #[test]
    fn the_end_of_the_input_is_an_error() {
        let (terminal, _) = at_terminal("19 1\n");
        let result = StoneText::new(terminal).choice(true, &Stonehenge::game_start());
        assert!(
            matches!(result, Err(Error::EndOfInput)),
            "choice(true, ..) at the start on the answer \"19 1\\n\", then none, should be Err(EndOfInput): {result:?}"
        );
    }
}
