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

#[cfg(test)]
mod tests {
    /// The probe answers every call the judge may make, and no other.
    #[test]
    fn the_probe_answers_exactly_the_declared_calls() {
        let declared = [super::calls::names(), super::console::names()];
        gamekit_probe::assert_answers_exactly(super::answers, declared.concat());
    }
}
