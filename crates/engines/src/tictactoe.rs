//! The reference for the `tictactoe` assignment (Dawson's Tic-Tac-Toe): the rules (a
//! [`Game`]), the book's computer player, and what the book's program prints for a given
//! input, byte for byte (SPEC-DECISIONS.md), written apart from the assignment's solution so
//! that the graded suite can compare a submission with it on every possible game. (A perfect
//! player is the testkit's minimax on this [`Game`].)
//!
//! ```
//! use gamekit_engines::tictactoe::{book_move, EMPTY, X};
//! let board = [X, X, EMPTY, EMPTY, 'O', EMPTY, EMPTY, EMPTY, EMPTY];
//! assert_eq!(book_move(board, 'O'), 2); // block X's row
//! ```

use crate::cin::{Cin, Ending, Read};
use crate::game::{Game, Outcome};
use std::fmt::Write as _;

/// X moves first.
pub const X: char = 'X';
/// The other piece.
pub const O: char = 'O';
/// An empty square shows as a space.
pub const EMPTY: char = ' ';
/// [`winner`] of a full board without a line.
pub const TIE: char = 'T';
/// [`winner`] of a game still going on.
pub const NO_ONE: char = 'N';

/// Squares 0 to 8, row by row.
pub type Board = [char; 9];

/// The lines, in the order the book checks them.
const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// The book's order of preference when nothing wins or blocks: centre, corners, sides.
pub const BEST_MOVES: [usize; 9] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

/// The piece holding a line, [`TIE`] for a full board, else [`NO_ONE`].
pub fn winner(board: &Board) -> char {
    let line = LINES.iter().find(|[a, b, c]| board[*a] != EMPTY && board[*a] == board[*b] && board[*b] == board[*c]);
    match line {
        Some([a, _, _]) => board[*a],
        None if !board.contains(&EMPTY) => TIE,
        None => NO_ONE,
    }
}

/// The other piece.
pub fn opponent(piece: char) -> char {
    if piece == X { O } else { X }
}

/// The piece to move on a board reached from the empty one: X when both have as many.
pub fn to_move(board: &Board) -> char {
    let count = |piece: char| board.iter().filter(|&&square| square == piece).count();
    if count(X) == count(O) { X } else { O }
}

/// Tic-Tac-Toe's rules on a board reached from the empty one (X first): a move is a free
/// square, tried in [`BEST_MOVES`] order, until a line or a full board ends the game.
impl Game for Board {
    type Move = usize;

    fn moves(&self) -> impl Iterator<Item = usize> {
        let over = winner(self) != NO_ONE;
        BEST_MOVES.into_iter().filter(move |&square| !over && self[square] == EMPTY)
    }

    fn play_unchecked(&mut self, square: usize) {
        self[square] = to_move(self);
    }

    fn outcome(&self) -> Option<Outcome> {
        match winner(self) {
            NO_ONE => None,
            TIE => Some(Outcome::Draw),
            piece if piece == to_move(self) => Some(Outcome::Win),
            _ => Some(Outcome::Loss),
        }
    }
}

/// The book's `computerMove`: the first square that wins, else the first that blocks the
/// human's win, else the first free square of [`BEST_MOVES`].
///
/// # Panics
/// On a full board.
pub fn book_move(board: Board, computer: char) -> usize {
    let completes = |piece: char| {
        (0..9).find(|&square| {
            let mut copy = board;
            board[square] == EMPTY && {
                copy[square] = piece;
                winner(&copy) == piece
            }
        })
    };
    completes(computer)
        .or_else(|| completes(opponent(computer)))
        .or_else(|| BEST_MOVES.into_iter().find(|&square| board[square] == EMPTY))
        .expect("a free square")
}

/// The instructions the program prints first.
pub const INSTRUCTIONS: &str = "Welcome to the ultimate man-machine showdown: Tic-Tac-Toe.\n\
--where human brain is pit against silicon processor\n\n\
Make your move known by entering a number, 0 - 8.  The number\n\
corresponds to the desired board position, as illustrated:\n\n       \
0 | 1 | 2\n       ---------\n       3 | 4 | 5\n       ---------\n       6 | 7 | 8\n\n\
Prepare yourself, human.  The battle is about to begin.\n\n";

