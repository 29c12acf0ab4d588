//! Reversi with blocks, by Chen.
//!
//! The moves are found with iterators: a move's captures are the cells, direction by
//! direction, between it and the mover's nearest disc.

mod provided;
pub use provided::*;

use std::cmp::Ordering;
use std::io::{BufRead, Write};

/// Every direction but standing still.
fn directions() -> impl Iterator<Item = (i32, i32)> {
    (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dy, dx))).filter(|&d| d != (0, 0))
}

/// The cell at (y, x) if it is on the board.
fn at<const N: usize>(board: &Board<N>, y: i32, x: i32) -> Option<char> {
    let row = board.get(usize::try_from(y).ok()?)?;
    row.get(usize::try_from(x).ok()?).copied()
}

/// The discs `p` would capture by moving at (y, x).
fn captures<const N: usize>(board: &Board<N>, p: char, y: i32, x: i32) -> Vec<(usize, usize)> {
    let other = if p == BLACK { WHITE } else { BLACK };
    directions()
        .flat_map(|(dy, dx)| {
            let line: Vec<(i32, i32)> = (1..)
                .map(|k| (y + k * dy, x + k * dx))
                .take_while(|&(cy, cx)| at(board, cy, cx) == Some(other))
                .collect();
            let (ey, ex) = (y + (line.len() as i32 + 1) * dy, x + (line.len() as i32 + 1) * dx);
            let closed = at(board, ey, ex) == Some(p);
            line.into_iter().filter(move |_| closed)
        })
        .map(|(cy, cx)| (cy as usize, cx as usize))
        .collect()
}

pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool {
    if at(board, y, x) != Some(EMPTY) {
        return false;
    }
    let cells = captures(board, p, y, x);
    if cells.is_empty() {
        return false;
    }
    if flip {
        board[y as usize][x as usize] = p;
        cells.into_iter().for_each(|(cy, cx)| board[cy][cx] = p);
    }
    true
}

pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool {
    (0..N * N).any(|i| {
        let (y, x) = ((i / N) as i32, (i % N) as i32);
        at(board, y, x) == Some(EMPTY) && !captures(board, p, y, x).is_empty()
    })
}

pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool {
    board.iter().any(|row| row.contains(&EMPTY))
}

/// Reads the blocks: how many, then where.
fn read_blocks<const N: usize>(board: &mut Board<N>, console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    let limit = (N * N / 2) as i32;
    let blocks = loop {
        write!(console, "Enter number of blocks: ")?;
        if let Some(n) = console.read_int()? {
            if n <= limit {
                break n;
            }
            writeln!(console, "Too many blocks!")?;
        }
    };
    let mut placed = 0;
    while placed < blocks {
        write!(console, "Enter position for block {}: ", placed + 1)?;
        if let Some((y, x)) = console.read_position()? {
            if at(board, y, x) == Some(EMPTY) {
                board[y as usize][x as usize] = BLOCK;
                placed += 1;
            } else {
                writeln!(console, "Invalid position!")?;
            }
        }
    }
    Ok(())
}

/// Asks the player for a move until one is valid, and plays it.
fn ask_move<const N: usize>(board: &mut Board<N>, p: char, console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    loop {
        write!(console, "Player {p}'s turn: ")?;
        if let Some((y, x)) = console.read_position()? {
            if valid_move(board, p, y, x, true) {
                return Ok(());
            }
            writeln!(console, "Invalid move!")?;
        }
    }
}

/// Who won, as the last line says it.
fn announce<const N: usize>(board: &Board<N>) -> &'static str {
    let discs = |c: char| board.iter().flatten().filter(|&&cell| cell == c).count();
    match discs(BLACK).cmp(&discs(WHITE)) {
        Ordering::Greater => "Player X wins!",
        Ordering::Less => "Player O wins!",
        Ordering::Equal => "Draw game!",
    }
}

pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    let mut board = [[EMPTY; N]; N];
    let h = N / 2;
    board[h - 1][h - 1] = BLACK;
    board[h][h] = BLACK;
    board[h - 1][h] = WHITE;
    board[h][h - 1] = WHITE;
    read_blocks(&mut board, console)?;

    let players = [BLACK, WHITE];
    let mut passes = 0;
    for round in 1.. {
        if !has_empty_cells(&board) || passes == 2 {
            break;
        }
        let p = players[(round - 1) % 2];
        writeln!(console, "Round {round}:")?;
        print_board(&board, console)?;
        if has_valid_moves(&board, p) {
            ask_move(&mut board, p, console)?;
            passes = 0;
        } else {
            writeln!(console, "Player {p} has no valid moves! Pass!")?;
            passes += 1;
        }
    }
    writeln!(console, "Game over:")?;
    print_board(&board, console)?;
    writeln!(console, "{}", announce(&board))?;
    Ok(())
}
