//! # Reversi with blocks (CSCI1120 Assignment 4): the reference solution
//!
//! An N×N Reversi in which some cells are blocks that no disc can take. The assignment asks
//! for three functions that are graded one by one — [`valid_move`], [`has_valid_moves`] and
//! [`has_empty_cells`] — and a console program, [`play`], whose output must match the
//! course's sample program byte for byte.
//!
//! The [`provided`](crate#provided-code) part of the crate (the board type and
//! [`print_board`], the [`Console`] that reads input like C++'s `cin`, and [`run`], which
//! reads `--size`) is the handout's, shared with the starter; this file is the answer.
//!
//! ## From C++ to Rust
//! - The board is a `[[char; N]; N]` ([`Board`]) with `N` a const generic instead of a global
//!   constant, so one program plays every size from 4 to 26.
//! - `valid_move(board, p, y, x, flip = false)` keeps its five parameters; Rust has no
//!   default arguments, so callers pass `false` to check and `true` to play. Coordinates are
//!   `i32` like the C++ `int`s: any pair, however far off the board, is simply not a valid move.
//! - `print_board` writes to any [`std::io::Write`] instead of `cout`, and the game reads and
//!   writes through a [`Console`], so the whole program can be tested in memory.
//!
//! ## Deviations from the original program
//! - At the end of the input the original loops forever; this program stops at once with
//!   [`Error::EndOfInput`] (the binary prints one line on stderr and exits with status 1).
//!   Everything printed before that is byte for byte what the original printed. When the
//!   input ends inside a token that cannot be read (a lone sign, a number past `int`), the
//!   program stops there; after an unreadable token with more input behind it, it discards
//!   the line and asks again as the original does, and stops at the next read if nothing
//!   follows.
//!
//! ## Provided code
//! See [`print_board`], [`Console`] and [`run`].

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

/// The eight directions a line can run in from a cell, as (row step, column step).
const DIRECTIONS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// Returns true if the move by player `p` at cell (`y`, `x`) is valid, or false otherwise;
/// with `flip`, also carries the move out.
///
/// A move is valid when the cell is on the board and empty, and at least one straight line
/// (horizontal, vertical or diagonal) runs from it over one or more of the opponent's discs
/// and ends on one of `p`'s own. Blocks, empty cells and the edge end a line without
/// flipping anything. With `flip == true` a valid move places `p`'s disc and flips the
/// opponent's discs on every such line; with `flip == false`, or when the move is invalid,
/// the board is left untouched.
///
/// ```
/// use reversi::valid_move;
/// let mut board = [
///     ['.', '.', '.', '.'],
///     ['.', 'X', 'O', '.'],
///     ['.', 'O', 'X', '.'],
///     ['.', '.', '.', '.'],
/// ];
/// assert!(valid_move(&mut board, 'X', 0, 2, false));
/// assert!(!valid_move(&mut board, 'X', 0, 0, false));
/// assert!(!valid_move(&mut board, 'X', -1, 99, false));
/// assert!(valid_move(&mut board, 'X', 0, 2, true));
/// assert_eq!(board[0], ['.', '.', 'X', '.']);
/// assert_eq!(board[1], ['.', 'X', 'X', '.']);
/// ```
pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool {
    let Some((row, col)) = cell::<N>(y, x).filter(|&(row, col)| board[row][col] == EMPTY) else {
        return false;
    };
    let mut valid = false;
    for (dy, dx) in DIRECTIONS {
        let captured = captured_in_line(board, p, (y, x), (dy, dx));
        if captured == 0 {
            continue;
        }
        valid = true;
        if !flip {
            break;
        }
        // captured_in_line has checked that these cells are on the board.
        for step in 1..=captured {
            board[(y + step * dy) as usize][(x + step * dx) as usize] = p;
        }
    }
    if valid && flip {
        board[row][col] = p;
    }
    valid
}

/// Returns true if player `p` still has at least one valid move on the board, or false
/// otherwise.
///
/// ```
/// let board = [['.', '#', '#', '.'], ['#', 'X', 'O', '#'], ['#', 'O', 'X', '#'], ['.', '#', '#', '.']];
/// assert!(!reversi::has_valid_moves(&board, 'X'));
/// ```
pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool {
    // valid_move checks without flipping, so it never changes the copy.
    let mut scratch = *board;
    (0..N as i32).any(|y| (0..N as i32).any(|x| valid_move(&mut scratch, p, y, x, false)))
}

/// Returns true if the game board still has at least one empty cell, or false otherwise.
///
/// ```
/// assert!(reversi::has_empty_cells(&[['X', 'O'], ['#', '.']]));
/// assert!(!reversi::has_empty_cells(&[['X', 'O'], ['#', 'X']]));
/// ```
pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool {
    board.iter().flatten().any(|&cell| cell == EMPTY)
}

