//! The book's computer player: the machine that chooses moves ([`VirtualPlayer`]), and the
//! text player that announces them ([`VirtualTextPlayer`]).

use crate::messages;
use crate::{Board, Color, Error, Machine, N_COLS, N_ROWS, Player, square_name, squares};
use std::io::Write;

/// The value of a game won (the book's `numeric_limits<int>::max() - 1`).
const WON: i32 = i32::MAX - 1;
/// The value of a game lost (the book's `numeric_limits<int>::min() + 1`).
const LOST: i32 = i32::MIN + 1;

/// The book's `VirtualPlayer`: minimax with alpha–beta pruning, six levels deep, over every
/// valid move in row-major order.
///
/// Reproduced as printed, so that it chooses the book's moves:
/// - [`choose_move`](Machine::choose_move) tries the moves in row-major order and keeps a
///   later move whose score is *equal to or better than* the best so far (`>=`), and gives
///   each the best score so far as its bound;
/// - `eval_self` / `eval_opponent` are the book's pair: a level returns a child's score as
///   soon as it is no better than the bound (`<=` / `>=`); a side with no move passes; the
///   sixth level returns [`value_of`](Self::value_of) of the position *before* its move;
/// - the value of a position is the disc difference plus four corner terms.
///
/// One fix: the book's `eval_end_of_game` compares `>` twice, so a lost game scored like a
/// tie; here a lost game is the lowest value.
#[derive(Debug, Clone)]
pub struct VirtualPlayer {
    color: Color,
    max_depth: i32,
}

impl VirtualPlayer {
    /// The book's player for `color`: six levels deep.
    pub fn new(color: Color) -> VirtualPlayer {
        VirtualPlayer { color, max_depth: 6 }
    }

    /// The score of `board` after `mv` by this player (`None`: it passed) at level `depth`:
    /// the lowest score among the opponent's replies, returned early once it is `<= best`.
    fn eval_self(&self, board: &Board, mv: Option<(i32, i32)>, best: i32, mut worst: i32, depth: i32) -> i32 {
        if depth == self.max_depth {
            return self.value_of(board);
        }
        let board = after(board, self.color, mv);
        let opponent = self.color.opponent();
        let mut replied = false;
        for (row, col) in squares().filter(|&(row, col)| board.valid_move(opponent, row, col)) {
            replied = true;
            let score = self.eval_opponent(&board, Some((row, col)), best, worst, depth + 1);
            if score <= best {
                return score;
            }
            worst = worst.min(score);
        }
        if replied {
            worst
        } else if board.possible_move(self.color).is_some() {
            self.eval_opponent(&board, None, best, worst, depth + 1)
        } else {
            self.eval_end_of_game(&board)
        }
    }

    /// The mirror of [`eval_self`](Self::eval_self) for the opponent's `mv`: the highest
    /// score among this player's replies, returned early once it is `>= worst`.
    fn eval_opponent(&self, board: &Board, mv: Option<(i32, i32)>, mut best: i32, worst: i32, depth: i32) -> i32 {
        if depth == self.max_depth {
            return self.value_of(board);
        }
        let board = after(board, self.color.opponent(), mv);
        let mut replied = false;
        for (row, col) in squares().filter(|&(row, col)| board.valid_move(self.color, row, col)) {
            replied = true;
            let score = self.eval_self(&board, Some((row, col)), best, worst, depth + 1);
            if score >= worst {
                return score;
            }
            best = best.max(score);
        }
        if replied {
            best
        } else if board.possible_move(self.color.opponent()).is_some() {
            self.eval_self(&board, None, best, worst, depth + 1)
        } else {
            self.eval_end_of_game(&board)
        }
    }

