//! gamekit's engines in the assignments' own games: the strong Reversi engine in the
//! `reversi_players` game (the openings of a tournament, the tournament against the book's
//! player, and its tally), and the Connect N solver as a perfect player of the `connect_n`
//! game.

use gamekit::arena::{self, Match, Tally};
use reversi_players::Color;
use std::time::Duration;

#[test]
fn the_openings_of_a_tournament_are_every_sequence_of_moves() {
    assert_eq!(arena::openings(1).len(), 4);
    assert_eq!(arena::openings(2).len(), 12);
    assert_eq!(arena::openings(3).len(), 56);
}

#[test]
fn each_opening_is_played_with_either_colour_to_the_end() {
    let openings = arena::openings(1);
    let matches = arena::tournament(&openings, Duration::from_millis(20), |_| {}).expect("valid moves");
    let played: Vec<(Vec<(i32, i32)>, Color)> =
        matches.iter().map(|game| (game.opening.clone(), game.strong)).collect();
    let expected: Vec<(Vec<(i32, i32)>, Color)> = openings
        .iter()
        .flat_map(|opening| [(opening.clone(), Color::Black), (opening.clone(), Color::White)])
        .collect();
    assert_eq!(played, expected);
    // Even in a hurry (a debug build, 20 ms a move) the engine wins more than it loses; the
    // 95% it must reach at 1 s a move is measured by `gamekit tournament` (README).
    let tally = Tally::of(&matches);
    assert!(tally.wins > tally.losses, "{tally}");
}

#[test]
fn the_tally_counts_wins_draws_losses_and_the_average_margin() {
    let game = |margin| Match { opening: vec![], strong: Color::Black, margin };
    let tally = Tally::of(&[game(10), game(0), game(-4), game(30)]);
    assert_eq!(tally, Tally { wins: 2, draws: 1, losses: 1, average_margin: 9.0 });
    assert_eq!(
        tally.to_string(),
        "4 games: the strong engine won 2 (50.0%), drew 1, lost 1; average margin +9.0 discs"
    );
    assert_eq!(
        Tally::of(&[]).to_string(),
        "0 games: the strong engine won 0 (0.0%), drew 0, lost 0; average margin +0.0 discs"
    );
}

mod connect_n_perfect_player {
    use connect_n::{BLACK, BadPlayer, Game, Player, RED, Scaffold, TIE_GAME};
    use gamekit::arena::connect_n::PerfectPlayer;
    use gamekit::connect_n::{Position, Shape, Solver};

    /// Plays a game to its end without a terminal: the winner and how many checkers were
    /// dropped.
    fn play(columns: i32, levels: i32, n: i32, red: &mut dyn Player, black: &mut dyn Player) -> (i32, i32) {
        let mut game = Game::new(columns, levels, n, red, black).unwrap();
        let mut moves = 0;
        while game.take_turn() {
            moves += 1;
        }
        (game.completed().expect("the game ended"), moves)
    }

    /// Two perfect players reach the solved result, and as soon or as late as it says: the
    /// winning checker, dropped after m others on a scaffold of C cells, scores (C + 1 − m) / 2.
    #[test]
    fn two_perfect_players_play_the_solved_game() {
        for (columns, levels, n) in [(4, 3, 3), (5, 4, 4), (6, 4, 4), (5, 4, 3), (4, 4, 3), (5, 3, 3), (3, 3, 3)] {
            let shape = Shape::new(columns as usize, levels as usize, n as usize).unwrap();
            let score = Solver::new(shape).solve(&Position::new(shape));
            let (mut red, mut black) = (PerfectPlayer::new("red"), PerfectPlayer::new("black"));
            let (winner, moves) = play(columns, levels, n, &mut red, &mut black);
            let what = format!("{columns}×{levels}, {n} in a row, scored {score}");
            let expected = match score.signum() {
                1 => RED,
                -1 => BLACK,
                _ => TIE_GAME,
            };
            assert_eq!(winner, expected, "{what}");
            if score != 0 {
                assert_eq!((columns * levels + 1 - (moves - 1)) / 2, score.abs(), "{what}: {moves} moves");
            }
        }
    }

    /// Where the first player wins, the perfect player wins every game as red; where the
    /// game is a draw, it loses none, with either colour.
    #[test]
    fn a_perfect_player_never_lets_a_bad_one_do_better_than_the_solved_result() {
        for seed in 0..20 {
            let mut perfect = PerfectPlayer::new("perfect");
            let mut bad = BadPlayer::with_seed("bad", seed);
            assert_eq!(play(4, 3, 3, &mut perfect, &mut bad).0, RED, "4×3, 3 in a row, seed {seed}");
            assert_ne!(play(5, 4, 4, &mut bad, &mut perfect).0, RED, "5×4 as black, seed {seed}");
            assert_ne!(play(5, 4, 4, &mut perfect, &mut bad).0, BLACK, "5×4 as red, seed {seed}");
        }
    }

    /// Connect Four's first moves come from the book (the engine's tests count the positions
    /// searched: none): the centre, then the centre again.
    #[test]
    fn connect_four_starts_from_the_book() {
        let mut perfect = PerfectPlayer::new("perfect");
        let mut scaffold = Scaffold::new(7, 6).unwrap();
        assert_eq!(perfect.choose_move(&scaffold, 4, RED), 4);
        scaffold.make_move(4, RED);
        assert_eq!(perfect.choose_move(&scaffold, 4, BLACK), 4);
    }

    /// A scaffold the engine cannot hold, and a full one, give no move.
    #[test]
    fn no_move_where_there_is_none_to_give() {
        let mut perfect = PerfectPlayer::new("perfect");
        assert_eq!(perfect.choose_move(&Scaffold::new(9, 9).unwrap(), 4, RED), 0);
        let mut full = Scaffold::new(2, 2).unwrap();
        for (column, color) in [(1, RED), (1, BLACK), (2, RED), (2, BLACK)] {
            full.make_move(column, color);
        }
        assert_eq!(perfect.choose_move(&full, 3, RED), 0);
    }
}
