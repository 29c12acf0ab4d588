//! The `connect-four` program (provided): `connect-four [--depth D]`, games on the console.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = std::env::args_os().skip(1).map(|arg| arg.to_string_lossy().into_owned());
    match two_player::run_connect_four(args, &two_player::Terminal::stdio()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("connect-four: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
