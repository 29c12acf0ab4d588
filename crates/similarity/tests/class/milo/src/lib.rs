// milo - reversi

mod provided;
pub use provided::*;

pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error>
{
  let mut m = Match::<N>::new();
  m.setup_blocks(console)?;
  while m.is_on()
  {
    m.turn(console)?;
  }
  m.game_over(console)
}


impl<const N: usize> Match<N>
{
  fn new() -> Self
  {
    let mut board = [[EMPTY; N]; N];
    let (a, b) = (N / 2 - 1, N / 2);
    board[a][a] = BLACK;
    board[b][b] = BLACK;
    board[a][b] = WHITE;
    board[b][a] = WHITE;
    Match { board, to_move: BLACK, turn: 1, skips: 0 }
  }
  fn setup_blocks(&mut self, con: &mut Console<impl BufRead, impl Write>) -> Result<(), Error>
  {
    let num = loop {
      write!(con, "Enter number of blocks: ")?;
      match get_int(con)?
      {
        Some(n) if n as i64 > (N * N / 2) as i64 => writeln!(con, "Too many blocks!")?,
        Some(n) => break n,
        None => (),
      }
    };
    let mut k = 1;
    while k <= num
    {
      write!(con, "Enter position for block {}: ", k)?;
      if let Some((y, x)) = con.read_position()?
      {
        match to_cell::<N>(y, x)
        {
          Some((r, c)) if self.board[r][c] == EMPTY => {
            self.board[r][c] = BLOCK;
            k += 1;
          }
          _ => writeln!(con, "Invalid position!")?,
        }
      }
    }
    Ok(())
  }
  fn is_on(&self) -> bool
  {
    self.skips < 2 && has_empty_cells(&self.board)
  }
  fn turn(&mut self, con: &mut Console<impl BufRead, impl Write>) -> Result<(), Error>
  {
    writeln!(con, "Round {}:", self.turn)?;
    print_board(&self.board, con)?;
    let player = self.to_move;
    if has_valid_moves(&self.board, player)
    {
      self.skips = 0;
      loop
      {
        write!(con, "Player {}'s turn: ", player)?;
        if let Some((y, x)) = con.read_position()?
        {
          if valid_move(&mut self.board, player, y, x, true)
          {
            break;
          }
          writeln!(con, "Invalid move!")?;
        }
      }
    }
    else
    {
      writeln!(con, "Player {} has no valid moves! Pass!", player)?;
      self.skips += 1;
    }
    self.to_move = if player == BLACK { WHITE } else { BLACK };
    self.turn += 1;
    Ok(())
  }
  fn game_over(&self, con: &mut Console<impl BufRead, impl Write>) -> Result<(), Error>
  {
    writeln!(con, "Game over:")?;
    print_board(&self.board, con)?;
    let (mut x, mut o) = (0, 0);
    for &c in self.board.iter().flatten()
    {
      x += (c == BLACK) as i32;
      o += (c == WHITE) as i32;
    }
    let outcome = match x - o {
      d if d > 0 => "Player X wins!",
      d if d < 0 => "Player O wins!",
      _ => "Draw game!",
    };
    writeln!(con, "{outcome}")?;
    Ok(())
  }
}
fn get_int(con: &mut Console<impl BufRead, impl Write>) -> Result<Option<i32>, Error>
{
  con.read_int()
}

pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool
{
  board.iter().flat_map(|row| row.iter()).any(|&c| c == EMPTY)
}
struct Match<const N: usize>
{
  board: Board<N>,
  to_move: char,
  turn: u32,
  skips: u32,
}

pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool
{
  let mut tmp = *board;
  (0..N).flat_map(|y| (0..N).map(move |x| (y as i32, x as i32))).any(|(y, x)| valid_move(&mut tmp, p, y, x, false))
}

pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool
{
  match to_cell::<N>(y, x)
  {
    Some((r, c)) if board[r][c] == EMPTY => {}
    _ => return false,
  }
  let them = if p == BLACK { WHITE } else { BLACK };
  let mut capture = false;
  for &(ddy, ddx) in DELTAS.iter()
  {
    // Count the them discs in a row, then look at what stops the row.
    let mut n = 1;
    while to_cell::<N>(y + n * ddy, x + n * ddx).is_some_and(|(r, c)| board[r][c] == them)
    {
      n += 1;
    }
    let closed = to_cell::<N>(y + n * ddy, x + n * ddx).is_some_and(|(r, c)| board[r][c] == p);
    if n == 1 || !closed
    {
      continue;
    }
    capture = true;
    if !flip
    {
      return true;
    }
    for m in 1..n
    {
      board[(y + m * ddy) as usize][(x + m * ddx) as usize] = p;
    }
  }
  if capture
  {
    board[y as usize][x as usize] = p;
  }
  capture
}

use std::io::{BufRead, Write};
const DELTAS: [(i32, i32); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];
fn to_cell<const N: usize>(y: i32, x: i32) -> Option<(usize, usize)>
{
  if (0..N as i32).contains(&y) && (0..N as i32).contains(&x) { Some((y as usize, x as usize)) } else { None }
}
