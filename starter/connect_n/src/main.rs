//! The `connect-n` program (provided): the course's main program, or one game chosen by
//! options (`connect-n --help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = std::env::args_os().skip(1).map(|arg| arg.to_string_lossy().into_owned());
    match connect_n::run(args, &connect_n::Terminal::stdio()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("connect-n: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
