//! Bugs planted in copies of the solutions: each loses the points of what it breaks, and
//! breaking any rule of [`RULE_BUGS`] (rules the rubric groups claim) loses points in the
//! group that claims it.

use super::{Edit, KIT, checked, copy_of_solution, grade_with};
use gamekit::grade::{Report, Status, Style};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A bug planted in a copy of a solution: its edit, the tests graded (all, or those a prefix
/// names, as `--only` does), the tests that must fail (a part of their names), the groups
/// (prefixes) in which tests may fail too, and the group whose rule it breaks, which its
/// report (under 60 lines) must explain first.
struct PlantedBug {
    assignment: &'static str,
    name: &'static str,
    edits: &'static [Edit<'static>],
    only: Option<&'static str>,
    must_fail: &'static [&'static str],
    may_fail: &'static [&'static str],
    first: &'static str,
}

const PLANTED_BUGS: &[PlantedBug] = &[
    PlantedBug {
        assignment: "reversi",
        name: "has_empty_cells_looks_for_blocks",
        edits: &[Edit { file: "src/lib.rs", from: ".any(|&cell| cell == EMPTY)", to: ".any(|&cell| cell == BLOCK)" }],
        only: None,
        must_fail: &["functions::has_empty_cells::", "differential::has_empty_cells::"],
        may_fail: &["differential::random_games::", "transcripts::", "robustness::"],
        first: "functions::has_empty_cells::",
    },
    PlantedBug {
        assignment: "reversi",
        name: "valid_move_never_flips_down_left",
        edits: &[Edit {
            file: "src/lib.rs",
            from: "        for step in 1..=captured {",
            to: "        for step in (1..=captured).filter(|_| (dy, dx) != (1, -1)) {",
        }],
        only: None,
        must_fail: &[
            "functions::valid_move_flips::plays_and_flips::star_black_c3_eight_directions",
            "differential::valid_move_flips::",
        ],
        may_fail: &[
            "functions::valid_move_flips::",
            "differential::random_games::",
            "transcripts::",
            "robustness::random_",
        ],
        first: "functions::valid_move_flips::",
    },
    PlantedBug {
        assignment: "reversi",
        name: "round_number_does_not_count_passes",
        edits: &[Edit {
            file: "src/lib.rs",
            from: "        player = opponent(player);\n        round += 1;",
            to: "        player = opponent(player);\n        round += u32::from(!passed);",
        }],
        only: None,
        must_fail: &["_sample_run_1_in", "_sample_run_2_in"],
        may_fail: &["differential::random_games::", "transcripts::", "robustness::random_"],
        first: "transcripts::game::",
    },
    PlantedBug {
        assignment: "tictactoe",
        name: "computer_move_blocks_before_it_wins",
        edits: &[Edit {
            file: "src/lib.rs",
            from: "    winning_square(&mut board, computer)\n        .or_else(|| winning_square(&mut board, opponent(computer)))",
            to: "    winning_square(&mut board, opponent(computer))\n        .or_else(|| winning_square(&mut board, computer))",
        }],
        only: None,
        must_fail: &["winning_beats_blocking", "every_board::computer_move_"],
        may_fail: &["computer_move::", "every_board::computer_move_", "all_games::", "transcripts::", "robustness::"],
        first: "computer_move::on_chosen_boards::",
    },
    PlantedBug {
        assignment: "connect_n",
        name: "smart_player_breaks_ties_to_the_right",
        edits: &[Edit {
            file: "src/smart.rs",
            from: "order.sort_by_key(|&column| ((2 * column).abs_diff(centre), column));",
            to: "order.sort_by_key(|&column| ((2 * column).abs_diff(centre), std::cmp::Reverse(column)));",
        }],
        only: None,
        must_fail: &["smart::tie_break::on_chosen_positions::of_two_middle_columns_the_left"],
        may_fail: &["smart::tie_break::", "references::smart_tie_break_", "transcripts::"],
        first: "smart::tie_break::",
    },
    PlantedBug {
        assignment: "connect_n",
        name: "smart_player_sees_a_win_on_the_last_square_as_a_draw",
        edits: &[Edit {
            file: "src/smart.rs",
            from: "        if self.playable().any(|column| self.board.wins(column, color)) {\n            return empty;\n        }\n        if empty == 1 {\n            return 0; // the last position, and no win: a draw\n        }",
            to: "        if empty == 1 {\n            return 0;\n        }\n        if self.playable().any(|column| self.board.wins(column, color)) {\n            return empty;\n        }",
        }],
        only: None,
        must_fail: &["references::smart_optimal_on_every_position::case_1_of_3x3_n3"],
        may_fail: &["smart::optimal::", "references::smart_", "smart::tie_break::", "transcripts::"],
        first: "smart::optimal::",
    },
    // The issue's slow SmartPlayer: right, but a plain minimax. It is told it is too slow
    // where it is, and the handout's `cargo rubric` says the same. Graded on the large
    // scaffolds alone, which it cannot search within any limit: on the small ones it comes
    // within a few percent of the limits, where the load of the moment decides (the next
    // bug is stopped there).
    PlantedBug {
        assignment: "connect_n",
        name: "smart_player_searches_every_line_of_play",
        edits: &[Edit { file: "src/smart.rs", from: "", to: include_str!("slow_smart.rs") }],
        only: Some("smart::timing::within_its_budget_on_large_scaffolds::"),
        must_fail: &["smart::timing::within_its_budget_on_large_scaffolds::"],
        may_fail: &[],
        first: "smart::timing::",
    },
    // A SmartPlayer right in every move and quick in each (a few milliseconds), but too slow
    // for the grader over every position of a small scaffold: the handout's `cargo rubric`
    // stops its public test too, and only that one of the timing tests. (Slow enough that
    // every such test is stopped, whatever the load: the reference's own time on them is
    // mostly the grader's calls, which vary.)
    PlantedBug {
        assignment: "connect_n",
        name: "smart_player_clears_its_table_before_every_move",
        edits: &[Edit {
            file: "src/smart.rs",
            from: "        let deadline = Instant::now() + self.budget;\n",
            to: "        let deadline = Instant::now() + self.budget;\n        self.table.slots.fill([0; 2]);\n",
        }],
        only: Some("smart::timing::"),
        must_fail: &["smart::timing::on_every_position_of_a_small_scaffold::"],
        may_fail: &[],
        first: "smart::timing::",
    },
    PlantedBug {
        assignment: "connect_n",
        name: "game_misses_one_diagonal",
        edits: &[Edit {
            file: "src/game.rs",
            from: "[(1, 0), (0, 1), (1, 1), (1, -1)]",
            to: "[(1, 0), (0, 1), (1, 1)]",
        }],
        only: None,
        must_fail: &["game::the_game_sees_n_in_a_row::other_diagonal"],
        may_fail: &["game::", "transcripts::", "spec_mains::game_tests"],
        first: "game::",
    },
    PlantedBug {
        assignment: "two_player",
        name: "alphabeta_takes_the_last_of_equal_moves",
        edits: &[Edit {
            file: "src/alphabeta.rs",
            from: "values.iter().position(|&value| value == bound)",
            to: "values.iter().rposition(|&value| value == bound)",
        }],
        only: None,
        must_fail: &["alphabeta::of_equal_moves_the_first_in_legal_moves_order", "against_minimax::same_move_"],
        may_fail: &["alphabeta::", "against_minimax::", "skeleton::", "transcripts::"],
        first: "alphabeta::",
    },
    PlantedBug {
        assignment: "two_player",
        name: "c4_eval_skips_the_top_rows_across_as_the_chapter_did",
        edits: &[Edit {
            file: "src/c4_eval.rs",
            from: "for direction in DIRECTIONS {",
            to: "for direction in DIRECTIONS.into_iter().filter(|&step| row < 4 || step != (0, 1)) {",
        }],
        only: None,
        must_fail: &["four_in_a_row_is_won_wherever_it_is::across_the_top_row"],
        may_fail: &["connect_four::eval::", "references::connect_four_", "transcripts::", "skeleton::"],
        first: "connect_four::eval::",
    },
    PlantedBug {
        assignment: "two_player",
        name: "stonehenge_ties_go_to_the_mover",
        edits: &[Edit {
            file: "src/stone_rep.rs",
            from: "Some(if own > other { mover } else { !mover })",
            to: "Some(if own >= other { mover } else { !mover })",
        }],
        only: None,
        must_fail: &[
            "stonehenge::arbiter::equal_sums_go_to_the_player_who_did_not_move",
            "references::stonehenge_every_line_as_the_chapter_arbitrates_in_random_games",
        ],
        may_fail: &["stonehenge::", "references::stonehenge_", "transcripts::", "skeleton::"],
        first: "stonehenge::arbiter::",
    },
    PlantedBug {
        assignment: "reversi_players",
        name: "the_computer_keeps_the_first_of_equal_moves",
        edits: &[Edit { file: "src/computer.rs", from: "if score >= best {", to: "if score > best {" }],
        only: None,
        must_fail: &[
            "computer::the_opening_move_is_the_last_of_the_equal_ones",
            "references::computer_the_books_choice_along_random_games",
            "transcripts::",
        ],
        may_fail: &["computer::", "references::computer_", "players::the_computer_announces_the_books_move"],
        first: "computer::",
    },
    PlantedBug {
        assignment: "reversi_players",
        name: "a_lost_game_scores_like_a_tie_as_in_the_book",
        edits: &[Edit {
            file: "src/computer.rs",
            from: "std::cmp::Ordering::Less => LOST,",
            to: "std::cmp::Ordering::Less => 0,",
        }],
        only: None,
        must_fail: &["computer::a_lost_game_is_the_worst_outcome_not_a_tie"],
        may_fail: &[
            "computer::",
            "references::computer_",
            "transcripts::",
            "players::the_computer_announces_the_books_move",
        ],
        first: "computer::",
    },
    PlantedBug {
        assignment: "reversi_players",
        name: "the_score_line_has_four_spaces_not_the_books_six",
        edits: &[Edit { file: "src/viewer.rs", from: "{black}      White(o)", to: "{black}    White(o)" }],
        only: None,
        must_fail: &["viewer::the_initial_position_is_drawn_exactly", "transcripts::"],
        may_fail: &["viewer::"],
        first: "viewer::",
    },
    PlantedBug {
        assignment: "reversi_players",
        name: "the_game_ends_once_one_side_skips",
        edits: &[Edit {
            file: "src/game.rs",
            from: "more_moves |= self.turn(Color::White)?;",
            to: "more_moves &= self.turn(Color::White)?;",
        }],
        only: None,
        must_fail: &[
            "game::a_whole_game_as_the_books_loop_plays_it",
            "game::a_side_without_a_move_skips_and_the_game_goes_on",
        ],
        may_fail: &["game::", "transcripts::", "robustness::"],
        first: "game::",
    },
];

