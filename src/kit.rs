//! Finding the kit: the folder with the suites (`tests/`), the fixtures and rubrics
//! (`fixtures/`), the handouts (`starter/`) and the reference solutions, which `gamekit`
//! reads at run time. An installed `gamekit` (`cargo install`) is a program alone; it finds
//! its kit, in this order:
//!
//! 1. `--kit DIR`;
//! 2. the environment variable `GAMEKIT_KIT`;
//! 3. the current folder or one above it (a checkout of the kit, wherever it is);
//! 4. the folder it was built from, if it is still there (`cargo install --path .` from a
//!    checkout).
//!
//! A folder named by 1 or 2 must be a kit: it is never passed over for another.

use std::path::{Path, PathBuf};

/// The variable naming the kit's folder.
pub const VARIABLE: &str = "GAMEKIT_KIT";

/// Why no kit was found.
#[derive(Debug, thiserror::Error)]
pub enum KitError {
    #[error("{} ({given}) is not gamekit's kit: it has no {missing}", path.display())]
    NotAKit { path: PathBuf, given: &'static str, missing: &'static str },
    #[error(
        "cannot find gamekit's kit (the folder with its tests/, fixtures/ and starter/): run gamekit \
         in the kit's folder, or give --kit DIR, or set {VARIABLE}=DIR (a checkout: git clone the kit)"
    )]
    NotFound,
}

/// What makes a folder the kit.
const PARTS: [&str; 4] = ["Cargo.toml", "fixtures", "tests", "starter"];

/// The kit's folder, found as the module's docs say.
///
/// # Errors
/// When a folder named by `--kit` or the environment is not a kit, or none is found.
pub fn find(explicit: Option<&Path>) -> Result<PathBuf, KitError> {
    let variable = std::env::var_os(VARIABLE).filter(|value| !value.is_empty()).map(PathBuf::from);
    let here = std::env::current_dir().ok();
    find_from(explicit, variable.as_deref(), here.as_deref(), Path::new(env!("CARGO_MANIFEST_DIR")))
}

fn find_from(
    explicit: Option<&Path>,
    variable: Option<&Path>,
    here: Option<&Path>,
    built_from: &Path,
) -> Result<PathBuf, KitError> {
    for (given, path) in [("--kit", explicit), (VARIABLE, variable)] {
        if let Some(path) = path {
            return match missing(path) {
                None => Ok(path.to_owned()),
                Some(missing) => Err(KitError::NotAKit { path: path.to_owned(), given, missing }),
            };
        }
    }
    let above = here.into_iter().flat_map(Path::ancestors);
    above.chain([built_from]).find(|dir| missing(dir).is_none()).map(Path::to_owned).ok_or(KitError::NotFound)
}

/// The first part of a kit `dir` lacks; `None` when it is one (its Cargo.toml the package
/// `gamekit`'s).
fn missing(dir: &Path) -> Option<&'static str> {
    if let Some(part) = PARTS.iter().find(|part| !dir.join(part).exists()) {
        return Some(part);
    }
    let Ok(text) = std::fs::read_to_string(dir.join("Cargo.toml")) else { return Some("readable Cargo.toml") };
    let manifest = text.parse::<toml::Table>().ok();
    let name = manifest.as_ref().and_then(|manifest| manifest.get("package")?.get("name")?.as_str().map(str::to_owned));
    (name.as_deref() != Some("gamekit")).then_some("Cargo.toml of the package gamekit")
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIT: &str = env!("CARGO_MANIFEST_DIR");

    #[test]
    fn the_kit_is_found_by_flag_variable_folder_or_build_in_that_order() {
        let kit = Path::new(KIT);
        let elsewhere = std::env::temp_dir();
        let gone = Path::new("/no/such/checkout");
        // The current folder, or one above it, before the folder it was built from.
        assert_eq!(find_from(None, None, Some(&kit.join("fixtures").join("reversi")), gone).ok(), Some(kit.to_owned()));
        // The folder it was built from, if nothing else.
        assert_eq!(find_from(None, None, Some(&elsewhere), kit).ok(), Some(kit.to_owned()));
        assert!(matches!(find_from(None, None, Some(&elsewhere), gone), Err(KitError::NotFound)));
        // A folder named is taken, or refused: never passed over.
        assert_eq!(find_from(Some(kit), None, Some(&elsewhere), gone).ok(), Some(kit.to_owned()));
        assert_eq!(find_from(None, Some(kit), Some(&elsewhere), gone).ok(), Some(kit.to_owned()));
        let refused = find_from(None, Some(&elsewhere), Some(kit), kit);
        assert!(matches!(refused, Err(KitError::NotAKit { given: VARIABLE, .. })), "{refused:?}");
        let starter = find_from(Some(&kit.join("starter")), None, None, kit);
        assert!(matches!(starter, Err(KitError::NotAKit { given: "--kit", .. })), "{starter:?}");
        assert!(KitError::NotFound.to_string().contains("--kit DIR"));
    }
}
