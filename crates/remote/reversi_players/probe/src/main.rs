//! The reversi_players probe: linked with the submission's `reversi_players` crate and run in
//! the sandbox, it keeps the submission's boards, players, viewers and games (the judge holds
//! their numbers), calls them as the judge asks and answers with what they returned. The
//! suite's players, machines, viewers and terminals stay in the judge: stand-ins here call
//! them back. It decides nothing.
#![forbid(unsafe_code)]

use gamekit_probe::objects::{self, keep, with};
use gamekit_probe::{Answers, Remote};
use reversi_players::{
    Board, BoardTextViewer, BoardViewer, Color, Error, Game, HumanTextPlayer, Machine, N_COLS, N_ROWS, Player,
    VirtualPlayer, VirtualTextPlayer,
};

use reversi_players::ConsoleError;
#[path = "../../calls.rs"]
#[macro_use]
mod calls;
#[path = "../../../console.rs"]
mod console;
use calls::{Played, SQUARES};
use gamekit_probe::wire::Convert;

// The handout's types, as they cross, to and from the submission's.
conversions!(reversi_players);

#[path = "../../../terminals/mod.rs"]
mod terminals;

fn main() {
    terminals::probe::serve(answers);
}

/// A player of the submission's, as kept.
type KeptPlayer = Box<dyn Player>;
/// A viewer of the submission's, as kept.
type KeptViewer = Box<dyn BoardViewer>;

