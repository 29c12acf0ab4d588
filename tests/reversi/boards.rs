//! Boards for the tests: written as rows or as a few placements, shown in failure messages,
//! and converted to and from gamekit's reference engine.

use gamekit_engines::reversi::Position;
use reversi::Board;

/// Calls `$f::<N>(args…)` with `N` the runtime board size `$size` (one of the sizes the
/// suite tests), since a board's size is a const generic in the assignment's API.
macro_rules! with_size {
    ($size:expr, $f:ident ( $($arg:expr),* $(,)? )) => {
        match $size {
            4 => $f::<4>($($arg),*),
            6 => $f::<6>($($arg),*),
            8 => $f::<8>($($arg),*),
            10 => $f::<10>($($arg),*),
            12 => $f::<12>($($arg),*),
            26 => $f::<26>($($arg),*),
            size => panic!("the suite has no board of size {size}"),
        }
    };
}
pub(crate) use with_size;

/// A board from its rows, each N cells of `.#XO`, spaces between cells optional.
pub fn from_rows<const N: usize>(rows: &[&str]) -> Board<N> {
    assert_eq!(rows.len(), N, "the board needs {N} rows");
    let mut board = [['.'; N]; N];
    for (row, text) in board.iter_mut().zip(rows) {
        let cells: Vec<char> = text.chars().filter(|c| *c != ' ').collect();
        assert_eq!(cells.len(), N, "row {text:?} needs {N} cells");
        row.copy_from_slice(&cells);
    }
    board
}

/// The rows of an N×N board with the four centre discs, changed by `placements`:
/// space-separated `<cell>=<char>` like `A1=# D7=O`, cells as the players type them.
pub fn sparse(size: usize, placements: &str) -> Vec<String> {
    let mut position = Position::new(size).expect("a size the assignment allows");
    for placement in placements.split_whitespace() {
        let (address, cell) = placement.split_once('=').expect("placements look like A1=X");
        let column = i64::from(address.as_bytes()[0] - b'A');
        let row: i64 = address[1..].parse::<i64>().expect("a row number") - 1;
        let cell = cell.chars().next().expect("a cell character");
        position.set(row as usize, column as usize, cell);
    }
    position.rows().collect()
}

/// The engine's position as a board.
pub fn board<const N: usize>(position: &Position) -> Board<N> {
    let rows: Vec<String> = position.rows().collect();
    from_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>())
}

/// The board as the assignment prints it, indented, for failure messages. (Written here,
/// not with the submission's `print_board` or the engine, so that any character shows.)
pub fn show<const N: usize>(board: &Board<N>) -> String {
    let header: String = ('A'..='Z').take(N).map(|letter| format!(" {letter}")).collect();
    let mut text = format!("      {header}\n");
    for (y, row) in board.iter().enumerate() {
        let cells: String = row.iter().map(|cell| format!("{cell} ")).collect();
        text += &format!("    {:>2} {cells}\n", y + 1);
    }
    text
}

/// A cell address the way a player types it, or the raw indexes when it is off the board.
pub fn address(y: i32, x: i32) -> String {
    match (u8::try_from(x), u32::try_from(y)) {
        (Ok(x @ 0..=25), Ok(y)) => format!("{}{}", char::from(b'A' + x), y + 1),
        _ => "off the board".to_owned(),
    }
}
