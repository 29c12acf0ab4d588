//! The `reversi_players` crate as the judge sees it: the graded suite
//! (`tests/reversi_players/`) compiles against this crate instead of the submission. The
//! submission's boards, players, viewers and games live in its probe (`probe/` in this
//! crate's directory, linked with the submission and run in the sandbox); the values here
//! are proxies that hold their numbers and call them there. The suite's own players,
//! machines, viewers and terminals stay here: the probe calls them back when the
//! submission's code asks one for a move or draws.
//!
//! The code the assignment provides (`provided.rs`: the colours, the interfaces, the
//! program's `run`) is the handout's own file, compiled here against these proxies; only
//! what the suite uses besides is here.
#![forbid(unsafe_code)]

use gamekit_probe::proxy::{Lender, Object, new_id};
use gamekit_probe::{Answers, Remote};
use std::any::Any;
use std::cell::{OnceCell, RefCell};
use std::fmt;
use std::io::{self, Write};
use std::marker::PhantomData;

#[path = "../../../../starter/reversi_players/src/provided.rs"]
mod provided;
pub use provided::*;

#[path = "../calls.rs"]
#[macro_use]
mod calls;
#[path = "../../console.rs"]
mod console;
use calls::Played;
use gamekit_probe::wire::Convert;

// The handout's types, as they cross, to and from this crate's own (`provided.rs`).
conversions!(crate);

#[path = "../../terminals/mod.rs"]
mod terminals;
use terminals::TerminalRef;

/// Makes call `C` of the submission's in the probe, answering its calls back meanwhile.
fn call<C: Remote>(arguments: &C::Arguments) -> C::Answer {
    gamekit_probe::answer_calls_back(called_back);
    gamekit_probe::call::<C>(arguments)
}

/// Why `play` refused a move (the handout's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidMove;

// The sweeps in `calls.rs` hold the board's squares: an index from [`index`] is in them.
const _: () = assert!(N_ROWS * N_COLS == calls::SQUARES as i32, "the sweeps in calls.rs hold the board's squares");

/// The index of an on-board square in a board's sweep, row by row.
fn index(row: i32, col: i32) -> Option<usize> {
    ((1..=N_ROWS).contains(&row) && (1..=N_COLS).contains(&col)).then(|| ((row - 1) * N_COLS + col - 1) as usize)
}

/// The submission's board.
///
/// The suite reads whole boards (every square of every position of random games, for both
/// colours), so `at` and `valid_move` on the board's squares are asked of the probe for
/// every square at once, on the first call, and the answers are kept until the board is
/// played on. Both are pure by the handout (`&self`). A sweep that panics falls back to
/// single calls, so each call's own answer or panic is the one seen.
pub struct Board {
    object: Object,
    /// What `at` answers on each square, row by row; `None` when the sweep panicked.
    cells: OnceCell<Option<[Option<calls::Color>; calls::SQUARES]>>,
    /// What `valid_move` answers on each square, for Black then White.
    valid: OnceCell<Option<[bool; 2 * calls::SQUARES]>>,
}

impl Board {
    fn kept(id: u64) -> Board {
        Board::proxy(Object::owned(id))
    }

    /// A board the submission's code lends the suite for a call back.
    fn lent(id: u64) -> Board {
        Board::proxy(Object::lent(id))
    }

    fn proxy(object: Object) -> Board {
        Board { object, cells: OnceCell::new(), valid: OnceCell::new() }
    }

    fn id(&self) -> u64 {
        self.object.id()
    }

    pub fn new() -> Board {
        Board::kept(call::<calls::BoardNew>(&()))
    }

    pub fn at(&self, row: i32, col: i32) -> Option<Color> {
        let swept = index(row, col).and_then(|at| {
            let cells = self.cells.get_or_init(|| gamekit_probe::try_call::<calls::BoardCells>(&self.id()).ok());
            Some(cells.as_ref()?[at])
        });
        swept.unwrap_or_else(|| call::<calls::BoardAt>(&(self.id(), row, col))).map(Convert::convert)
    }

