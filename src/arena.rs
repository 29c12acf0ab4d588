//! gamekit's engines playing the assignments' own games.
//!
//! - Reversi, on the `reversi_players` assignment's board and game (here): the strong
//!   [`Engine`] as a [`Machine`] of that assignment, the openings a tournament starts from,
//!   and the tournament itself against the book's [`VirtualPlayer`];
//! - Connect N, on the `connect_n` assignment's scaffold and game ([`connect_n`]): the solver
//!   as a perfect player.

pub mod connect_n;

use crate::othello::{self, engine::Engine, row_col};
use reversi_players::{Board, Color, Game, Machine, VirtualPlayer, VirtualTextPlayer};
use std::time::Duration;

/// gamekit's strong engine playing one colour of the assignment's game.
pub struct StrongMachine {
    color: Color,
    engine: Engine,
}

impl StrongMachine {
    /// The strong engine for `color`, with `budget` per move.
    pub fn new(color: Color, budget: Duration) -> StrongMachine {
        StrongMachine { color, engine: Engine::new(budget) }
    }
}

impl Machine for StrongMachine {
    fn choose_move(&mut self, board: &Board) -> Option<(i32, i32)> {
        let square = self.engine.choose(&bitboard(board, self.color))?;
        Some(row_col(square.index()))
    }
}

/// The assignment's board as the engine's, `to_move` to move.
fn bitboard(board: &Board, to_move: Color) -> othello::Board {
    othello::Board::from_owners(|square| {
        let (row, col) = row_col(square);
        board.at(row, col).map(|color| color == to_move)
    })
}

/// Every sequence of `plies` moves from the start (passes cannot happen that early), in the
/// engine's square order: the openings of a tournament.
pub fn openings(plies: u32) -> Vec<Vec<(i32, i32)>> {
    fn extend(board: othello::Board, plies: u32, line: &mut Vec<(i32, i32)>, all: &mut Vec<Vec<(i32, i32)>>) {
        if plies == 0 {
            all.push(line.clone());
            return;
        }
        for square in othello::squares(board.legal_moves()) {
            line.push(row_col(square));
            extend(board.after(square), plies - 1, line, all);
            line.pop();
        }
    }
    let mut all = Vec::new();
    extend(bitboard(&Board::new(), Color::Black), plies, &mut Vec::new(), &mut all);
    all
}

/// A machine that plays its colour's moves of an opening first, then lets `then` choose.
struct Scripted {
    moves: std::vec::IntoIter<(i32, i32)>,
    then: Box<dyn Machine>,
}

impl Machine for Scripted {
    fn choose_move(&mut self, board: &Board) -> Option<(i32, i32)> {
        self.moves.next().or_else(|| self.then.choose_move(board))
    }
}

/// One game of a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// The opening's moves.
    pub opening: Vec<(i32, i32)>,
    /// The strong engine's colour.
    pub strong: Color,
    /// The strong engine's discs minus the book player's at the end.
    pub margin: i32,
}

/// What a tournament came to, for the strong engine.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tally {
    /// Games it won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games it lost.
    pub losses: usize,
    /// Its discs minus the book player's at the end, on average.
    pub average_margin: f64,
}

impl Tally {
    /// The tally of `matches`.
    pub fn of(matches: &[Match]) -> Tally {
        let count = |keep: fn(i32) -> bool| matches.iter().filter(|game| keep(game.margin)).count();
        let total: i32 = matches.iter().map(|game| game.margin).sum();
        Tally {
            wins: count(|margin| margin > 0),
            draws: count(|margin| margin == 0),
            losses: count(|margin| margin < 0),
            average_margin: f64::from(total) / matches.len().max(1) as f64,
        }
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let games = self.wins + self.draws + self.losses;
        let share = 100.0 * self.wins as f64 / games.max(1) as f64;
        write!(
            f,
            "{games} games: the strong engine won {} ({share:.1}%), drew {}, lost {}; average margin {:+.1} discs",
            self.wins, self.draws, self.losses, self.average_margin
        )
    }
}

/// Plays the strong engine (with `budget` per move) against the book's player from each
/// opening, once with each colour, silently; `report` sees each game as it ends.
///
/// # Errors
/// When a machine gives an invalid move or none (a bug: neither should).
pub fn tournament(
    openings: &[Vec<(i32, i32)>],
    budget: Duration,
    mut report: impl FnMut(&Match),
) -> Result<Vec<Match>, reversi_players::Error> {
    let mut matches = Vec::new();
    for opening in openings {
        for strong in [Color::Black, Color::White] {
            let machine = |color: Color| -> Box<dyn Machine> {
                let then: Box<dyn Machine> = if color == strong {
                    Box::new(StrongMachine::new(color, budget))
                } else {
                    Box::new(VirtualPlayer::new(color))
                };
                let skip = usize::from(color == Color::White);
                let moves: Vec<_> = opening.iter().copied().skip(skip).step_by(2).collect();
                Box::new(Scripted { moves: moves.into_iter(), then })
            };
            let mut black = VirtualTextPlayer::with_machine(std::io::sink(), Color::Black, machine(Color::Black));
            let mut white = VirtualTextPlayer::with_machine(std::io::sink(), Color::White, machine(Color::White));
            let mut game = Game::new(&mut black, &mut white);
            game.play()?;
            let board = game.board();
            let game = Match {
                opening: opening.clone(),
                strong,
                margin: board.score(strong) - board.score(strong.opponent()),
            };
            report(&game);
            matches.push(game);
        }
    }
    Ok(matches)
}
