//! Boards for the tests: written as rows or as a few placements, and drawn in failure
//! messages as the program prints them. The graded suite explains a failure with this same
//! code, so a test here fails with the words `gamekit grade` uses.

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

/// The rows of an N×N board with the four centre discs (X on the diagonal from the top
/// left, O on the other), changed by `placements`: space-separated `<cell>=<char>` like
/// `A1=# D7=O`, cells as the players type them.
pub fn sparse(size: usize, placements: &str) -> Vec<String> {
    let mut rows = vec![vec!['.'; size]; size];
    let centre = size / 2;
    for (y, x, disc) in [(0, 0, 'X'), (0, 1, 'O'), (1, 0, 'O'), (1, 1, 'X')] {
        rows[centre - 1 + y][centre - 1 + x] = disc;
    }
    for placement in placements.split_whitespace() {
        let (address, cell) = placement.split_once('=').expect("placements look like A1=X");
        let x = usize::from(address.as_bytes()[0] - b'A');
        let y = address[1..].parse::<usize>().expect("a row number") - 1;
        rows[y][x] = cell.chars().next().expect("a cell character");
    }
    rows.into_iter().map(String::from_iter).collect()
}

/// The rows as the `&str`s [`from_rows`] takes.
pub fn strs(rows: &[String]) -> Vec<&str> {
    rows.iter().map(String::as_str).collect()
}

/// The board as the assignment prints it, indented, for failure messages. (Written here,
/// not with the submission's `print_board` or the engine, so that any character shows.)
pub fn show<const N: usize>(board: &Board<N>) -> String {
    drawn("", board).iter().skip(1).map(|line| format!("    {line}\n")).collect()
}

/// Why a board after a move is wrong: each cell that differs from the expected board, on
/// which line from the move (y, x) it lies, then the boards before, expected and after, side
/// by side when they fit 80 columns.
pub fn wrong_board<const N: usize>(
    call: &str,
    (y, x): (i32, i32),
    before: &Board<N>,
    expected: &Board<N>,
    actual: &Board<N>,
) -> String {
    let mut cells = Vec::new();
    for (cy, (expected_row, actual_row)) in expected.iter().zip(actual).enumerate() {
        for (cx, (&should, &is)) in expected_row.iter().zip(actual_row).enumerate() {
            if should != is {
                let (cy, cx) = (cy as i32, cx as i32);
                cells.push(format!("{} is {is}, not {should}{}", address(cy, cx), line_from((y, x), (cy, cx))));
            }
        }
    }
    // The first few say what is wrong; a board overwritten throughout shows in the drawings.
    if cells.len() > 6 {
        let more = cells.len() - 5;
        cells.truncate(5);
        cells.push(format!("and {more} more cells"));
    }
    let mut text = format!("after {call}: {}\n", cells.join("; "));
    let boards = [("before", before), ("expected", expected), ("actual", actual)];
    if 3 * (2 + 2 * N) + 4 <= 76 {
        let shown: Vec<Vec<String>> = boards.iter().map(|(title, board)| drawn(title, board)).collect();
        for line in 0..=N + 1 {
            let row: Vec<&str> = shown.iter().map(|lines| lines[line].as_str()).collect();
            text += row.join("  ").trim_end();
            text.push('\n');
        }
    } else {
        for (title, board) in boards {
            text += &drawn(title, board).join("\n");
            text.push('\n');
        }
    }
    text
}

/// " (down and to the left of C3)": where `cell` lies from the move `at`, when on one of its
/// eight lines.
fn line_from(at: (i32, i32), cell: (i32, i32)) -> String {
    let (dy, dx) = (cell.0 - at.0, cell.1 - at.1);
    if (dy, dx) == (0, 0) || !(dy == 0 || dx == 0 || dy.abs() == dx.abs()) {
        return String::new();
    }
    let vertical = ["up", "", "down"][(dy.signum() + 1) as usize];
    let horizontal = ["to the left", "", "to the right"][(dx.signum() + 1) as usize];
    let way = match (vertical, horizontal) {
        ("", way) | (way, "") => way.to_owned(),
        (vertical, horizontal) => format!("{vertical} and {horizontal}"),
    };
    format!(" ({way} of {})", address(at.0, at.1))
}

/// A board as the assignment prints it under `title`, a line per row, each as wide.
fn drawn<const N: usize>(title: &str, board: &Board<N>) -> Vec<String> {
    let width = 2 + 2 * N;
    let header: String = ('A'..='Z').take(N).map(|letter| format!(" {letter}")).collect();
    let mut lines = vec![format!("{title:<width$}"), format!("  {header}")];
    for (y, row) in board.iter().enumerate() {
        let cells: String = row.iter().map(|cell| format!(" {cell}")).collect();
        lines.push(format!("{:>2}{cells}", y + 1));
    }
    lines
}

/// A cell address the way a player types it, or the raw indexes when it is off the board.
pub fn address(y: i32, x: i32) -> String {
    match (u8::try_from(x), u32::try_from(y)) {
        (Ok(x @ 0..=25), Ok(y)) => format!("{}{}", char::from(b'A' + x), y + 1),
        _ => "off the board".to_owned(),
    }
}
