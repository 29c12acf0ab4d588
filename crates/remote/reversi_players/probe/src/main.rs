//! The reversi_players probe: linked with the submission's `reversi_players` crate and run in
//! the sandbox, it keeps the submission's boards, players, viewers and games (the judge holds
//! their numbers), calls them as the judge asks and answers with what they returned. The
//! suite's players, machines, viewers and terminals stay in the judge: stand-ins here call
//! them back. It decides nothing.

use gamekit_probe::objects::{self, keep, with};
use gamekit_probe::wire::{decode, encode};
use reversi_players::{
    Board, BoardTextViewer, BoardViewer, Color, Error, Game, HumanTextPlayer, Machine, Player, VirtualPlayer,
    VirtualTextPlayer, corner_value, squares,
};

use reversi_players::ConsoleError;
#[path = "../../../console.rs"]
mod console;
#[path = "../../shared.rs"]
#[allow(dead_code)]
mod shared;
use shared::{ColorWire, color, color_wire, from_played, played};

#[path = "../../../terminals/mod.rs"]
mod terminals;
use terminals::TerminalRef;

fn main() {
    terminals::probe::serve(dispatch);
}

/// A player of the submission's, as kept.
type KeptPlayer = Box<dyn Player>;
/// A viewer of the submission's, as kept.
type KeptViewer = Box<dyn BoardViewer>;