#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn a_planted_bug_loses_exactly_the_tests_that_cover_it() {
    let mut unclear = Vec::new();
    for bug in PLANTED_BUGS.iter().filter(|bug| checked(bug.assignment)) {
        let copy = copy_of_solution(bug.assignment, bug.name, bug.edits);
        let report = grade_with(bug.assignment, &copy, None, bug.only);
        assert_eq!(report.build_errors, None, "{}: the planted bug must compile", bug.name);
        let failed: Vec<&str> =
            report.tests.iter().filter(|test| test.status != Status::Passed).map(|test| test.name.as_str()).collect();
        for must in bug.must_fail {
            assert!(
                failed.iter().any(|name| name.contains(must)),
                "{}: no failing test is named like {must}; failed: {failed:#?}",
                bug.name
            );
        }
        for name in &failed {
            let covered = bug.must_fail.iter().any(|must| name.contains(must))
                || bug.may_fail.iter().any(|prefix| name.starts_with(prefix));
            assert!(covered, "{}: {name} failed, but it does not cover the bug", bug.name);
        }
        for test in report.tests.iter().filter(|test| test.status != Status::Passed) {
            let slow = test.status == Status::TimedOut && test.explanation.contains("too slow");
            assert!(test.status == Status::Failed || slow, "{}: {} {:?}", bug.name, test.name, test.status);
            assert!(!test.explanation.is_empty(), "{}: {} has no explanation", bug.name, test.name);
        }
        let text = report.text(Style { width: 80, verbose: false, colour: false });
        // Counted in a terminal's columns, as the report is written.
        let widest = text.lines().map(unicode_width::UnicodeWidthStr::width).max().unwrap_or(0);
        assert!(widest <= 80, "{}: the report has a line of {widest} columns:\n{text}", bug.name);
        // Short, and the broken rule first: the first group explained (its title starts a line).
        let first = text.lines().find(|line| line.contains(" lost ") && !line.starts_with(' '));
        if text.lines().count() >= 60 || !first.is_some_and(|line| line.starts_with(&format!("{} lost", bug.first))) {
            unclear.push(format!("{}: {} lines, {} first:\n{text}", bug.name, text.lines().count(), bug.first));
        }
        // Its tests' time on two cores, without the build and the reference's one-time timing,
        // nor the tests stopped at their limits: those cost what the rubric allows them.
        let ran = report.tests.iter().filter(|test| test.status != Status::TimedOut);
        let seconds: f64 = ran.map(|test| test.seconds).sum::<f64>() / 2.0;
        assert!(seconds < 60.0, "{}: its tests took {seconds:.1} s on two cores", bug.name);
        assert_the_handout_agrees(bug.name, bug.assignment, &copy, bug.only.unwrap_or(""), &report);
    }
    assert!(unclear.is_empty(), "reports too long or not naming the rule first:\n{}", unclear.join("\n"));
}

