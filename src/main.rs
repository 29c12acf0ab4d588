//! The `gamekit` command: `grade <assignment> [DIR]`, `handout <assignment> DIR`, `classroom <assignment>
//! DIR`, `gradescope <assignment> ZIP`, `solve connect-n|othello`, `bench
//! connect-four|othello|grade`, `perft othello`, and with the `arena` feature `play
//! reversi_players` and `tournament reversi_players`. (`othello` is 8×8 Reversi, gamekit's
//! engine; `reversi_players` is that assignment's game. `reversi`, their old name, is
//! accepted for both.)
#![forbid(unsafe_code)]

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand, ValueEnum};
use gamekit::bench;
use gamekit::connect_n::{Book, Position, Shape, Solver};
use gamekit::grade::{self, Options, Report};
use gamekit::othello::{self, endgame};
use std::io::Write;
use std::path::{Path, PathBuf};
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
    /// Exits with status 0 whenever grading ran, whatever the score (with --fail-under, 1 when
    /// the score is below it), and 2 when it could not.
    Grade {
        /// The assignment, e.g. reversi.
        assignment: String,
        /// The submission: its crate, a folder holding it, or a zip [default: the reference
        /// solution].
        #[arg(conflicts_with = "batch")]
        dir: Option<PathBuf>,
        /// Grade every submission in SUBMISSIONS (a folder or a zip each, named by its id):
        /// a report each, a gradebook and a summary in --out.
        #[arg(long, value_name = "SUBMISSIONS", conflicts_with_all = ["json", "gradescope", "classroom", "only", "fail_under"])]
        batch: Option<PathBuf>,
        /// With --batch: how many submissions are graded at once [default: the cores].
        #[arg(long, short, value_name = "N", requires = "batch", value_parser = clap::value_parser!(u16).range(1..))]
        jobs: Option<u16>,
        /// With --batch: where the reports and the class's files (gradebook.csv, changes.csv,
        /// similarity.csv, summary.txt, index.html) go [default: SUBMISSIONS.graded beside
        /// SUBMISSIONS]; grading again there resumes.
        #[arg(long, value_name = "DIR", requires = "batch")]
        out: Option<PathBuf>,
        /// With --batch: grade only the I-th of N parts of the class (split by id, the same on
        /// every machine; I from 1 to N); `gamekit merge` joins the parts' --out folders.
        #[arg(long, value_name = "I/N", requires = "batch")]
        shard: Option<gamekit::grade::class::Shard>,
        /// Also write the full report as JSON to FILE.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Also write Gradescope's results.json to FILE (even when it cannot grade).
        #[arg(long, value_name = "FILE")]
        gradescope: Option<PathBuf>,
        /// Also write GitHub Classroom's result (for its autograding reporter) to FILE (even
        /// when it cannot grade).
        #[arg(long, value_name = "FILE")]
        classroom: Option<PathBuf>,
        /// Give every test SECONDS, instead of the time limits of the rubric.
        #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
        timeout: Option<f64>,
        /// The kit's folder [default: $GAMEKIT_KIT, else the current folder or one above it, else
        /// the one gamekit was built from].
        #[arg(long, value_name = "DIR")]
        kit: Option<PathBuf>,
        /// Run only the tests whose names start with PREFIX: a rubric group (board::) or a
        /// test's name.
        #[arg(long, value_name = "PREFIX")]
        only: Option<String>,
        /// Show every test and every explanation in full, however long.
        #[arg(long, short)]
        verbose: bool,
        /// Exit with status 1 when the score is below POINTS (for a grader that goes by the
        /// exit status, as GitHub Classroom's does).
        #[arg(long, value_name = "POINTS", value_parser = points)]
        fail_under: Option<f64>,
    },
    /// Join the outputs of a class graded in shards (--batch with --shard I/N) into one:
    /// the gradebook, changes, similarity, summary and class page of the whole class.
    Merge {
        /// Every shard's --out folder, each once.
        #[arg(required = true, value_name = "OUT")]
        shards: Vec<PathBuf>,
        /// Where the whole class goes (it may be one of the shards' folders).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// The kit's folder [default: as for grade].
        #[arg(long, value_name = "DIR")]
        kit: Option<PathBuf>,
    },
    /// Write the handout of an assignment into DIR: the crate a student receives.
    ///
    /// It builds, runs and tests with only Rust installed (`cargo test` runs its public
    /// tests); its README says what to write and how it is graded. No solution or graded
    /// suite is inside. DIR must be new or empty.
    Handout {
        /// The assignment, e.g. reversi.
        assignment: String,
        /// The folder to write it into.
        dir: PathBuf,
        /// The kit's folder [default: $GAMEKIT_KIT, else the current folder or one above it, else
        /// the one gamekit was built from].
        #[arg(long, value_name = "DIR")]
        kit: Option<PathBuf>,
    },
    /// Write the skeleton of a new assignment into the kit: its handout, solution, graded
    /// suite, fixtures, rubric and remote crate (as docs/adding-an-assignment.md lists them),
    /// registered in the kit's workspaces and built.
    ///
    /// The skeleton grades as it is (its solution 100, its handout 0): change each file into
    /// the new game's, as the guide says.
    New {
        /// The new assignment's name, which is its crate's too, e.g. nim.
        assignment: String,
        /// The kit's folder [default: $GAMEKIT_KIT, else the current folder or one above it, else
        /// the one gamekit was built from].
        #[arg(long, value_name = "DIR")]
        kit: Option<PathBuf>,
    },
    /// Write a GitHub Classroom template repository into DIR: the handout, and the workflow
    /// that grades a student's repository with the kit cloned from --kit-repository.
    ///
    /// DIR must be new or empty.
    Classroom {
        /// The assignment, e.g. reversi.
        assignment: String,
        /// The folder to write it into.
        dir: PathBuf,
        /// The kit's Git repository, as the workflow clones it (a private one needs its
        /// credentials in the URL, which every student can then read).
        #[arg(long, value_name = "URL")]
        kit_repository: String,
        /// The branch or tag of the kit to clone.
        #[arg(long, value_name = "REF", default_value = "main")]
        kit_ref: String,
        /// The kit's folder [default: $GAMEKIT_KIT, else the current folder or one above it, else
        /// the one gamekit was built from].
        #[arg(long, value_name = "DIR")]
        kit: Option<PathBuf>,
    },
    /// Write an assignment's Gradescope autograder to ZIP: setup.sh, run_autograder and the
    /// kit, as Gradescope's autograder specifications ask.
    Gradescope {
        /// The assignment, e.g. reversi.
        assignment: String,
        /// The zip to write (upload it as the assignment's autograder).
        zip: PathBuf,
        /// The kit's folder [default: $GAMEKIT_KIT, else the current folder or one above it, else
        /// the one gamekit was built from].
        #[arg(long, value_name = "DIR")]
        kit: Option<PathBuf>,
    },
    /// Solve a position exactly: the value for the player to move, and a best move.
    #[command(subcommand)]
    Solve(SolveGame),
    /// Build an opening book: the exact score of every position of the first plies, which
    /// `gamekit solve` answers from at once (Connect Four's ships with gamekit).
    #[command(subcommand)]
    Book(BookGame),
    /// Learn an engine's evaluation from the kit's own games: the same seed, the same weights,
    /// however many threads.
    #[command(subcommand)]
    Learn(LearnGame),
    /// Play on the console against gamekit's engines: Reversi (the reversi_players program)
    /// or Connect N (a perfect computer).
    #[cfg(feature = "arena")]
    #[command(subcommand)]
    Play(PlayGame),
    /// Pit gamekit's strong Reversi engine against the book's computer player: every opening
    /// of PLIES moves, each played once with either colour; prints each game and the wins,
    /// draws, losses and average margin.
    #[cfg(feature = "arena")]
    Tournament {
        /// The game.
        #[arg(value_enum)]
        game: PlayersGame,
        /// How many moves each opening has.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(..=6))]
        plies: u32,
        /// The strong engine's time per move.
        #[arg(long, value_name = "SECONDS", default_value_t = 1.0, value_parser = positive_seconds)]
        budget: f64,
    },
    /// Measure an engine on public positions with known answers, every answer checked.
    ///
    /// Exits with status 1 when an answer is wrong, and 2 when it cannot run (positions
    /// missing or unreadable, bad arguments).
    #[command(subcommand)]
    Bench(BenchGame),
    /// Count the move sequences DEPTH plies deep from the standard start (a check of the
    /// move generator, and its speed).
    ///
    /// A forced pass is a ply; a position where neither side can move counts as one.
    Perft {
        /// The game.
        #[arg(value_enum)]
        game: PerftGame,
        /// How many plies deep.
        #[arg(long, value_parser = clap::value_parser!(u32).range(..=20))]
        depth: u32,
    },
}

