//! `gamekit new <assignment>`: the skeleton of a new assignment (its handout, solution,
//! fixtures, rubric, graded suite and remote crate, as `docs/adding-an-assignment.md` lists
//! them), registered in the kit's two workspaces and built.
//!
//! The skeleton is an assignment of its own, whole and graded: the student writes one
//! function (`answer`, twice its argument) that a provided console program calls. Its
//! solution scores 100 and its handout 0, so that each file can then be changed into the new
//! game's, one at a time, with the kit's checks green all along. The templates are in
//! `src/new/templates/`; `{{a}}` is the assignment's name (its crate's), `{{program}}` its
//! program's, `{{title}}` its title.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Why an assignment could not be made.
#[derive(Debug, thiserror::Error)]
pub enum NewError {
    #[error(
        "`{0}` is not an assignment's name: lower-case letters, digits and `_`, starting with a letter, and not a \
         Rust keyword or a standard crate's name"
    )]
    Name(String),
    #[error("the kit has a {0} already")]
    Exists(PathBuf),
    #[error("cannot write {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: {reason}")]
    Manifest { path: PathBuf, reason: String },
    #[error("`{command}` failed in {dir}:\n{output}")]
    Cargo { command: String, dir: PathBuf, output: String },
}

/// Each file of the skeleton: its path in the kit, and its template.
const FILES: &[(&str, &str)] = &[
    ("starter/{{a}}/Cargo.toml", include_str!("new/templates/starter_cargo.toml.tmpl")),
    ("starter/{{a}}/README.md", include_str!("new/templates/starter_readme.md.tmpl")),
    ("starter/{{a}}/src/lib.rs", include_str!("new/templates/starter_lib.rs.tmpl")),
    ("starter/{{a}}/src/provided.rs", include_str!("new/templates/provided.rs.tmpl")),
    ("starter/{{a}}/src/main.rs", include_str!("new/templates/main.rs.tmpl")),
    ("starter/{{a}}/tests/transcripts.rs", include_str!("new/templates/starter_transcripts.rs.tmpl")),
    ("starter/{{a}}/tests/answer.rs", include_str!("new/templates/starter_answer.rs.tmpl")),
    ("solution/{{a}}/Cargo.toml", include_str!("new/templates/solution_cargo.toml.tmpl")),
    ("solution/{{a}}/src/lib.rs", include_str!("new/templates/solution_lib.rs.tmpl")),
    ("fixtures/{{a}}/rubric.toml", include_str!("new/templates/rubric.toml.tmpl")),
    ("fixtures/{{a}}/doubles.args", include_str!("new/templates/doubles.args.tmpl")),
    ("fixtures/{{a}}/doubles.in", include_str!("new/templates/doubles.in.tmpl")),
    ("fixtures/{{a}}/doubles.out", include_str!("new/templates/doubles.out.tmpl")),
    ("tests/{{a}}/main.rs", include_str!("new/templates/suite_main.rs.tmpl")),
    ("tests/{{a}}/transcripts.rs", include_str!("new/templates/suite_transcripts.rs.tmpl")),
    ("crates/remote/{{a}}/Cargo.toml", include_str!("new/templates/remote_cargo.toml.tmpl")),
    ("crates/remote/{{a}}/calls.rs", include_str!("new/templates/calls.rs.tmpl")),
    ("crates/remote/{{a}}/src/lib.rs", include_str!("new/templates/remote_lib.rs.tmpl")),
    ("crates/remote/{{a}}/probe/Cargo.toml", include_str!("new/templates/probe_cargo.toml.tmpl")),
    ("crates/remote/{{a}}/probe/src/main.rs", include_str!("new/templates/probe_main.rs.tmpl")),
];

/// The handout's links to the kit's shared files and to its public transcripts: a link's
/// path, and what it leads to.
const LINKS: &[(&str, &str)] = &[
    ("starter/{{a}}/tests/support/transcripts.rs", "../../../transcripts.rs"),
    ("starter/{{a}}/tests/support/cases.rs", "../../../cases.rs"),
    ("starter/{{a}}/examples/rubric.rs", "../../rubric.rs"),
    ("starter/{{a}}/tests/transcripts/doubles.args", "../../../../fixtures/{{a}}/doubles.args"),
    ("starter/{{a}}/tests/transcripts/doubles.in", "../../../../fixtures/{{a}}/doubles.in"),
    ("starter/{{a}}/tests/transcripts/doubles.out", "../../../../fixtures/{{a}}/doubles.out"),
];

