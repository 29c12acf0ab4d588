//! The `reversi` crate as the judge sees it: the graded suite (`tests/reversi/`) compiles
//! against this crate instead of the submission, and each of the submission's functions it
//! calls is called in the submission's probe (`probe/` in this crate's directory, linked with the
//! submission and run in the sandbox), which answers with what it returned. So the suite
//! reads as a specification of the real crate and decides every verdict outside it.
//!
//! Only what the suite uses is here; the types are the handout's (`provided.rs`, `cin`).
#![forbid(unsafe_code)]

use gamekit_probe::call;
use std::io::{BufRead, Write};

pub use cin::Error;

use cin::Error as ConsoleError;
#[path = "../calls.rs"]
mod calls;
use calls::{Rows, Valid};
#[path = "../../console.rs"]
mod console;

/// The handout's board (`provided.rs`).
pub type Board<const N: usize> = [[char; N]; N];

/// The board's cells as they cross. Not generic (nor is anything the calls do here), so
/// that it is compiled optimised with this crate, not in the suite that calls it.
fn rows(cells: &[char]) -> Rows {
    assert!(
        calls::SIZES.iter().any(|n| n * n == cells.len()),
        "the suite asks about a board of {} cells; the probe serves the sizes {:?} (crates/remote/reversi/calls.rs)",
        cells.len(),
        calls::SIZES
    );
    cells.iter().collect()
}

/// The submission's `valid_move`, its board changed as the submission changed it.
///
/// The suite asks about every cell of a board (and the ring around it) for both players, on
/// a fresh copy each time; one call a round trip would take seconds. So the first call on a
/// board asks the probe to make all of those calls at once, each on its own copy of the
/// board, and the answers are kept for the calls that follow. A call the sweep cannot
/// answer (it panicked, or the cell is farther off) is made on its own.
pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool {
    valid_move_on(board.as_flattened_mut(), N, p, y, x, flip)
}

fn valid_move_on(board: &mut [char], n: usize, p: char, y: i32, x: i32, flip: bool) -> bool {
    let ring = -1..=n as i32;
    let at = (ring.contains(&y) && ring.contains(&x)).then(|| ((y + 1) * (n as i32 + 2) + x + 1) as usize);
    if let Some(valid) = at.and_then(|at| swept(board, p, flip, at)) {
        return valid;
    }
    let (valid, after) = call::<calls::ValidMove>(&(rows(board), p, y, x, flip));
    for (cell, new) in board.iter_mut().zip(after.iter().flat_map(|cells| cells.chars())) {
        *cell = new;
    }
    valid
}

/// The last sweep: a board, `flip`, and each player's answers at every cell of the ring, row
/// by row, each board after as cells; `None` when the sweep failed (then each call is made on
/// its own). The suite makes hundreds of thousands of calls a test: each is answered by
/// comparing and copying cells, with nothing allocated.
struct Sweep {
    board: Vec<char>,
    flip: bool,
    answers: Option<std::collections::HashMap<char, Vec<Answer>>>,
}

/// What a call at one cell returned, and the board after it as cells.
type Answer = (bool, Option<Vec<char>>);

static SWEEP: std::sync::Mutex<Option<Sweep>> = std::sync::Mutex::new(None);

/// The sweep's answer for `p` at cell `at` of the ring of `board` (the sweep made now if
/// it is not the last one), `board` changed as the submission changed it.
fn swept(board: &mut [char], p: char, flip: bool, at: usize) -> Option<bool> {
    let mut last = SWEEP.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let fresh = last.as_ref().is_some_and(|sweep| sweep.board == *board && sweep.flip == flip);
    let known = last.as_ref().and_then(|sweep| sweep.answers.as_ref()).is_some_and(|answers| answers.contains_key(&p));
    if !fresh || !known {
        let players: Vec<char> = ['X', 'O'].into_iter().chain((p != 'X' && p != 'O').then_some(p)).collect();
        let answers = gamekit_probe::try_call::<calls::EveryCell>(&(rows(board), players.clone(), flip));
        let cells = |answers: Vec<Valid>| -> Vec<Answer> {
            answers.into_iter().map(|(valid, after)| (valid, after.map(|after| after.chars().collect()))).collect()
        };
        let answers = answers.ok().map(|answers| players.into_iter().zip(answers.into_iter().map(cells)).collect());
        *last = Some(Sweep { board: board.to_vec(), flip, answers });
    }
    let (valid, after) = last.as_ref()?.answers.as_ref()?.get(&p)?.get(at)?;
    for (cell, new) in board.iter_mut().zip(after.iter().flatten()) {
        *cell = *new;
    }
    Some(*valid)
}

/// The submission's `has_valid_moves`.
pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool {
    call::<calls::HasValidMoves>(&(rows(board.as_flattened()), p))
}

/// The submission's `has_empty_cells`.
pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool {
    call::<calls::HasEmptyCells>(&rows(board.as_flattened()))
}

/// The handout's `run` with the submission's game, made in the probe on the whole input.
///
/// # Errors
/// What the submission's `run` returned; [`Error::Io`] when `output` refuses what it printed.
pub fn run<I, S>(args: I, input: impl BufRead, output: impl Write) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    console::run(args, input, output)
}
