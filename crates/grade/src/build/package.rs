//! The harness packages' files: the generated `Cargo.toml` (the probe's, linked with the
//! submission; the judge's, linked with the assignment's remote crate), written whole or
//! not at all.

use crate::{GradeError, Rubric};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What a harness package builds.
#[derive(Debug, Clone, Copy)]
pub enum Side<'a> {
    /// The suite as a judge: linked with the assignment's remote crate, not the submission.
    Judge,
    /// The probe: the remote crate's probe (`probe/src/main.rs`), linked with the submission
    /// and the kit's probe crate: the remote crate and the submission as copied into `work`,
    /// the probe crate as [`shared_probe`] keeps it (`probe`).
    Probe { submission: &'a Path, work: &'a Path, probe: &'a Path },
}

/// The assignment's remote crate (`crates/remote/<assignment>`), when it has one: then its
/// suite is graded as a judge with a probe.
pub fn remote_crate(kit: &Path, assignment: &str) -> Option<PathBuf> {
    Some(kit.join("crates").join("remote").join(assignment)).filter(|dir| dir.join(PROBE_MAIN).is_file())
}

/// Writes the harness package of `side` into `dir`.
pub(super) fn write_harness(kit: &Path, rubric: &Rubric, side: Side, dir: &Path, name: &str) -> Result<(), GradeError> {
    std::fs::create_dir_all(dir).map_err(GradeError::io(format!("cannot create {}", dir.display())))?;
    let manifest_path = kit.join("Cargo.toml");
    let kit_manifest = kit_manifest(kit)?;
    let suite = kit.join("tests").join(&rubric.assignment).join("main.rs");
    let mut suite_dependencies = suite_dependencies(&kit_manifest)
        .map_err(|reason| GradeError::Harness(format!("{}: {reason}", manifest_path.display())))?;
    // The suite links with the engines and the testkit, never with gamekit itself (its grader,
    // its command line, the reference solution the arena brings in).
    for (name, dir) in [("gamekit-engines", "engines"), ("gamekit-testkit", "testkit")] {
        suite_dependencies.insert(name.into(), path_dependency(&kit.join("crates").join(dir)));
    }
    let mut dependencies = toml::Table::new();
    let (mut test, mut bin) = (Vec::new(), Vec::new());
    match side {
        Side::Judge => {
            let remote = remote_crate(kit, &rubric.assignment)
                .ok_or_else(|| GradeError::Harness(format!("{} has no remote crate", rubric.assignment)))?;
            let mut proxy = path_dependency(&remote);
            if let toml::Value::Table(table) = &mut proxy {
                table.insert("package".into(), format!("gamekit-remote-{}", rubric.assignment).into());
            }
            suite_dependencies.insert(rubric.package.clone(), proxy);
            test.push(Target { name: rubric.assignment.clone(), path: suite });
        }
        Side::Probe { submission, work, probe } => {
            dependencies.insert(rubric.package.clone(), path_dependency(submission));
            dependencies.insert(PROBE.into(), path_dependency(probe));
            // The handout's console (the copy beside the submission's), whose errors a probe
            // passes on.
            if let Some(cin) = submission.parent().map(|graded| graded.join("cin")).filter(|cin| cin.is_dir()) {
                dependencies.insert("cin".into(), path_dependency(&cin));
            }
            let probe = work.join("crates").join("remote").join(&rubric.assignment).join(PROBE_MAIN);
            bin.push(Target { name: PROBE.into(), path: probe });
            suite_dependencies.clear();
        }
    }
    let manifest = Manifest {
        package: Package {
            name: name.to_owned(),
            edition: edition(&kit_manifest),
            publish: false,
            autotests: false,
            autobins: false,
            build: (!matches!(side, Side::Probe { .. })).then(|| "build.rs".into()),
        },
        workspace: toml::Table::new(),
        test,
        bin,
        dependencies,
        dev_dependencies: suite_dependencies,
        profile: profile(&kit_manifest, name),
    };
    let manifest = toml::to_string(&manifest)
        .map_err(|error| GradeError::Harness(format!("cannot write the harness manifest: {error}")))?;
    write(&dir.join("Cargo.toml"), &manifest)?;
    // The kit's lock file pins the versions the kit was tested with. Cargo then fits it to
    // the harness, so it is copied again only when the kit's changes (kept as Cargo.lock.kit).
    if let Ok(lock) = std::fs::read_to_string(kit.join("Cargo.lock"))
        && std::fs::read_to_string(dir.join("Cargo.lock.kit")).ok().as_ref() != Some(&lock)
    {
        write(&dir.join("Cargo.lock"), &lock)?;
        write(&dir.join("Cargo.lock.kit"), &lock)?;
    }
    if matches!(side, Side::Probe { .. }) {
        return Ok(());
    }
    // As the kit's own build script does: recompile the suite when fixtures come or go.
    let build_script = format!(
        "fn main() {{\n    println!(\"cargo:rerun-if-changed={{}}\", {:?});\n}}\n",
        kit.join("fixtures").join(&rubric.assignment)
    );
    write(&dir.join("build.rs"), &build_script)?;
    let fixtures = dir.join("fixtures");
    // Another grader writing the same judge at once may have made it meanwhile.
    if std::fs::symlink_metadata(&fixtures).is_err()
        && let Err(error) = link(&kit.join("fixtures"), &fixtures)
        && std::fs::symlink_metadata(&fixtures).is_err()
    {
        return Err(error);
    }
    Ok(())
}