/// Names that are not an assignment's: Rust's keywords and the crates every crate can name.
const RESERVED: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "gen",
    "macro",
    "override",
    "priv",
    "try",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "std",
    "core",
    "alloc",
    "test",
    "proc_macro",
];

/// The folders an assignment has, none of which may exist before.
const FOLDERS: [&str; 5] = ["starter/{{a}}", "solution/{{a}}", "fixtures/{{a}}", "tests/{{a}}", "crates/remote/{{a}}"];

/// Writes assignment `assignment`'s skeleton into the kit at `kit`, registers it in both
/// workspaces (their lock files brought up to date, offline), and builds it: the files
/// written, by their path in the kit.
///
/// # Errors
/// When the name is not a crate's, the kit has such an assignment already, a file cannot be
/// written, or Cargo fails: the kit is then left as it was.
pub fn new(kit: &Path, assignment: &str) -> Result<Vec<PathBuf>, NewError> {
    let valid = assignment.chars().next().is_some_and(|first| first.is_ascii_lowercase())
        && assignment.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !valid || RESERVED.contains(&assignment) {
        return Err(NewError::Name(assignment.to_owned()));
    }
    let fill = |template: &str| {
        template
            .replace("{{a}}", assignment)
            .replace("{{program}}", &assignment.replace('_', "-"))
            .replace("{{title}}", &assignment.split('_').map(capitalized).collect::<Vec<_>>().join(" "))
    };
    if let Some(taken) =
        FOLDERS.iter().map(|folder| PathBuf::from(fill(folder))).find(|folder| kit.join(folder).exists())
    {
        return Err(NewError::Exists(taken));
    }
    // A crate of the kit's already (`rand`, whose entry the solution's would replace): every
    // package its lock file names.
    let lock = std::fs::read_to_string(kit.join("Cargo.lock")).unwrap_or_default();
    if lock.lines().any(|line| line == format!("name = \"{assignment}\"")) {
        return Err(NewError::Exists(PathBuf::from(format!("crate {assignment} (Cargo.lock)"))));
    }
    // What is changed besides the new folders, kept to be put back if a step fails: the kit
    // is then as it was.
    let changed = ["Cargo.toml", "Cargo.lock", "starter/Cargo.toml", "starter/Cargo.lock"].map(|file| kit.join(file));
    let before: Vec<Option<Vec<u8>>> = changed.iter().map(|file| std::fs::read(file).ok()).collect();
    let folders = FOLDERS.map(|folder| kit.join(fill(folder)));
    // The folders above them that are not there yet (`crates/remote/` in a kit without one).
    let absent: Vec<PathBuf> = folders
        .iter()
        .flat_map(|folder| folder.ancestors().skip(1).take_while(|parent| *parent != kit))
        .filter(|parent| !parent.exists())
        .map(Path::to_owned)
        .collect();
    let made = scaffold(kit, assignment, &fill);
    if made.is_err() {
        for folder in folders.iter().chain(&absent) {
            let _ = std::fs::remove_dir_all(folder);
        }
        for (file, bytes) in changed.iter().zip(before) {
            let _ = match bytes {
                Some(bytes) => std::fs::write(file, bytes),
                None => std::fs::remove_file(file),
            };
        }
    }
    made
}

