//! The submission against gamekit's references, on random input from a fixed seed:
//!
//! - the required functions against the reference engine, on thousands of positions:
//!   positions reached by random games on boards with random blocks, and boards of randomly
//!   scattered cells (not reachable, but every rule still applies to them);
//! - whole random games against the reference for the original program, byte for byte.

use crate::boards::{address, board, show, with_size, wrong_board};
use gamekit_engines::cin::Ending;
use gamekit_engines::reversi::program::transcript;
use gamekit_engines::reversi::{BLACK, BLOCK, Cell, EMPTY, Position, WHITE, opponent};
use gamekit_testkit::{Capped, assert_same_run};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rstest::rstest;

/// How many positions each test checks for a board size.
fn positions(size: usize) -> usize {
    if size > 12 { 150 } else { 1000 }
}

/// The random positions for `size`, the same on every run.
fn random_positions(size: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(1120 + size as u64);
    (0..positions(size)).map(|i| if i % 2 == 0 { played(size, &mut rng) } else { scattered(size, &mut rng) }).collect()
}

/// Random blocks, then up to 40 random moves (a side without a move passes).
fn played(size: usize, rng: &mut ChaCha8Rng) -> Position {
    let mut position = Position::new(size).expect("a size the assignment allows");
    for _ in 0..rng.random_range(0..=size * size / 4) {
        let (row, col) = (rng.random_range(0..size), rng.random_range(0..size));
        if position.cell(row as i64, col as i64) == Some(EMPTY) {
            position.set(row, col, BLOCK);
        }
    }
    let mut player = BLACK;
    for _ in 0..rng.random_range(0..40) {
        let moves = position.legal_moves(player);
        if !moves.is_empty() {
            let Cell { row, col } = moves[rng.random_range(0..moves.len())];
            position.play(player, row as i64, col as i64).expect("a legal move");
        }
        player = opponent(player);
    }
    position
}

/// Every cell drawn at random: empty half of the time, else a block or a disc.
fn scattered(size: usize, rng: &mut ChaCha8Rng) -> Position {
    let mut position = Position::new(size).expect("a size the assignment allows");
    for row in 0..size {
        for col in 0..size {
            let cell = [EMPTY, EMPTY, EMPTY, BLOCK, BLACK, WHITE][rng.random_range(0..6)];
            position.set(row, col, cell);
        }
    }
    position
}

/// Every cell of the board and the ring of cells just off it.
fn cells_and_ring(size: usize) -> impl Iterator<Item = (i32, i32)> {
    let n = size as i32;
    (-1..=n).flat_map(move |y| (-1..=n).map(move |x| (y, x)))
}

fn check_valid_move_checks<const N: usize>() {
    for expected in random_positions(N) {
        let before = board::<N>(&expected);
        for p in [BLACK, WHITE] {
            for (y, x) in cells_and_ring(N) {
                let mut board = before;
                let got = reversi::valid_move(&mut board, p, y, x, false);
                let legal = expected.is_legal(p, y.into(), x.into());
                let call = || format!("valid_move(board, {p:?}, {y}, {x}, false) (a move at {})", address(y, x));
                assert!(got == legal, "{} returned {got}, expected {legal}, on the board\n{}", call(), show(&before));
                assert!(board == before, "{} changed the board\n{}into\n{}", call(), show(&before), show(&board));
            }
        }
    }
}

fn check_valid_move_flips<const N: usize>() {
    for start in random_positions(N) {
        let before = board::<N>(&start);
        for p in [BLACK, WHITE] {
            for (y, x) in cells_and_ring(N) {
                let mut after = before;
                let got = reversi::valid_move(&mut after, p, y, x, true);
                let legal = start.is_legal(p, y.into(), x.into());
                let call = || format!("valid_move(board, {p:?}, {y}, {x}, true) (a move at {})", address(y, x));
                assert!(got == legal, "{} returned {got}, expected {legal}, on the board\n{}", call(), show(&before));
                let expected = if legal {
                    let mut played = start.clone();
                    played.play(p, y.into(), x.into()).expect("a legal move");
                    board::<N>(&played)
                } else {
                    before
                };
                assert!(after == expected, "{}", wrong_board(&call(), (y, x), &before, &expected, &after));
            }
        }
    }
}

fn check_has_valid_moves<const N: usize>() {
    for expected in random_positions(N) {
        let board = board::<N>(&expected);
        for p in [BLACK, WHITE] {
            let got = reversi::has_valid_moves(&board, p);
            let want = !expected.legal_moves(p).is_empty();
            assert_eq!(got, want, "has_valid_moves(board, {p:?}) on the board\n{}", show(&board));
        }
    }
}

