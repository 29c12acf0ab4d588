//! The `reversi` program (provided): `reversi [--size N]`, one game on the console.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = std::env::args_os().skip(1).map(|arg| arg.to_string_lossy().into_owned());
    match reversi::run(args, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("reversi: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