    pub fn valid_move(&self, color: Color, row: i32, col: i32) -> bool {
        let swept = index(row, col).and_then(|at| {
            let valid = self.valid.get_or_init(|| gamekit_probe::try_call::<calls::BoardValidMoves>(&self.id()).ok());
            Some(valid.as_ref()?[at + if color == Color::Black { 0 } else { calls::SQUARES }])
        });
        swept.unwrap_or_else(|| call::<calls::BoardValidMove>(&(self.id(), color.convert(), row, col)))
    }

    /// # Errors
    /// [`InvalidMove`] when the submission refused the move.
    pub fn play(&mut self, color: Color, row: i32, col: i32) -> Result<(), InvalidMove> {
        (self.cells, self.valid) = (OnceCell::new(), OnceCell::new());
        call::<calls::BoardPlay>(&(self.id(), color.convert(), row, col)).map_err(|()| InvalidMove)
    }
}

impl gamekit_probe::proxy::Proxied for Board {
    fn id(&self) -> u64 {
        self.object.id()
    }
}

// The calls declared by the submission's signature (`calls.rs`): the board's
// `possible_move` and `score`, `corner_value`.
judge!();

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board::kept(call::<calls::BoardClone>(&self.id()))
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        call::<calls::BoardEq>(&(self.id(), other.id()))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&call::<calls::BoardDebug>(&self.id()))
    }
}

/// `output` as the probe takes it: a terminal of the suite's (a `Terminal`, or any other
/// output made the output of one), lent to the probe.
fn lend_output<W: Write + 'static>(output: W) -> TerminalRef {
    let output: Box<dyn Any> = Box::new(output);
    let terminal = match output.downcast::<Terminal>() {
        Ok(terminal) => *terminal,
        Err(output) => {
            let output = output.downcast::<W>().map(|output| *output).unwrap_or_else(|_| unreachable!("a W"));
            Terminal::new(io::empty(), output)
        }
    };
    terminals::judge::lend(&terminal)
}

/// One of the submission's players, in the probe, and the suite's machine it owns, if any.
struct RemotePlayer {
    object: Object,
    machine: Option<Owned>,
}

/// One of the suite's machines, owned by a computer player of the submission's, and its
/// number in the probe: lent for each call on the player, which may ask it for a move.
type Owned = (u64, Box<dyn Machine>);

impl RemotePlayer {
    /// Makes call `C` in the probe, the player's machine lent meanwhile.
    fn call<C: Remote>(&mut self, arguments: &C::Arguments) -> C::Answer {
        lending_machine(&mut self.machine, || call::<C>(arguments))
    }

    fn get_move(&mut self, board: &Board) -> Result<(i32, i32), Error> {
        Convert::convert(self.call::<calls::PlayerGetMove>(&(self.object.id(), board.id())))
    }

    fn skip_move(&mut self, board: &Board) -> Result<(), Error> {
        Convert::convert(self.call::<calls::PlayerSkipMove>(&(self.object.id(), board.id())))
    }

    /// The end of a game: `win`, `lose` or `tie`.
    fn end<C: Remote<Arguments = u64, Answer = Played<()>>>(&mut self) -> Result<(), Error> {
        Convert::convert(self.call::<C>(&self.object.id()))
    }
}

/// Runs `f` with `machine`, if there is one, lent to the probe as its number.
fn lending_machine<R>(machine: &mut Option<Owned>, f: impl FnOnce() -> R) -> R {
    match machine {
        Some((id, machine)) => Lender::lending(&MACHINES, *id, &mut **machine, f),
        None => f(),
    }
}

macro_rules! players {
    ($($player:ident $(<$output:ident>)?)*) => {$(
        impl$(<$output>)? Player for $player$(<$output>)? {
            fn get_move(&mut self, board: &Board) -> Result<(i32, i32), Error> {
                self.player.get_move(board)
            }

            fn skip_move(&mut self, board: &Board) -> Result<(), Error> {
                self.player.skip_move(board)
            }

            fn win(&mut self) -> Result<(), Error> {
                self.player.end::<calls::PlayerWin>()
            }

            fn lose(&mut self) -> Result<(), Error> {
                self.player.end::<calls::PlayerLose>()
            }

            fn tie(&mut self) -> Result<(), Error> {
                self.player.end::<calls::PlayerTie>()
            }
        }
    )*};
}
players!(HumanTextPlayer VirtualTextPlayer<W>);

/// The submission's person at the terminal.
pub struct HumanTextPlayer {
    player: RemotePlayer,
}

