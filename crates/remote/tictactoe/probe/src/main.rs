//! The tictactoe probe: linked with the submission's `tictactoe` crate and run in the
//! sandbox, it calls the functions the judge asks for (the remote crate around it is
//! the judge's side) and answers with what they returned. It decides nothing.
#![forbid(unsafe_code)]

use gamekit_probe::Answers;

use tictactoe::Board;
use tictactoe::Error as ConsoleError;
#[path = "../../calls.rs"]
#[macro_use]
mod calls;
#[path = "../../../console.rs"]
mod console;

fn main() {
    gamekit_probe::serve(answers);
}

/// The calls the judge makes, each answered with the submission's function.
fn answers(answers: Answers) -> Answers {
    answers!(tictactoe)(answers).on::<console::Run>(|arguments| {
        Some(console::answer_run(arguments, |args, input, output| tictactoe::run(args, input, output)))
    })
}

gamekit_probe::answers_exactly!(answers, calls::names(), console::names());
