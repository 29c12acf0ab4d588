//! The book's game loop, one behaviour per test, through players and a viewer that record
//! every call `Game::play()` makes: the board drawn first and after every move, a skip for a
//! side with no valid move, the end after a round in which neither side moved, and the result
//! told to each player. These are the graded suite's own cases (the rubric's `game::` group);
//! a failure shows the first call that differs from the book's loop, with the calls before
//! it. A game is written as the turns the book's loop plays, one a line, each side's moves
//! given to its player in order: `Black c4 4-1` (Black is asked for a move and plays c4, and
//! the viewer then draws a board with 4 black discs and 1 white), `White skips` (White is told
//! it has no valid move), and at the end the result, as told to each player. Run one:
//!
//! ```text
//! cargo test --test game a_tie
//! ```

#[path = "support/boards.rs"]
mod boards;
#[path = "support/checks.rs"]
mod checks;

use boards::{shown, square};
use checks::assert_same;
use reversi_players::{Board, BoardViewer, Color, Error, Game, Player, square_name};
use std::cell::RefCell;
use std::rc::Rc;

/// The calls the players and the viewer were asked, in order.
type Log = Rc<RefCell<Vec<String>>>;

/// A move, as (row, column).
type Move = (i32, i32);

/// A player that plays the moves it is given in order and logs every call. Asked for a move
/// after its last, it gives an invalid one, (0, 0), logged as `moves (0, 0)`.
struct Recorder {
    color: Color,
    moves: std::vec::IntoIter<Move>,
    log: Log,
}

impl Recorder {
    fn new(color: Color, moves: Vec<Move>, log: &Log) -> Recorder {
        Recorder { color, moves: moves.into_iter(), log: log.clone() }
    }

    fn say(&self, what: &str) {
        self.log.borrow_mut().push(format!("{:?} {what}", self.color));
    }
}

impl Player for Recorder {
    fn get_move(&mut self, _board: &Board) -> Result<Move, Error> {
        let Some((row, col)) = self.moves.next() else {
            self.say("moves (0, 0)");
            return Ok((0, 0));
        };
        self.say(&format!("moves {}", square_name(row, col)));
        Ok((row, col))
    }

    fn skip_move(&mut self, _board: &Board) -> Result<(), Error> {
        self.say("skips");
        Ok(())
    }

    fn win(&mut self) -> Result<(), Error> {
        self.say("wins");
        Ok(())
    }

    fn lose(&mut self) -> Result<(), Error> {
        self.say("loses");
        Ok(())
    }

    fn tie(&mut self) -> Result<(), Error> {
        self.say("ties");
        Ok(())
    }
}

/// A viewer that logs each drawing with the scores of the board it was shown.
struct Watcher(Log);

impl BoardViewer for Watcher {
    fn draw(&mut self, board: &Board) -> std::io::Result<()> {
        self.0.borrow_mut().push(format!("draw {}-{}", board.score(Color::Black), board.score(Color::White)));
        Ok(())
    }
}

/// The calls of the book's loop for `game` (its turns, one a line): the first drawing, then
/// for each turn the move and the drawing after it, or the skip; then the result.
fn expected_calls(game: &str) -> Vec<String> {
    let mut calls = vec!["draw 2-2".to_owned()];
    for turn in game.lines() {
        match turn.split_whitespace().collect::<Vec<_>>()[..] {
            [side, "skips"] => calls.push(format!("{side} skips")),
            [side, square, scores] => calls.extend([format!("{side} moves {square}"), format!("draw {scores}")]),
            _ => calls.extend(turn.split(", ").map(str::to_owned)),
        }
    }
    calls
}

/// Each side's moves in `game`, Black's then White's.
fn moves_of(game: &str) -> (Vec<Move>, Vec<Move>) {
    let of = |side: &str| {
        let turns = game.lines().map(|turn| turn.split_whitespace().collect::<Vec<_>>());
        turns.filter(|turn| turn.len() == 3 && turn[0] == side).map(|turn| square(turn[1])).collect()
    };
    (of("Black"), of("White"))
}

/// Plays `game`'s moves with recording players, watched (when `watched`): the calls and
/// what `Game::play()` returned.
fn recorded(game: &str, watched: bool) -> (Vec<String>, Result<Option<Color>, Error>) {
    let (black_moves, white_moves) = moves_of(game);
    let log = Log::default();
    let mut black = Recorder::new(Color::Black, black_moves, &log);
    let mut white = Recorder::new(Color::White, white_moves, &log);
    let mut game = Game::new(&mut black, &mut white);
    if watched {
        game.select_viewer(Box::new(Watcher(log.clone())));
    }
    let result = game.play();
    (log.take(), result)
}

