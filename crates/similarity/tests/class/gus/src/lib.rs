// gus -- a4

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool {
    let n = N as i32;
    if y < 0 || y >= n || x < 0 || x >= n {
        return false;
    }
    if board[y as usize][x as usize] != '.' {
        return false;
    }
    let other = if p == 'X' { 'O' } else { 'X' };
    let mut to_flip: Vec<(usize, usize)> = Vec::new();
    for dy in -1..=1 {
        for dx in -1..=1 {
            if dy == 0 && dx == 0 {
                continue;
            }
            let mut line = Vec::new();
            let (mut cy, mut cx) = (y + dy, x + dx);
            while cy >= 0 && cy < n && cx >= 0 && cx < n && board[cy as usize][cx as usize] == other {
                line.push((cy as usize, cx as usize));
                cy += dy;
                cx += dx;
            }
            if cy >= 0 && cy < n && cx >= 0 && cx < n && board[cy as usize][cx as usize] == p {
                to_flip.extend(line);
            }
        }
    }
    if to_flip.is_empty() {
        return false;
    }
    if flip {
        board[y as usize][x as usize] = p;
        for (fy, fx) in to_flip {
            board[fy][fx] = p;
        }
    }
    true
}

pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool {
    for y in 0..N {
        for x in 0..N {
            let mut b = board.clone();
            if valid_move(&mut b, p, y as i32, x as i32, false) {
                return true;
            }
        }
    }
    false
}

pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool {
    board.iter().flatten().any(|c| *c == '.')
}

pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    let mut board = [['.'; N]; N];
    board[N / 2 - 1][N / 2 - 1] = 'X';
    board[N / 2][N / 2] = 'X';
    board[N / 2 - 1][N / 2] = 'O';
    board[N / 2][N / 2 - 1] = 'O';

    let mut blocks = -1;
    while blocks < 0 {
        write!(console, "Enter number of blocks: ")?;
        if let Some(b) = console.read_int()? {
            if b > (N * N / 2) as i32 {
                writeln!(console, "Too many blocks!")?;
            } else {
                blocks = b.max(0);
            }
        }
    }
    let mut k = 1;
    'blocks: while k <= blocks {
        write!(console, "Enter position for block {k}: ")?;
        let Some((y, x)) = console.read_position()? else {
            continue 'blocks;
        };
        if y >= 0 && x >= 0 && (y as usize) < N && (x as usize) < N && board[y as usize][x as usize] == '.' {
            board[y as usize][x as usize] = '#';
            k += 1;
        } else {
            writeln!(console, "Invalid position!")?;
        }
    }

    let mut p = 'X';
    let mut round = 1;
    let mut passed = 0;
    'game: while has_empty_cells(&board) {
        writeln!(console, "Round {round}:")?;
        print_board(&board, console)?;
        round += 1;
        if !has_valid_moves(&board, p) {
            writeln!(console, "Player {p} has no valid moves! Pass!")?;
            passed += 1;
            if passed == 2 {
                break 'game;
            }
        } else {
            passed = 0;
            'ask: loop {
                write!(console, "Player {p}'s turn: ")?;
                let Some((y, x)) = console.read_position()? else {
                    continue 'ask;
                };
                if valid_move(&mut board, p, y, x, true) {
                    break 'ask;
                }
                writeln!(console, "Invalid move!")?;
            }
        }
        p = if p == 'X' { 'O' } else { 'X' };
    }

    writeln!(console, "Game over:")?;
    print_board(&board, console)?;
    let xs = board.iter().flatten().filter(|c| **c == 'X').count();
    let os = board.iter().flatten().filter(|c| **c == 'O').count();
    writeln!(console, "{}", if xs > os { "Player X wins!" } else if os > xs { "Player O wins!" } else { "Draw game!" })?;
    Ok(())
}
