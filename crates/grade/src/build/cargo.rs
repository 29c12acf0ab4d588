//! Cargo's JSON messages (`--message-format=json`), read as `cargo_metadata`'s typed
//! messages: the compiler's errors, the executables built, the libraries compiled.

use crate::GradeError;
use crate::sandbox::Ran;
use cargo_metadata::diagnostic::DiagnosticLevel;
use cargo_metadata::{Artifact, Message, TargetKind};
use std::path::PathBuf;

/// Cargo's messages in its output, one a line. A line that is not one is left out: a
/// build's output is the submission's to shape (its compiler messages quote its code), so
/// it is never trusted to be whole or well formed.
fn messages(stdout: &[u8]) -> impl Iterator<Item = Message> + '_ {
    stdout.split(|&byte| byte == b'\n').filter_map(|line| serde_json::from_slice(line).ok())
}

/// What Cargo built, as it says.
fn artifacts(stdout: &[u8]) -> impl Iterator<Item = Artifact> + '_ {
    messages(stdout).filter_map(|message| match message {
        Message::CompilerArtifact(artifact) => Some(artifact),
        _ => None,
    })
}

/// The compiler's errors, as it renders them.
pub(super) fn errors(stdout: &[u8]) -> Vec<String> {
    messages(stdout)
        .filter_map(|message| match message {
            Message::CompilerMessage(message) if message.message.level == DiagnosticLevel::Error => {
                message.message.rendered
            }
            _ => None,
        })
        .collect()
}

/// The compiler's errors when a Cargo build failed because the code does not compile.
///
/// # Errors
/// [`GradeError::Harness`] when it failed before compiling (no network, a full disk…): not
/// the submission's fault, so not a score of 0.
pub(super) fn compile_failure(output: &Ran) -> Result<Option<String>, GradeError> {
    if output.success() {
        return Ok(None);
    }
    let errors = errors(&output.stdout);
    if errors.is_empty() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let limit = output.limit.map(|limit| format!(" ({limit:?} limit)")).unwrap_or_default();
        return Err(GradeError::Harness(format!("cargo failed before compiling anything{limit}:\n{stderr}")));
    }
    Ok(Some(errors.concat()))
}

/// The executable of target `name` of `kind` (a test, a binary) that Cargo built.
pub(super) fn executable(stdout: &[u8], name: &str, kind: TargetKind) -> Option<PathBuf> {
    artifacts(stdout)
        .filter(|artifact| artifact.target.name == name && artifact.target.is_kind(kind.clone()))
        .find_map(|artifact| artifact.executable.map(PathBuf::from))
}

/// The libraries Cargo compiled (not those it found built already).
pub(super) fn compiled_libraries(stdout: &[u8]) -> Vec<String> {
    artifacts(stdout)
        .filter(|artifact| !artifact.fresh && artifact.target.is_kind(TargetKind::Lib))
        .map(|artifact| artifact.target.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compiler error as Cargo writes it (its spans left out).
    const ERROR: &str = r#"{"reason": "compiler-message", "package_id": "path+file:///s/brok#0.1.0", "manifest_path": "/s/brok/Cargo.toml", "target": {"kind": ["lib"], "crate_types": ["lib"], "name": "brok", "src_path": "/s/brok/src/lib.rs", "edition": "2024", "doc": true, "doctest": true, "test": true}, "message": {"rendered": "error[E0308]: mismatched types\n", "$message_type": "diagnostic", "children": [], "level": "error", "message": "mismatched types", "spans": [], "code": null}}"#;

    #[test]
    fn the_errors_are_read_among_lines_that_are_no_message() {
        let warning = ERROR.replace(r#""level": "error""#, r#""level": "warning""#);
        let stdout =
            [b"not a message\n\xff\xfe{\n".as_slice(), ERROR.as_bytes(), b"\n", warning.as_bytes(), b"\n{"].concat();
        assert_eq!(errors(&stdout), ["error[E0308]: mismatched types\n"]);
        assert_eq!(executable(&stdout, "brok", TargetKind::Lib), None);
        assert!(compiled_libraries(&stdout).is_empty());
    }
}
