//! The tictactoe probe: linked with the submission's `tictactoe` crate and run in the
//! sandbox, it calls the functions the judge asks for (the remote crate around it is
//! the judge's side) and answers with what they returned. It decides nothing.

use gamekit_probe::wire::{decode, encode};

use tictactoe::Error as ConsoleError;
#[path = "../../../console.rs"]
mod console;

fn main() {
    gamekit_probe::serve(dispatch);
}

fn board(squares: Vec<char>) -> Option<tictactoe::Board> {
    squares.try_into().ok()
}

fn dispatch(function: &str, arguments: &[u8]) -> Option<Vec<u8>> {
    Some(match function {
        "computer_move" => {
            let (squares, computer) = decode::<(Vec<char>, char)>(arguments)?;
            encode(&tictactoe::computer_move(board(squares)?, computer))
        }
        "perfect_move" => {
            let (squares, computer) = decode::<(Vec<char>, char)>(arguments)?;
            encode(&tictactoe::perfect_move(board(squares)?, computer))
        }
        "run" => return console::answer_run(arguments, |args, input, output| tictactoe::run(args, input, output)),
        _ => return None,
    })
}
