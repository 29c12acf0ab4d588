//! Stonehenge as text on a console (ours: the chapter has only a graphical interface).

use crate::{Error, Interface, LINES, LINES_TO_WIN, PLACES, Representation, StoneMove, Stonehenge, Terminal};
use std::fmt;
use std::io::Write;

/// The places of each row of the board, top to bottom, and how far each row is indented.
const ROWS: [(std::ops::Range<usize>, usize); 5] = [(0..2, 6), (2..5, 4), (5..9, 2), (9..14, 0), (14..18, 2)];

/// A text interface for Stonehenge. The first player is `X`, the second `O`.
///
/// - The board ([`Stonehenge`]'s [`Display`](fmt::Display)) shows each place as its number
///   while empty and as its stone (`X6`, `O3`) once taken; then a table of the 15
///   ley-lines with their places, each player's sum on them and who holds them; then how
///   many lines each player holds and the stones each has left.
/// - A person answers `X, your move (place stone): ` with a place and a stone, as `7 3`.
///   An answer that is not two numbers, a place off the board or taken, or a stone the
///   player does not have is refused with a line saying why, and the question is asked again.
/// - After each move: `X puts a 3 on place 7.`, a line for each ley-line that changed hands
///   (`X takes ley-line 13.`), and the board.
/// - Questions end with ` y/n ? `; an answer starting with `y` or `Y` means yes. The players
///   are asked about in turn: `Is X played by the machine? y/n ? `, then the same of `O`.
/// - `Stonehenge ...` at the start, `X won.` or `O won.` at the end of a game,
///   `Play again? y/n ? `, and `Bye for now ...` at the end.
#[derive(Debug)]
pub struct StoneText {
    terminal: Terminal,
    /// The player the next [`q_player`](Interface::q_player) asks about.
    asking_about: bool,
}

impl StoneText {
    /// The interface on `terminal`.
    pub fn new(terminal: Terminal) -> Self {
        StoneText { terminal, asking_about: true }
    }

    /// Prints `text` and ` y/n ? `; whether the answer starts with `y` or `Y`.
    fn question(&mut self, text: &str) -> Result<bool, Error> {
        write!(self.terminal, "{text} y/n ? ")?;
        Ok(self.terminal.console().read_line()?.trim_start().starts_with(['y', 'Y']))
    }

    /// Prints a line.
    fn say(&mut self, text: &str) -> Result<(), Error> {
        Ok(writeln!(self.terminal, "{text}")?)
    }

    /// The move `answer` asks `player` to make in `game`, or why it cannot be made.
    fn parse_move(answer: &str, player: bool, game: &Stonehenge) -> Result<StoneMove, String> {
        let numbers: Vec<Option<usize>> = answer.split_whitespace().map(|word| word.parse().ok()).collect();
        let [Some(place), Some(stone)] = numbers[..] else {
            return Err("Type a place and a stone, as in: 7 3".to_owned());
        };
        if place >= PLACES {
            return Err(format!("There is no place {place}: the places are 0 to {}.", PLACES - 1));
        }
        if game.stone_at(place).is_some() {
            return Err(format!("Place {place} is taken."));
        }
        let stone = u32::try_from(stone).ok().filter(|stone| game.stones(player).contains(stone));
        let Some(stone) = stone else {
            return Err(format!(
                "{} has no stone {} left.",
                name(player),
                answer.split_whitespace().nth(1).unwrap_or("")
            ));
        };
        Ok(StoneMove { place, stone })
    }
}

/// How the board shows `player`.
fn name(player: bool) -> char {
    if player { 'X' } else { 'O' }
}

impl Interface for StoneText {
    type Game = Stonehenge;

    fn home(&mut self) -> Result<(), Error> {
        self.say("Stonehenge ...")
    }

    fn exit(&mut self) -> Result<(), Error> {
        self.say("Bye for now ...")
    }

    fn won(&mut self) -> Result<(), Error> {
        self.say("X won.")
    }

    fn lost(&mut self) -> Result<(), Error> {
        self.say("O won.")
    }

    fn nil(&mut self) -> Result<(), Error> {
        self.say("Nobody won.")
    }

    fn init(&mut self) -> Result<(), Error> {
        self.say("X: 1st player   O: 2nd player\n")?;
        Ok(write!(self.terminal, "{}", Stonehenge::game_start())?)
    }

    fn position(&mut self, player: bool, mv: StoneMove, old: &Stonehenge, new: &Stonehenge) -> Result<(), Error> {
        self.say(&format!("{} puts a {} on place {}.", name(player), mv.stone, mv.place))?;
        for line in (0..LINES.len()).filter(|&line| old.holder(line) != new.holder(line)) {
            let holder = new.holder(line).map_or('?', name);
            self.say(&format!("{holder} takes ley-line {line}."))?;
        }
        Ok(write!(self.terminal, "{new}")?)
    }

    fn choice(&mut self, player: bool, game: &Stonehenge) -> Result<StoneMove, Error> {
        loop {
            write!(self.terminal, "{}, your move (place stone): ", name(player))?;
            let answer = self.terminal.console().read_line()?;
            match StoneText::parse_move(&answer, player, game) {
                Ok(mv) => return Ok(mv),
                Err(why) => self.say(&why)?,
            }
        }
    }

    fn q_player(&mut self) -> Result<bool, Error> {
        let player = self.asking_about;
        self.asking_about = !player;
        self.question(&format!("Is {} played by the machine?", name(player)))
    }

    fn q_continue(&mut self) -> Result<bool, Error> {
        self.question("Play again?")
    }
}

/// The board, the ley-lines and the stones left, then an empty line.
impl fmt::Display for Stonehenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (places, indent) in ROWS {
            let labels: Vec<String> = places
                .map(|place| match self.stone_at(place) {
                    Some((player, stone)) => format!("{}{stone}", name(player)),
                    None => format!("{place:>2}"),
                })
                .collect();
            writeln!(f, "{:indent$}{}", "", labels.join("  "))?;
        }
        writeln!(f, "\n{:>4}  {:<14}{:>2}  {:>2}  held by", "line", "places", "X", "O")?;
        for (line, places) in LINES.iter().enumerate() {
            let places: Vec<String> = places.iter().map(usize::to_string).collect();
            let sums = format!(
                "{:>4}  {:<14}{:>2}  {:>2}",
                line,
                places.join(" "),
                self.sum_on(line, true),
                self.sum_on(line, false)
            );
            match self.holder(line) {
                Some(holder) => writeln!(f, "{sums}  {}", name(holder))?,
                None => writeln!(f, "{sums}")?,
            }
        }
        let (x, o) = (self.lines_held(true), self.lines_held(false));
        writeln!(f, "X holds {x}, O holds {o} of the 15 ley-lines; {LINES_TO_WIN} win.")?;
        for player in [true, false] {
            let stones: Vec<String> = self.stones(player).iter().map(u32::to_string).collect();
            writeln!(
                f,
                "{} has {}.",
                name(player),
                if stones.is_empty() { "no stones left".to_owned() } else { format!("stones {}", stones.join(" ")) }
            )?;
        }
        writeln!(f)
    }
}
