//! All 583 games a human can play against the book's computer player, each played through
//! `tictactoe::run` and compared byte for byte with the book's program. One test per
//! human's first square, so that a bug costs the games it spoils.

use crate::assert_plays_like_the_book;
use gamekit_engines::tictactoe::{X, all_games, book_move};
use rstest::rstest;

/// Plays every game in which the human (first when `human_first`) opens with `first`.
fn games_opening_with(human_first: bool, first: usize) {
    let human = if human_first { X } else { gamekit_engines::tictactoe::O };
    let games: Vec<Vec<usize>> = all_games(book_move)
        .into_iter()
        .filter(|(h, moves, _)| *h == human && moves.first() == Some(&first))
        .map(|(_, moves, _)| moves)
        .collect();
    assert!(!games.is_empty(), "no game opens with {first}");
    for moves in games {
        let squares: Vec<String> = moves.iter().map(ToString::to_string).collect();
        let input = format!("{}\n{}\n", if human_first { "y" } else { "n" }, squares.join("\n"));
        assert_plays_like_the_book(input.as_bytes());
    }
}

#[rstest]
fn human_first(#[values(0, 1, 2, 3, 4, 5, 6, 7, 8)] first: usize) {
    games_opening_with(true, first);
}

/// The computer opens in the centre, so the human's first square is any other.
#[rstest]
fn human_second(#[values(0, 1, 2, 3, 5, 6, 7, 8)] first: usize) {
    games_opening_with(false, first);
}
