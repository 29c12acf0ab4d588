//! The FFO endgame test positions (`../shared/data/othello`, copied into `fixtures/othello`),
//! which the tests and the bench solve.

use super::{Board, ParseError, Square};

/// A test position in the FFO format (`../shared/data/othello`, copied into
/// `fixtures/othello`): a board, the side to move, then `MOVE:SCORE;` for every legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The position, the side to move to play.
    pub board: Board,
    /// Each move's exact score, as the file gives them (best first).
    pub scores: Vec<(Square, i32)>,
}

impl std::str::FromStr for Problem {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Problem, ParseError> {
        let bad_line = || ParseError::Line(line.to_owned());
        let (position, scores) = line.split_once(';').ok_or_else(bad_line)?;
        let (squares, side) = position.trim().split_once(' ').ok_or_else(bad_line)?;
        let scores = scores
            .split(';')
            .filter(|item| !item.trim().is_empty())
            .map(|item| {
                let (name, score) = item.trim().split_once(':').ok_or_else(bad_line)?;
                Ok((name.parse().map_err(|_| bad_line())?, score.parse().map_err(|_| bad_line())?))
            })
            .collect::<Result<_, _>>()?;
        Ok(Problem { board: Board::parse(squares, side.trim())?, scores })
    }
}
