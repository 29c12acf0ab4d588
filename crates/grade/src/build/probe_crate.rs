//! The kit's probe crate (`crates/probe`), compiled once for every harness: a read-only
//! copy at a path of its own, and a template build each new harness's target starts from.

use super::once::{self, Once};
use super::package::{Manifest, PROBE, Package, Target, edition, kit_manifest, path_dependency, profile, write};
use super::toolchain::{Toolchain, cargo_sandbox};
use crate::GradeError;
use crate::sandbox::{Isolation, Limits};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The kit's probe crate (`crates/probe`), compiled once for every harness.
///
/// Every probe links it, optimised; compiled in each harness, it was a third of a probe's
/// build. So it is copied once to a folder of its own, named by the hash of its sources
/// (`<scratch>/probe-<hash>/kit/crates/probe`, which sandboxes see read-only), and compiled
/// there once into a template target (`template/`), outside the sandbox (it is the kit's code
/// alone) but in a sandbox's environment; each new harness's target starts as a copy of the
/// template's build ([`seed`]), which Cargo finds fresh, since the crate is at the same path
/// and built the same way. Where Cargo does not (another toolchain, say), it compiles the
/// crate in the harness as before: never wrong, only slower.
pub(super) struct SharedProbe {
    dir: PathBuf,
}

impl SharedProbe {
    /// What sandboxes see of it: the copy, in a workspace of its own (so that Cargo looking
    /// for the crate's workspace stops there).
    pub(super) fn kit(&self) -> PathBuf {
        self.dir.join("kit")
    }

    pub(super) fn crate_dir(&self) -> PathBuf {
        self.kit().join("crates").join("probe")
    }

    /// The template's build, which harnesses start from.
    pub(super) fn template(&self) -> PathBuf {
        self.dir.join("template").join("target").join("debug")
    }
}

/// The [`SharedProbe`] of the kit's probe crate as it is now: copied if new (whole or not at
/// all: written elsewhere, then renamed into place), its template built if stale.
pub(super) fn shared_probe(
    kit: &Path,
    scratch: &Path,
    toolchain: &Toolchain,
    isolation: Isolation,
    tmp: &Path,
) -> Result<SharedProbe, GradeError> {
    let source = kit.join("crates").join("probe");
    let kit_manifest = kit_manifest(kit)?;
    // The copy's files, by their path in it: a workspace of the probe crate alone, with the
    // kit's lints, which the crate inherits.
    let mut files = vec![(PathBuf::from("Cargo.toml"), workspace_manifest(&kit_manifest)?.into_bytes())];
    for entry in crate::intake::walk::all(&source) {
        let entry = entry.map_err(|error| GradeError::Harness(format!("cannot read {}: {error}", source.display())))?;
        let relative = entry.path().strip_prefix(&source).unwrap_or(entry.path()).to_owned();
        // The kit's own files, links to them read as the file they lead to (the walk's policy).
        if !entry.file_type().is_dir() {
            let bytes = std::fs::read(entry.path())
                .map_err(GradeError::io(format!("cannot read {}", entry.path().display())))?;
            files.push((Path::new("crates").join("probe").join(relative), bytes));
        }
    }
    let mut hashed = Vec::new();
    for (path, bytes) in &files {
        hashed.extend(path.as_os_str().as_encoded_bytes());
        hashed.push(0);
        hashed.extend(crate::hash::stable(bytes).to_be_bytes());
    }
    let probe = SharedProbe { dir: scratch.join(format!("probe-{:016x}", crate::hash::stable(&hashed))) };
    if !probe.kit().is_dir() {
        copy_probe(&probe, &files)?;
        remove_stale_probes(scratch, &probe.dir);
    }
    let template = probe.dir.join("template");
    std::fs::create_dir_all(&template).map_err(GradeError::io(format!("cannot create {}", template.display())))?;
    let manifest = Manifest {
        package: Package {
            name: "gamekit-probe-template".into(),
            edition: edition(&kit_manifest),
            publish: false,
            autotests: false,
            autobins: false,
            build: None,
        },
        workspace: toml::Table::new(),
        test: Vec::new(),
        bin: vec![Target { name: "template".into(), path: template.join("main.rs") }],
        dependencies: [(PROBE.to_owned(), path_dependency(&probe.crate_dir()))].into_iter().collect(),
        dev_dependencies: toml::Table::new(),
        profile: profile(&kit_manifest, "gamekit-probe-template"),
    };
    let manifest = toml::to_string(&manifest)
        .map_err(|error| GradeError::Harness(format!("cannot write the probe template's manifest: {error}")))?;
    write(&template.join("Cargo.toml"), &manifest)?;
    write(&template.join("main.rs"), "fn main() {}\n")?;
    // Once per process for this copy and manifest (its sources are named by its hash).
    static BUILT: Once<()> = Once::new();
    let cargo = toolchain.cargo_in(isolation);
    let inputs = once::inputs([
        template.as_os_str().as_encoded_bytes(),
        manifest.as_bytes(),
        cargo.as_os_str().as_encoded_bytes(),
    ]);
    BUILT.get_or_run(inputs, |()| probe.template().is_dir(), || build_template(&template, toolchain, &cargo, tmp))?;
    Ok(probe)
}