/// How strong the computer plays.
#[cfg(feature = "arena")]
#[derive(Clone, Copy, ValueEnum)]
enum Level {
    /// The book's player (depth 6, disc count and corners).
    Book,
    /// gamekit's engine (iterative deepening within the budget, exact near the end).
    Strong,
}

/// The games `gamekit perft` knows.
#[derive(Clone, Copy, ValueEnum)]
enum PerftGame {
    /// 8×8 Reversi (Othello) from the standard start.
    #[value(alias = "reversi")]
    Othello,
}

/// The games `gamekit play` knows.
#[cfg(feature = "arena")]
#[derive(Subcommand)]
enum PlayGame {
    /// The reversi_players program, in which the person chooses the sides; its computer is
    /// the book's player or gamekit's strong engine.
    #[command(name = "reversi_players", alias = "reversi")]
    ReversiPlayers {
        /// The computer: the book's player, or gamekit's strong engine.
        #[arg(long, value_enum, default_value_t = Level::Strong)]
        level: Level,
        /// The strong engine's time per move.
        #[arg(long, value_name = "SECONDS", default_value_t = 1.0, value_parser = positive_seconds)]
        budget: f64,
    },
    /// Connect N (Connect Four by default) on the connect_n assignment's game, against
    /// gamekit's solver: a perfect computer, which wins as soon as it can force a win and
    /// loses as late as it can.
    ///
    /// On Connect Four its first moves come from the opening book at once, those just past
    /// the book in about 2 seconds, later ones in less.
    ConnectN {
        #[command(flatten)]
        scaffold: Scaffold,
        /// Who plays red, which moves first.
        #[arg(long, value_enum, default_value_t = Side::Person)]
        red: Side,
        /// Who plays black [default: the other of red's].
        #[arg(long, value_enum)]
        black: Option<Side>,
    },
}