/// Runs the handout's public tests of `assignment` (each `tests/<module>.rs` but the
/// transcripts', which the graded suite includes as its module `<module>`) with the sources
/// of `copy`, alone and offline as a student runs them, and asserts that of the tests whose
/// grader's names start with `within` (all: `""`), they fail where the grader's do in
/// `graded`: the same cases, the same checks. Only the files `within` can name are run, and
/// of a part of a file only the tests the grader ran there; never the tests the grader
/// stopped as too slow (a student's `cargo test` has no time limit: it would wait on them).
#[track_caller]
fn assert_the_handout_agrees(bug: &str, assignment: &'static str, copy: &Path, within: &str, graded: &Report) {
    let (_alone, handout) = handout_with(assignment, copy);
    for module in gamekit::grade::deploy::handout::public_modules(&handout) {
        let prefix = format!("{module}::");
        if !(within.starts_with(&prefix) || prefix.starts_with(within)) {
            continue;
        }
        let here = |test: &&gamekit::grade::TestResult| test.name.starts_with(&prefix) && test.name.starts_with(within);
        let (too_slow, timed): (Vec<_>, Vec<_>) =
            graded.tests.iter().filter(here).partition(|test| test.status == Status::TimedOut);
        let mut options = vec!["--test", &module, "--", "--exact"];
        if within.len() > prefix.len() {
            // A part of the file: the tests the grader ran there (and timed), by name.
            if timed.is_empty() {
                continue;
            }
            options.extend(timed.iter().map(|test| &test.name[prefix.len()..]));
        } else {
            options.extend(too_slow.iter().flat_map(|test| ["--skip", &test.name[prefix.len()..]]));
        }
        let (_, printed) = super::handout::cargo_test_alone(&handout, &options);
        assert!(printed.contains("test result:"), "{assignment}: tests/{module}.rs did not run:\n{printed}");
        let failed_here: BTreeSet<String> = printed
            .lines()
            .filter_map(|line| line.strip_prefix("---- ")?.strip_suffix(" stdout ----"))
            .map(|name| format!("{prefix}{name}"))
            .filter(|name| name.starts_with(within))
            .collect();
        let failed_there: BTreeSet<String> = graded
            .tests
            .iter()
            .filter(here)
            .filter(|test| test.status != Status::Passed && test.status != Status::TimedOut)
            .map(|test| test.name.clone())
            .collect();
        assert_eq!(failed_here, failed_there, "{bug}: the handout's tests/{module}.rs and the grader disagree");
    }
    assert_the_times_agree(bug, &handout, within, graded);
}

/// The handout of `assignment` with the sources of `copy`, kept from other checks while the
/// guard lives. It is written afresh the first time in a run (the kit's tests may have
/// changed since the last), then only its sources change.
fn handout_with(assignment: &'static str, copy: &Path) -> (std::sync::MutexGuard<'static, ()>, PathBuf) {
    static WRITTEN: std::sync::Mutex<BTreeSet<&str>> = std::sync::Mutex::new(BTreeSet::new());
    // The handouts' folders, one check at a time.
    static HANDOUTS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let alone = HANDOUTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let handout = Path::new(KIT).join("target").join("kit").join("public").join(assignment);
    if WRITTEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(assignment) {
        let _ = std::fs::remove_dir_all(&handout);
        gamekit::grade::deploy::handout::write(Path::new(KIT), assignment, &handout).expect("a handout");
    }
    super::handout::put_sources(&handout, assignment, &copy.join("src"));
    (alone, handout)
}