fn dispatch(function: &str, arguments: &[u8]) -> Option<Vec<u8>> {
    Some(match function {
        "Board::new" => encode(&keep(Board::new())),
        "Board::cells" => encode(&seen(decode(arguments)?, |board| {
            squares().map(|(row, col)| board.at(row, col).map(color_wire)).collect::<Vec<_>>()
        })?),
        "Board::at" => {
            let (id, row, col) = decode::<(u64, i32, i32)>(arguments)?;
            encode(&seen(id, |board| board.at(row, col).map(color_wire))?)
        }
        "Board::valid_moves" => encode(&seen(decode(arguments)?, |board| {
            [Color::Black, Color::White]
                .into_iter()
                .flat_map(|color| squares().map(move |(row, col)| board.valid_move(color, row, col)))
                .collect::<Vec<_>>()
        })?),
        "Board::valid_move" => {
            let (id, wire, row, col) = decode::<(u64, ColorWire, i32, i32)>(arguments)?;
            encode(&seen(id, |board| board.valid_move(color(wire), row, col))?)
        }
        "Board::play" => {
            let (id, wire, row, col) = decode::<(u64, ColorWire, i32, i32)>(arguments)?;
            encode(&with(id, |board: &mut Board| board.play(color(wire), row, col).map_err(|_| ()))?)
        }
        "Board::possible_move" => {
            let (id, wire) = decode::<(u64, ColorWire)>(arguments)?;
            encode(&seen(id, |board| board.possible_move(color(wire)))?)
        }
        "Board::score" => {
            let (id, wire) = decode::<(u64, ColorWire)>(arguments)?;
            encode(&seen(id, |board| board.score(color(wire)))?)
        }
        "Board::clone" => encode(&keep(seen(decode(arguments)?, Board::clone)?)),
        "Board::eq" => {
            let (id, other) = decode::<(u64, u64)>(arguments)?;
            encode(&seen(id, |board| seen(other, |other| board == other))??)
        }
        "Board::debug" => encode(&seen(decode(arguments)?, |board| format!("{board:?}"))?),
        "HumanTextPlayer::new" => {
            let (terminal, wire) = decode::<(TerminalRef, ColorWire)>(arguments)?;
            let player = HumanTextPlayer::new(&terminals::probe::lent(terminal), color(wire));
            encode(&keep::<KeptPlayer>(Box::new(player)))
        }
        "VirtualTextPlayer::new" => {
            let (terminal, wire) = decode::<(TerminalRef, ColorWire)>(arguments)?;
            let player = VirtualTextPlayer::new(terminals::probe::lent(terminal), color(wire));
            encode(&keep::<KeptPlayer>(Box::new(player)))
        }
        "VirtualTextPlayer::with_machine" => {
            let (terminal, wire, machine) = decode::<(TerminalRef, ColorWire, u64)>(arguments)?;
            let machine = Box::new(Suites(machine));
            let player = VirtualTextPlayer::with_machine(terminals::probe::lent(terminal), color(wire), machine);
            encode(&keep::<KeptPlayer>(Box::new(player)))
        }
        "Player::get_move" => {
            let (id, board) = decode::<(u64, u64)>(arguments)?;
            encode(&seen(board, |board| with(id, |player: &mut KeptPlayer| played(player.get_move(board))))??)
        }
        "Player::skip_move" => {
            let (id, board) = decode::<(u64, u64)>(arguments)?;
            encode(&seen(board, |board| with(id, |player: &mut KeptPlayer| played(player.skip_move(board))))??)
        }
        "Player::win" => encode(&with(decode(arguments)?, |player: &mut KeptPlayer| played(player.win()))?),
        "Player::lose" => encode(&with(decode(arguments)?, |player: &mut KeptPlayer| played(player.lose()))?),
        "Player::tie" => encode(&with(decode(arguments)?, |player: &mut KeptPlayer| played(player.tie()))?),
        "VirtualPlayer::new" => encode(&keep(VirtualPlayer::new(color(decode(arguments)?)))),
        "VirtualPlayer::value_of" => {
            let (id, board) = decode::<(u64, u64)>(arguments)?;
            encode(&seen(board, |board| with(id, |machine: &mut VirtualPlayer| machine.value_of(board)))??)
        }
        "Machine::choose_move" => {
            let (id, board) = decode::<(u64, u64)>(arguments)?;
            encode(&seen(board, |board| with(id, |machine: &mut VirtualPlayer| machine.choose_move(board)))??)
        }
        "corner_value" => {
            let (player, corner, neighbours) =
                decode::<(ColorWire, Option<ColorWire>, Vec<Option<ColorWire>>)>(arguments)?;
            let neighbours: [Option<ColorWire>; 3] = neighbours.try_into().ok()?;
            encode(&corner_value(color(player), corner.map(color), neighbours.map(|square| square.map(color))))
        }
        "BoardTextViewer::new" => {
            let viewer = BoardTextViewer::new(terminals::probe::lent(decode(arguments)?));
            encode(&keep::<KeptViewer>(Box::new(viewer)))
        }
        "BoardViewer::draw" => {
            let (id, board) = decode::<(u64, u64)>(arguments)?;
            let drawn = seen(board, |board| with(id, |viewer: &mut KeptViewer| viewer.draw(board)))??;
            encode(&drawn.map_err(|error| error.to_string()))
        }
        "Game::new" => {
            let (black, white) = decode::<(u64, u64)>(arguments)?;
            encode(&keep(Game::new(suites(black), suites(white))))
        }
        "Game::select_viewer" => {
            let (id, viewer) = decode::<(u64, u64)>(arguments)?;
            encode(&with(id, |game: &mut Game<'static>| game.select_viewer(Box::new(Suites(viewer))))?)
        }
        "Game::board" => encode(&objects::keep_part(decode(arguments)?, Game::<'static>::board)?),
        "Game::play" => {
            let played = with(decode(arguments)?, |game: &mut Game<'static>| played(game.play()))?;
            encode(&played.map(|winner| winner.map(color_wire)))
        }
        _ => return None,
    })
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
    /// Calls the judge back with `function` on this value and `board`, lent for the call.
    fn on<R: gamekit_probe::wire::Wire>(&self, function: &str, board: &Board) -> R {
        objects::lending(board, |lent| {
            terminals::probe::sync();
            gamekit_probe::call_back(function, &(self.0, lent))
        })
    }

    fn end(&self, end: &str) -> Result<(), Error> {
        terminals::probe::sync();
        from_played(gamekit_probe::call_back(end, &self.0))
    }
}

impl Player for Suites {
    fn get_move(&mut self, board: &Board) -> Result<(i32, i32), Error> {
        from_played(self.on("Player::get_move", board))
    }

    fn skip_move(&mut self, board: &Board) -> Result<(), Error> {
        from_played(self.on("Player::skip_move", board))
    }

    fn win(&mut self) -> Result<(), Error> {
        self.end("Player::win")
    }

    fn lose(&mut self) -> Result<(), Error> {
        self.end("Player::lose")
    }

    fn tie(&mut self) -> Result<(), Error> {
        self.end("Player::tie")
    }
}

impl Machine for Suites {
    fn choose_move(&mut self, board: &Board) -> Option<(i32, i32)> {
        self.on("Machine::choose_move", board)
    }
}

impl BoardViewer for Suites {
    fn draw(&mut self, board: &Board) -> std::io::Result<()> {
        let drawn: Result<(), String> = self.on("BoardViewer::draw", board);
        drawn.map_err(std::io::Error::other)
    }
}
