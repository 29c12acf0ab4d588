//! Reversi with blocks: Nour's assignment 4.
//!
//! The game loop keeps a count of consecutive passes; it ends at two or on a full board.

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

/// Checks a move by `p` at (`y`, `x`) and, if `flip`, plays it.
pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool {
    let n = N as i32;
    if y < 0 || y >= n || x < 0 || x >= n {
        return false;
    }
    if board[y as usize][x as usize] != '.' {
        return false;
    }
    let rival = if p == 'X' { 'O' } else { 'X' };
    let mut flips: Vec<(usize, usize)> = Vec::new();
    for dy in -1..=1 {
        for dx in -1..=1 {
            if dy == 0 && dx == 0 {
                continue;
            }
            let mut line = Vec::new();
            let (mut cy, mut cx) = (y + dy, x + dx);
            while cy >= 0 && cy < n && cx >= 0 && cx < n && board[cy as usize][cx as usize] == rival {
                line.push((cy as usize, cx as usize));
                cy += dy;
                cx += dx;
            }
            if cy >= 0 && cy < n && cx >= 0 && cx < n && board[cy as usize][cx as usize] == p {
                flips.extend(line);
            }
        }
    }
    if flips.is_empty() {
        return false;
    }
    if flip {
        board[y as usize][x as usize] = p;
        for (fy, fx) in flips {
            board[fy][fx] = p;
        }
    }
    true
}

/// True if `p` can move anywhere.
pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool {
    let mut trial = *board;
    let cells = (0..N).flat_map(|r| (0..N).map(move |c| (r, c)));
    for (r, c) in cells {
        if board[r][c] == EMPTY && valid_move(&mut trial, p, r as i32, c as i32, false) {
            return true;
        }
    }
    false
}

/// True if some cell is still empty.
pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool {
    board.iter().any(|row| row.iter().any(|cell| *cell == EMPTY))
}

/// Number of discs of `colour`.
fn discs<const N: usize>(board: &Board<N>, colour: char) -> usize {
    board.iter().map(|row| row.iter().filter(|&&cell| cell == colour).count()).sum()
}

pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    let mut grid: Board<N> = [[EMPTY; N]; N];
    let centre = [(N / 2 - 1, N / 2 - 1, BLACK), (N / 2 - 1, N / 2, WHITE), (N / 2, N / 2 - 1, WHITE), (N / 2, N / 2, BLACK)];
    for (r, c, disc) in centre {
        grid[r][c] = disc;
    }

    // Number of blocks, then where they go.
    let wanted = loop {
        write!(console, "Enter number of blocks: ")?;
        let answer = console.read_int()?;
        match answer {
            None => {}
            Some(b) if b as i64 <= (N * N / 2) as i64 => break b,
            Some(_) => writeln!(console, "Too many blocks!")?,
        }
    };
    let mut done = 0;
    while done < wanted {
        write!(console, "Enter position for block {}: ", done + 1)?;
        let answer = console.read_position()?;
        let Some((r, c)) = answer else { continue };
        let free = r >= 0 && c >= 0 && r < N as i32 && c < N as i32 && grid[r as usize][c as usize] == EMPTY;
        if !free {
            writeln!(console, "Invalid position!")?;
            continue;
        }
        grid[r as usize][c as usize] = BLOCK;
        done += 1;
    }

    // Rounds.
    let mut mover = BLACK;
    let mut consecutive_passes = 0;
    let mut round_number = 1;
    while consecutive_passes < 2 {
        if !has_empty_cells(&grid) {
            break;
        }
        writeln!(console, "Round {}:", round_number)?;
        print_board(&grid, console)?;
        round_number += 1;
        let can_move = has_valid_moves(&grid, mover);
        if can_move {
            consecutive_passes = 0;
            let mut moved = false;
            while !moved {
                write!(console, "Player {}'s turn: ", mover)?;
                if let Some((r, c)) = console.read_position()? {
                    moved = valid_move(&mut grid, mover, r, c, true);
                    if !moved {
                        writeln!(console, "Invalid move!")?;
                    }
                }
            }
        } else {
            writeln!(console, "Player {} has no valid moves! Pass!", mover)?;
            consecutive_passes += 1;
        }
        mover = match mover {
            BLACK => WHITE,
            _ => BLACK,
        };
    }

    // Result.
    writeln!(console, "Game over:")?;
    print_board(&grid, console)?;
    let (x_count, o_count) = (discs(&grid, BLACK), discs(&grid, WHITE));
    let text = if x_count == o_count {
        "Draw game!"
    } else if x_count > o_count {
        "Player X wins!"
    } else {
        "Player O wins!"
    };
    writeln!(console, "{}", text)?;
    Ok(())
}