/// Where the grader stopped public tests as too slow, `cargo rubric` in the handout (which
/// times each public test against the limit the grader derives on this machine) says the same
/// of the same tests, and of no other; both of the tests `within` names, as a student would
/// ask (`cargo rubric timing::`).
#[track_caller]
fn assert_the_times_agree(bug: &str, handout: &Path, within: &str, graded: &Report) {
    let public = gamekit::grade::deploy::handout::public_modules(handout);
    let stopped: BTreeSet<&str> = (graded.tests.iter())
        .filter(|test| test.status == Status::TimedOut && test.name.starts_with(within))
        .filter_map(|test| {
            test.name.split_once("::").filter(|(module, _)| public.iter().any(|public| public == module))
        })
        .map(|(_, name)| name)
        .collect();
    if stopped.is_empty() {
        return;
    }
    // The test runner's filter: a part of the name, which in a file is without its module.
    let name = within.split_once("::").map_or("", |(_, name)| name);
    let arguments: &[&str] = if name.is_empty() { &["rubric"] } else { &["rubric", name] };
    let (passed, printed) = super::handout::cargo_alone(handout, arguments);
    let lines: Vec<&str> = printed.lines().collect();
    let too_slow: BTreeSet<&str> = (lines.windows(2))
        .filter(|pair| pair[1].starts_with("    too slow for the grader: "))
        .filter_map(|pair| {
            let test = pair[0].strip_prefix("test ")?;
            test.strip_suffix(" ... ok").or_else(|| test.strip_suffix(" ... stopped"))
        })
        .collect();
    assert!(!passed && too_slow == stopped, "{bug}: the grader stopped {stopped:?}; cargo rubric says:\n{printed}");
}

/// A bug that breaks one rule a rubric group claims ("every direction", "blocks", a
/// tie-break, a weight), graded on each of `only` (a group, or the groups a prefix names):
/// every group there that claims the rule must lose points.
struct RuleBug {
    assignment: &'static str,
    only: &'static [&'static str],
    rule: &'static str,
    edit: Edit<'static>,
}

/// reversi's `valid_move` looking along every line but one.
const fn reversi_line_missing(rule: &'static str, to: &'static str) -> RuleBug {
    RuleBug {
        assignment: "reversi",
        only: &["functions::valid_move_"],
        rule,
        edit: Edit { file: "src/lib.rs", from: "    for (dy, dx) in DIRECTIONS {", to },
    }
}

