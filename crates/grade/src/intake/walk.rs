//! The one way the grader reads a tree: a submission, an upload, the kit, a copy it made.
//! One policy everywhere, so that what is graded, what is fingerprinted, what is handed out
//! and what is uploaded to Gradescope are the same files:
//!
//! - **a symbolic link below the root is never followed**: it comes as an entry of its own
//!   kind, and the caller decides (a submission's is refused and noted; the kit's links to
//!   its own files, the handouts' transcripts, are read as the file they lead to). The root
//!   is the caller's own path, followed if it is a link: so a caller that walks a folder of
//!   a submission's (its `src/`) first refuses it if it is a link;
//! - **hidden entries** (a name that begins with `.`: `.git/`, `.cargo/`, an editor's
//!   files), **`target/`** (build output) and **`__MACOSX/`** (what macOS's zips carry)
//!   are neither given nor entered: none is ever what is graded or handed out;
//! - entries come in name order, a folder before what it holds.
//!
//! Two walks are not reads and see everything: giving a harness to its user
//! (`toolchain::give`), and checking that a toolchain is root's alone (`sandbox`).

use std::path::Path;

/// What of a kit's folder builds `gamekit` and decides a grade: what a Gradescope zip holds,
/// what a class's fingerprint covers, and what the grader watches for changes to its judges.
/// Not the documents, CI or anything else a kit's folder may gather (a class's submissions).
pub const KIT_PARTS: [&str; 10] =
    ["Cargo.toml", "Cargo.lock", "build.rs", "src", "crates", "benches", "tests", "fixtures", "solution", "starter"];

/// An entry of a tree: its path, its depth below the root (1 for the root's own entries),
/// and its kind, the link itself for a link.
pub type Entry = walkdir::DirEntry;

/// The entries below `root` (not `root` itself), to `depth` levels at most, by the policy
/// above; an entry that cannot be read is an `Err`.
pub fn tree(root: &Path, depth: usize) -> impl Iterator<Item = walkdir::Result<Entry>> {
    walkdir::WalkDir::new(root)
        .follow_links(false)
        .sort_by_file_name()
        .min_depth(1)
        .max_depth(depth)
        .into_iter()
        .filter_entry(|entry| entry.depth() == 0 || !left_out(&entry.file_name().to_string_lossy()))
}

/// Every entry below `root`, however deep.
pub fn all(root: &Path) -> impl Iterator<Item = walkdir::Result<Entry>> {
    tree(root, usize::MAX)
}

/// Whether an entry of that name is left out of every walk.
pub fn left_out(name: &str) -> bool {
    name.starts_with('.') || name == "target" || name == "__MACOSX"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_hidden_entries_and_build_output_are_left_as_the_policy_says() {
        let root = crate::scratch("walk");
        for dir in ["src/nested", "target/debug", ".git", "__MACOSX", "elsewhere"] {
            std::fs::create_dir_all(root.join(dir)).expect("a folder");
        }
        for file in ["src/lib.rs", "src/nested/b.rs", "src/.hidden.rs", "target/debug/x", ".git/HEAD", "elsewhere/e"] {
            std::fs::write(root.join(file), "x").expect("a file");
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink(root.join("elsewhere"), root.join("src/link")).expect("a link");
        let seen: Vec<(String, bool)> = all(&root.join("src"))
            .map(|entry| entry.expect("readable"))
            .map(|entry| (entry.path().strip_prefix(&root).unwrap().display().to_string(), entry.path_is_symlink()))
            .collect();
        let mut expected = vec![("src/lib.rs", false), ("src/nested", false), ("src/nested/b.rs", false)];
        if cfg!(unix) {
            expected.insert(1, ("src/link", true));
        }
        let expected: Vec<(String, bool)> = expected.into_iter().map(|(path, link)| (path.to_owned(), link)).collect();
        assert_eq!(seen, expected, "a link is given, not entered; hidden files are left out");
        let top: Vec<String> =
            tree(&root, 1).map(|entry| entry.expect("readable").file_name().to_string_lossy().into_owned()).collect();
        assert_eq!(top, ["elsewhere", "src"], "target/, .git/ and __MACOSX/ are left out");
        let _ = std::fs::remove_dir_all(root);
    }
}
