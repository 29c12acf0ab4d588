//! Boards for the tests: the handout's (written as rows or as a few placements, shown in
//! failure messages), and converted from gamekit's reference engine.

use gamekit_engines::reversi::Position;
use reversi::Board;

// What the handout's public tests share with the suite: boards from rows, and the failure
// messages that draw them.
pub(crate) use crate::functions::boards::*;

/// The engine's position as a board.
pub fn board<const N: usize>(position: &Position) -> Board<N> {
    let rows: Vec<String> = position.rows().collect();
    from_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>())
}
