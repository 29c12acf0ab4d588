//! Scaffolds for the tests, made by a list of moves. The graded suite makes them with this
//! same code, so a test here fails with the words `gamekit grade` uses.

use connect_n::{BLACK, RED, Scaffold};

/// A scaffold of `columns` × `levels` after `moves` (none: `""`), columns from 1 as digits
/// (red first).
///
/// # Panics
/// When a move cannot be made: a broken test, not the submission's fault… unless
/// `make_move` is wrong, which the scaffold tests then show.
#[track_caller]
pub fn scaffold(columns: i32, levels: i32, moves: &str) -> Scaffold {
    let mut scaffold = Scaffold::new(columns, levels).unwrap_or_else(|error| {
        panic!("Scaffold::new({columns}, {levels}) should make a scaffold of {columns} columns and {levels} levels: {error:?}")
    });
    for (index, column) in moves.bytes().enumerate() {
        let color = color_after(index);
        assert!(scaffold.make_move(i32::from(column - b'0'), color), "move {index} of {moves} refused");
    }
    scaffold
}

/// Whose turn it is after `moves` moves: red first.
pub fn color_after(moves: usize) -> i32 {
    if moves.is_multiple_of(2) { RED } else { BLACK }
}
