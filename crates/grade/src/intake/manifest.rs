//! The handout's `Cargo.toml`: what a student's crate is built with, in the handout and when
//! it is graded (the grader builds a submission under this manifest, whatever it brings).

use std::path::{Path, PathBuf};

/// The handout's `.cargo/config.toml`: the alias `cargo rubric`, which runs the kit's
/// `starter/rubric.rs` (the handout's example `rubric`). The grader takes no other.
pub(crate) const CARGO_CONFIG: &str = "# `cargo rubric`: the public tests, then how many pass in each of the rubric's groups.\n\
                                       [alias]\nrubric = \"run --quiet --example rubric --\"\n";

/// Why the handout's manifest could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    #[error("cannot read {}: {source}", path.display())]
    Unreadable { path: PathBuf, source: std::io::Error },
    #[error("{}: {reason}", path.display())]
    Invalid { path: PathBuf, reason: String },
}

/// The handout's `Cargo.toml` for `package`, and the helper crates (beside it in the kit's
/// `starter/`) it depends on, which the handout holds inside: the starter's manifest with
/// their paths moved inside, a workspace of its own and the starter workspace's profile for
/// the package. (The grader accepts these sections in a submission's manifest.)
///
/// # Errors
/// A manifest that cannot be read or depends on something else than a helper crate.
pub fn manifest(kit: &Path, package: &str) -> Result<(String, Vec<String>), ManifestError> {
    let starter = kit.join("starter");
    let manifest_path = starter.join(package).join("Cargo.toml");
    let (manifest, helpers) = self_contained(&read(&manifest_path)?, &manifest_path)?;
    let workspace_path = starter.join("Cargo.toml");
    let workspace = read(&workspace_path)?
        .parse::<toml::Table>()
        .map_err(|error| ManifestError::Invalid { path: workspace_path, reason: error.to_string() })?;
    Ok((manifest + &profile(&workspace, package), helpers))
}

fn read(path: &Path) -> Result<String, ManifestError> {
    std::fs::read_to_string(path).map_err(|source| ManifestError::Unreadable { path: path.to_owned(), source })
}

/// The starter's manifest with its path dependencies (`../cin`) moved inside the handout
/// (`cin`), and its own `[workspace]`, so that Cargo never looks above the handout's folder;
/// and the helpers it depends on. Any other path is refused: the handout would not build.
fn self_contained(manifest: &str, path: &Path) -> Result<(String, Vec<String>), ManifestError> {
    let refuse = |reason: String| ManifestError::Invalid { path: path.to_owned(), reason };
    let table: toml::Table = manifest.parse().map_err(|error| refuse(format!("{error}")))?;
    let mut helpers = Vec::new();
    let mut text = manifest.to_owned();
    for section in ["dependencies", "dev-dependencies"] {
        let Some(dependencies) = table.get(section).and_then(toml::Value::as_table) else { continue };
        for (name, dependency) in dependencies {
            let Some(dependency_path) = dependency.get("path").and_then(toml::Value::as_str) else {
                return Err(refuse(format!("{name}: not a crate of the kit's starter/ (a handout builds offline)")));
            };
            let helper = dependency_path
                .strip_prefix("../")
                .filter(|helper| !helper.is_empty() && !helper.contains(['/', '\\', '.']))
                .ok_or_else(|| refuse(format!("{name}: path {dependency_path:?} is not a crate beside it")))?;
            let quoted = format!("path = {dependency_path:?}");
            if !text.contains(&quoted) {
                return Err(refuse(format!("{name}: write its path as {quoted}")));
            }
            text = text.replace(&quoted, &format!("path = {helper:?}"));
            helpers.push(helper.to_owned());
        }
    }
    text += "\n# A workspace of its own: Cargo looks no further up than this folder.\n[workspace]\n";
    Ok((text, helpers))
}

/// The starter workspace's profile for `package`, as the handout's own: connect_n's
/// SmartPlayer and reversi_players' computer are built optimised there.
fn profile(workspace: &toml::Table, package: &str) -> String {
    let profile = ["profile", "dev", "package", package]
        .iter()
        .try_fold(workspace, |table, key| table.get(*key).and_then(toml::Value::as_table));
    let Some(profile) = profile else { return String::new() };
    format!(
        "\n# Built as the course built it: optimised, for the computer player's search.\n\
         [profile.dev.package.{package}]\n{}",
        toml::to_string(profile).unwrap_or_default()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_dependencies_move_inside_and_others_are_refused() {
        let path = Path::new("Cargo.toml");
        let (text, helpers) =
            self_contained("[package]\nname = \"reversi\"\n[dependencies]\ncin = { path = \"../cin\" }\n", path)
                .expect("a starter's manifest");
        assert!(text.contains("cin = { path = \"cin\" }") && text.contains("\n[workspace]\n"), "{text}");
        assert_eq!(helpers, ["cin"]);
        for manifest in [
            "[dependencies]\nrand = \"0.9\"\n",
            "[dependencies]\ncin = { path = \"../../cin\" }\n",
            "[dev-dependencies]\nx = { path = \"/x\" }\n",
            "[dependencies]\ncin = { path = '../cin' }\n",
        ] {
            assert!(self_contained(manifest, path).is_err(), "{manifest}");
        }
    }

    #[test]
    fn the_package_profile_is_the_handouts() {
        let workspace: toml::Table = "[profile.dev.package.connect_n]\nopt-level = 3\n".parse().expect("a manifest");
        let profile = profile(&workspace, "connect_n");
        assert!(profile.ends_with("\n[profile.dev.package.connect_n]\nopt-level = 3\n"), "{profile}");
        assert_eq!(super::profile(&workspace, "reversi"), "");
    }
}