/// The calls the judge makes, each answered with the submission's code on its objects kept
/// here.
fn answers(answers: Answers) -> Answers {
    answers!(reversi_players)(answers)
        .on::<calls::BoardNew>(|()| Some(keep(Board::new())))
        .on::<calls::BoardCells>(|id| {
            seen(id, |board| std::array::from_fn(|at| board.at(square(at).0, square(at).1).map(Convert::convert)))
        })
        .on::<calls::BoardAt>(|(id, row, col)| seen(id, |board| board.at(row, col).map(Convert::convert)))
        .on::<calls::BoardValidMoves>(|id| {
            seen(id, |board| {
                std::array::from_fn(|at| {
                    let color = if at < SQUARES { Color::Black } else { Color::White };
                    board.valid_move(color, square(at).0, square(at).1)
                })
            })
        })
        .on::<calls::BoardValidMove>(|(id, wire, row, col)| {
            seen(id, |board| board.valid_move(wire.convert(), row, col))
        })
        .on::<calls::BoardPlay>(|(id, wire, row, col)| {
            with(id, |board: &mut Board| board.play(wire.convert(), row, col).map_err(|_| ()))
        })
        .on::<calls::BoardClone>(|id| Some(keep(seen(id, Board::clone)?)))
        .on::<calls::BoardEq>(|(id, other)| seen(id, |board| seen(other, |other| board == other))?)
        .on::<calls::BoardDebug>(|id| seen(id, |board| format!("{board:?}")))
        .on::<calls::HumanTextPlayerNew>(|(terminal, wire)| {
            let player = HumanTextPlayer::new(&terminals::probe::lent(terminal), wire.convert());
            Some(keep::<KeptPlayer>(Box::new(player)))
        })
        .on::<calls::VirtualTextPlayerNew>(|(terminal, wire)| {
            let player = VirtualTextPlayer::new(terminals::probe::lent(terminal), wire.convert());
            Some(keep::<KeptPlayer>(Box::new(player)))
        })
        .on::<calls::VirtualTextPlayerWithMachine>(|(terminal, wire, machine)| {
            let machine = Box::new(Suites(machine));
            let player = VirtualTextPlayer::with_machine(terminals::probe::lent(terminal), wire.convert(), machine);
            Some(keep::<KeptPlayer>(Box::new(player)))
        })
        .on::<calls::PlayerGetMove>(|(id, board)| {
            seen(board, |board| with(id, |player: &mut KeptPlayer| Convert::convert(player.get_move(board))))?
        })
        .on::<calls::PlayerSkipMove>(|(id, board)| {
            seen(board, |board| with(id, |player: &mut KeptPlayer| Convert::convert(player.skip_move(board))))?
        })
        .on::<calls::PlayerWin>(|id| with(id, |player: &mut KeptPlayer| Convert::convert(player.win())))
        .on::<calls::PlayerLose>(|id| with(id, |player: &mut KeptPlayer| Convert::convert(player.lose())))
        .on::<calls::PlayerTie>(|id| with(id, |player: &mut KeptPlayer| Convert::convert(player.tie())))
        .on::<calls::VirtualPlayerNew>(|wire| Some(keep(VirtualPlayer::new(wire.convert()))))
        .on::<calls::VirtualPlayerValueOf>(|(id, board)| {
            seen(board, |board| with(id, |machine: &mut VirtualPlayer| machine.value_of(board)))?
        })
        .on::<calls::MachineChooseMove>(|(id, board)| {
            seen(board, |board| with(id, |machine: &mut VirtualPlayer| machine.choose_move(board)))?
        })
        .on::<calls::BoardTextViewerNew>(|terminal| {
            let viewer = BoardTextViewer::new(terminals::probe::lent(terminal));
            Some(keep::<KeptViewer>(Box::new(viewer)))
        })
        .on::<calls::BoardViewerDraw>(|(id, board)| {
            let drawn = seen(board, |board| with(id, |viewer: &mut KeptViewer| viewer.draw(board)))??;
            Some(drawn.map_err(|error| error.to_string()))
        })
        .on::<calls::GameNew>(|(black, white)| Some(keep(Game::new(suites(black), suites(white)))))
        .on::<calls::GameSelectViewer>(|(id, viewer)| {
            with(id, |game: &mut Game<'static>| game.select_viewer(Box::new(Suites(viewer))))
        })
        .on::<calls::GameBoard>(|id| objects::keep_part(id, Game::<'static>::board))
        .on::<calls::GamePlay>(|id| with(id, |game: &mut Game<'static>| Convert::convert(game.play())))
}

// The sweeps in `calls.rs` hold the handout's board's squares.
const _: () = assert!(N_ROWS * N_COLS == SQUARES as i32, "the sweeps in calls.rs hold the board's squares");

/// The square (row, column, from 1) at `at` in a sweep, row by row, once per colour.
fn square(at: usize) -> (i32, i32) {
    let at = (at % SQUARES) as i32;
    (at / N_COLS + 1, at % N_COLS + 1)
}

/// Calls `f` with board `id`: one kept here, one lent by a game for a call back to one of
/// the suite's players, machines or viewers, or a game's own board (looked up in the game
/// each time, so never past a move of the game's).
fn seen<R>(id: u64, f: impl FnOnce(&Board) -> R) -> Option<R> {
    objects::seen(id, f)
}

/// A player, machine or viewer of the suite's: the judge is called back, on a board lent
/// for the call.
struct Suites(u64);

/// One of the suite's players, as a game takes it: a few bytes a game, kept until the probe
/// ends (simpler than freeing them after the game that borrows them).
fn suites(id: u64) -> &'static mut dyn Player {
    Box::leak(Box::new(Suites(id)))
}

impl Suites {
    /// Calls the judge back with call `C` on this value and `board`, lent for the call.
    fn on<C: Remote<Arguments = (u64, u64)>>(&self, board: &Board) -> C::Answer {
        objects::lending(board, |lent| {
            terminals::probe::sync();
            gamekit_probe::call_back::<C>(&(self.0, lent))
        })
    }

    /// The end of a game: `win`, `lose` or `tie`.
    fn end<C: Remote<Arguments = u64, Answer = Played<()>>>(&self) -> Result<(), Error> {
        terminals::probe::sync();
        Convert::convert(gamekit_probe::call_back::<C>(&self.0))
    }
}

impl Player for Suites {
    fn get_move(&mut self, board: &Board) -> Result<(i32, i32), Error> {
        Convert::convert(self.on::<calls::back::PlayerGetMove>(board))
    }

    fn skip_move(&mut self, board: &Board) -> Result<(), Error> {
        Convert::convert(self.on::<calls::back::PlayerSkipMove>(board))
    }

    fn win(&mut self) -> Result<(), Error> {
        self.end::<calls::back::PlayerWin>()
    }

    fn lose(&mut self) -> Result<(), Error> {
        self.end::<calls::back::PlayerLose>()
    }

    fn tie(&mut self) -> Result<(), Error> {
        self.end::<calls::back::PlayerTie>()
    }
}

impl Machine for Suites {
    fn choose_move(&mut self, board: &Board) -> Option<(i32, i32)> {
        self.on::<calls::back::MachineChooseMove>(board)
    }
}

impl BoardViewer for Suites {
    fn draw(&mut self, board: &Board) -> std::io::Result<()> {
        self.on::<calls::back::BoardViewerDraw>(board).map_err(std::io::Error::other)
    }
}

gamekit_probe::answers_exactly!(answers, calls::names());
