//! The text viewer: the book's drawing, byte for byte (it starts with an empty line, row
//! lines keep their trailing spaces, and an empty line ends it). These are the graded
//! suite's own tests (the rubric's `viewer::` group), and a failure says what the grader
//! says: the first line that differs, then the whole drawing, spaces shown as `·` and each
//! line's end as `⏎`. Run one:
//!
//! ```text
//! cargo test --test viewer initial
//! ```

#[path = "support/boards.rs"]
pub(crate) mod boards;

use boards::{after, shown};
use reversi_players::{Board, BoardTextViewer, BoardViewer, Color, Screen};

/// What `BoardTextViewer::draw` prints for `board`.
fn drawn(board: &Board) -> String {
    let screen = Screen::default();
    BoardTextViewer::new(screen.clone()).draw(board).expect("BoardTextViewer::draw on a screen, which takes any text");
    screen.text()
}

/// Checks the text `call` drew against `expected`: the first line that differs, then the
/// whole drawing, each line made visible as the transcripts' test shows lines (`·` a space,
/// `⏎` the line's end).
#[track_caller]
fn check_drawing(call: &str, got: &str, expected: &str) {
    if got == expected {
        return;
    }
    let lines = |text: &str| -> Vec<String> { text.split_inclusive('\n').map(visible).collect() };
    let (got_lines, expected_lines) = (lines(got), lines(expected));
    let line = got_lines.iter().zip(&expected_lines).take_while(|(got, expected)| got == expected).count();
    let shown =
        |lines: &[String]| lines.get(line).cloned().unwrap_or_else(|| "(nothing: the drawing ends here)".into());
    let whole: Vec<String> =
        got_lines.iter().enumerate().map(|(index, text)| format!("  {:>2} {text}", index + 1)).collect();
    panic!(
        "{call} drew a different line {} (line 1 is the empty line the drawing starts with)\n  expected: {}\n  \
         drew:     {}\nall it drew:\n{}",
        line + 1,
        shown(&expected_lines),
        shown(&got_lines),
        whole.join("\n")
    );
}

/// `line` with its spaces and its end visible: `·` a space, `⏎` the line's end.
fn visible(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            ' ' => '·',
            '\n' => '⏎',
            c => c,
        })
        .collect()
}

const START: &str = "
    1 2 3 4 5 6 7 8
  .-----------------
 a|                
 b|                
 c|                
 d|       o *      
 e|       * o      
 f|                
 g|                
 h|                
[ Black(*): 2      White(o): 2 ]

";

#[test]
fn the_initial_position_is_drawn_exactly() {
    check_drawing("BoardTextViewer::draw(Board::new())", &drawn(&Board::new()), START);
}

#[test]
fn discs_of_both_colours_and_scores_are_drawn_where_they_are() {
    let (board, _) = after("d3 c3 b3");
    let expected = "
    1 2 3 4 5 6 7 8
  .-----------------
 a|                
 b|     *          
 c|     *          
 d|     * o *      
 e|       * o      
 f|                
 g|                
 h|                
[ Black(*): 5      White(o): 2 ]

";
    check_drawing("BoardTextViewer::draw of the board after d3 c3 b3", &drawn(&board), expected);
}

/// A whole game, to its end: every square taken, White 40, Black 24.
const A_FINISHED_GAME: &str = "d3 c3 b3 e3 f6 e6 f2 c6 d6 e2 f5 g2 e1 f3 b6 f7 f8 c5 d7 g7 c4 b4 b5 a4 a3 d8 g1 b7 e7 \
                               f1 e8 c7 c8 a2 g3 g4 b8 g5 h3 h2 h4 c2 f4 h1 g8 g6 h8 a8 a7 a6 h5 h6 b2 c1 a1 h7 d2 b1 \
                               a5 d1";

#[test]
fn every_square_and_two_digit_scores_at_the_end_of_a_game() {
    let (board, _) = after(A_FINISHED_GAME);
    let text = drawn(&board);
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let call = "BoardTextViewer::draw of a finished game";
    assert!(
        lines.len() == 13 && text.ends_with('\n'),
        "{call} drew {} lines, the last {}, expected 13, each ending with a newline (⏎)",
        lines.len(),
        visible(lines.last().unwrap_or(&""))
    );
    for (row, line) in (1..=8).zip(&lines[3..11]) {
        let cells: String = (1..=8)
            .map(|col| match board.at(row, col) {
                Some(Color::White) => " o",
                Some(Color::Black) => " *",
                None => "  ",
            })
            .collect();
        let letter = char::from(b'a' + row as u8 - 1);
        let expected = format!(" {letter}|{cells}\n");
        assert!(
            *line == expected,
            "{call} drew row {letter} as {}, expected {} (· a space, ⏎ the line's end), the board being\n{}",
            visible(line),
            visible(&expected),
            shown(&board)
        );
    }
    let (black, white) = (board.score(Color::Black), board.score(Color::White));
    let scores = format!("[ Black(*): {black}      White(o): {white} ]\n");
    let expected = [scores.as_str(), "\n"];
    assert!(
        lines[11..] == expected,
        "{call} (Black {black}, White {white}) drew {} as its scores line and the line after it, expected {} \
         (· a space, ⏎ a line's end)",
        visible(&lines[11..].concat()),
        visible(&expected.concat())
    );
}