/// Plays one game on an N×N board on the console: the blocks, then the rounds, then the
/// result, exactly as the course's sample program does.
///
/// 1. Asks `Enter number of blocks: ` until a count of at most N·N/2 is entered (a larger one
///    prints `Too many blocks!`); then `Enter position for block K: ` for each block, until
///    the address is an empty cell on the board (else `Invalid position!`).
/// 2. Round after round, Black (X) first: `Round R:` and the board; then either
///    `Player P has no valid moves! Pass!` or `Player P's turn: ` until a valid move is
///    entered (else `Invalid move!`), which is played. The game ends when the board is full
///    or after two passes in a row.
/// 3. `Game over:`, the board, and `Player X wins!`, `Player O wins!` or `Draw game!`.
///
/// An unreadable answer is discarded with the rest of its line and the same prompt is
/// printed again, with no message.
///
/// ```
/// let input = "8 B1 C1 A2 D2 A3 D3 B4 C4\n";
/// let mut output = Vec::new();
/// reversi::play::<4>(&mut reversi::Console::new(input.as_bytes(), &mut output)).unwrap();
/// assert!(String::from_utf8(output).unwrap().ends_with("Game over:\n   A B C D\n 1 . # # . \n 2 # X O # \n 3 # O X # \n 4 . # # . \nDraw game!\n"));
/// ```
///
/// # Errors
/// [`Error::EndOfInput`] when the input ends at a prompt, [`Error::Io`] when the console
/// fails.
pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    let mut board = initial_board::<N>();
    add_blocks(&mut board, console)?;
    let mut player = BLACK;
    let mut passed = false;
    let mut round = 1;
    while has_empty_cells(&board) {
        writeln!(console, "Round {round}:")?;
        print_board(&board, console)?;
        if has_valid_moves(&board, player) {
            make_move(&mut board, player, console)?;
            passed = false;
        } else {
            writeln!(console, "Player {player} has no valid moves! Pass!")?;
            if passed {
                break;
            }
            passed = true;
        }
        player = opponent(player);
        round += 1;
    }
    writeln!(console, "Game over:")?;
    print_board(&board, console)?;
    writeln!(console, "{}", result(&board))?;
    Ok(())
}

/// The board before the blocks: four discs in the centre, X on the main diagonal.
fn initial_board<const N: usize>() -> Board<N> {
    let mut board = [[EMPTY; N]; N];
    let centre = N / 2;
    board[centre - 1][centre - 1] = BLACK;
    board[centre - 1][centre] = WHITE;
    board[centre][centre - 1] = WHITE;
    board[centre][centre] = BLACK;
    board
}

/// Asks for the number of blocks and their positions, and places them.
fn add_blocks<const N: usize>(
    board: &mut Board<N>,
    console: &mut Console<impl BufRead, impl Write>,
) -> Result<(), Error> {
    let count = loop {
        write!(console, "Enter number of blocks: ")?;
        match console.read_int()? {
            Some(count) if count > (N * N / 2) as i32 => writeln!(console, "Too many blocks!")?,
            Some(count) => break count,
            None => {}
        }
    };
    for k in 1..=count {
        loop {
            write!(console, "Enter position for block {k}: ")?;
            let Some((y, x)) = console.read_position()? else {
                continue;
            };
            match cell::<N>(y, x) {
                Some((row, col)) if board[row][col] == EMPTY => {
                    board[row][col] = BLOCK;
                    break;
                }
                _ => writeln!(console, "Invalid position!")?,
            }
        }
    }
    Ok(())
}

/// Asks `player` for a move until a valid one is entered, and plays it.
fn make_move<const N: usize>(
    board: &mut Board<N>,
    player: char,
    console: &mut Console<impl BufRead, impl Write>,
) -> Result<(), Error> {
    loop {
        write!(console, "Player {player}'s turn: ")?;
        let Some((y, x)) = console.read_position()? else {
            continue;
        };
        if valid_move(board, player, y, x, true) {
            return Ok(());
        }
        writeln!(console, "Invalid move!")?;
    }
}

/// The last line of a game: who has more discs.
fn result<const N: usize>(board: &Board<N>) -> &'static str {
    let count = |disc| board.iter().flatten().filter(|&&cell| cell == disc).count();
    match count(BLACK).cmp(&count(WHITE)) {
        std::cmp::Ordering::Greater => "Player X wins!",
        std::cmp::Ordering::Less => "Player O wins!",
        std::cmp::Ordering::Equal => "Draw game!",
    }
}

/// The other player.
fn opponent(p: char) -> char {
    if p == BLACK { WHITE } else { BLACK }
}

/// The board indexes of (`y`, `x`), or `None` when the cell is off the board.
fn cell<const N: usize>(y: i32, x: i32) -> Option<(usize, usize)> {
    let row = usize::try_from(y).ok().filter(|&row| row < N)?;
    let col = usize::try_from(x).ok().filter(|&col| col < N)?;
    Some((row, col))
}

/// How many of the opponent's discs a disc of `p` at `from` captures in one direction: the
/// run of opponent discs next to it, if one of `p`'s discs ends the run; otherwise none.
fn captured_in_line<const N: usize>(board: &Board<N>, p: char, from: (i32, i32), direction: (i32, i32)) -> i32 {
    let mut run = 0;
    loop {
        let (y, x) = (from.0 + (run + 1) * direction.0, from.1 + (run + 1) * direction.1);
        match cell::<N>(y, x).map(|(row, col)| board[row][col]) {
            Some(disc) if disc == p => return run,
            Some(disc) if disc == opponent(p) => run += 1,
            _ => return 0,
        }
    }
}
