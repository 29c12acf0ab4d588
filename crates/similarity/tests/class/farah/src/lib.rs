//! Assignment 4: Reversi with blocks.
//! Farah's solution. The game itself is a small struct, `Game`, so that `play` stays short.

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

/// Steps to the eight neighbours, clockwise from north.
const STEPS: [(i32, i32); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// Converts a signed coordinate pair into board indexes, if it is on the board.
fn index<const N: usize>(y: i32, x: i32) -> Option<(usize, usize)> {
    if (0..N as i32).contains(&y) && (0..N as i32).contains(&x) { Some((y as usize, x as usize)) } else { None }
}

pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool {
    match index::<N>(y, x) {
        Some((r, c)) if board[r][c] == EMPTY => {}
        _ => return false,
    }
    let enemy = if p == BLACK { WHITE } else { BLACK };
    let mut any = false;
    for &(sy, sx) in STEPS.iter() {
        // Count the enemy discs in a row, then look at what stops the row.
        let mut n = 1;
        while index::<N>(y + n * sy, x + n * sx).is_some_and(|(r, c)| board[r][c] == enemy) {
            n += 1;
        }
        let closed = index::<N>(y + n * sy, x + n * sx).is_some_and(|(r, c)| board[r][c] == p);
        if n == 1 || !closed {
            continue;
        }
        any = true;
        if !flip {
            return true;
        }
        for m in 1..n {
            board[(y + m * sy) as usize][(x + m * sx) as usize] = p;
        }
    }
    if any {
        board[y as usize][x as usize] = p;
    }
    any
}

pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool {
    let mut probe = *board;
    (0..N).flat_map(|y| (0..N).map(move |x| (y as i32, x as i32))).any(|(y, x)| valid_move(&mut probe, p, y, x, false))
}

pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool {
    board.iter().flat_map(|row| row.iter()).any(|&c| c == EMPTY)
}

/// One game in progress.
struct Game<const N: usize> {
    board: Board<N>,
    current: char,
    round: u32,
    passes_in_a_row: u32,
}

impl<const N: usize> Game<N> {
    /// The starting position: two discs of each colour in the middle.
    fn new() -> Self {
        let mut board = [[EMPTY; N]; N];
        let (a, b) = (N / 2 - 1, N / 2);
        board[a][a] = BLACK;
        board[b][b] = BLACK;
        board[a][b] = WHITE;
        board[b][a] = WHITE;
        Game { board, current: BLACK, round: 1, passes_in_a_row: 0 }
    }

    /// Blocks come first: the number, then each one's cell.
    fn place_blocks(&mut self, io: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
        let how_many = loop {
            write!(io, "Enter number of blocks: ")?;
            match console_int(io)? {
                Some(n) if n as i64 > (N * N / 2) as i64 => writeln!(io, "Too many blocks!")?,
                Some(n) => break n,
                None => (),
            }
        };
        let mut k = 1;
        while k <= how_many {
            write!(io, "Enter position for block {}: ", k)?;
            if let Some((y, x)) = io.read_position()? {
                match index::<N>(y, x) {
                    Some((r, c)) if self.board[r][c] == EMPTY => {
                        self.board[r][c] = BLOCK;
                        k += 1;
                    }
                    _ => writeln!(io, "Invalid position!")?,
                }
            }
        }
        Ok(())
    }

    /// Whether the game goes on.
    fn running(&self) -> bool {
        self.passes_in_a_row < 2 && has_empty_cells(&self.board)
    }

    /// One round: the board, then a move or a pass.
    fn round(&mut self, io: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
        writeln!(io, "Round {}:", self.round)?;
        print_board(&self.board, io)?;
        let who = self.current;
        if has_valid_moves(&self.board, who) {
            self.passes_in_a_row = 0;
            loop {
                write!(io, "Player {}'s turn: ", who)?;
                if let Some((y, x)) = io.read_position()? {
                    if valid_move(&mut self.board, who, y, x, true) {
                        break;
                    }
                    writeln!(io, "Invalid move!")?;
                }
            }
        } else {
            writeln!(io, "Player {} has no valid moves! Pass!", who)?;
            self.passes_in_a_row += 1;
        }
        self.current = if who == BLACK { WHITE } else { BLACK };
        self.round += 1;
        Ok(())
    }

    /// The final board and who won.
    fn finish(&self, io: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
        writeln!(io, "Game over:")?;
        print_board(&self.board, io)?;
        let (mut x, mut o) = (0, 0);
        for &c in self.board.iter().flatten() {
            x += (c == BLACK) as i32;
            o += (c == WHITE) as i32;
        }
        let verdict = match x - o {
            d if d > 0 => "Player X wins!",
            d if d < 0 => "Player O wins!",
            _ => "Draw game!",
        };
        writeln!(io, "{verdict}")?;
        Ok(())
    }
}

/// Reads one integer from the console.
fn console_int(io: &mut Console<impl BufRead, impl Write>) -> Result<Option<i32>, Error> {
    io.read_int()
}

pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    let mut game = Game::<N>::new();
    game.place_blocks(console)?;
    while game.running() {
        game.round(console)?;
    }
    game.finish(console)
}
