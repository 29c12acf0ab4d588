//! The `gamekit` command: `gamekit grade <assignment> [DIR]`.

use clap::{Parser, Subcommand};
use gamekit::grade::{self, Options};
use std::path::PathBuf;
use std::process::ExitCode;

/// gamekit: a course kit for classic two-player board games.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Commands,
}

#[derive(Subcommand)]
enum Commands {
    /// Score a submission with an assignment's graded suite and explain every lost point.
    ///
    /// Exits with status 0 whenever grading ran, whatever the score, and 2 when it could not.
    Grade {
        /// The assignment, e.g. reversi.
        assignment: String,
        /// The submission's crate directory [default: the reference solution].
        dir: Option<PathBuf>,
        /// Also write the full report as JSON to FILE.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Also write Gradescope's results.json to FILE.
        #[arg(long, value_name = "FILE")]
        gradescope: Option<PathBuf>,
        /// Give every test SECONDS, instead of the time limits of the rubric.
        #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
        timeout: Option<f64>,
        /// The kit's root directory (its tests/, fixtures/ and Cargo.toml).
        #[arg(long, value_name = "DIR", default_value = env!("CARGO_MANIFEST_DIR"))]
        kit: PathBuf,
    },
}

fn main() -> ExitCode {
    let Commands::Grade { assignment, dir, json, gradescope, timeout, kit } = Cli::parse().command;
    let what = dir.as_ref().map_or("the reference solution".to_owned(), |dir| dir.display().to_string());
    eprintln!("Building the {assignment} suite against {what}…");
    let options = Options { kit, assignment, submission: dir, timeout };
    let mut rows = 0;
    let report = grade::grade(&options, |result| {
        if rows == 0 {
            println!("{}", grade::header());
        }
        rows += 1;
        println!("{}", grade::row(result));
    });
    let report = match report {
        Ok(report) => report,
        Err(error) => {
            eprintln!("gamekit grade: {error}");
            return ExitCode::from(2);
        }
    };
    print!("{}", report.summary());
    let writes =
        [(json, serde_json::to_value(&report).expect("a report serialises")), (gradescope, report.gradescope())];
    for (path, value) in writes {
        let Some(path) = path else { continue };
        let text = serde_json::to_string_pretty(&value).expect("JSON values serialise");
        if let Err(error) = std::fs::write(&path, text + "\n") {
            eprintln!("gamekit grade: cannot write {}: {error}", path.display());
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 => Ok(seconds),
        _ => Err(format!("'{text}' is not a positive number of seconds")),
    }
}
