//! The text viewer: the book's drawing, byte for byte (row lines keep their trailing spaces).

use crate::{after, random_positions};
use reversi_players::{Board, BoardTextViewer, BoardViewer, Color, Screen};

fn drawn(board: &Board) -> String {
    let screen = Screen::default();
    BoardTextViewer::new(screen.clone()).draw(board).expect("a screen takes any text");
    screen.text()
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
    let text = drawn(&Board::new());
    assert_eq!(text, START, "BoardTextViewer::draw(Board::new())");
    assert!(
        text.lines().skip(3).take(8).all(|row| row.len() == 19),
        "BoardTextViewer::draw(Board::new()): the row lines keep their trailing spaces"
    );
}

#[test]
fn discs_of_both_colours_and_scores_are_drawn_where_they_are() {
    let (board, _) = after(&["d3", "c3", "b3"]);
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
    assert_eq!(drawn(&board), expected, "BoardTextViewer::draw of the board after d3, c3, b3");
}

#[test]
fn every_square_and_two_digit_scores_at_the_end_of_a_game() {
    let (board, _) = random_positions(8, 1).pop().expect("a finished game");
    let text = drawn(&board);
    let lines: Vec<&str> = text.split('\n').collect();
    for (row, line) in (1..=8).zip(&lines[3..11]) {
        let cells: String = (1..=8)
            .map(|col| match board.at(row, col) {
                Some(Color::White) => " o",
                Some(Color::Black) => " *",
                None => "  ",
            })
            .collect();
        let letter = char::from(b'a' + row as u8 - 1);
        assert_eq!(*line, format!(" {letter}|{cells}"), "row {letter} of BoardTextViewer::draw of a finished game");
    }
    let (black, white) = (board.score(Color::Black), board.score(Color::White));
    assert!(black >= 10 || white >= 10, "a finished random game with a two-digit score: Black {black}, White {white}");
    assert_eq!(
        lines[11..],
        [format!("[ Black(*): {black}      White(o): {white} ]").as_str(), "", ""],
        "the scores line of BoardTextViewer::draw of a finished game, and the blank line after it"
    );
}