const RULE_BUGS: &[RuleBug] = &[
    reversi_line_missing(
        "up and to the left",
        "    for (dy, dx) in DIRECTIONS.into_iter().filter(|&line| line != (-1, -1)) {",
    ),
    reversi_line_missing("up", "    for (dy, dx) in DIRECTIONS.into_iter().filter(|&line| line != (-1, 0)) {"),
    reversi_line_missing(
        "up and to the right",
        "    for (dy, dx) in DIRECTIONS.into_iter().filter(|&line| line != (-1, 1)) {",
    ),
    reversi_line_missing("to the left", "    for (dy, dx) in DIRECTIONS.into_iter().filter(|&line| line != (0, -1)) {"),
    reversi_line_missing("to the right", "    for (dy, dx) in DIRECTIONS.into_iter().filter(|&line| line != (0, 1)) {"),
    reversi_line_missing(
        "down and to the left",
        "    for (dy, dx) in DIRECTIONS.into_iter().filter(|&line| line != (1, -1)) {",
    ),
    reversi_line_missing("down", "    for (dy, dx) in DIRECTIONS.into_iter().filter(|&line| line != (1, 0)) {"),
    reversi_line_missing(
        "down and to the right",
        "    for (dy, dx) in DIRECTIONS.into_iter().filter(|&line| line != (1, 1)) {",
    ),
    RuleBug {
        assignment: "reversi",
        only: &["functions::valid_move_checks::"],
        rule: "a block ends a line, it is not an opponent's disc",
        edit: Edit {
            file: "src/lib.rs",
            from: "Some(disc) if disc == opponent(p) => run += 1,",
            to: "Some(disc) if disc == opponent(p) || disc == BLOCK => run += 1,",
        },
    },
    RuleBug {
        assignment: "reversi",
        only: &["functions::valid_move_checks::"],
        rule: "a block ends a line, it is not the player's own disc",
        edit: Edit {
            file: "src/lib.rs",
            from: "Some(disc) if disc == p => return run,",
            to: "Some(disc) if disc == p || disc == BLOCK => return run,",
        },
    },
    RuleBug {
        assignment: "reversi",
        only: &["functions::valid_move_checks::"],
        rule: "a move on a block is invalid",
        edit: Edit {
            file: "src/lib.rs",
            from: ".filter(|&(row, col)| board[row][col] == EMPTY) else {",
            to: ".filter(|&(row, col)| board[row][col] != p && board[row][col] != opponent(p)) else {",
        },
    },
    RuleBug {
        assignment: "reversi",
        only: &["functions::valid_move_checks::"],
        rule: "the edge ends a line without capturing",
        edit: Edit {
            file: "src/lib.rs",
            from: "            _ => return 0,",
            to: "            None => return run,\n            _ => return 0,",
        },
    },
    RuleBug {
        assignment: "reversi",
        only: &["functions::valid_move_checks::"],
        rule: "a cell off the board is no move, however far off",
        edit: Edit {
            file: "src/lib.rs",
            from: "let Some((row, col)) = cell::<N>(y, x)",
            to: "let Some((row, col)) = cell::<N>(y.rem_euclid(N as i32), x.rem_euclid(N as i32))",
        },
    },
    RuleBug {
        assignment: "tictactoe",
        only: &["computer_move::on_chosen_boards::"],
        rule: "the book's first step: take a winning square",
        edit: Edit {
            file: "src/lib.rs",
            from: "winning_square(&mut board, computer)\n        .or_else(|| winning_square(&mut board, opponent(computer)))",
            to: "winning_square(&mut board, opponent(computer))",
        },
    },
    RuleBug {
        assignment: "tictactoe",
        only: &["computer_move::on_chosen_boards::"],
        rule: "the book's second step: block the human's winning square",
        edit: Edit {
            file: "src/lib.rs",
            from: "\n        .or_else(|| winning_square(&mut board, opponent(computer)))",
            to: "",
        },
    },
    RuleBug {
        assignment: "tictactoe",
        only: &["computer_move::on_chosen_boards::"],
        rule: "the book's third step: the centre before the corners",
        edit: Edit { file: "src/lib.rs", from: "[4, 0, 2, 6, 8, 1, 3, 5, 7]", to: "[0, 4, 2, 6, 8, 1, 3, 5, 7]" },
    },
    RuleBug {
        assignment: "tictactoe",
        only: &["computer_move::on_chosen_boards::"],
        rule: "the book's third step: the sides last, in order",
        edit: Edit { file: "src/lib.rs", from: "[4, 0, 2, 6, 8, 1, 3, 5, 7]", to: "[4, 0, 2, 6, 8, 7, 5, 3, 1]" },
    },
    RuleBug {
        assignment: "tictactoe",
        only: &["perfect::on_chosen_boards::", "every_board::perfect_move"],
        rule: "the perfect player keeps the first of equal moves in the book's order",
        edit: Edit { file: "src/lib.rs", from: "value > best_value", to: "value >= best_value" },
    },
    RuleBug {
        assignment: "tictactoe",
        only: &["perfect::on_chosen_boards::", "every_board::perfect_move"],
        rule: "the perfect player takes a win at once",
        edit: Edit { file: "src/lib.rs", from: "_ => return -(empty + 1),", to: "_ => return -1," },
    },
    RuleBug {
        assignment: "connect_n",
        only: &["game::"],
        rule: "N in a row across wins",
        edit: Edit { file: "src/game.rs", from: "[(1, 0), (0, 1), (1, 1), (1, -1)]", to: "[(0, 1), (1, 1), (1, -1)]" },
    },
    RuleBug {
        assignment: "connect_n",
        only: &["game::"],
        rule: "N in a row up a column wins",
        edit: Edit { file: "src/game.rs", from: "[(1, 0), (0, 1), (1, 1), (1, -1)]", to: "[(1, 0), (1, 1), (1, -1)]" },
    },
    RuleBug {
        assignment: "connect_n",
        only: &["game::"],
        rule: "N in a row up to the right wins",
        edit: Edit { file: "src/game.rs", from: "[(1, 0), (0, 1), (1, 1), (1, -1)]", to: "[(1, 0), (0, 1), (1, -1)]" },
    },
    RuleBug {
        assignment: "connect_n",
        only: &["smart::tie_break::", "references::smart_tie_break_"],
        rule: "of the best columns, the one nearest the centre",
        edit: Edit {
            file: "src/smart.rs",
            from: "order.sort_by_key(|&column| ((2 * column).abs_diff(centre), column));",
            to: "order.sort_by_key(|&column| column);",
        },
    },
    RuleBug {
        assignment: "two_player",
        only: &["connect_four::eval::"],
        rule: "2 for a window with one disc",
        edit: Edit { file: "src/c4_eval.rs", from: "[0, 2, 10, 50]", to: "[0, 1, 10, 50]" },
    },
    RuleBug {
        assignment: "two_player",
        only: &["connect_four::eval::"],
        rule: "10 for a window with two discs",
        edit: Edit { file: "src/c4_eval.rs", from: "[0, 2, 10, 50]", to: "[0, 2, 5, 50]" },
    },
    RuleBug {
        assignment: "two_player",
        only: &["connect_four::eval::"],
        rule: "50 for a window with three discs",
        edit: Edit { file: "src/c4_eval.rs", from: "[0, 2, 10, 50]", to: "[0, 2, 10, 100]" },
    },
    RuleBug {
        assignment: "two_player",
        only: &["connect_four::eval::"],
        rule: "every window once: none missing",
        edit: Edit {
            file: "src/c4_eval.rs",
            from: "for direction in DIRECTIONS {",
            to: "for direction in DIRECTIONS.into_iter().take(3) {",
        },
    },
    RuleBug {
        assignment: "two_player",
        only: &["connect_four::eval::"],
        rule: "every window once: none twice",
        edit: Edit {
            file: "src/c4_eval.rs",
            from: "for direction in DIRECTIONS {",
            to: "for direction in DIRECTIONS.into_iter().chain([(1, 1)]) {",
        },
    },
    RuleBug {
        assignment: "two_player",
        only: &["stonehenge::arbiter::"],
        rule: "a line goes early to a player the other can no longer beat",
        edit: Edit {
            file: "src/stone_rep.rs",
            from: ".iter().take(empty).sum::<u32>()",
            to: ".iter().take(empty + 1).sum::<u32>()",
        },
    },
    RuleBug {
        assignment: "two_player",
        only: &["stonehenge::eval::"],
        rule: "eight lines win for the second player too",
        edit: Edit { file: "src/stone_eval.rs", from: "if lines2 >= LINES_TO_WIN {", to: "if lines2 > LINES_TO_WIN {" },
    },
    RuleBug {
        assignment: "two_player",
        only: &["stonehenge::eval::"],
        rule: "the lines held count",
        edit: Edit {
            file: "src/stone_eval.rs",
            from: "50 * (lines1 as i32 - lines2 as i32)",
            to: "40 * (lines1 as i32 - lines2 as i32)",
        },
    },
    RuleBug {
        assignment: "reversi_players",
        only: &["computer::"],
        rule: "corner_value: an opponent's corner is worth -30",
        edit: Edit { file: "src/computer.rs", from: "Some(_) => -30,", to: "Some(_) => 0," },
    },
    RuleBug {
        assignment: "reversi_players",
        only: &["computer::"],
        rule: "corner_value: the player's discs next to an empty corner cost 30",
        edit: Edit {
            file: "src/computer.rs",
            from: "(if has(player) { -30 } else { 0 })",
            to: "(if has(player) { 0 } else { 0 })",
        },
    },
];