    /// A finished game: won, lost or tied (0).
    fn eval_end_of_game(&self, board: &Board) -> i32 {
        let (mine, theirs) = (board.score(self.color), board.score(self.color.opponent()));
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => WON,
            std::cmp::Ordering::Less => LOST,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// The value of a position for this player: the disc difference, plus
    /// [`corner_value`] for each corner with its three neighbours.
    pub fn value_of(&self, board: &Board) -> i32 {
        let corner = |row: i32, col: i32, d_row: i32, d_col: i32| {
            let neighbours =
                [board.at(row + d_row, col), board.at(row, col + d_col), board.at(row + d_row, col + d_col)];
            corner_value(self.color, board.at(row, col), neighbours)
        };
        board.score(self.color) - board.score(self.color.opponent())
            + corner(1, 1, 1, 1)
            + corner(1, N_COLS, 1, -1)
            + corner(N_ROWS, N_COLS, -1, -1)
            + corner(N_ROWS, 1, -1, 1)
    }
}

impl Machine for VirtualPlayer {
    fn choose_move(&mut self, board: &Board) -> Option<(i32, i32)> {
        let (mut best, worst) = (i32::MIN, i32::MAX);
        let mut choice = None;
        for (row, col) in squares().filter(|&(row, col)| board.valid_move(self.color, row, col)) {
            let score = self.eval_self(board, Some((row, col)), best, worst, 1);
            if score >= best {
                (best, choice) = (score, Some((row, col)));
            }
        }
        choice
    }
}

/// The board after `color` plays `mv` (a valid move), or passes (`None`).
fn after(board: &Board, color: Color, mv: Option<(i32, i32)>) -> Board {
    let mut board = board.clone();
    if let Some((row, col)) = mv {
        board.play(color, row, col).expect("the search plays only valid moves");
    }
    board
}

/// The book's `corner_value` for `player`: +30 for its own corner, −30 for the opponent's;
/// for an empty corner, −30 when `player` has a disc beside it (it opens the corner to the
/// opponent) and +30 when the opponent has one (both may apply).
pub fn corner_value(player: Color, corner: Option<Color>, neighbours: [Option<Color>; 3]) -> i32 {
    match corner {
        Some(color) if color == player => 30,
        Some(_) => -30,
        None => {
            let has = |color: Color| neighbours.contains(&Some(color));
            (if has(player) { -30 } else { 0 }) + (if has(player.opponent()) { 30 } else { 0 })
        }
    }
}

/// A computer player on a text console (the book's `VirtualTextPlayer`): a [`Machine`]
/// chooses, this player announces `Black plays [d3]`.
pub struct VirtualTextPlayer<W> {
    output: W,
    color: Color,
    machine: Box<dyn Machine>,
}

impl<W: Write> VirtualTextPlayer<W> {
    /// The book's computer player ([`VirtualPlayer`]) for `color`, printing on `output`.
    pub fn new(output: W, color: Color) -> Self {
        VirtualTextPlayer::with_machine(output, color, Box::new(VirtualPlayer::new(color)))
    }

    /// A computer player for `color` whose moves `machine` chooses, printing on `output`.
    pub fn with_machine(output: W, color: Color, machine: Box<dyn Machine>) -> Self {
        VirtualTextPlayer { output, color, machine }
    }
}

impl<W: Write> Player for VirtualTextPlayer<W> {
    /// The machine's move, announced as `Black plays [d3]`; [`Error::NoMove`] when the
    /// machine gives none.
    fn get_move(&mut self, board: &Board) -> Result<(i32, i32), Error> {
        let (row, col) = self.machine.choose_move(board).ok_or(Error::NoMove(self.color))?;
        writeln!(self.output, "{} plays [{}]", self.color.name(), square_name(row, col))?;
        Ok((row, col))
    }

    /// Prints `Black: no valid move possible.`.
    fn skip_move(&mut self, _board: &Board) -> Result<(), Error> {
        Ok(writeln!(self.output, "{}", messages::no_move(self.color))?)
    }

    /// Prints `Black wins!`.
    fn win(&mut self) -> Result<(), Error> {
        Ok(writeln!(self.output, "{}", messages::wins(self.color))?)
    }

    /// Prints `Game tied.` for Black, `No winner!` for White.
    fn tie(&mut self) -> Result<(), Error> {
        Ok(writeln!(self.output, "{}", messages::tied(self.color))?)
    }
}
