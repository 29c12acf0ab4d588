// CSCI1120 Assignment 4 - Reversi with blocks
// Student: Bao

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

// ---------------------------------------------------------------
// helper: is (r, c) inside an n x n board?
// ---------------------------------------------------------------
fn in_board(r: i32, c: i32, n: usize) -> bool {
    r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n
}

pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool {
    if !in_board(y, x, N) {
        return false;
    }
    if board[y as usize][x as usize] != EMPTY {
        return false;
    }
    let opp = if p == 'X' { 'O' } else { 'X' };
    let dr = [-1, -1, -1, 0, 0, 1, 1, 1];
    let dc = [-1, 0, 1, -1, 1, -1, 0, 1];
    let mut ok = false;
    for d in 0..8 {
        let mut r = y + dr[d];
        let mut c = x + dc[d];
        let mut count = 0;
        // walk over the opponent's discs
        while in_board(r, c, N) && board[r as usize][c as usize] == opp {
            r += dr[d];
            c += dc[d];
            count += 1;
        }
        if count > 0 && in_board(r, c, N) && board[r as usize][c as usize] == p {
            ok = true;
            if flip {
                // go back and flip them
                let mut rr = y + dr[d];
                let mut cc = x + dc[d];
                for _ in 0..count {
                    board[rr as usize][cc as usize] = p;
                    rr += dr[d];
                    cc += dc[d];
                }
            } else {
                break;
            }
        }
    }
    if ok && flip {
        board[y as usize][x as usize] = p;
    }
    ok
}

pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool {
    let mut copy = *board;
    for i in 0..N {
        for j in 0..N {
            if valid_move(&mut copy, p, i as i32, j as i32, false) {
                return true;
            }
        }
    }
    false
}

pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool {
    for i in 0..N {
        for j in 0..N {
            if board[i][j] == EMPTY {
                return true;
            }
        }
    }
    false
}

pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    // ---- set up the board ----
    let mut board: Board<N> = [[EMPTY; N]; N];
    let m = N / 2;
    board[m - 1][m - 1] = BLACK;
    board[m][m] = BLACK;
    board[m - 1][m] = WHITE;
    board[m][m - 1] = WHITE;

    // ---- blocks ----
    let mut nblocks;
    loop {
        write!(console, "Enter number of blocks: ")?;
        match console.read_int()? {
            None => continue,
            Some(v) => nblocks = v,
        }
        if nblocks > (N * N / 2) as i32 {
            writeln!(console, "Too many blocks!")?;
        } else {
            break;
        }
    }
    let mut i = 0;
    while i < nblocks {
        write!(console, "Enter position for block {}: ", i + 1)?;
        let (r, c) = match console.read_position()? {
            Some(pos) => pos,
            None => continue,
        };
        if in_board(r, c, N) && board[r as usize][c as usize] == EMPTY {
            board[r as usize][c as usize] = BLOCK;
            i += 1;
        } else {
            writeln!(console, "Invalid position!")?;
        }
    }

    // ---- main game loop ----
    let mut turn = 'X';
    let mut round = 1;
    let mut pass_count = 0;
    while has_empty_cells(&board) && pass_count < 2 {
        writeln!(console, "Round {}:", round)?;
        print_board(&board, console)?;
        if !has_valid_moves(&board, turn) {
            writeln!(console, "Player {} has no valid moves! Pass!", turn)?;
            pass_count += 1;
        } else {
            pass_count = 0;
            loop {
                write!(console, "Player {}'s turn: ", turn)?;
                let (r, c) = match console.read_position()? {
                    Some(pos) => pos,
                    None => continue,
                };
                if valid_move(&mut board, turn, r, c, true) {
                    break;
                }
                writeln!(console, "Invalid move!")?;
            }
        }
        turn = if turn == 'X' { 'O' } else { 'X' };
        round += 1;
    }

    // ---- game over ----
    writeln!(console, "Game over:")?;
    print_board(&board, console)?;
    let mut nx = 0;
    let mut no = 0;
    for i in 0..N {
        for j in 0..N {
            if board[i][j] == BLACK {
                nx += 1;
            } else if board[i][j] == WHITE {
                no += 1;
            }
        }
    }
    if nx > no {
        writeln!(console, "Player X wins!")?;
    } else if no > nx {
        writeln!(console, "Player O wins!")?;
    } else {
        writeln!(console, "Draw game!")?;
    }
    Ok(())
}