/// Each rule of [`RULE_BUGS`] is checked by the group that claims it: the rule broken alone,
/// its group loses points, and where the group is public the handout's tests fail where the
/// grader's do.
/// One copy per assignment, edited in place, so that each bug rebuilds only the solution.
#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn breaking_a_rule_a_group_claims_loses_points_there() {
    let mut unchecked = Vec::new();
    for bug in RULE_BUGS.iter().filter(|bug| checked(bug.assignment)) {
        let copy = copy_of_solution(bug.assignment, "a_broken_rule", std::slice::from_ref(&bug.edit));
        for only in bug.only {
            let report = grade_with(bug.assignment, &copy, None, Some(only));
            assert_eq!(report.build_errors, None, "{}: the planted bug must compile", bug.rule);
            let groups: BTreeSet<&str> = report.tests.iter().map(|test| test.group.as_str()).collect();
            assert!(!groups.is_empty(), "{}: no test starts with {only}", bug.rule);
            for group in groups {
                let lost = report.tests.iter().any(|test| test.group == group && test.status != Status::Passed);
                if !lost {
                    unchecked.push(format!("{}: {group} does not check {:?}", bug.assignment, bug.rule));
                }
            }
            assert_the_handout_agrees(bug.rule, bug.assignment, &copy, only, &report);
        }
    }
    assert!(unchecked.is_empty(), "rules a group claims but does not check:\n{}", unchecked.join("\n"));
}

/// A message: the file that prints it, and its text between its quotes.
type Message = (&'static str, &'static str);

/// The messages each program prints (of the code the student writes), by assignment, and the
/// groups that claim them: whole games, byte for byte, or the group of the part that prints
/// it. Each is the text between its quotes in the solution's source. The whole games are
/// graded in memory (`transcripts::game::`) alone: the same games through the program
/// (`transcripts::program_game::`) print what the library prints, and would only double the
/// time.
const MESSAGES: &[(&str, &str, &[Message])] = &[
    (
        "reversi",
        "transcripts::game::",
        &[
            ("src/lib.rs", "Enter number of blocks: "),
            ("src/lib.rs", "Too many blocks!"),
            ("src/lib.rs", "Enter position for block {k}: "),
            ("src/lib.rs", "Invalid position!"),
            ("src/lib.rs", "Round {round}:"),
            ("src/lib.rs", "Player {player} has no valid moves! Pass!"),
            ("src/lib.rs", "Game over:"),
            ("src/lib.rs", "Player {player}'s turn: "),
            ("src/lib.rs", "Invalid move!"),
            ("src/lib.rs", "Player X wins!"),
            ("src/lib.rs", "Player O wins!"),
            ("src/lib.rs", "Draw game!"),
        ],
    ),
    (
        "tictactoe",
        "transcripts::game::",
        &[
            ("src/lib.rs", "Do you require the first move?"),
            ("src/lib.rs", r"\nThen take the first move.  You will need it."),
            ("src/lib.rs", r"\nYour bravery will be your undoing... I will go first."),
            ("src/lib.rs", "Where will you move?"),
            ("src/lib.rs", r"\nThat square is already occupied, foolish human."),
            ("src/lib.rs", "Fine..."),
            ("src/lib.rs", "I shall take square number {square}"),
        ],
    ),
    (
        "connect_n",
        "transcripts::game::",
        &[
            ("src/game.rs", "{} (red, R) against {} (black, B): {} columns, {} levels, {} in a row wins."),
            ("src/game.rs", "{} drops a {} checker in column {column}."),
            ("src/game.rs", "It's a tie."),
            ("src/game.rs", "{} wins!"),
            ("src/player.rs", "{}, drop a {} checker in which column (1-{columns})? "),
            ("src/player.rs", "That is not a column number."),
            ("src/player.rs", "There is no column {column}."),
            ("src/player.rs", "Column {column} is full."),
        ],
    ),
    (
        "two_player",
        "transcripts::game::",
        &[
            ("src/c4_text.rs", "{text} y/n ? "),
            ("src/c4_text.rs", "C4 ..."),
            ("src/c4_text.rs", "Bye for now ... "),
            ("src/c4_text.rs", "The first player won"),
            ("src/c4_text.rs", "The first player lost"),
            ("src/c4_text.rs", "Stalemate"),
            ("src/c4_text.rs", r"X: 1st player   O: 2nd player\n"),
            ("src/c4_text.rs", "Choose player{} : "),
            ("src/c4_text.rs", "Invalid move - try again"),
            ("src/c4_text.rs", "Is there to be a machine player ?"),
            ("src/c4_text.rs", "Play again?"),
            ("src/stone_text.rs", "{text} y/n ? "),
            ("src/stone_text.rs", "Type a place and a stone, as in: 7 3"),
            ("src/stone_text.rs", "There is no place {place}: the places are 0 to {}."),
            ("src/stone_text.rs", "Place {place} is taken."),
            ("src/stone_text.rs", "{} has no stone {stone} left."),
            ("src/stone_text.rs", "Stonehenge ..."),
            ("src/stone_text.rs", "Bye for now ..."),
            ("src/stone_text.rs", "X won."),
            ("src/stone_text.rs", r"X: 1st player   O: 2nd player\n"),
            ("src/stone_text.rs", "{} puts a {} on place {}."),
            ("src/stone_text.rs", "{holder} takes ley-line {line}."),
            ("src/stone_text.rs", "{}, your move (place stone): "),
            ("src/stone_text.rs", "Is {} played by the machine?"),
            ("src/stone_text.rs", "Play again?"),
            ("src/stone_text.rs", "X holds {x}, O holds {o} of the {} ley-lines; {LINES_TO_WIN} win."),
        ],
    ),
    (
        "reversi_players",
        "transcripts::game::",
        &[
            ("src/messages.rs", "{}: no valid move possible."),
            ("src/messages.rs", "{} wins!"),
            ("src/human.rs", "{}, enter your move (e.g., a7) : "),
            ("src/human.rs", "Invalid move. Please try again."),
            ("src/human.rs", "{} is a valid example, but other moves may be better."),
            ("src/computer.rs", "{} plays [{}]"),
        ],
    ),
    // What no whole game of the transcripts prints, the groups that claim it check.
    ("connect_n", "game::", &[("src/game.rs", "Press Enter to continue. ")]),
    ("two_player", "stonehenge::text::", &[("src/stone_text.rs", "O won."), ("src/stone_text.rs", "Nobody won.")]),
    ("reversi_players", "players::", &[("src/messages.rs", "Game tied."), ("src/messages.rs", "No winner!")]),
];