/// Builds the template in `template` (its manifest written) with `cargo`.
fn build_template(template: &Path, toolchain: &Toolchain, cargo: &Path, tmp: &Path) -> Result<(), GradeError> {
    let args = ["build", "--offline", "--quiet", "--package", PROBE, "--manifest-path"].map(OsString::from);
    let mut args = args.to_vec();
    args.extend([template.join("Cargo.toml").into(), "--target-dir".into(), template.join("target").into()]);
    // Outside the sandbox: in `/`, so that Cargo reads no configuration but root's own.
    let built = cargo_sandbox(Isolation::None, Path::new("/"), template, toolchain)
        .env("TMPDIR", tmp)
        .run(cargo, &args, b"", Limits::build())
        .map_err(GradeError::io("cannot run cargo"))?;
    if built.status.is_none_or(|status| !status.success()) {
        let stderr = String::from_utf8_lossy(&built.stderr);
        return Err(GradeError::Harness(format!("the kit's {PROBE} does not build:\n{stderr}")));
    }
    Ok(())
}

/// The manifest of the copy's workspace: the probe crate its one member, with the kit's
/// `[workspace.lints]`, which the crate inherits.
fn workspace_manifest(kit_manifest: &toml::Table) -> Result<String, GradeError> {
    let mut workspace = toml::Table::new();
    workspace.insert("members".into(), toml::Value::Array(vec!["crates/probe".into()]));
    workspace.insert("resolver".into(), "3".into());
    let lints = kit_manifest.get("workspace").and_then(|workspace| workspace.get("lints"));
    if let Some(lints) = lints {
        workspace.insert("lints".into(), lints.clone());
    }
    let manifest: toml::Table = [("workspace".to_owned(), toml::Value::Table(workspace))].into_iter().collect();
    toml::to_string(&manifest)
        .map_err(|error| GradeError::Harness(format!("cannot write the probe crate's workspace: {error}")))
}

