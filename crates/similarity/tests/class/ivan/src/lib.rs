// CSCI1120 Assignment 4 - Reversi with blocks
// Student: Ivan

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

// ---------------------------------------------------------------
// helper: is (row, col) inside an size x size grid?
// ---------------------------------------------------------------
fn on_grid(row: i32, col: i32, size: usize) -> bool {
    row >= 0 && col >= 0 && (row as usize) < size && (col as usize) < size
}

pub fn valid_move<const N: usize>(grid: &mut Board<N>, player: char, y: i32, x: i32, flip: bool) -> bool {
    if !on_grid(y, x, N) {
        return false;
    }
    if grid[y as usize][x as usize] != EMPTY {
        return false;
    }
    let enemy = if player == 'X' { 'O' } else { 'X' };
    let step_y = [-1, -1, -1, 0, 0, 1, 1, 1];
    let step_x = [-1, 0, 1, -1, 1, -1, 0, 1];
    let mut legal = false;
    for dir in 0..8 {
        let mut row = y + step_y[dir];
        let mut col = x + step_x[dir];
        let mut flips = 0;
        // walk over the opponent's discs
        while on_grid(row, col, N) && grid[row as usize][col as usize] == enemy {
            row += step_y[dir];
            col += step_x[dir];
            flips += 1;
        }
        if flips > 0 && on_grid(row, col, N) && grid[row as usize][col as usize] == player {
            legal = true;
            if flip {
                // go back and flip them
                let mut fy = y + step_y[dir];
                let mut fx = x + step_x[dir];
                for _ in 0..flips {
                    grid[fy as usize][fx as usize] = player;
                    fy += step_y[dir];
                    fx += step_x[dir];
                }
            } else {
                break;
            }
        }
    }
    if legal && flip {
        grid[y as usize][x as usize] = player;
    }
    legal
}

pub fn has_valid_moves<const N: usize>(grid: &Board<N>, player: char) -> bool {
    let mut scratch = *grid;
    for a in 0..N {
        for b in 0..N {
            if valid_move(&mut scratch, player, a as i32, b as i32, false) {
                return true;
            }
        }
    }
    false
}

pub fn has_empty_cells<const N: usize>(grid: &Board<N>) -> bool {
    for a in 0..N {
        for b in 0..N {
            if grid[a][b] == EMPTY {
                return true;
            }
        }
    }
    false
}

pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    // ---- set up the grid ----
    let mut grid: Board<N> = [[EMPTY; N]; N];
    let mid = N / 2;
    grid[mid - 1][mid - 1] = BLACK;
    grid[mid][mid] = BLACK;
    grid[mid - 1][mid] = WHITE;
    grid[mid][mid - 1] = WHITE;

    // ---- blocks ----
    let mut total_blocks;
    loop {
        write!(console, "Enter number of blocks: ")?;
        match console.read_int()? {
            None => continue,
            Some(value) => total_blocks = value,
        }
        if total_blocks > (N * N / 2) as i32 {
            writeln!(console, "Too many blocks!")?;
        } else {
            break;
        }
    }
    let mut a = 0;
    while a < total_blocks {
        write!(console, "Enter position for block {}: ", a + 1)?;
        let (row, col) = match console.read_position()? {
            Some(cell) => cell,
            None => continue,
        };
        if on_grid(row, col, N) && grid[row as usize][col as usize] == EMPTY {
            grid[row as usize][col as usize] = BLOCK;
            a += 1;
        } else {
            writeln!(console, "Invalid position!")?;
        }
    }

    // ---- main game loop ----
    let mut current = 'X';
    let mut round_no = 1;
    let mut skipped = 0;
    while has_empty_cells(&grid) && skipped < 2 {
        writeln!(console, "Round {}:", round_no)?;
        print_board(&grid, console)?;
        if !has_valid_moves(&grid, current) {
            writeln!(console, "Player {} has no valid moves! Pass!", current)?;
            skipped += 1;
        } else {
            skipped = 0;
            loop {
                write!(console, "Player {}'s turn: ", current)?;
                let (row, col) = match console.read_position()? {
                    Some(cell) => cell,
                    None => continue,
                };
                if valid_move(&mut grid, current, row, col, true) {
                    break;
                }
                writeln!(console, "Invalid move!")?;
            }
        }
        current = if current == 'X' { 'O' } else { 'X' };
        round_no += 1;
    }

    // ---- game over ----
    writeln!(console, "Game over:")?;
    print_board(&grid, console)?;
    let mut black_count = 0;
    let mut white_count = 0;
    for a in 0..N {
        for b in 0..N {
            if grid[a][b] == BLACK {
                black_count += 1;
            } else if grid[a][b] == WHITE {
                white_count += 1;
            }
        }
    }
    if black_count > white_count {
        writeln!(console, "Player X wins!")?;
    } else if white_count > black_count {
        writeln!(console, "Player O wins!")?;
    } else {
        writeln!(console, "Draw game!")?;
    }
    Ok(())
}