impl HumanTextPlayer {
    pub fn new(terminal: &Terminal, color: Color) -> HumanTextPlayer {
        let id = call::<calls::HumanTextPlayerNew>(&(terminals::judge::lend(terminal), color.convert()));
        HumanTextPlayer { player: RemotePlayer { object: Object::owned(id), machine: None } }
    }
}

/// The submission's computer text player, announcing the moves of its machine: the
/// submission's `VirtualPlayer`, or one of the suite's, lent to the probe for each call on
/// the player.
pub struct VirtualTextPlayer<W> {
    player: RemotePlayer,
    _output: PhantomData<W>,
}

impl<W: Write + 'static> VirtualTextPlayer<W> {
    pub fn new(output: W, color: Color) -> Self {
        let id = call::<calls::VirtualTextPlayerNew>(&(lend_output(output), color.convert()));
        VirtualTextPlayer { player: RemotePlayer { object: Object::owned(id), machine: None }, _output: PhantomData }
    }

    pub fn with_machine(output: W, color: Color, machine: Box<dyn Machine>) -> Self {
        let number = new_id();
        let mut machine = Some((number, machine));
        let arguments = (lend_output(output), color.convert(), number);
        let id = lending_machine(&mut machine, || call::<calls::VirtualTextPlayerWithMachine>(&arguments));
        VirtualTextPlayer { player: RemotePlayer { object: Object::owned(id), machine }, _output: PhantomData }
    }
}

/// The submission's computer player (the book's `VirtualPlayer`).
pub struct VirtualPlayer(Object);

impl VirtualPlayer {
    pub fn new(color: Color) -> VirtualPlayer {
        VirtualPlayer(Object::owned(call::<calls::VirtualPlayerNew>(&color.convert())))
    }

    pub fn value_of(&self, board: &Board) -> i32 {
        call::<calls::VirtualPlayerValueOf>(&(self.0.id(), board.id()))
    }
}

impl Machine for VirtualPlayer {
    fn choose_move(&mut self, board: &Board) -> Option<(i32, i32)> {
        call::<calls::MachineChooseMove>(&(self.0.id(), board.id()))
    }
}

/// The submission's text viewer.
pub struct BoardTextViewer<W> {
    object: Object,
    _output: PhantomData<W>,
}

impl<W: Write + 'static> BoardTextViewer<W> {
    pub fn new(output: W) -> Self {
        BoardTextViewer {
            object: Object::owned(call::<calls::BoardTextViewerNew>(&lend_output(output))),
            _output: PhantomData,
        }
    }
}

impl<W> BoardViewer for BoardTextViewer<W> {
    fn draw(&mut self, board: &Board) -> io::Result<()> {
        call::<calls::BoardViewerDraw>(&(self.object.id(), board.id())).map_err(io::Error::other)
    }
}

/// The submission's game, between players (and with a viewer) of the suite's, lent to the
/// probe for each call on the game.
pub struct Game<'a> {
    object: Object,
    /// The game's board as the suite last asked for it (until the game plays on).
    board: OnceCell<Board>,
    lent: RefCell<Lent<'a>>,
}

impl<'a> Game<'a> {
    pub fn new(black: &'a mut dyn Player, white: &'a mut dyn Player) -> Game<'a> {
        let (black_id, white_id) = (new_id(), new_id());
        let mut lent = Lent { players: [(black_id, black), (white_id, white)], viewer: None };
        let id = lent.lending(|| call::<calls::GameNew>(&(black_id, white_id)));
        Game { object: Object::owned(id), board: OnceCell::new(), lent: RefCell::new(lent) }
    }

    /// Makes call `C` in the probe, the game's players and viewer lent meanwhile.
    fn call<C: Remote>(&self, arguments: &C::Arguments) -> C::Answer {
        self.lent.borrow_mut().lending(|| call::<C>(arguments))
    }

    pub fn select_viewer(&mut self, viewer: Box<dyn BoardViewer + 'a>) {
        let number = new_id();
        let mut viewer = Some((number, viewer));
        let id = self.object.id();
        // The new viewer is lent as well: the game in the probe holds it from this call on.
        let select = || lending_viewer(&mut viewer, || call::<calls::GameSelectViewer>(&(id, number)));
        self.lent.get_mut().lending(select);
        self.lent.get_mut().viewer = viewer;
    }

    pub fn board(&self) -> &Board {
        self.board.get_or_init(|| Board::kept(self.call::<calls::GameBoard>(&self.object.id())))
    }

    /// # Errors
    /// What the submission's `play` returned.
    pub fn play(&mut self) -> Result<Option<Color>, Error> {
        self.board = OnceCell::new();
        Convert::convert(self.call::<calls::GamePlay>(&self.object.id()))
    }
}

