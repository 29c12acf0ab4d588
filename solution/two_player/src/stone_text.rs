//! Stonehenge as text on a console (ours: the chapter has only a graphical interface).

use crate::{Error, Interface, LINES, LINES_TO_WIN, PLACES, Representation, StoneMove, Stonehenge, Terminal};
use std::fmt;
use std::io::Write;

/// The places of each row of the board, top to bottom, and how far each row is indented.
const ROWS: [(std::ops::Range<usize>, usize); 5] = [(0..2, 6), (2..5, 4), (5..9, 2), (9..14, 0), (14..18, 2)];

/// A text interface for Stonehenge (ours: the chapter's is graphical). The first player is
/// `X`, the second `O`. Every text below is a line of its own unless it ends with a space.
///
/// - [`home`](Interface::home): `Stonehenge ...`; [`exit`](Interface::exit):
///   `Bye for now ...`.
/// - Questions end with ` y/n ? `, and an answer whose first character other than white space
///   is `y` or `Y` means yes. [`q_player`](Interface::q_player) asks
///   `Is X played by the machine?` the first time, `Is O played by the machine?` the
///   second, and so on in turn; [`q_continue`](Interface::q_continue) asks `Play again?`.
/// - [`init`](Interface::init): `X: 1st player   O: 2nd player` (three spaces), an empty
///   line, then the board at the start ([`Stonehenge`]'s [`Display`](fmt::Display), below).
/// - [`choice`](Interface::choice) asks `X, your move (place stone): ` (or `O, …`); the
///   answer is a place and a stone, as `7 3`. It is refused with one of these lines, checked
///   in this order, and the question is asked again: `Type a place and a stone, as in: 7 3`
///   (unless the answer is exactly two words, each a whole number that
///   `str::parse::<usize>` accepts: so `-1 3`, `7`, `7 3 1` and `7 x` get this line),
///   `There is no place 18: the places are 0 to 17.`, `Place 7 is taken.`,
///   `X has no stone 6 left.` (any stone the player has none of, `0` and `9` too).
/// - [`position`](Interface::position): `X puts a 3 on place 7.`; then, in ley-line order,
///   `O takes ley-line 13.` for each ley-line that changed hands, naming its new holder
///   (who may be the player who did not move); then the board.
/// - [`won`](Interface::won), [`lost`](Interface::lost), [`nil`](Interface::nil): `X won.`,
///   `O won.`, `Nobody won.`
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
        match u32::try_from(stone) {
            Ok(stone) if game.stones(player).contains(&stone) => Ok(StoneMove { place, stone }),
            _ => Err(format!("{} has no stone {stone} left.", name(player))),
        }
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

/// The board, the ley-lines and the stones left, then an empty line. After X's 6 on place 13
/// and O's 2 on place 0 (the lines between are left out here):
///
/// ```text
///       O2   1
///      2   3   4
///    5   6   7   8
///  9  10  11  12  X6
///   14  15  16  17
///
/// line  places         X   O  held by
///    0  0 1            0   2
///    1  2 3 4          0   0
///    ⋮
///    9  13 17          6   0  X
///    ⋮
/// X holds 1, O holds 0 of the 15 ley-lines; 8 win.
/// X has stones 5 4 3 3 2 2 1 1.
/// O has stones 6 5 4 3 3 2 1 1.
///
/// ```
///
/// - The board: the rows of places 0–1, 2–4, 5–8, 9–13 and 14–17, indented by 6, 4, 2, 0
///   and 2 spaces; each place as its number right-aligned in two characters while empty,
///   as its owner and stone (`X6`) once taken, separated by two spaces. Then an empty line.
/// - The table: a header, then one row for each ley-line 0 to 14 (in [`LINES`](crate::LINES)
///   order): its number right-aligned in 4, two spaces, its places separated by spaces and
///   padded to 14, X's sum right-aligned in 2, two spaces, O's sum right-aligned in 2, then
///   two spaces and `X` or `O` when a player holds it (nothing after the sums while it is
///   open). The header is the same layout with `line`, `places`, `X`, `O` and `held by`.
/// - How many lines each holds, then each player's stones left, strongest first, or
///   `X has no stones left.`; then an empty line.
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
        writeln!(f, "X holds {x}, O holds {o} of the {} ley-lines; {LINES_TO_WIN} win.", LINES.len())?;
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
