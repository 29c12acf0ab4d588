//! The evaluation of a position before the end: what the strong player steers by.
//!
//! The terms, all for the player to move and against the opponent:
//! - **mobility**: moves now (a corner move counts twice), since running out of moves is how
//!   Reversi games are lost;
//! - **frontier**: discs next to an empty square, each a future move for the other side;
//! - **corners**: a corner disc can never be flipped;
//! - **next to an empty corner**: an X-square (diagonal) or C-square (beside it) hands the
//!   corner over, so it counts against its owner;
//! - **edges**: other edge discs are hard to flip;
//! - **parity**: with an odd number of empties, the player to move should get the last move.

use super::{Board, neighbours};

/// The four corners.
pub(super) const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The squares diagonally inside the corners: b2, g2, b7, g7.
const X_SQUARES: u64 = 1 << 9 | 1 << 14 | 1 << 49 | 1 << 54;
/// The edge squares.
const EDGES: u64 = 0xff81_8181_8181_81ff;

/// What one disc of final margin is worth when the game is over: more than the evaluation
/// ever gives otherwise (under 3,000), so a won ending beats any hope.
pub const WIN: i32 = 4096;

/// The value of `board` for the player to move: positive is good for them; the final disc
/// difference times [`WIN`] when neither side can move.
pub fn evaluate(board: &Board) -> i32 {
    let (moves, replies) = (board.legal_moves(), board.pass().legal_moves());
    if moves | replies == 0 {
        return board.final_score() * WIN;
    }
    let (mine, theirs) = (board.player, board.opponent);
    let empty = board.empty();
    let count = |set: u64| set.count_ones() as i32;
    let open = neighbours(empty);
    let danger = neighbours(CORNERS & empty) & !CORNERS;
    let danger_of = |discs: u64| 2 * count(discs & danger & X_SQUARES) + count(discs & danger & !X_SQUARES);
    let parity = if count(empty) % 2 == 1 { 1 } else { -1 };
    let edges = EDGES & !CORNERS & !danger;
    24 * (mobility(moves) - mobility(replies))
        + 8 * (count(theirs & open) - count(mine & open))
        + 160 * (count(mine & CORNERS) - count(theirs & CORNERS))
        + 48 * (danger_of(theirs) - danger_of(mine))
        + 6 * (count(mine & edges) - count(theirs & edges))
        + 8 * parity
}

/// How many moves `moves` offers, a corner counting twice.
pub(super) fn mobility(moves: u64) -> i32 {
    (moves.count_ones() + (moves & CORNERS).count_ones()) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_but_for_parity() {
        // Four moves each, the same frontier, no corners or edges; 60 empties is even.
        assert_eq!(evaluate(&Board::start()), -8);
    }

    #[test]
    fn a_corner_is_worth_much() {
        let board = Board::parse(&format!("X{}", "-".repeat(63)), "X").unwrap();
        assert!(evaluate(&board) > 100);
        assert!(evaluate(&board.pass()) < -100);
    }

    /// What the generic search relies on: a finished game is worth its final margin times
    /// [`WIN`], and anything else less than one disc of it, in every position of random games.
    #[test]
    fn only_a_finished_game_reaches_win() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..200 {
            let mut board = Board::start();
            while !board.is_over() {
                assert!(evaluate(&board).abs() < WIN, "{}", evaluate(&board));
                let moves: Vec<u32> = crate::othello::squares(board.legal_moves()).collect();
                board =
                    if moves.is_empty() { board.pass() } else { board.after(moves[rng.random_range(0..moves.len())]) };
            }
            assert_eq!(evaluate(&board), board.final_score() * WIN);
        }
    }
}
