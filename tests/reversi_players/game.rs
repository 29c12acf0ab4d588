//! The book's game loop, through players and a viewer that record what they are asked: the
//! board drawn first and after every move, a skip for a side with no move, the end only
//! after a round in which neither side moved, and the result told to each player.

use crate::{Move, random_game, row_col, shown, square_at};
use gamekit_engines::othello;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use reversi_players::{Board, BoardViewer, Color, Error, Game, Player};
use std::cell::RefCell;
use std::rc::Rc;

type Log = Rc<RefCell<Vec<String>>>;

/// A player that plays the moves it is given in order (the first valid move once they run
/// out) and logs every call.
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
    fn get_move(&mut self, board: &Board) -> Result<Move, Error> {
        let (row, col) = self.moves.next().or_else(|| board.possible_move(self.color)).expect("a move");
        self.say(&format!("moves {row},{col}"));
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

/// A viewer that logs each drawing with the scores it was shown.
struct Watcher(Log);

impl BoardViewer for Watcher {
    fn draw(&mut self, board: &Board) -> std::io::Result<()> {
        self.0.borrow_mut().push(format!("draw {}-{}", board.score(Color::Black), board.score(Color::White)));
        Ok(())
    }
}

/// The book's loop on the oracle: the log it must give for a game of `moves` (each side's
/// moves in order; once a side's run out, its first valid move), and the winner.
fn expected_log(black: &[Move], white: &[Move]) -> (Vec<String>, Option<Color>) {
    let mut board = othello::Board::start();
    let mut log = vec!["draw 2-2".to_owned()];
    let mut scripts = [black.iter(), white.iter()];
    loop {
        let mut moved = false;
        for side in [Color::Black, Color::White] {
            let moves = board.legal_moves();
            if moves == 0 {
                log.push(format!("{side:?} skips"));
                board = board.pass();
            } else {
                let script = &mut scripts[usize::from(side == Color::White)];
                let square = script.next().map_or(moves.trailing_zeros(), |&(row, col)| square_at(row, col));
                let (row, col) = row_col(square);
                log.push(format!("{side:?} moves {row},{col}"));
                board = board.after(square);
                // `board` now has the other side to move: its opponent is `side`.
                let (black, white) = if side == Color::Black {
                    (board.opponent().count_ones(), board.player().count_ones())
                } else {
                    (board.player().count_ones(), board.opponent().count_ones())
                };
                log.push(format!("draw {black}-{white}"));
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    // Black is to move again after a whole round.
    let (black, white) = (board.player().count_ones(), board.opponent().count_ones());
    let winner = match black.cmp(&white) {
        std::cmp::Ordering::Greater => Some(Color::Black),
        std::cmp::Ordering::Less => Some(Color::White),
        std::cmp::Ordering::Equal => None,
    };
    log.extend(
        match winner {
            Some(Color::White) => ["White wins", "Black loses"],
            Some(Color::Black) => ["Black wins", "White loses"],
            None => ["Black ties", "White ties"],
        }
        .map(str::to_owned),
    );
    (log, winner)
}

/// Plays a game of recorders with `black`'s and `white`'s moves, watched; the log and result.
fn recorded_game(black: &[Move], white: &[Move]) -> (Vec<String>, Result<Option<Color>, Error>) {
    let log = Log::default();
    let mut black = Recorder::new(Color::Black, black.to_vec(), &log);
    let mut white = Recorder::new(Color::White, white.to_vec(), &log);
    let mut game = Game::new(&mut black, &mut white);
    game.select_viewer(Box::new(Watcher(log.clone())));
    let result = game.play();
    (log.take(), result)
}

/// Each side's moves in the first random game (from a fixed seed) that `keep` accepts, given
/// its moves and its last position.
fn random_game_where(keep: impl Fn(&[(Color, Move)], &Board) -> bool) -> (Vec<Move>, Vec<Move>) {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    loop {
        let (positions, moves) = random_game(&mut rng);
        let (last, _) = positions.last().expect("a game has a position");
        if keep(&moves, last) {
            let side = |side: Color| moves.iter().filter(|(color, _)| *color == side).map(|&(_, mv)| mv).collect();
            return (side(Color::Black), side(Color::White));
        }
    }
}

#[test]
fn a_whole_game_as_the_books_loop_plays_it() {
    let (log, result) = recorded_game(&[], &[]);
    let (expected, winner) = expected_log(&[], &[]);
    assert_eq!(
        log, expected,
        "the players' and the viewer's calls in Game::play(), each player playing its first valid move"
    );
    assert_eq!(result.expect("the game ends"), winner, "Game::play(), each player playing its first valid move");
}

#[test]
fn a_side_without_a_move_skips_and_the_game_goes_on() {
    // A random game in which a side has to pass while the other can still move.
    let (black, white) = random_game_where(|moves, _| moves.windows(2).any(|pair| pair[0].0 == pair[1].0));
    let (log, result) = recorded_game(&black, &white);
    let (expected, winner) = expected_log(&black, &white);
    assert_eq!(log, expected, "the players' and the viewer's calls in Game::play() of a game where a side must pass");
    assert_eq!(result.expect("the game ends"), winner, "Game::play() of a game where a side must pass");
}

#[test]
fn a_tie_is_told_to_black_then_white() {
    let (black, white) = random_game_where(|_, board| board.score(Color::Black) == board.score(Color::White));
    let (log, result) = recorded_game(&black, &white);
    assert_eq!(log[log.len() - 2..], ["Black ties", "White ties"], "the last two calls of Game::play() of a tied game");
    assert_eq!(result.expect("the game ends"), None, "Game::play() of a tied game");
    assert_eq!(
        log,
        expected_log(&black, &white).0,
        "the players' and the viewer's calls in Game::play() of a tied game"
    );
}

#[test]
fn the_winner_is_told_it_won_and_the_loser_it_lost() {
    for wanted in [Color::Black, Color::White] {
        let (black, white) = random_game_where(|_, board| board.score(wanted) > board.score(wanted.opponent()));
        let (log, result) = recorded_game(&black, &white);
        assert_eq!(
            log[log.len() - 2..],
            [format!("{wanted:?} wins"), format!("{:?} loses", wanted.opponent())],
            "the last two calls of Game::play() of a game {wanted:?} wins"
        );
        assert_eq!(result.expect("the game ends"), Some(wanted), "Game::play() of a game {wanted:?} wins");
    }
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
    assert_eq!(*game.board(), Board::new(), "board() after Game::play() refused Black's first move a1");
}

#[test]
fn without_a_viewer_the_game_is_played_all_the_same() {
    let log = Log::default();
    let mut black = Recorder::new(Color::Black, vec![], &log);
    let mut white = Recorder::new(Color::White, vec![], &log);
    let winner = Game::new(&mut black, &mut white).play().expect("the game ends");
    let (expected, expected_winner) = expected_log(&[], &[]);
    assert_eq!(winner, expected_winner, "Game::play() with no viewer selected");
    assert_eq!(
        *log.borrow(),
        expected.into_iter().filter(|entry| !entry.starts_with("draw")).collect::<Vec<_>>(),
        "the players' calls in Game::play() with no viewer selected"
    );
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
    let log = Log::default();
    let mut black = Recorder::new(Color::Black, vec![], &log);
    let mut white = Recorder::new(Color::White, vec![], &log);
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