/// Removes the copies of older versions of the probe crate (`probe-<hash>` folders other than
/// `current`, with their template builds, about 2 MB each), once a new version is copied:
/// every harness built from now on uses the new one. (Only a harness being built at that very
/// moment, by another grader of this kit from before its probe crate changed, could miss its
/// copy: it fails to build, and grading it again builds it.) Unfinished copies of other
/// processes (`probe-<hash>.partial.…`) are left to them.
pub(super) fn remove_stale_probes(scratch: &Path, current: &Path) {
    let is_stale = |path: &Path| {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let hash = name.strip_prefix("probe-").unwrap_or_default();
        path != current && hash.len() == 16 && hash.bytes().all(|byte| byte.is_ascii_hexdigit())
    };
    for entry in std::fs::read_dir(scratch).into_iter().flatten().flatten() {
        if is_stale(&entry.path()) && entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Writes the copy's `files` (by their path in it) for `probe`: in a folder of this process's,
/// renamed into place (another grader may have put it there meanwhile). Readable by every
/// user, as users of their own build from it.
pub(super) fn copy_probe(probe: &SharedProbe, files: &[(PathBuf, Vec<u8>)]) -> Result<(), GradeError> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    static COPIES: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let copy = COPIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let partial = probe.dir.with_extension(format!("partial.{}.{copy}", std::process::id()));
    let kit = partial.join("kit");
    let written = (|| {
        let mut folders = std::fs::DirBuilder::new();
        folders.recursive(true).mode(0o755);
        folders.create(kit.join("crates").join("probe"))?;
        for (path, bytes) in files.iter().map(|(path, bytes)| (kit.join(path), bytes)) {
            if let Some(parent) = path.parent() {
                folders.create(parent)?;
            }
            let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o644).open(&path)?;
            std::io::Write::write_all(&mut file, bytes)?;
        }
        std::fs::rename(&partial, &probe.dir)
    })();
    if written.is_err() {
        let _ = std::fs::remove_dir_all(&partial);
        if probe.kit().is_dir() {
            return Ok(());
        }
    }
    written.map_err(GradeError::io(format!("cannot copy the kit's probe crate to {}", probe.dir.display())))
}

/// Starts a new harness's `target` from the probe crate's `template` build (its `deps/` and
/// Cargo's `.fingerprint/`). Only a target that is not there yet: every folder and file is
/// made new, so nothing a submission's earlier build left (a link, say) is written through.
pub(super) fn seed(template: &Path, target: &Path) -> std::io::Result<()> {
    pub(super) fn copy(from: &Path, to: &Path) -> std::io::Result<()> {
        std::fs::create_dir(to)?;
        for entry in std::fs::read_dir(from)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                copy(&entry.path(), &to.join(entry.file_name()))?;
            } else if kind.is_file() {
                let mut file =
                    std::fs::OpenOptions::new().write(true).create_new(true).open(to.join(entry.file_name()))?;
                std::io::copy(&mut std::fs::File::open(entry.path())?, &mut file)?;
            }
        }
        Ok(())
    }
    match std::fs::create_dir(target) {
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => return Ok(()),
        made => made?,
    }
    let debug = target.join("debug");
    std::fs::create_dir(&debug)?;
    for part in ["deps", ".fingerprint"] {
        copy(&template.join(part), &debug.join(part))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Once a new version of the probe crate is copied, the copies of older ones go, and
    /// nothing else of the scratch folder: not a harness, not another process's unfinished copy.
    #[test]
    fn a_new_probe_copy_removes_the_older_ones_alone() {
        let scratch = crate::scratch("harness-stale-probes");
        let names = [
            "probe-00000000000000aa",
            "probe-00000000000000bb",
            "probe-00000000000000cc.partial.1.0",
            "tictactoe-0123456789abcdef",
            "work",
        ];
        for name in names {
            std::fs::create_dir_all(scratch.join(name).join("kit")).expect("a folder");
        }
        std::fs::write(scratch.join("probe-00000000000000dd"), "a file, not a copy").expect("a file");
        remove_stale_probes(&scratch, &scratch.join("probe-00000000000000bb"));
        let mut left: Vec<String> = std::fs::read_dir(&scratch)
            .expect("the scratch folder")
            .flatten()
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        let _ = std::fs::remove_dir_all(&scratch);
        assert_eq!(
            left,
            [
                "probe-00000000000000bb",
                "probe-00000000000000cc.partial.1.0",
                "probe-00000000000000dd",
                "tictactoe-0123456789abcdef",
                "work"
            ]
        );
    }
}