/// The kit's profiles: a submission is compiled as the kit compiles its solution
/// (connect_n's optimised, as the course built SmartPlayer in Release); a probe and a judge
/// (`name`) optimised, as they make and answer hundreds of thousands of calls a test. Both
/// are built once, from nothing, and never debugged (a judge's panics are read from their
/// messages): without debug information or incremental compilation, a probe's build takes
/// half the time (3.3 s against 6.7 s for reversi's, `gamekit bench batch`) and tictactoe's
/// judge, with its dependencies, 39 s against 61 s (and half the disk); without the
/// link-time optimisation across each crate's parts a quarter less again (5.5 to 4.0 seconds
/// of processor, the probe's answers 3% slower).
pub(super) fn profile(kit_manifest: &toml::Table, name: &str) -> Option<toml::Value> {
    let mut profile = kit_manifest.get("profile").cloned()?;
    let dev = profile.get_mut("dev").and_then(toml::Value::as_table_mut)?;
    dev.insert("debug".into(), 0.into());
    dev.insert("incremental".into(), false.into());
    dev.insert("lto".into(), "off".into());
    let packages = dev.get_mut("package").and_then(toml::Value::as_table_mut)?;
    let mut optimised = toml::Table::new();
    optimised.insert("opt-level".into(), 3.into());
    packages.insert(name.to_owned(), optimised.into());
    Some(profile)
}

/// The kit's `Cargo.toml`.
pub(super) fn kit_manifest(kit: &Path) -> Result<toml::Table, GradeError> {
    let path = kit.join("Cargo.toml");
    std::fs::read_to_string(&path)
        .map_err(GradeError::io(format!("cannot read {}", path.display())))?
        .parse()
        .map_err(|error| GradeError::Harness(format!("{}: {error}", path.display())))
}

/// The kit's edition, which its harnesses have too.
pub(super) fn edition(kit_manifest: &toml::Table) -> String {
    let edition = kit_manifest.get("package").and_then(|package| package.get("edition"));
    edition.and_then(toml::Value::as_str).unwrap_or("2024").to_owned()
}

/// The probe's source in a remote crate: a crate of its own there, built against the
/// reference solution in the kit's workspace, and by the grader against each submission.
pub(super) const PROBE_MAIN: &str = "probe/src/main.rs";

/// The probe's program in a probe harness.
pub const PROBE: &str = "gamekit-probe";

/// The kit's dev-dependencies that `package.metadata.gamekit.suite-dependencies` names: what
/// the graded suites use besides the engines and the testkit.
pub(super) fn suite_dependencies(kit_manifest: &toml::Table) -> Result<toml::Table, String> {
    let names = kit_manifest
        .get("package")
        .and_then(|package| package.get("metadata"))
        .and_then(|metadata| metadata.get("gamekit"))
        .and_then(|gamekit| gamekit.get("suite-dependencies"))
        .and_then(toml::Value::as_array)
        .ok_or("no list package.metadata.gamekit.suite-dependencies")?;
    let dev = kit_manifest.get("dev-dependencies").and_then(toml::Value::as_table);
    names
        .iter()
        .map(|name| {
            let name = name.as_str().ok_or("suite-dependencies holds something that is not a name")?;
            let spec =
                dev.and_then(|dev| dev.get(name)).ok_or(format!("suite dependency {name} is no dev-dependency"))?;
            Ok((name.to_owned(), spec.clone()))
        })
        .collect()
}

/// The harness's `Cargo.toml`.
#[derive(Serialize)]
pub(super) struct Manifest {
    pub(super) package: Package,
    /// Empty: the harness is a workspace of its own, whatever directory it is in.
    pub(super) workspace: toml::Table,
    pub(super) test: Vec<Target>,
    pub(super) bin: Vec<Target>,
    pub(super) dependencies: toml::Table,
    #[serde(rename = "dev-dependencies")]
    pub(super) dev_dependencies: toml::Table,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) profile: Option<toml::Value>,
}

#[derive(Serialize)]
pub(super) struct Package {
    pub(super) name: String,
    pub(super) edition: String,
    pub(super) publish: bool,
    pub(super) autotests: bool,
    pub(super) autobins: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) build: Option<String>,
}

#[derive(Serialize)]
pub(super) struct Target {
    pub(super) name: String,
    pub(super) path: PathBuf,
}

pub(super) fn path_dependency(path: &Path) -> toml::Value {
    let mut table = toml::Table::new();
    table.insert("path".into(), path.to_string_lossy().into_owned().into());
    toml::Value::Table(table)
}

/// Writes `text` to `path` unless it holds it already: a file rewritten, even the same,
/// is newer, and Cargo would then build the judge again (its build script's input) while
/// another grader runs it. Written whole or not at all (a file of its own, then renamed), so
/// that another grader's Cargo never reads half of it.
pub(super) fn write(path: &Path, text: &str) -> Result<(), GradeError> {
    if std::fs::read(path).is_ok_and(|old| old == text.as_bytes()) {
        return Ok(());
    }
    crate::output::write_new(path, text).map_err(GradeError::io(format!("cannot write {}", path.display())))
}

pub(super) fn link(original: &Path, link: &Path) -> Result<(), GradeError> {
    std::os::unix::fs::symlink(original, link).map_err(GradeError::io(format!("cannot link {}", link.display())))
}
