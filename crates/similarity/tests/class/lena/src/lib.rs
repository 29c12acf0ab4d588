// Reversi with blocks -- Lena -- ported from my C++ version of assignment 4.

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

const DIR: [[i32; 2]; 8] = [
    [0, 1],
    [1, 1],
    [1, 0],
    [1, -1],
    [0, -1],
    [-1, -1],
    [-1, 0],
    [-1, 1],
];


fn is_valid_cell(n: usize, row: i32, col: i32) -> bool
{
    !(row < 0 || row >= n as i32 || col < 0 || col >= n as i32)
}


fn opponent_of(p: char) -> char
{
    match p
    {
        BLACK => WHITE,
        _ => BLACK,
    }
}


pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool
{
    if !is_valid_cell(N, y, x) || board[y as usize][x as usize] != EMPTY
    {
        return false;
    }
    let q = opponent_of(p);
    let mut result = false;
    for i in 0..8
    {
        let (sy, sx) = (DIR[i][0], DIR[i][1]);
        let mut row = y + sy;
        let mut col = x + sx;
        if !is_valid_cell(N, row, col) || board[row as usize][col as usize] != q
        {
            continue;
        }
        while is_valid_cell(N, row, col) && board[row as usize][col as usize] == q
        {
            row += sy;
            col += sx;
        }
        if !is_valid_cell(N, row, col) || board[row as usize][col as usize] != p
        {
            continue;
        }
        result = true;
        if !flip
        {
            return true;
        }
        row -= sy;
        col -= sx;
        while row != y || col != x
        {
            board[row as usize][col as usize] = p;
            row -= sy;
            col -= sx;
        }
    }
    if result
    {
        board[y as usize][x as usize] = p;
    }
    result
}


pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool
{
    let mut b = *board;
    for row in 0..N as i32
    {
        for col in 0..N as i32
        {
            if valid_move(&mut b, p, row, col, false)
            {
                return true;
            }
        }
    }
    false
}


pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool
{
    board.iter().any(|r| r.iter().any(|&c| c == EMPTY))
}


pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error>
{
    let mut board = [[EMPTY; N]; N];
    let half = N / 2;
    board[half - 1][half] = WHITE;
    board[half][half - 1] = WHITE;
    board[half - 1][half - 1] = BLACK;
    board[half][half] = BLACK;

    let num_blocks = loop {
        write!(console, "Enter number of blocks: ")?;
        let Some(num) = console.read_int()? else {
            continue;
        };
        if num <= (N * N / 2) as i32
        {
            break num;
        }
        writeln!(console, "Too many blocks!")?;
    };
    for i in 0..num_blocks
    {
        loop
        {
            write!(console, "Enter position for block {}: ", i + 1)?;
            let Some((row, col)) = console.read_position()? else {
                continue;
            };
            if !is_valid_cell(N, row, col) || board[row as usize][col as usize] != EMPTY
            {
                writeln!(console, "Invalid position!")?;
                continue;
            }
            board[row as usize][col as usize] = BLOCK;
            break;
        }
    }

    let players = [BLACK, WHITE];
    let mut turn = 0;
    let mut round = 1;
    let mut last_passed = false;
    loop
    {
        if !has_empty_cells(&board)
        {
            break;
        }
        let p = players[turn];
        writeln!(console, "Round {}:", round)?;
        print_board(&board, console)?;
        if !has_valid_moves(&board, p)
        {
            writeln!(console, "Player {} has no valid moves! Pass!", p)?;
            if last_passed
            {
                break;
            }
            last_passed = true;
        }
        else
        {
            last_passed = false;
            loop
            {
                write!(console, "Player {}'s turn: ", p)?;
                let Some((row, col)) = console.read_position()? else {
                    continue;
                };
                if valid_move(&mut board, p, row, col, true)
                {
                    break;
                }
                writeln!(console, "Invalid move!")?;
            }
        }
        turn = 1 - turn;
        round += 1;
    }

    writeln!(console, "Game over:")?;
    print_board(&board, console)?;
    let mut black = 0; let mut white = 0;
    for row in board.iter()
    {
        for cell in row.iter()
        {
            match *cell
            {
                BLACK => black += 1,
                WHITE => white += 1,
                _ => {}
            }
        }
    }
    let msg = if black > white {
        "Player X wins!"
    }
    else if white > black
    {
        "Player O wins!"
    }
    else
    {
        "Draw game!"
    };
    writeln!(console, "{}", msg)?;
    Ok(())
}
