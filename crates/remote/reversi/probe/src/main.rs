//! The reversi probe: linked with the submission's `reversi` crate and run in the sandbox,
//! it calls the functions the judge asks for (the remote crate around it is the judge's side)
//! and answers with what they returned. It decides nothing.
#![forbid(unsafe_code)]

use gamekit_probe::Answers;

use reversi::Error as ConsoleError;
#[path = "../../calls.rs"]
mod calls;
use calls::{Rows, Valid};
#[path = "../../../console.rs"]
mod console;

fn main() {
    gamekit_probe::serve(answers);
}

/// Calls `$body` with `$board`, the cells as a `Board<N>` of their size, one of
/// [`calls::SIZES`] (written out here, as a size must be a literal).
macro_rules! sized {
    ($rows:expr, |$board:ident| $body:expr) => {
        sized!(@sizes $rows, $board, $body, 4 6 8 10 12 26)
    };
    (@sizes $rows:expr, $board:ident, $body:expr, $($n:literal)*) => {
        match crate::calls::SIZES.into_iter().find(|n| n * n == $rows.chars().count()).unwrap_or(0) {
            $($n => {
                #[allow(unused_mut)]
                let mut $board: reversi::Board<$n> = crate::board(&$rows)?;
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

/// The calls the judge makes, each answered with the submission's function.
fn answers(answers: Answers) -> Answers {
    answers
        .on::<calls::ValidMove>(|(cells, p, y, x, flip)| {
            Some(sized!(cells, |board| {
                let before = board;
                let valid = reversi::valid_move(&mut board, p, y, x, flip);
                (valid, (board != before).then(|| rows(&board)))
            }))
        })
        .on::<calls::EveryCell>(|(cells, players, flip)| {
            Some(sized!(cells, |board| {
                let n = board.len() as i32;
                players
                    .iter()
                    .map(|&p| {
                        (-1..=n)
                            .flat_map(|y| (-1..=n).map(move |x| (y, x)))
                            .map(|(y, x)| {
                                let mut copy = board;
                                let valid = reversi::valid_move(&mut copy, p, y, x, flip);
                                (valid, (copy != board).then(|| rows(&copy)))
                            })
                            .collect::<Vec<Valid>>()
                    })
                    .collect()
            }))
        })
        .on::<calls::HasValidMoves>(|(cells, p)| Some(sized!(cells, |board| reversi::has_valid_moves(&board, p))))
        .on::<calls::HasEmptyCells>(|cells| Some(sized!(cells, |board| reversi::has_empty_cells(&board))))
        .on::<console::Run>(|arguments| {
            Some(console::answer_run(arguments, |args, input, output| reversi::run(args, input, output)))
        })
}

#[cfg(test)]
mod tests {
    /// The probe serves a board of every size of `SIZES`, and of no other.
    #[test]
    fn the_probe_serves_the_sizes_the_suite_asks_about() {
        for n in 1..=26 {
            let rows: super::Rows = ".".repeat(n * n);
            let served = (|| Some(sized!(rows, |board| board.len())))();
            assert_eq!(served, super::calls::SIZES.contains(&n).then_some(n), "a board of size {n}");
        }
    }
}

gamekit_probe::answers_exactly!(answers, calls::names(), console::names());