/// Checks that the calls are `expected`: the first that differs, with the calls before it
/// and what `Game::play()` returned (`result`).
#[track_caller]
fn assert_calls(calls: &[String], expected: &[String], result: &Result<Option<Color>, Error>, what: &str) {
    let Some(first) = (0..calls.len().max(expected.len())).find(|&index| calls.get(index) != expected.get(index))
    else {
        return;
    };
    let before = calls[first.saturating_sub(4)..first.min(calls.len())].join("\n    ");
    let before = if first == 0 { "(the first call)".to_owned() } else { format!("after:\n    {before}") };
    let actual = calls.get(first).cloned().unwrap_or_else(|| format!("no call: Game::play() returned {result:?}"));
    let expected = expected.get(first).map_or("no call: the game is over", String::as_str);
    panic!(
        "{what}: call {} of Game::play() differs from the book's loop\n  {before}\n  actual:   {actual}\n  expected: \
         {expected}",
        first + 1
    );
}

/// Checks that `game`, played watched, makes the book's calls and returns `winner`.
#[track_caller]
fn check_game(game: &str, winner: Option<Color>, what: &str) {
    let (calls, result) = recorded(game, true);
    assert_calls(&calls, &expected_calls(game), &result, &format!("the players' and the viewer's calls in {what}"));
    let result = result.map_err(|error| error.to_string());
    assert_same!(result, Ok(winner), "what Game::play() returned in {what}");
}

#[test]
fn a_whole_game_as_the_books_loop_plays_it() {
    check_game(FIRST_MOVES, Some(Color::White), "a game of each side's first valid move");
}

#[test]
fn a_side_without_a_move_skips_and_the_game_goes_on() {
    check_game(SKIPS, Some(Color::White), "a game where Black must pass while White still moves");
}

#[test]
fn a_tie_is_told_to_black_then_white() {
    check_game(TIE, None, "a tied game");
}

#[test]
fn the_winner_is_told_it_won_and_the_loser_it_lost() {
    check_game(BLACK_WINS, Some(Color::Black), "a game Black wins");
    check_game(FIRST_MOVES, Some(Color::White), "a game White wins");
}

#[test]
fn an_invalid_move_stops_the_game_with_an_error() {
    let log = Log::default();
    let mut black = Recorder::new(Color::Black, vec![(1, 1)], &log);
    let mut white = Recorder::new(Color::White, vec![], &log);
    let mut game = Game::new(&mut black, &mut white);
    let result = game.play();
    assert!(
        matches!(result, Err(Error::InvalidMove(Color::Black, 1, 1))),
        "Game::play() when Black's first move is a1, an invalid move: {result:?}"
    );
    assert_same!(shown(game.board()), shown(&Board::new()), "board() after Game::play() refused Black's first move a1");
}

#[test]
fn without_a_viewer_the_game_is_played_all_the_same() {
    let (calls, result) = recorded(FIRST_MOVES, false);
    let expected: Vec<String> =
        expected_calls(FIRST_MOVES).into_iter().filter(|call| !call.starts_with("draw")).collect();
    assert_calls(&calls, &expected, &result, "the players' calls in a game with no viewer selected");
    let result = result.map_err(|error| error.to_string());
    assert_same!(result, Ok(Some(Color::White)), "what Game::play() returned with no viewer selected");
}

/// A viewer that keeps the last board it was shown.
struct Keeper(Rc<RefCell<Option<Board>>>);

impl BoardViewer for Keeper {
    fn draw(&mut self, board: &Board) -> std::io::Result<()> {
        *self.0.borrow_mut() = Some(board.clone());
        Ok(())
    }
}

#[test]
fn board_is_the_final_position_once_the_game_is_over() {
    let (black_moves, white_moves) = moves_of(FIRST_MOVES);
    let log = Log::default();
    let mut black = Recorder::new(Color::Black, black_moves, &log);
    let mut white = Recorder::new(Color::White, white_moves, &log);
    let last = Rc::new(RefCell::new(None));
    let mut game = Game::new(&mut black, &mut white);
    game.select_viewer(Box::new(Keeper(last.clone())));
    game.play().expect("the game ends");
    let last = shown(&last.borrow().clone().expect("the final position drawn"));
    let now = shown(game.board());
    assert!(
        now == last,
        "board() after Game::play() (each player playing its first valid move) must be the final position, as \
         last drawn:\n{last}but it is\n{now}"
    );
}

/// Each side playing its first valid move (the first of `possible_move`'s order): White wins.
const FIRST_MOVES: &str = "\
Black c4 4-1
White c3 3-3
Black c2 5-2
White b2 4-4
Black a2 6-3
White a1 5-5
Black d3 7-4
White a3 6-6
Black b3 8-5
White b4 7-7
Black a4 10-5
White a5 9-7
Black b1 11-6
White c1 9-9
Black e6 11-8
White b5 9-11
Black a6 11-10
White a7 10-12
Black skips
White b6 9-14
Black skips
White c5 6-18
Black skips
White e2 5-20
Black d2 7-19
White e1 6-21
Black d1 8-20
White e3 5-24
Black f1 7-23
White d6 6-25
Black c6 9-23
White c7 8-25
Black b7 10-24
White b8 9-26
Black a8 11-25
White c8 10-27
Black d8 13-25
White d7 10-29
Black f3 12-28
White e7 9-32
Black e8 15-27
White f2 13-30
Black g3 15-29
White f4 13-32
Black f5 15-31
White f6 14-33
Black f7 16-32
White f8 15-34
Black g8 17-33
White g1 13-38
Black skips
White g2 12-40
Black h1 19-34
White g4 13-41
Black g5 16-39
White g6 13-43
Black g7 15-42
White h7 13-45
Black h2 16-43
White h3 15-45
Black h4 19-42
White h5 17-45
Black h6 22-41
White h8 19-45
Black skips
White skips
White wins, Black loses
";