/// Who plays a colour of `gamekit play connect-n`.
#[cfg(feature = "arena")]
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Side {
    /// The person at the terminal, who types the columns.
    Person,
    /// gamekit's solver.
    Computer,
}

#[cfg(feature = "arena")]
impl Side {
    fn other(self) -> Side {
        match self {
            Side::Person => Side::Computer,
            Side::Computer => Side::Person,
        }
    }
}

/// The games `gamekit tournament` knows.
#[cfg(feature = "arena")]
#[derive(Clone, Copy, ValueEnum)]
enum PlayersGame {
    /// The reversi_players assignment's 8×8 game.
    #[value(name = "reversi_players", alias = "reversi")]
    ReversiPlayers,
}

/// A Connect N scaffold, Connect Four's by default.
#[derive(clap::Args)]
struct Scaffold {
    /// Columns of the scaffold.
    #[arg(long, default_value_t = 7)]
    columns: usize,
    /// Levels of the scaffold.
    #[arg(long, default_value_t = 6)]
    levels: usize,
    /// How many in a row win.
    #[arg(long, default_value_t = 4)]
    n: usize,
}

impl Scaffold {
    fn shape(&self) -> Result<Shape, gamekit::connect_n::ConnectError> {
        Shape::new(self.columns, self.levels, self.n)
    }
}

/// The games `gamekit book` builds books for.
#[derive(Subcommand)]
enum BookGame {
    /// Connect N (Connect Four by default): every position of at most PLIES stones, one of
    /// each pair of mirror images, written as `<moves> <score>` lines.
    ///
    /// The last ply's positions are solved one after another by one solver (or shared among
    /// --jobs solvers), and each earlier position's score follows from its children's. Each
    /// score is added to FILE as it is found, and the positions FILE holds already are not
    /// solved again: a build that was stopped goes on where it was. At the end FILE is written
    /// again in order.
    ConnectN {
        #[command(flatten)]
        scaffold: Scaffold,
        /// The most stones of a position the book holds.
        #[arg(long, value_parser = clap::value_parser!(i32).range(0..=10))]
        plies: i32,
        /// The book's file, created or resumed.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// How many solvers share the last ply, each on a thread of its own with a table of
        /// its own (up to 512 MB each).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
        jobs: u16,
    },
}

/// The games `gamekit learn` learns evaluations for.
#[derive(Subcommand)]
enum LearnGame {
    /// Othello's pattern evaluation, which the endgame solver guesses a score with before it
    /// proves it: GAMES games of the kit's engine against itself, a position of each at 12 to 16
    /// empties scored exactly, and weights fitted to the scores (the kit's own,
    /// crates/engines/evaluations/othello.txt, are from the defaults).
    Othello {
        /// How many games.
        #[arg(long, default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(10..))]
        games: u64,
        /// The seed the games' random moves are drawn from.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many threads play and solve [default: the cores].
        #[arg(long, short, value_parser = clap::value_parser!(u16).range(1..))]
        jobs: Option<u16>,
        /// The weights' file, replaced at the end (FILE.part until then).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
}

/// The engines `gamekit bench` measures.
#[derive(Subcommand)]
enum BenchGame {
    /// The Connect N engine on the standard Connect Four test sets: per set, the mean and
    /// median time and the mean positions searched.
    ConnectFour {
        /// Only this set (repeatable) [default: the six standard sets; empty-board, the empty
        /// board alone, takes minutes].
        #[arg(long = "set", value_name = "SET", value_parser = PossibleValuesParser::new(bench::CONNECT_FOUR_SETS.map(|(_, name)| name)))]
        sets: Vec<String>,
        /// Only the first N positions of each set [default: all of them, except begin-hard:
        /// its first 20].
        #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
        limit: Option<usize>,
        /// Skip the first N positions of each set: with --limit, a slice of a set too long
        /// to time in one sitting.
        #[arg(long, value_name = "N", default_value_t = 0)]
        skip: usize,
        /// The data directory, with the sets in connect4/ [default: the kit's fixtures/].
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Another solver to time on the same sets, in turn, as whole runs: a program that
        /// reads a position's moves on each line and writes `<moves> <score>` for each, as
        /// the tutorial's does (benches/tutorial-solver.sh builds it).
        #[arg(long, value_name = "PROGRAM")]
        versus: Option<PathBuf>,
    },
    /// The grader: what the sandbox costs a test, then the time to grade each reference
    /// solution cold (the submission and the suite compiled; the shared dependencies already
    /// built) and warm, the medians of --runs runs.
    Grade(BenchGradeArgs),
    /// A class graded with --batch: SIZE submissions (copies of the reference solution, each
    /// with a comment of its own so that each builds on its own, and one in three the handout
    /// as it is); per submission its build, its wait for its turn to test and its tests, then
    /// the class's time, its rate and what 200 would take at that rate.
    Batch {
        /// The assignment.
        #[arg(default_value = "reversi")]
        assignment: String,
        /// How many submissions.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..))]
        size: u16,
        /// How many are graded at once [default: the cores].
        #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        jobs: Option<u16>,
        /// The kit's folder [default: as for grade].
        #[arg(long, value_name = "DIR")]
        kit: Option<PathBuf>,
    },
    /// 8×8 Reversi (Othello): perft from the standard start to DEPTH (the median of five
    /// runs of each depth), then the exact endgame solver on FFO #FIRST to #LAST.
    #[command(alias = "reversi")]
    Othello {
        /// Perft's deepest depth (perft.txt has the counts from 0 to 10).
        #[arg(long, default_value_t = 10)]
        depth: u32,
        /// The first FFO endgame.
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u16).range(1..=79))]
        first: u16,
        /// The last FFO endgame (below FIRST for none).
        #[arg(long, default_value_t = 49, value_parser = clap::value_parser!(u16).range(0..=79))]
        last: u16,
        /// The data directory, with perft.txt and the FFO files (fforum-1-19.obf to
        /// fforum-60-79.obf) in othello/ [default: the kit's fixtures/].
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
}

