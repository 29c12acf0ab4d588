//! The reversi probe: linked with the submission's `reversi` crate and run in the sandbox,
//! it calls the functions the judge asks for (the remote crate around it is the judge's side)
//! and answers with what they returned. It decides nothing.

use gamekit_probe::wire::{decode, encode};

use reversi::Error as ConsoleError;
#[path = "../../../console.rs"]
mod console;

fn main() {
    gamekit_probe::serve(dispatch);
}

/// A board on the wire: its cells, row by row, in one string.
type Rows = String;

/// Calls `$body` with `$board`, the cells as a `Board<N>` of their size (1 to 26).
macro_rules! sized {
    ($rows:expr, |$board:ident| $body:expr) => {
        sized!(@sizes $rows, $board, $body, 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26)
    };
    (@sizes $rows:expr, $board:ident, $body:expr, $($n:literal)*) => {
        match (1..=26).find(|n| n * n == $rows.chars().count()).unwrap_or(0) {
            $($n => {
                #[allow(unused_mut)]
                let mut $board: reversi::Board<$n> = board(&$rows)?;
                $body
            })*
            _ => return None,
        }
    };
}

fn board<const N: usize>(cells: &Rows) -> Option<reversi::Board<N>> {
    let mut board = [['.'; N]; N];
    for (cell, new) in board.iter_mut().flatten().zip(cells.chars()) {
        *cell = new;
    }
    Some(board)
}

fn rows<const N: usize>(board: &reversi::Board<N>) -> Rows {
    board.iter().flatten().collect()
}

fn dispatch(function: &str, arguments: &[u8]) -> Option<Vec<u8>> {
    Some(match function {
        "valid_move" => {
            let (cells, p, y, x, flip) = decode::<(Rows, char, i32, i32, bool)>(arguments)?;
            sized!(cells, |board| {
                let before = board;
                let valid = reversi::valid_move(&mut board, p, y, x, flip);
                encode(&(valid, (board != before).then(|| rows(&board))))
            })
        }
        "valid_move (every cell)" => {
            let (cells, players, flip) = decode::<(Rows, Vec<char>, bool)>(arguments)?;
            sized!(cells, |board| {
                let n = board.len() as i32;
                let answers: Vec<Vec<(bool, Option<Rows>)>> = players
                    .iter()
                    .map(|&p| {
                        (-1..=n)
                            .flat_map(|y| (-1..=n).map(move |x| (y, x)))
                            .map(|(y, x)| {
                                let mut copy = board;
                                let valid = reversi::valid_move(&mut copy, p, y, x, flip);
                                (valid, (copy != board).then(|| rows(&copy)))
                            })
                            .collect()
                    })
                    .collect();
                encode(&answers)
            })
        }
        "has_valid_moves" => {
            let (cells, p) = decode::<(Rows, char)>(arguments)?;
            sized!(cells, |board| encode(&reversi::has_valid_moves(&board, p)))
        }
        "has_empty_cells" => {
            let (cells,) = decode::<(Rows,)>(arguments)?;
            sized!(cells, |board| encode(&reversi::has_empty_cells(&board)))
        }
        "run" => return console::answer_run(arguments, |args, input, output| reversi::run(args, input, output)),
        _ => return None,
    })
}