/// Writes the files, registers the assignment and builds it.
fn scaffold(kit: &Path, assignment: &str, fill: &dyn Fn(&str) -> String) -> Result<Vec<PathBuf>, NewError> {
    let mut written = Vec::new();
    for (path, template) in FILES {
        let path = PathBuf::from(fill(path));
        write(&kit.join(&path), fill(template).as_bytes())?;
        written.push(path);
    }
    for (path, target) in LINKS {
        let path = PathBuf::from(fill(path));
        link(&kit.join(&path), Path::new(&fill(target)))?;
        written.push(path);
    }
    register(kit, assignment)?;
    let packages =
        [assignment.to_owned(), format!("gamekit-remote-{assignment}"), format!("gamekit-probe-{assignment}")];
    cargo(kit, &["update", "--workspace", "--offline"])?;
    cargo(&kit.join("starter"), &["update", "--workspace", "--offline"])?;
    let mut build = vec!["build", "--offline", "--tests"];
    for package in &packages {
        build.extend(["--package", package]);
    }
    cargo(kit, &build)?;
    cargo(&kit.join("starter"), &["build", "--offline", "--tests", "--package", assignment])?;
    Ok(written)
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), NewError> {
    let io = |source| NewError::Io { path: path.to_owned(), source };
    std::fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).map_err(io)?;
    std::fs::write(path, bytes).map_err(io)
}

fn link(path: &Path, target: &Path) -> Result<(), NewError> {
    let io = |source| NewError::Io { path: path.to_owned(), source };
    std::fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).map_err(io)?;
    std::os::unix::fs::symlink(target, path).map_err(io)
}

/// Adds the assignment to the kit's workspace (its solution, remote crate and probe as
/// members; the solution as the dev-dependency the suite compiles against under `cargo
/// test`; the remote crate built optimised, as a judge calls it hundreds of thousands of
/// times a test) and to the handout's.
fn register(kit: &Path, assignment: &str) -> Result<(), NewError> {
    edit(&kit.join("Cargo.toml"), |manifest| {
        let members = [
            format!("crates/remote/{assignment}"),
            format!("crates/remote/{assignment}/probe"),
            format!("solution/{assignment}"),
        ];
        add_members(manifest, &members)?;
        let dev = manifest["dev-dependencies"].as_table_like_mut().ok_or("no [dev-dependencies]")?;
        let mut solution = toml_edit::InlineTable::new();
        solution.insert("path", format!("solution/{assignment}").into());
        dev.insert(assignment, toml_edit::value(solution));
        let mut optimised = toml_edit::Table::new();
        optimised.insert("opt-level", toml_edit::value(3));
        manifest["profile"]["dev"]["package"][&format!("gamekit-remote-{assignment}")] =
            toml_edit::Item::Table(optimised);
        Ok(())
    })?;
    edit(&kit.join("starter").join("Cargo.toml"), |manifest| add_members(manifest, &[assignment.to_owned()]))
}

/// Adds `new` to the workspace's members, kept in order.
fn add_members(manifest: &mut toml_edit::DocumentMut, new: &[String]) -> Result<(), &'static str> {
    let members = manifest["workspace"]["members"].as_array_mut().ok_or("no workspace.members")?;
    let mut all: Vec<String> = members.iter().filter_map(|member| member.as_str().map(str::to_owned)).collect();
    all.extend(new.iter().cloned());
    all.sort();
    *members = all.into_iter().collect();
    Ok(())
}

/// Changes the manifest at `path` with `change`, keeping the rest of it as it is written.
fn edit(
    path: &Path,
    change: impl FnOnce(&mut toml_edit::DocumentMut) -> Result<(), &'static str>,
) -> Result<(), NewError> {
    let text = std::fs::read_to_string(path).map_err(|source| NewError::Io { path: path.to_owned(), source })?;
    let invalid = |reason: String| NewError::Manifest { path: path.to_owned(), reason };
    let mut manifest: toml_edit::DocumentMut = text.parse().map_err(|error| invalid(format!("{error}")))?;
    change(&mut manifest).map_err(|reason| invalid(reason.to_owned()))?;
    write(path, manifest.to_string().as_bytes())
}

/// Runs Cargo with `args` in `dir`.
fn cargo(dir: &Path, args: &[&str]) -> Result<(), NewError> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let run = Command::new(cargo).args(args).current_dir(dir).output();
    let failed =
        |output: String| NewError::Cargo { command: format!("cargo {}", args.join(" ")), dir: dir.to_owned(), output };
    match run {
        Ok(run) if run.status.success() => Ok(()),
        Ok(run) => Err(failed(String::from_utf8_lossy(&run.stderr).into_owned())),
        Err(error) => Err(failed(error.to_string())),
    }
}
