//! The reference for the whole `reversi` program: what the course's sample program prints
//! for a given input, byte for byte, modelled on the C++ original and written apart from the
//! assignment's solution, so that the graded suite can compare a submission with it on
//! games nobody has written a transcript for.
//!
//! ```
//! use gamekit_engines::cin::Ending;
//! use gamekit_engines::reversi::program::transcript;
//! let (output, ending) = transcript(4, b"9\n").unwrap();
//! assert_eq!(output, "Enter number of blocks: Too many blocks!\nEnter number of blocks: ");
//! assert_eq!(ending, Ending::EndOfInput);
//! ```

use super::{BLACK, BLOCK, EMPTY, Position, PositionError, WHITE, opponent};
use crate::cin::{Cin, Ending, Read};

/// What `reversi --size <size>` prints for `input`, and how it ends.
///
/// # Errors
/// [`PositionError::Size`] for a size the program refuses.
pub fn transcript(size: usize, input: &[u8]) -> Result<(String, Ending), PositionError> {
    let mut position = Position::new(size)?;
    let mut cin = Cin::new(input);
    let mut out = String::new();
    // A read: its value, or the same prompt again after a failed read, or the end.
    macro_rules! read {
        ($read:expr) => {
            match $read {
                Read::Value(value) => value,
                Read::Failed => continue,
                Read::End => return Ok((out, Ending::EndOfInput)),
            }
        };
    }
    let blocks = loop {
        out += "Enter number of blocks: ";
        let count = read!(cin.int());
        if i64::from(count) <= (size * size / 2) as i64 {
            break count;
        }
        out += "Too many blocks!\n";
    };
    for k in 1..=blocks {
        loop {
            out += &format!("Enter position for block {k}: ");
            let (row, col) = read!(cell(&mut cin));
            if position.cell(row, col) == Some(EMPTY) {
                position.set(row as usize, col as usize, BLOCK);
                break;
            }
            out += "Invalid position!\n";
        }
    }
    let (mut player, mut passes) = (BLACK, 0);
    for round in 1.. {
        if !position.has_empty_cells() || passes == 2 {
            break;
        }
        out += &format!("Round {round}:\n{position}");
        if position.legal_moves(player).is_empty() {
            out += &format!("Player {player} has no valid moves! Pass!\n");
            passes += 1;
        } else {
            passes = 0;
            loop {
                out += &format!("Player {player}'s turn: ");
                let (row, col) = read!(cell(&mut cin));
                if position.play(player, row, col).is_ok() {
                    break;
                }
                out += "Invalid move!\n";
            }
        }
        player = opponent(player);
    }
    let result = match position.count(BLACK).cmp(&position.count(WHITE)) {
        std::cmp::Ordering::Greater => "Player X wins!",
        std::cmp::Ordering::Less => "Player O wins!",
        std::cmp::Ordering::Equal => "Draw game!",
    };
    out += &format!("Game over:\n{position}{result}\n");
    Ok((out, Ending::Finished))
}

/// `cin >> c >> n` as a cell: (row, column) indexes, maybe off the board.
fn cell(cin: &mut Cin) -> Read<(i64, i64)> {
    let letter = match cin.char() {
        Read::Value(letter) => letter,
        _ => return Read::End,
    };
    let col = if letter.is_ascii_lowercase() {
        i64::from(letter) - i64::from(b'a')
    } else {
        i64::from(letter) - i64::from(b'A')
    };
    match cin.int() {
        Read::Value(number) => Read::Value((i64::from(number) - 1, col)),
        Read::Failed => Read::Failed,
        Read::End => Read::End,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_sample_run_2() {
        let (output, ending) = transcript(4, b"9\n8\nB1\nC1\nA2\nD2\nA3\nD3\nB4\nC4\n").unwrap();
        let board = "   A B C D\n 1 . # # . \n 2 # X O # \n 3 # O X # \n 4 . # # . \n";
        assert!(output.ends_with(&format!("Player O has no valid moves! Pass!\nGame over:\n{board}Draw game!\n")));
        assert_eq!(ending, Ending::Finished);
    }

    #[test]
    fn a_failed_read_discards_the_rest_of_its_line() {
        let (output, _) = transcript(4, b"1\nAA1 B2\nC3\n").unwrap();
        let block = "Enter position for block 1: ";
        assert_eq!(output, format!("Enter number of blocks: {block}{block}Invalid position!\n{block}"));
    }

    #[test]
    fn numbers_past_int_and_signs_at_the_end_stop_at_once() {
        for input in [&b"99999999999"[..], b"-", b"+"] {
            assert_eq!(transcript(4, input).unwrap(), ("Enter number of blocks: ".to_owned(), Ending::EndOfInput));
        }
        let (output, _) = transcript(4, b"2147483648\n").unwrap();
        assert_eq!(output, "Enter number of blocks: Enter number of blocks: ");
    }
}