/// The grader's speed: the sandbox's cost, and each solution graded cold and warm.
#[derive(clap::Args)]
struct BenchGradeArgs {
    /// The assignments [default: all of them].
    assignments: Vec<String>,
    /// How many times each is graded, cold then warm, from a copy of its own: the medians
    /// are printed.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..))]
    runs: u16,
    /// The kit's folder [default: $GAMEKIT_KIT, else the current folder or one above it, else
    /// the one gamekit was built from].
    #[arg(long, value_name = "DIR")]
    kit: Option<PathBuf>,
}

/// The games `gamekit solve` knows.
#[derive(Subcommand)]
enum SolveGame {
    /// Connect N on any scaffold (Connect Four by default): each column's value and the best.
    ///
    /// A value is positive when the move wins (the larger, the sooner), 0 for a draw,
    /// negative when it loses; on 7×6, 22 minus the stones the winner will have played.
    ConnectN {
        #[command(flatten)]
        scaffold: Scaffold,
        /// The moves so far: columns from 1, as digits, or separated by commas.
        #[arg(long, default_value = "")]
        moves: String,
    },
    /// 8×8 Reversi (Othello): the final disc difference with perfect play (empties to the
    /// winner), and a best move.
    #[command(alias = "reversi")]
    Othello {
        /// The board as 64 squares of X (black), O (white) and - (empty), a1 b1 … h1 a2 … h8,
        /// as the FFO test positions write it.
        #[arg(long, allow_hyphen_values = true)]
        board: String,
        /// The side to move: X or O.
        #[arg(long)]
        to_move: String,
    },
}

fn main() -> ExitCode {
    run(Cli::parse().command).unwrap_or_else(|status| status)
}

/// The kit, found as `gamekit::kit` says; when there is none, the command ends with status 2
/// and says how to name it.
fn find_kit(given: Option<PathBuf>, command: &str) -> Result<PathBuf, ExitCode> {
    gamekit::kit::find(given.as_deref()).map_err(|error| {
        eprintln!("gamekit {command}: {error}");
        ExitCode::from(2)
    })
}

/// The data directory given, or the kit's fixtures.
fn fixtures(data: Option<PathBuf>) -> Result<PathBuf, ExitCode> {
    data.map_or_else(|| Ok(find_kit(None, "bench")?.join("fixtures")), Ok)
}