/// A game in which Black has no valid move three times while White still has one (turns 59,
/// 61 and 63), and the game goes on: White wins. (In `FIRST_MOVES` too, Black skips four
/// times along the way.)
const SKIPS: &str = "\
Black c4 4-1
White c5 3-3
Black e6 6-1
White e3 5-3
Black d3 7-2
White e7 4-6
Black b5 6-5
White a5 3-9
Black d6 5-8
White e2 3-11
Black f5 5-10
White c6 3-13
Black e8 6-11
White g6 5-13
Black b4 9-10
White b6 7-13
Black c3 9-12
White a3 8-14
Black f1 11-12
White f6 9-15
Black f3 11-14
White f8 10-16
Black c7 14-13
White d2 11-17
Black c1 13-16
White d8 11-19
Black b2 14-17
White b3 12-20
Black a4 16-17
White g3 14-20
Black a6 17-18
White b1 16-20
Black b8 18-19
White a7 12-26
Black h6 16-23
White d7 12-28
Black a1 17-24
White d1 15-27
Black h3 20-23
White f7 19-25
Black e1 23-22
White f2 21-25
Black a2 23-24
White h4 22-26
Black g5 24-25
White b7 23-27
Black g7 25-26
White h8 22-30
Black a8 32-21
White g4 29-25
Black g8 32-23
White c2 26-30
Black h5 33-24
White h7 31-27
Black g1 37-22
White f4 35-25
Black h2 41-20
White c8 38-24
Black skips
White h1 33-30
Black skips
White g2 28-36
Black skips
White skips
White wins, Black loses
";

/// A tie.
const TIE: &str = "\
Black c4 4-1
White c3 3-3
Black e6 5-2
White f6 4-4
Black c2 6-3
White b2 5-5
Black d3 7-4
White d6 6-6
Black f5 8-5
White c1 7-7
Black b1 9-6
White b3 7-9
Black e7 9-8
White d8 8-10
Black g6 10-9
White h6 7-13
Black a3 10-11
White f4 6-16
Black a1 8-15
White e2 7-17
Black d1 9-16
White a2 8-18
Black e3 10-17
White f2 9-19
Black c5 11-18
White d2 8-22
Black g5 15-16
White b4 13-19
Black h7 15-18
White h8 14-20
Black f3 17-18
White g3 13-23
Black a5 15-22
White f1 14-24
Black b5 16-23
White a6 15-25
Black b6 17-24
White b7 14-28
Black h3 19-24
White h4 17-27
Black g4 20-25
White a4 18-28
Black f7 21-26
White g7 16-32
Black g1 18-31
White e1 15-35
Black g8 17-34
White f8 15-37
Black d7 17-36
White h2 16-38
Black h5 19-36
White c6 16-40
Black g2 18-39
White c8 17-41
Black a8 20-39
White h1 19-41
Black a7 28-33
White c7 26-36
Black e8 35-28
White b8 32-32
Black skips
White skips
Black ties, White ties
";

/// A game Black wins.
const BLACK_WINS: &str = "\
Black d3 4-1
White c5 3-3
Black c6 5-2
White c3 4-4
Black c4 7-2
White b5 5-5
Black c2 7-4
White b3 6-6
Black a4 9-4
White e2 8-6
Black f1 12-3
White a5 11-5
Black b6 13-4
White b2 11-7
Black a6 14-5
White c1 13-7
Black e6 16-5
White f6 15-7
Black d1 17-6
White f4 16-8
Black e3 20-5
White f3 18-8
Black g3 24-3
White c7 19-9
Black b4 21-8
White a7 20-10
Black a1 23-8
White b1 19-13
Black b7 21-12
White b8 20-14
Black a8 23-12
White f7 20-16
Black d6 22-15
White f5 18-20
Black g6 21-18
White h6 16-24
Black d7 22-19
White g4 21-21
Black a3 25-18
White a2 24-20
Black f8 29-16
White g8 28-18
Black h5 30-17
White g7 29-19
Black d2 31-18
White h2 29-21
Black h3 31-20
White g5 30-22
Black h7 35-18
White h4 33-21
Black c8 35-20
White d8 34-22
Black h1 38-19
White e1 34-24
Black h8 39-20
White g1 38-22
Black e8 41-20
White f2 40-22
Black e7 42-21
White g2 41-23
Black skips
White skips
Black wins, White loses
";
