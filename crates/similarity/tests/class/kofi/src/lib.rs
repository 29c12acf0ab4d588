/*
 * Reversi with blocks
 * Kofi, CSCI1120
 *
 * valid_move follows each line recursively: a line is good when, after one or more
 * opponent discs, it reaches one of our own.
 */

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

pub fn play<const N: usize>(con: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    let mut b: Board<N> = [[EMPTY; N]; N];
    b[N / 2 - 1][N / 2 - 1] = BLACK;
    b[N / 2 - 1][N / 2] = WHITE;
    b[N / 2][N / 2 - 1] = WHITE;
    b[N / 2][N / 2] = BLACK;

    let blocks = ask_block_count::<N>(con)?;
    for k in 1..=blocks {
        loop {
            write!(con, "Enter position for block {k}: ")?;
            let Some((y, x)) = con.read_position()? else { continue };
            let inside = y >= 0 && x >= 0 && y < N as i32 && x < N as i32;
            if inside && b[y as usize][x as usize] == EMPTY {
                b[y as usize][x as usize] = BLOCK;
                break;
            }
            writeln!(con, "Invalid position!")?;
        }
    }

    let mut who = BLACK;
    let mut passes = 0;
    let mut round = 0;
    while passes < 2 && has_empty_cells(&b) {
        round += 1;
        writeln!(con, "Round {round}:")?;
        print_board(&b, con)?;
        if has_valid_moves(&b, who) {
            passes = 0;
            loop {
                write!(con, "Player {who}'s turn: ")?;
                let Some((y, x)) = con.read_position()? else { continue };
                if valid_move(&mut b, who, y, x, true) {
                    break;
                }
                writeln!(con, "Invalid move!")?;
            }
        } else {
            passes += 1;
            writeln!(con, "Player {who} has no valid moves! Pass!")?;
        }
        who = if who == BLACK { WHITE } else { BLACK };
    }

    writeln!(con, "Game over:")?;
    print_board(&b, con)?;
    let (xs, os) = (count(&b, BLACK), count(&b, WHITE));
    if xs > os {
        writeln!(con, "Player X wins!")?;
    } else if os > xs {
        writeln!(con, "Player O wins!")?;
    } else {
        writeln!(con, "Draw game!")?;
    }
    Ok(())
}


/* Count the discs of one colour. */
fn count<const N: usize>(board: &Board<N>, who: char) -> usize {
    let mut total = 0;
    for row in board {
        for &c in row {
            if c == who {
                total += 1;
            }
        }
    }
    total
}

pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool {
    for row in board {
        for &c in row {
            if c == EMPTY {
                return true;
            }
        }
    }
    false
}

pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool {
    if y < 0 || x < 0 || y >= N as i32 || x >= N as i32 || board[y as usize][x as usize] != EMPTY {
        return false;
    }
    let mut found = false;
    for dy in [-1, 0, 1] {
        for dx in [-1, 0, 1] {
            if dy == 0 && dx == 0 {
                continue;
            }
            if let Some(n) = run_length(board, p, y, x, dy, dx, 0) {
                found = true;
                if flip {
                    flip_run(board, p, y, x, dy, dx, n);
                }
            }
        }
    }
    if found && flip {
        board[y as usize][x as usize] = p;
    }
    found
}

/* Flip `n` discs from (y, x) going (dy, dx), recursively too. */
fn flip_run<const N: usize>(b: &mut Board<N>, me: char, y: i32, x: i32, dy: i32, dx: i32, n: usize) {
    if n == 0 {
        return;
    }
    b[(y + dy) as usize][(x + dx) as usize] = me;
    flip_run(b, me, y + dy, x + dx, dy, dx, n - 1);
}

/* Length of the run of opponent discs from (y, x) going (dy, dx) that ends on `me`;
 * None when the run is empty or does not end on `me`. */
fn run_length<const N: usize>(b: &Board<N>, me: char, y: i32, x: i32, dy: i32, dx: i32, sofar: usize) -> Option<usize> {
    let (ny, nx) = (y + dy, x + dx);
    if ny < 0 || nx < 0 || ny >= N as i32 || nx >= N as i32 {
        return None;
    }
    let c = b[ny as usize][nx as usize];
    if c == me {
        if sofar > 0 { Some(sofar) } else { None }
    } else if c == BLACK || c == WHITE {
        run_length(b, me, ny, nx, dy, dx, sofar + 1)
    } else {
        None
    }
}

/* Ask until a number of blocks that is allowed. */
fn ask_block_count<const N: usize>(con: &mut Console<impl BufRead, impl Write>) -> Result<i32, Error> {
    loop {
        write!(con, "Enter number of blocks: ")?;
        let Some(n) = con.read_int()? else { continue };
        if n as usize > N * N / 2 && n > 0 {
            writeln!(con, "Too many blocks!")?;
            continue;
        }
        return Ok(n);
    }
}

pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool {
    let mut tmp = board.clone();
    let mut y = 0;
    while y < N as i32 {
        let mut x = 0;
        while x < N as i32 {
            if valid_move(&mut tmp, p, y, x, false) {
                return true;
            }
            x += 1;
        }
        y += 1;
    }
    false
}