fn check_has_empty_cells<const N: usize>() {
    let mut rng = ChaCha8Rng::seed_from_u64(26 + N as u64);
    for mut expected in random_positions(N) {
        // Fill all but a few cells, so that boards with one empty cell and none come up.
        let mut empties: Vec<(usize, usize)> = (0..N)
            .flat_map(|row| (0..N).map(move |col| (row, col)))
            .filter(|&(r, c)| expected.cell(r as i64, c as i64) == Some(EMPTY))
            .collect();
        let keep = rng.random_range(0..3);
        while empties.len() > keep {
            let (row, col) = empties.swap_remove(rng.random_range(0..empties.len()));
            expected.set(row, col, [BLOCK, BLACK, WHITE][rng.random_range(0..3)]);
        }
        let board = board::<N>(&expected);
        let got = reversi::has_empty_cells(&board);
        let want = expected.has_empty_cells();
        assert_eq!(got, want, "has_empty_cells(board) on the board\n{}", show(&board));
    }
}

#[rstest]
fn valid_move_checks(#[values(4, 6, 8, 10, 12, 26)] size: usize) {
    with_size!(size, check_valid_move_checks());
}

#[rstest]
fn valid_move_flips(#[values(4, 6, 8, 10, 12, 26)] size: usize) {
    with_size!(size, check_valid_move_flips());
}

#[rstest]
fn has_valid_moves(#[values(4, 6, 8, 10, 12, 26)] size: usize) {
    with_size!(size, check_has_valid_moves());
}

#[rstest]
fn has_empty_cells(#[values(4, 6, 8, 10, 12, 26)] size: usize) {
    with_size!(size, check_has_empty_cells());
}

/// Checks that on `input` the submission prints exactly what the original program prints
/// (gamekit's reference for it) and ends the same way.
#[track_caller]
pub fn assert_plays_like_the_original(size: usize, input: &[u8]) {
    let reference = transcript(size, input).expect("a size the assignment allows");
    let mut output = Capped::new();
    let result = reversi::run(["--size".to_owned(), size.to_string()], input, &mut output);
    let ended = match result {
        Ok(()) => Ok(Ending::Finished),
        Err(reversi::Error::EndOfInput) => Ok(Ending::EndOfInput),
        Err(error) => Err(format!("{error:?}")),
    };
    assert_same_run(&format!("reversi --size {size}"), input, &reference, &output.bytes, ended);
}

/// How many random games each size plays.
fn games(size: usize) -> usize {
    if size > 12 { 6 } else { 60 }
}

/// The input of a random game: blocks, then legal moves to the end, typed every way the
/// spec allows, with lines of bad input in between; one game in five is cut short.
fn random_game(size: usize, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut position = Position::new(size).expect("a size the assignment allows");
    let mut input = String::new();
    if rng.random_bool(0.2) {
        input += &format!("{}\n", size * size / 2 + rng.random_range(1..5));
    }
    let count = rng.random_range(0..=size * size / 8);
    input += &format!("{count}\n");
    let mut placed = 0;
    while placed < count {
        bad_lines(&mut input, rng);
        let (row, col) = (rng.random_range(0..size), rng.random_range(0..size));
        input += &typed(row, col, rng);
        if position.cell(row as i64, col as i64) == Some(EMPTY) {
            position.set(row, col, BLOCK);
            placed += 1;
        }
    }
    let (mut player, mut passes) = (BLACK, 0);
    while position.has_empty_cells() && passes < 2 {
        let moves = position.legal_moves(player);
        if moves.is_empty() {
            passes += 1;
        } else {
            passes = 0;
            bad_lines(&mut input, rng);
            let Cell { row, col } = moves[rng.random_range(0..moves.len())];
            input += &typed(row, col, rng);
            position.play(player, row as i64, col as i64).expect("a legal move");
        }
        player = opponent(player);
    }
    let mut input = input.into_bytes();
    if rng.random_bool(0.2) {
        input.truncate(rng.random_range(0..=input.len()));
    }
    input
}

/// A cell as a player may type it, then a space or a line end.
fn typed(row: usize, col: usize, rng: &mut ChaCha8Rng) -> String {
    let (upper, lower) = (char::from(b'A' + col as u8), char::from(b'a' + col as u8));
    let number = row + 1;
    let address = match rng.random_range(0..5) {
        0 => format!("{lower}{number}"),
        1 => format!("{upper} {number}"),
        2 => format!("{upper}0{number}"),
        3 => format!("{lower}\n{number}"),
        _ => format!("{upper}{number}"),
    };
    address + [" ", "\n", "\r\n", "\t"][rng.random_range(0..4)]
}

/// Now and then a line that changes nothing: unreadable (discarded without a word), or
/// readable but not a move (`Invalid position!` or `Invalid move!`).
fn bad_lines(input: &mut String, rng: &mut ChaCha8Rng) {
    const BAD: [&str; 10] = ["xyz", "AA1 B2", "99999999999", "Z99", "A0", "#1", "a-3", "", "  \t", "C+"];
    while rng.random_bool(0.15) {
        *input += BAD[rng.random_range(0..BAD.len())];
        *input += "\n";
    }
}

fn play_random_games<const N: usize>() {
    let mut rng = ChaCha8Rng::seed_from_u64(4 * N as u64);
    for _ in 0..games(N) {
        assert_plays_like_the_original(N, &random_game(N, &mut rng));
    }
}

#[rstest]
fn random_games(#[values(4, 6, 8, 10, 12, 26)] size: usize) {
    with_size!(size, play_random_games());
}
