//! The `tictactoe` program (provided): `tictactoe [--perfect]`, one game on the console.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = std::env::args_os().skip(1).map(|arg| arg.to_string_lossy().into_owned());
    match tictactoe::run(args, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tictactoe: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
