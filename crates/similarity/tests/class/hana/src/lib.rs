//! Reversi with blocks — Hana's submission.

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

/// The cell (y, x), if it is on the board.
fn cell_at<const N: usize>(board: &Board<N>, y: i32, x: i32) -> Option<char> {
    let (y, x) = (usize::try_from(y).ok()?, usize::try_from(x).ok()?);
    board.get(y).and_then(|row| row.get(x)).copied()
}

/// Whether `c` is a disc of the player who is not `p`.
fn is_opponent(c: char, p: char) -> bool {
    (c == BLACK || c == WHITE) && c != p
}

pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool {
    if cell_at(board, y, x) != Some(EMPTY) {
        return false;
    }
    let mut valid = false;
    for d in 0..9 {
        let (dy, dx) = (d / 3 - 1, d % 3 - 1);
        if (dy, dx) == (0, 0) {
            continue;
        }
        let mut dist = 1;
        while cell_at(board, y + dist * dy, x + dist * dx).is_some_and(|c| is_opponent(c, p)) {
            dist += 1;
        }
        if dist > 1 && cell_at(board, y + dist * dy, x + dist * dx) == Some(p) {
            valid = true;
            if flip {
                (1..dist).for_each(|i| board[(y + i * dy) as usize][(x + i * dx) as usize] = p);
            }
        }
    }
    if valid && flip {
        board[y as usize][x as usize] = p;
    }
    valid
}

pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool {
    let mut copy = *board;
    let n = N as i32;
    (0..n * n).any(|i| valid_move(&mut copy, p, i / n, i % n, false))
}

pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool {
    board.iter().flatten().filter(|&&c| c == EMPTY).count() > 0
}

/// Reads until `read` gives an answer (skipping unreadable ones).
fn prompt<R: BufRead, W: Write, T>(
    console: &mut Console<R, W>,
    question: &str,
    mut read: impl FnMut(&mut Console<R, W>) -> Result<Option<T>, Error>,
) -> Result<T, Error> {
    loop {
        write!(console, "{question}")?;
        if let Some(answer) = read(console)? {
            return Ok(answer);
        }
    }
}

pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    let mut board: Board<N> = [[EMPTY; N]; N];
    for (dy, dx, disc) in [(0, 0, BLACK), (0, 1, WHITE), (1, 0, WHITE), (1, 1, BLACK)] {
        board[N / 2 - 1 + dy][N / 2 - 1 + dx] = disc;
    }

    let blocks = loop {
        let n = prompt(console, "Enter number of blocks: ", |c| c.read_int())?;
        if n <= (N * N / 2) as i32 {
            break n;
        }
        writeln!(console, "Too many blocks!")?;
    };
    for k in 1..=blocks {
        loop {
            let (y, x) = prompt(console, &format!("Enter position for block {k}: "), |c| c.read_position())?;
            if cell_at(&board, y, x) == Some(EMPTY) {
                board[y as usize][x as usize] = BLOCK;
                break;
            }
            writeln!(console, "Invalid position!")?;
        }
    }

    let mut mover = BLACK;
    let mut last_pass: Option<u32> = None;
    let mut round = 1;
    while has_empty_cells(&board) {
        writeln!(console, "Round {round}:")?;
        print_board(&board, console)?;
        if has_valid_moves(&board, mover) {
            last_pass = None;
            let question = format!("Player {mover}'s turn: ");
            while {
                let (y, x) = prompt(console, &question, |c| c.read_position())?;
                !valid_move(&mut board, mover, y, x, true)
            } {
                writeln!(console, "Invalid move!")?;
            }
        } else {
            writeln!(console, "Player {mover} has no valid moves! Pass!")?;
            if last_pass == Some(round - 1) {
                break;
            }
            last_pass = Some(round);
        }
        mover = if mover == BLACK { WHITE } else { BLACK };
        round += 1;
    }

    writeln!(console, "Game over:")?;
    print_board(&board, console)?;
    let score: i32 = board.iter().flatten().map(|&c| match c {
        BLACK => 1,
        WHITE => -1,
        _ => 0,
    }).sum();
    let line = match score.signum() {
        1 => "Player X wins!",
        -1 => "Player O wins!",
        _ => "Draw game!",
    };
    writeln!(console, "{line}")?;
    Ok(())
}