/// Every message a program prints is checked by the group that claims it: each message
/// altered (a mark `[M7]` at its start) is the difference a failing test of the group shows.
#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn altering_any_message_loses_points_in_the_group_that_claims_it() {
    let mut unchecked = Vec::new();
    for (assignment, only, messages) in MESSAGES.iter().filter(|(assignment, _, _)| checked(assignment)) {
        let left = unchecked_messages(assignment, only, messages);
        unchecked.extend(left.iter().map(|&index| format!("{assignment}: {:?} ({only})", messages[index].1)));
    }
    assert!(unchecked.is_empty(), "messages no test of their group checks:\n{}", unchecked.join("\n"));
}

/// The messages that no failing test of group `only` shows alone. To need few builds,
/// several are marked at once:
/// 0. all of them, in one build (and each game's last in a second): a message is crossed off
///    when a whole game that prints it (played on the marked programs,
///    [`Marking::cross_off_by_games`]) is a test of the group, or when a failing test shows
///    its mark and no other;
///
/// then, for what is left, a message is crossed off when a failing test shows its mark and
/// no other:
/// 1. all of those left, while that crosses any off (a message always printed after another
///    is shown once the other is crossed off);
/// 2. those no test has shown yet, together, while that shows any (a test shows only its
///    first differences, so an earlier mark hides a later one);
/// 3. together, those whose witnesses (the tests that showed each with the fewest other
///    marks) show none of the others: a Connect Four message beside a Stonehenge one;
/// 4. a message still left alone, its witness run first, then its whole group.
fn unchecked_messages(assignment: &'static str, only: &str, messages: &[Message]) -> Vec<usize> {
    let mut marking = Marking { assignment, messages, left: (0..messages.len()).collect(), seen: Vec::new() };
    let mut crossed = marking.cross_off_by_games(only);
    while crossed && !marking.left.is_empty() {
        crossed = marking.cross_off(&marking.left.iter().copied().collect::<Vec<_>>(), only);
    }
    // Those no test showed yet, while others hid them (a test shows its first difference),
    // while that shows any.
    loop {
        let unseen = marking.unseen();
        if unseen.len() < 2 {
            break;
        }
        marking.cross_off(&unseen, only);
        if marking.unseen().len() == unseen.len() {
            break;
        }
    }
    let mut tried_together = BTreeSet::new();
    let mut unchecked = Vec::new();
    while !marking.left.is_empty() {
        let alone = marking
            .left
            .iter()
            .copied()
            .find(|&index| tried_together.contains(&index) || marking.witness(index).is_none());
        if let Some(index) = alone {
            let witness = marking.witness(index);
            let by_its_witness = witness.is_some_and(|test| marking.cross_off(&[index], &test.name));
            if !by_its_witness && !marking.cross_off(&[index], only) {
                marking.left.remove(&index);
                unchecked.push(index);
            }
            continue;
        }
        let mut together: Vec<(usize, Shown)> = Vec::new();
        for index in marking.left.iter().copied() {
            let Some(test) = marking.witness(index) else { continue };
            if together.iter().all(|(other, its)| !test.marks.contains(other) && !its.marks.contains(&index)) {
                together.push((index, test));
            }
        }
        let marked: Vec<usize> = together.into_iter().map(|(index, _)| index).collect();
        tried_together.extend(marked.iter().copied());
        if marked.len() > 1 {
            marking.cross_off(&marked, only);
        }
    }
    unchecked
}

/// The messages of an assignment left to cross off, and what its gradings showed.
struct Marking<'a> {
    assignment: &'static str,
    messages: &'a [Message],
    left: BTreeSet<usize>,
    /// Every failing test of every grading so far.
    seen: Vec<Shown>,
}

