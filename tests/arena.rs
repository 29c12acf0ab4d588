//! gamekit's strong engine in the `reversi_players` assignment's game: the openings of a
//! tournament, the tournament against the book's player, and its tally.

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