/// What the book's program prints for `input` with `computer` choosing the computer's moves.
pub fn transcript(input: &[u8], computer: fn(Board, char) -> usize) -> (String, Ending) {
    let mut cin = Cin::new(input);
    let mut out = String::from(INSTRUCTIONS);
    // A read: its value, or the same prompt again after a failed read, or the end.
    macro_rules! read {
        ($read:expr) => {
            match $read {
                Read::Value(value) => value,
                Read::Failed => continue,
                Read::End => return (out, Ending::EndOfInput),
            }
        };
    }
    let human = loop {
        out += "Do you require the first move? (y/n): ";
        match read!(cin.char()) {
            b'y' => break X,
            b'n' => break O,
            _ => {}
        }
    };
    out += if human == X {
        "\nThen take the first move.  You will need it.\n"
    } else {
        "\nYour bravery will be your undoing... I will go first.\n"
    };
    let mut board = [EMPTY; 9];
    show(&mut out, &board);
    let mut turn = X;
    while winner(&board) == NO_ONE {
        let square = if turn == human {
            loop {
                out += "Where will you move? (0 - 8): ";
                let Some(square) = usize::try_from(read!(cin.int())).ok().filter(|&n| n < 9) else {
                    continue;
                };
                if board[square] == EMPTY {
                    out += "Fine...\n";
                    break square;
                }
                out += "\nThat square is already occupied, foolish human.\n";
            }
        } else {
            let square = computer(board, turn);
            let _ = writeln!(out, "I shall take square number {square}");
            square
        };
        board[square] = turn;
        show(&mut out, &board);
        turn = opponent(turn);
    }
    let result = winner(&board);
    out += &if result == TIE { "It's a tie.\n".to_owned() } else { format!("{result}'s won!\n") };
    out += if result == opponent(human) {
        "As I predicted, human, I am triumphant once more -- proof\nthat computers are superior to humans in all regards.\n"
    } else if result == human {
        "No, no!  It cannot be!  Somehow you tricked me, human.\nBut never again!  I, the computer, so swear it!\n"
    } else {
        "You were most lucky, human, and somehow managed to tie me.\nCelebrate... for this is the best you will ever achieve.\n"
    };
    (out, Ending::Finished)
}

/// The book's `displayBoard`.
fn show(out: &mut String, board: &Board) {
    let [a, b, c, d, e, f, g, h, i] = board;
    let _ = write!(out, "\n\t{a} | {b} | {c}\n\t---------\n\t{d} | {e} | {f}\n\t---------\n\t{g} | {h} | {i}\n\n");
}

/// Every game a human can play against `computer`: the human's squares, in order, and how
/// the game ended (the winner or [`TIE`]), human first (`X`) and then second.
pub fn all_games(computer: fn(Board, char) -> usize) -> Vec<(char, Vec<usize>, char)> {
    let mut games = Vec::new();
    for human in [X, O] {
        explore([EMPTY; 9], X, human, computer, &mut Vec::new(), &mut games);
    }
    games
}

fn explore(
    board: Board,
    turn: char,
    human: char,
    computer: fn(Board, char) -> usize,
    moves: &mut Vec<usize>,
    games: &mut Vec<(char, Vec<usize>, char)>,
) {
    let result = winner(&board);
    if result != NO_ONE {
        games.push((human, moves.clone(), result));
        return;
    }
    let mut next = board;
    if turn == human {
        for square in (0..9).filter(|&square| board[square] == EMPTY) {
            next[square] = turn;
            moves.push(square);
            explore(next, opponent(turn), human, computer, moves, games);
            moves.pop();
            next[square] = EMPTY;
        }
    } else {
        next[computer(board, turn)] = turn;
        explore(next, opponent(turn), human, computer, moves, games);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_583_games_against_the_book_the_spec_counts() {
        let games = all_games(book_move);
        let count = |outcome: &dyn Fn(char, char) -> bool| {
            games.iter().filter(|(human, _, result)| outcome(*human, *result)).count()
        };
        assert_eq!(games.len(), 583);
        assert_eq!(count(&|human, result| result == opponent(human)), 430);
        assert_eq!(count(&|_, result| result == TIE), 141);
        assert_eq!(count(&|human, result| result == human), 12);
    }

    #[test]
    fn the_book_takes_a_win_before_a_block() {
        let board = [O, O, EMPTY, X, X, EMPTY, EMPTY, EMPTY, EMPTY];
        assert_eq!(book_move(board, X), 5);
        assert_eq!(book_move(board, O), 2);
    }

    #[test]
    fn a_game_the_human_wins_ends_with_the_computers_lament() {
        let games = all_games(book_move);
        let (human, moves, _) = games.iter().find(|(human, _, result)| result == human).expect("12 such games");
        let squares: Vec<String> = moves.iter().map(ToString::to_string).collect();
        let input = format!("{}\n{}\n", if *human == X { "y" } else { "n" }, squares.join("\n"));
        let (output, ending) = transcript(input.as_bytes(), book_move);
        assert_eq!(ending, Ending::Finished);
        let lament =
            "No, no!  It cannot be!  Somehow you tricked me, human.\nBut never again!  I, the computer, so swear it!\n";
        assert!(output.ends_with(&format!("{human}'s won!\n{lament}")), "{output}");
    }

    #[test]
    fn bad_answers_ask_again_and_the_end_of_input_stops() {
        // "maybe" is read a character at a time: m, a, then y is a yes; "be" is then an
        // unreadable square, discarded with its line.
        let (output, ending) = transcript(b"maybe\ny\nx\n9\n4\n4\n", book_move);
        assert_eq!(ending, Ending::EndOfInput);
        assert_eq!(output.matches("Do you require the first move? (y/n): ").count(), 3, "{output}");
        assert_eq!(output.matches("Where will you move? (0 - 8): ").count(), 7, "{output}");
        assert_eq!(output.matches("\nThat square is already occupied, foolish human.\n").count(), 1, "{output}");
    }
}
