//! The `reversi-players` program (provided): the book's `main` (`reversi-players --help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = std::env::args_os().skip(1).map(|arg| arg.to_string_lossy().into_owned());
    match reversi_players::run(args, &reversi_players::Terminal::stdio()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("reversi-players: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