fn run(command: Commands) -> Result<ExitCode, ExitCode> {
    Ok(match command {
        Commands::Grade { assignment, batch: Some(submissions), jobs, out, timeout, kit, shard, .. } => {
            let out = out.unwrap_or_else(|| {
                let mut name = submissions.file_name().unwrap_or_default().to_owned();
                name.push(".graded");
                submissions.with_file_name(name)
            });
            let jobs = jobs_or_cores(jobs);
            let kit = find_kit(kit, "grade")?;
            batch_command(&gamekit::grade::class::batch::Batch {
                kit,
                assignment,
                submissions,
                out,
                jobs,
                timeout,
                shard,
            })
        }
        Commands::Merge { shards, out, kit } => {
            match gamekit::grade::class::merge::merge(&find_kit(kit, "merge")?, &shards, &out) {
                Ok(class) => {
                    print!("{}", class.summary);
                    println!("\nthe class's files: {}", out.display());
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("gamekit merge: {error}");
                    ExitCode::from(2)
                }
            }
        }
        Commands::Grade {
            assignment,
            dir,
            json,
            gradescope,
            classroom,
            timeout,
            kit,
            only,
            verbose,
            fail_under,
            ..
        } => {
            let options = Options { kit: find_kit(kit, "grade")?, assignment, submission: dir, timeout, only };
            grade_command(options, Outputs { verbose, json, gradescope, classroom, fail_under })
        }
        Commands::Handout { assignment, dir, kit } => handout_command(&find_kit(kit, "handout")?, &assignment, &dir),
        Commands::Gradescope { assignment, zip, kit } => {
            match gamekit::grade::deploy::gradescope::write(&find_kit(kit, "gradescope")?, &assignment, &zip) {
                Ok(files) => {
                    println!("{assignment}: the Gradescope autograder is {} ({files} files)", zip.display());
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("gamekit gradescope: {error}");
                    ExitCode::from(2)
                }
            }
        }
        Commands::New { assignment, kit } => {
            let kit = find_kit(kit, "new")?;
            match gamekit::new::new(&kit, &assignment) {
                Ok(written) => {
                    println!("{assignment}: a new assignment in {}:", kit.display());
                    for path in &written {
                        println!("  {}", path.display());
                    }
                    println!("registered in Cargo.toml and starter/Cargo.toml, and built.");
                    println!("Next: docs/adding-an-assignment.md, from the handout to the documents.");
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("gamekit new: {error}");
                    ExitCode::from(2)
                }
            }
        }
        Commands::Classroom { assignment, dir, kit_repository, kit_ref, kit } => {
            classroom_command(&find_kit(kit, "classroom")?, &assignment, &dir, &kit_repository, &kit_ref)
        }
        Commands::Solve(SolveGame::ConnectN { scaffold, moves }) => solve_connect_n(&scaffold, &moves),
        Commands::Solve(SolveGame::Othello { board, to_move }) => solve_othello(&board, &to_move),
        Commands::Book(BookGame::ConnectN { scaffold, plies, out, jobs }) => {
            book_connect_n(&scaffold, plies, &out, usize::from(jobs))
        }
        Commands::Learn(LearnGame::Othello { games, seed, jobs, out }) => {
            learn_othello(games, seed, jobs_or_cores(jobs), &out)
        }
        #[cfg(feature = "arena")]
        Commands::Play(PlayGame::ReversiPlayers { level, budget }) => play_reversi_players(level, budget),
        #[cfg(feature = "arena")]
        Commands::Play(PlayGame::ConnectN { scaffold, red, black }) => {
            play_connect_n(&scaffold, red, black.unwrap_or(red.other()))
        }
        #[cfg(feature = "arena")]
        Commands::Tournament { game: PlayersGame::ReversiPlayers, plies, budget } => tournament(plies, budget),
        Commands::Bench(BenchGame::ConnectFour { sets, skip, limit, data, versus }) => {
            let data = fixtures(data)?;
            bench_command(bench::connect_four(&data, &sets, skip, limit, versus.as_deref(), &mut std::io::stdout()))
        }
        Commands::Bench(BenchGame::Othello { depth, first, last, data }) => {
            let data = fixtures(data)?;
            let endgames = usize::from(first)..=usize::from(last);
            bench_command(bench::othello(&data, depth, endgames, &mut std::io::stdout()))
        }
        Commands::Bench(BenchGame::Grade(BenchGradeArgs { assignments, runs, kit })) => {
            let kit = find_kit(kit, "bench")?;
            let assignments = if assignments.is_empty() { grade::assignments(&kit) } else { assignments };
            bench_command(bench::grade(&kit, &assignments, usize::from(runs), &mut std::io::stdout()))
        }
        Commands::Bench(BenchGame::Batch { assignment, size, jobs, kit }) => {
            let kit = find_kit(kit, "bench")?;
            let jobs = jobs_or_cores(jobs);
            bench_command(bench::batch(&kit, &assignment, usize::from(size), jobs, &mut std::io::stdout()))
        }
        Commands::Perft { game: PerftGame::Othello, depth } => {
            let started = std::time::Instant::now();
            println!("{}", gamekit::game::perft(&gamekit::othello::Board::start(), depth));
            eprintln!("({:.3} s)", started.elapsed().as_secs_f64());
            ExitCode::SUCCESS
        }
    })
}

/// `gamekit handout`: the handout written, and what to do with it.
fn handout_command(kit: &std::path::Path, assignment: &str, dir: &std::path::Path) -> ExitCode {
    if let Err(error) = before_writing(kit, assignment, dir) {
        eprintln!("gamekit handout: {error}");
        return ExitCode::from(2);
    }
    match gamekit::grade::deploy::handout::write(kit, assignment, dir) {
        Ok(files) => {
            println!("{assignment}: the handout is in {} ({} files)", dir.display(), files.len());
            println!("its README says what to write; in that folder, `cargo test` runs its public tests");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("gamekit handout: {error}");
            ExitCode::from(2)
        }
    }
}