/// The suite's players a game borrows and the viewer it owns, each with its number in the
/// probe. They are lent to the probe for each call on the game, which may call any of them
/// back, and only then: so no loan outlives what it lends.
struct Lent<'a> {
    players: [(u64, &'a mut dyn Player); 2],
    viewer: Option<Viewer<'a>>,
}

/// A viewer of the suite's that a game owns, and its number in the probe.
type Viewer<'a> = (u64, Box<dyn BoardViewer + 'a>);

impl Lent<'_> {
    /// Runs `f` with the players and the viewer lent to the probe.
    fn lending<R>(&mut self, f: impl FnOnce() -> R) -> R {
        let [(black_id, black), (white_id, white)] = &mut self.players;
        let viewer = &mut self.viewer;
        lending_player(*black_id, *black, || lending_player(*white_id, *white, || lending_viewer(viewer, f)))
    }
}

/// Runs `f` with one of the suite's players lent to the probe as `id`.
fn lending_player<'a, R>(id: u64, player: &mut (dyn Player + 'a), f: impl FnOnce() -> R) -> R {
    gamekit_probe::lending!(&PLAYERS, id, player, f, dyn Player)
}

/// Runs `f` with `viewer`, if there is one, lent to the probe as its number.
fn lending_viewer<'a, R>(viewer: &mut Option<Viewer<'a>>, f: impl FnOnce() -> R) -> R {
    let Some((id, viewer)) = viewer else { return f() };
    gamekit_probe::lending!(&VIEWERS, *id, &mut **viewer, f, dyn BoardViewer)
}

thread_local! {
    /// The suite's players that games of the submission's borrow.
    static PLAYERS: Lender<dyn Player> = Lender::default();
    /// The suite's machines that computer players of the submission's own.
    static MACHINES: Lender<dyn Machine> = Lender::default();
    /// The suite's viewers that games of the submission's own.
    static VIEWERS: Lender<dyn BoardViewer> = Lender::default();
}

/// The judge's answers to the probe's calls back: the suite's players, machines and viewers,
/// on a board the submission's code lends for the call, and its terminals.
fn called_back(answers: Answers) -> Answers {
    let answers = answers
        .on::<calls::back::PlayerGetMove>(|(player, board)| {
            on_player(player, |player| Convert::convert(player.get_move(&Board::lent(board))))
        })
        .on::<calls::back::PlayerSkipMove>(|(player, board)| {
            on_player(player, |player| Convert::convert(player.skip_move(&Board::lent(board))))
        })
        .on::<calls::back::PlayerWin>(|player| on_player(player, |player| Convert::convert(player.win())))
        .on::<calls::back::PlayerLose>(|player| on_player(player, |player| Convert::convert(player.lose())))
        .on::<calls::back::PlayerTie>(|player| on_player(player, |player| Convert::convert(player.tie())))
        .on::<calls::back::MachineChooseMove>(|(machine, board)| {
            MACHINES.with(|machines| machines.with(machine, |machine| machine.choose_move(&Board::lent(board))))
        })
        .on::<calls::back::BoardViewerDraw>(|(viewer, board)| {
            let drawn = VIEWERS.with(|viewers| viewers.with(viewer, |viewer| viewer.draw(&Board::lent(board))))?;
            Some(drawn.map_err(|error| error.to_string()))
        });
    terminals::judge::answers(answers)
}

/// Calls `f` with the suite's player lent as `player`; `None` when there is none, or it is
/// in a call back already.
fn on_player<R>(player: u64, f: impl FnOnce(&mut (dyn Player + 'static)) -> R) -> Option<R> {
    PLAYERS.with(|players| players.with(player, f))
}

gamekit_probe::answers_exactly!(called_back, calls::back::names(), terminals::calls::names());