impl Marking<'_> {
    /// Grades `only` with every message left marked, and crosses off each message a whole
    /// game of the group prints, and each a failing test shows alone: whether any was.
    ///
    /// A failing test named after one of the kit's transcripts plays that game. The handout's
    /// programs, built with the marked sources, play the transcript too; where one prints it
    /// exactly but for the marks, the marks it printed are the messages the game prints. Then
    /// only the last mark each game printed is marked: a test that shows its game's last mark
    /// (a test shows the first line that differs) compares the game's output up to there, so
    /// altering any message the game prints, alone, fails it.
    fn cross_off_by_games(&mut self, only: &str) -> bool {
        let marked: Vec<usize> = self.left.iter().copied().collect();
        let copy = marked_copy(self.assignment, self.messages, &marked);
        let shown = marks_shown_by(self.assignment, only, &marked, &copy);
        let fixtures = Path::new(KIT).join("fixtures").join(self.assignment);
        let games: Vec<gamekit::testkit::Transcript> = gamekit::testkit::Transcript::load_all(&fixtures)
            .into_iter()
            .filter(|transcript| shown.iter().any(|test| named_after(&test.name, only, &transcript.name)))
            .collect();
        let before = self.left.len();
        let printed =
            if games.is_empty() { Vec::new() } else { marks_printed(self.assignment, &copy, &marked, &games) };
        let last: BTreeSet<usize> = printed.iter().filter_map(|(_, marks)| marks.last().copied()).collect();
        if !last.is_empty() {
            let last: Vec<usize> = last.into_iter().collect();
            let copy = marked_copy(self.assignment, self.messages, &last);
            let shown_last = marks_shown_by(self.assignment, only, &last, &copy);
            for (game, marks) in &printed {
                let test = shown_last.iter().find(|test| named_after(&test.name, only, game));
                if test.is_some_and(|test| marks.last().is_some_and(|last| test.marks.contains(last))) {
                    self.left.retain(|index| !marks.contains(index));
                }
            }
            self.seen.extend(shown_last);
        }
        self.cross_off_shown(shown);
        self.left.len() < before
    }

    /// Grades `only` with `marked` altered, and crosses off each message a failing test
    /// showed alone: whether any was.
    fn cross_off(&mut self, marked: &[usize], only: &str) -> bool {
        let copy = marked_copy(self.assignment, self.messages, marked);
        self.cross_off_shown(marks_shown_by(self.assignment, only, marked, &copy))
    }

    /// Crosses off each message a failing test of a grading showed alone, and keeps what the
    /// grading showed: whether any was.
    fn cross_off_shown(&mut self, shown: Vec<Shown>) -> bool {
        let before = self.left.len();
        self.left.retain(|index| !shown.iter().any(|test| test.marks == [*index]));
        self.seen.extend(shown);
        self.left.len() < before
    }

    /// The messages left that no failing test has shown.
    fn unseen(&self) -> Vec<usize> {
        self.left.iter().copied().filter(|&index| self.witness(index).is_none()).collect()
    }

    /// The test that showed message `index` with the fewest other marks still left.
    fn witness(&self, index: usize) -> Option<Shown> {
        let showing = self.seen.iter().filter(|test| test.marks.contains(&index));
        showing.min_by_key(|test| test.marks.iter().filter(|mark| self.left.contains(mark)).count()).cloned()
    }
}

/// A failing test, and the marks its explanation showed.
#[derive(Clone)]
struct Shown {
    name: String,
    marks: Vec<usize>,
}

/// A copy of `assignment`'s solution with the messages `marked` altered: a mark `[M7]` at
/// the start of message 7.
fn marked_copy(assignment: &str, messages: &[Message], marked: &[usize]) -> PathBuf {
    let quoted: Vec<(String, String)> = marked
        .iter()
        .map(|&index| (format!("\"{}\"", messages[index].1), format!("\"[M{index}]{}\"", messages[index].1)))
        .collect();
    let edits: Vec<Edit> =
        marked.iter().zip(&quoted).map(|(&index, (from, to))| Edit { file: messages[index].0, from, to }).collect();
    copy_of_solution(assignment, "a_message_altered", &edits)
}

/// For each of `games` that a program of `assignment`'s handout, built with the sources of
/// `copy`, prints exactly but for the marks of `marked`: its name, and the marks it printed,
/// in the order first printed.
fn marks_printed(
    assignment: &'static str,
    copy: &Path,
    marked: &[usize],
    games: &[gamekit::testkit::Transcript],
) -> Vec<(String, Vec<usize>)> {
    let (_alone, handout) = handout_with(assignment, copy);
    let (built, said) = super::handout::cargo_alone(&handout, &["build", "--release", "--bins", "--quiet"]);
    assert!(built, "{assignment}: the handout's programs do not build with the messages marked:\n{said}");
    let manifest: toml::Table = std::fs::read_to_string(handout.join("Cargo.toml"))
        .expect("the handout's manifest")
        .parse()
        .expect("a manifest");
    let programs: Vec<PathBuf> = (manifest.get("bin").and_then(toml::Value::as_array).into_iter().flatten())
        .filter_map(|bin| bin.get("name")?.as_str())
        .map(|name| handout.join("target").join("release").join(name))
        .collect();
    assert!(!programs.is_empty(), "{assignment}: the handout names no program");
    let mut printed = Vec::new();
    for transcript in games {
        for program in &programs {
            let run = gamekit::testkit::run_program(program, &transcript.args, transcript.input.clone());
            let output = String::from_utf8_lossy(&run.stdout).into_owned();
            let mut unmarked = output.clone();
            let mut found: Vec<(usize, usize)> = Vec::new();
            for &index in marked {
                let mark = format!("[M{index}]");
                found.extend(output.find(&mark).map(|at| (at, index)));
                unmarked = unmarked.replace(&mark, "");
            }
            if unmarked.as_bytes() == transcript.expected {
                found.sort_unstable();
                printed.push((transcript.name.clone(), found.into_iter().map(|(_, index)| index).collect()));
                break;
            }
        }
    }
    printed
}

/// Whether test `name` of group `only` is the one named after transcript `transcript`:
/// rstest names a test of each file `<transcript>.in` `input_<number>_<transcript>_in`.
fn named_after(name: &str, only: &str, transcript: &str) -> bool {
    let Some(rest) = name.strip_prefix(only).and_then(|rest| rest.strip_prefix("input_")) else { return false };
    let after_number = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    after_number.len() < rest.len()
        && after_number.strip_prefix('_').is_some_and(|name| name == format!("{transcript}_in"))
}

/// Grades the tests whose names start with `only` on `copy`, the messages `marked` altered:
/// for each failing test, the marks its explanation shows.
fn marks_shown_by(assignment: &str, only: &str, marked: &[usize], copy: &Path) -> Vec<Shown> {
    let report = grade_with(assignment, copy, None, Some(only));
    assert_eq!(report.build_errors, None, "{assignment}: the marked messages must compile");
    report
        .tests
        .iter()
        .filter(|test| test.status != Status::Passed)
        .map(|test| Shown {
            name: test.name.clone(),
            marks: marked.iter().copied().filter(|index| test.explanation.contains(&format!("[M{index}]"))).collect(),
        })
        .collect()
}