/// Before a handout is written into `dir`: `dir` refused if in use (first, so that a folder
/// in use costs no minute of measuring), then the reference solution graded on this
/// machine, unless its times are kept for the kit as it is: a handout's `cargo rubric` times its public tests
/// against the limits derived from them.
fn before_writing(kit: &std::path::Path, assignment: &str, dir: &std::path::Path) -> Result<(), String> {
    gamekit::grade::deploy::handout::destination(dir).map_err(|error| error.to_string())?;
    let mut told = false;
    let measured = gamekit::grade::measure_reference(kit, assignment, |_| {
        if !std::mem::replace(&mut told, true) {
            eprintln!(
                "measuring the reference solution's time on each test on this machine (once): the limits `cargo rubric` shows"
            );
        }
    });
    measured.map_err(|error| error.to_string())
}

/// `gamekit classroom`: the template written, and what to do with it.
fn classroom_command(kit: &std::path::Path, assignment: &str, dir: &std::path::Path, url: &str, at: &str) -> ExitCode {
    let place = match gamekit::grade::deploy::classroom::Kit::new(url, at) {
        Ok(place) => place,
        Err(error) => {
            eprintln!("gamekit classroom: {error}");
            return ExitCode::from(2);
        }
    };
    if let Err(error) = before_writing(kit, assignment, dir) {
        eprintln!("gamekit classroom: {error}");
        return ExitCode::from(2);
    }
    match gamekit::grade::deploy::classroom::write(kit, assignment, dir, &place) {
        Ok(files) => {
            println!("{assignment}: the Classroom template is in {} ({} files)", dir.display(), files.len());
            println!(
                "push it as a template repository; {} grades every push",
                gamekit::grade::deploy::classroom::WORKFLOW
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("gamekit classroom: {error}");
            ExitCode::from(2)
        }
    }
}

/// `gamekit solve connect-n`: the exact value of every column, and the best move.
fn solve_connect_n(scaffold: &Scaffold, moves: &str) -> ExitCode {
    let position = scaffold.shape().and_then(|shape| Position::from_moves(shape, moves));
    let position = match position {
        Ok(position) => position,
        Err(error) => {
            eprintln!("gamekit solve: {error}");
            return ExitCode::from(2);
        }
    };
    if position.is_over() {
        eprintln!("gamekit solve: the game is over");
        return ExitCode::from(2);
    }
    let mut solver = Solver::new(position.shape()).with_book(Book::shipped(position.shape()));
    let started = std::time::Instant::now();
    let values = solver.analyze(&position);
    print!("{position}");
    for (column, value) in values.iter().enumerate() {
        match value {
            Some(value) => println!("column {}: {value:+}", column + 1),
            None => println!("column {}: full", column + 1),
        }
    }
    if let Some(best) = solver.best(&values) {
        println!("best move: column {best}");
    }
    eprintln!("({} positions searched in {:.3} s)", solver.nodes(), started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

/// `--jobs`, or the machine's cores when it is not given.
fn jobs_or_cores(jobs: Option<u16>) -> usize {
    jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get), usize::from)
}

/// `gamekit learn othello`: the samples, then the fit, each with its progress on stderr, and
/// the weights written after a line saying how they were made.
fn learn_othello(games: u64, seed: u64, jobs: usize, out: &Path) -> ExitCode {
    use gamekit::othello::learn;
    let fail = |error: std::io::Error| {
        eprintln!("gamekit learn: {}: {error}", out.display());
        ExitCode::from(2)
    };
    // The weights go to a file beside `out`, opened first so that a folder it cannot write
    // to says so before the games, and renamed at the end so that an interrupted run leaves
    // the old weights whole (the kit's own are compiled in).
    let mut part = out.as_os_str().to_owned();
    part.push(".part");
    let part = PathBuf::from(part);
    let mut file = match std::fs::File::create(&part) {
        Ok(file) => file,
        Err(error) => return fail(error),
    };
    let started = std::time::Instant::now();
    let samples = learn::samples(games, seed, learn::EMPTIES, jobs, |done| {
        eprint!("\r{done} of {games} games played and solved ({:.0} s)", started.elapsed().as_secs_f64());
    });
    eprintln!();
    let fit = learn::fit(&samples, |round, train, held_out| {
        eprint!("\rround {round}: error {train:.2} discs, {held_out:.2} on the samples held out");
    });
    eprintln!();
    let header = format!(
        "# gamekit learn othello --games {games} --seed {seed}: {} samples, error {:.2} discs ({:.2} held out), {} rounds\n",
        samples.len(),
        fit.train_error,
        fit.held_out_error,
        fit.rounds
    );
    if let Err(error) = write!(file, "{header}{}", fit.weights).and_then(|()| std::fs::rename(&part, out)) {
        return fail(error);
    }
    print!("{}", header.trim_start_matches("# "));
    println!("took {:.0} s on {jobs} threads", started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

/// `gamekit book connect-n`: builds or resumes the book in `out`.
fn book_connect_n(scaffold: &Scaffold, plies: i32, out: &Path, jobs: usize) -> ExitCode {
    let fail = |error: &dyn std::fmt::Display| {
        eprintln!("gamekit book: {error}");
        ExitCode::from(2)
    };
    let in_out = |error: &dyn std::fmt::Display| fail(&format_args!("{}: {error}", out.display()));
    let shape = match scaffold.shape() {
        Ok(shape) => shape,
        Err(error) => return fail(&error),
    };
    let text = match std::fs::read_to_string(out) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => return in_out(&error),
    };
    let known = match Book::parse(shape, &text) {
        Ok(book) => book,
        Err(error) => return in_out(&error),
    };
    // A last line without its end would run into the first score added.
    let opened = std::fs::OpenOptions::new().create(true).append(true).open(out).and_then(|mut file| {
        if !text.is_empty() && !text.ends_with('\n') {
            writeln!(file)?;
        }
        Ok(file)
    });
    let mut file = match opened {
        Ok(file) => file,
        Err(error) => return in_out(&error),
    };
    let started = std::time::Instant::now();
    let mut count = 0;
    let built = gamekit::connect_n::book::build(shape, plies, known, jobs, |solved| {
        count = solved.count;
        writeln!(file, "{} {}", solved.moves, solved.score).and_then(|()| file.flush())?;
        let seconds = started.elapsed().as_secs_f64();
        eprintln!("{} {}  ({} of {} solved, {seconds:.0} s)", solved.moves, solved.score, solved.count, solved.of);
        Ok::<_, std::io::Error>(())
    });
    let book = match built {
        Ok(book) => book,
        Err(error) => return in_out(&error),
    };
    if let Err(error) = std::fs::write(out, gamekit::connect_n::book::text(&book)) {
        return in_out(&error);
    }
    println!(
        "{}: {} positions of at most {plies} stones, {count} solved in {:.0} s",
        out.display(),
        book.len(),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// `gamekit solve othello`: the exact final disc difference and a best move.
fn solve_othello(board: &str, to_move: &str) -> ExitCode {
    let board = match othello::Board::parse(board, to_move) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("gamekit solve: {error}");
            return ExitCode::from(2);
        }
    };
    let mut solver = endgame::Solver::new();
    let started = std::time::Instant::now();
    let solution = solver.solve(&board);
    println!("score: {:+}", solution.score);
    match solution.best {
        Some(square) => println!("best move: {square}"),
        None if board.is_over() => println!("best move: none (the game is over)"),
        None => println!("best move: pass"),
    }
    eprintln!("({} positions searched in {:.3} s)", solver.nodes(), started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

/// `gamekit play reversi_players`: the program with the chosen computer.
#[cfg(feature = "arena")]
fn play_reversi_players(level: Level, budget: f64) -> ExitCode {
    use reversi_players::{Machine, Terminal, VirtualPlayer};
    let budget = std::time::Duration::from_secs_f64(budget);
    let machine = |color| -> Box<dyn Machine> {
        match level {
            Level::Book => Box::new(VirtualPlayer::new(color)),
            Level::Strong => Box::new(gamekit::arena::StrongMachine::new(color, budget)),
        }
    };
    match reversi_players::run_with(&Terminal::stdio(), &machine) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("gamekit play: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}

/// `gamekit play connect-n`: the assignment's game between the person and gamekit's solver
/// (or either alone). As in the assignment's program, players are named by their colour; a
/// computer playing a person is named gamekit.
#[cfg(feature = "arena")]
fn play_connect_n(scaffold: &Scaffold, red: Side, black: Side) -> ExitCode {
    use connect_n::{Game, HumanPlayer, Player, Terminal};
    use gamekit::arena::connect_n::PerfectPlayer;
    if let Err(error) = scaffold.shape() {
        eprintln!("gamekit play: {error}");
        return ExitCode::from(2);
    }
    let terminal = Terminal::stdio();
    let player = |side: Side, colour: &str| -> Box<dyn Player> {
        match side {
            Side::Person => Box::new(HumanPlayer::new(colour, &terminal)),
            Side::Computer if red == black => Box::new(PerfectPlayer::new(colour)),
            Side::Computer => Box::new(PerfectPlayer::new("gamekit")),
        }
    };
    let (mut red, mut black) = (player(red, "Red"), player(black, "Black"));
    let size = |value: usize| i32::try_from(value).unwrap_or(i32::MAX);
    let (columns, levels, n) = (size(scaffold.columns), size(scaffold.levels), size(scaffold.n));
    let played = Game::new(columns, levels, n, red.as_mut(), black.as_mut()).and_then(|mut game| game.play(&terminal));
    match played {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            // The game may have stopped at a prompt: the reason goes on a line of its own.
            let _ = writeln!(std::io::stdout());
            eprintln!("gamekit play: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}

/// `gamekit tournament reversi_players`: the strong engine against the book's player.
#[cfg(feature = "arena")]
fn tournament(plies: u32, budget: f64) -> ExitCode {
    use gamekit::arena;
    let openings = arena::openings(plies);
    let name = |(row, col)| reversi_players::square_name(row, col);
    let report = |game: &arena::Match| {
        let opening: Vec<String> = game.opening.iter().copied().map(name).collect();
        println!("{:<12} strong {:<5} {:+3}", opening.join(" "), game.strong.name(), game.margin);
    };
    let matches = match arena::tournament(&openings, std::time::Duration::from_secs_f64(budget), report) {
        Ok(matches) => matches,
        Err(error) => {
            eprintln!("gamekit tournament: {error}");
            return ExitCode::FAILURE;
        }
    };
    println!("{}", arena::Tally::of(&matches));
    ExitCode::SUCCESS
}

/// What `gamekit grade` writes besides the report on standard output, and its exit status.
struct Outputs {
    verbose: bool,
    json: Option<PathBuf>,
    gradescope: Option<PathBuf>,
    classroom: Option<PathBuf>,
    fail_under: Option<f64>,
}

fn grade_command(options: Options, outputs: Outputs) -> ExitCode {
    let Outputs { verbose, json, gradescope, classroom, fail_under } = outputs;
    let what = options.submission.as_ref().map_or("the reference solution".to_owned(), |dir| grade::shown::path(dir));
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_message(format!("taking in {what}"));
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    let report = grade::grade(&options, |progress| match progress {
        grade::Progress::Building => bar.set_message(format!("building {what} (the first time: a minute or two)")),
        grade::Progress::MeasuringReference => {
            bar.set_message("timing the reference solution on each test (once, for the time limits)");
        }
        grade::Progress::Testing(tests) => {
            bar.set_length(tests as u64);
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} tests  {elapsed}  ~{eta} left  {msg}")
                    .expect("a progress template"),
            );
            bar.set_message("");
        }
        grade::Progress::Tested(_) => bar.inc(1),
    });
    bar.finish_and_clear();
    let report = match report {
        Ok(report) => report,
        Err(error) => {
            eprintln!("gamekit grade: {error}");
            // A platform reading the results still gets a valid file that says why.
            let why = error.to_string();
            let writes =
                [(gradescope, Report::gradescope_ungraded(&why)), (classroom, Report::classroom_ungraded(&why))];
            let _ = write_results(writes);
            return ExitCode::from(2);
        }
    };
    let terminal = console::Term::stdout();
    let width = if terminal.is_term() { usize::from(terminal.size().1) } else { 80 };
    let width = if width < 40 { 80 } else { width };
    print!("{}", report.text(grade::Style { width, verbose, colour: console::colors_enabled() }));
    let writes = [
        (json, serde_json::to_value(&report).expect("a report serialises")),
        (gradescope, report.gradescope()),
        (classroom, report.classroom()),
    ];
    if write_results(writes).is_err() {
        return ExitCode::from(2);
    }
    match fail_under {
        // The score as the report shows it, to the hundredth.
        Some(points) if grade::round(report.score) < points => {
            eprintln!("gamekit grade: {} points, under the {points} --fail-under asks for", grade::round(report.score));
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}

/// `gamekit grade --batch`: a progress bar with the time left, then the summary.
fn batch_command(batch: &gamekit::grade::class::batch::Batch) -> ExitCode {
    use gamekit::grade::class::batch::Event;
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_message(format!("grading {}", gamekit::grade::shown::path(&batch.submissions)));
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    let run = gamekit::grade::class::batch::run(batch, |event| match event {
        Event::Started(count) => {
            bar.set_length(count as u64);
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:30} {pos}/{len} submissions  {elapsed}  ~{eta} left  {msg}",
                )
                .expect("a progress template"),
            );
            bar.set_message("the reference solution first: it builds the judge and times the reference");
        }
        Event::Done(graded) => {
            let score = graded.report.as_ref().map_or("not graded".to_owned(), |report| format!("{:.2}", report.score));
            let reused = if graded.reused { " (unchanged: kept)" } else { "" };
            bar.println(format!("{}: {score}{reused}", graded.id));
            bar.set_message("");
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    match run {
        Ok(class) => {
            print!("{}", class.summary);
            println!("\nthe reports and the class's files (index.html, gradebook.csv…): {}", batch.out.display());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("gamekit grade: {error}");
            ExitCode::from(2)
        }
    }
}

/// Writes each JSON value to its file, if one is given; an error is said on stderr.
fn write_results<const N: usize>(writes: [(Option<PathBuf>, serde_json::Value); N]) -> Result<(), ()> {
    for (path, value) in writes {
        let Some(path) = path else { continue };
        let text = serde_json::to_string_pretty(&value).expect("JSON values serialise");
        if let Err(error) = std::fs::write(&path, text + "\n") {
            eprintln!("gamekit grade: cannot write {}: {error}", path.display());
            return Err(());
        }
    }
    Ok(())
}

/// `gamekit bench`'s exit status: 1 for a wrong answer, 2 when the benchmark could not run.
fn bench_command(run: Result<(), bench::BenchError>) -> ExitCode {
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("gamekit bench: {error}");
            let wrong = matches!(error, bench::BenchError::Wrong { .. } | bench::BenchError::OtherWrong { .. });
            ExitCode::from(if wrong { 1 } else { 2 })
        }
    }
}

fn points(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(points) if points.is_finite() && points >= 0.0 => Ok(points),
        _ => Err(format!("'{text}' is not a number of points (0 or more)")),
    }
}

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 => Ok(seconds),
        _ => Err(format!("'{text}' is not a positive number of seconds")),
    }
}
