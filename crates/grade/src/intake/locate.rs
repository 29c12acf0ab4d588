//! Finding the crate to grade in what a student uploaded: the crate itself, the handout's
//! folder, a folder holding it (a few levels down), or a zip of any of these. Gradescope
//! hands over whatever was uploaded, and a class's submissions come as folders or zips.
//!
//! An upload is hostile: symbolic links are never followed, and a zip is unpacked only into
//! a folder of the grader's, entry by entry, with names that stay inside it and a cap on its
//! size, however its headers lie.

use crate::GradeError;
use std::io::Read;
use std::path::{Path, PathBuf};

/// How many folders down a crate is looked for.
const DEPTH: usize = 4;
/// The most the zips of an upload may unpack to, together, in bytes and entries; and how
/// many zips are tried.
const MAX_BYTES: u64 = 64 * 1024 * 1024;
const MAX_ENTRIES: usize = 10_000;
const MAX_ZIPS: usize = 8;
/// The largest Cargo.toml read.
const MAX_MANIFEST: u64 = 64 * 1024;

/// A crate's Cargo.toml, read only if it is a regular file (a link could name `/dev/zero` or
/// a pipe) of at most 64 kB.
///
/// # Errors
/// When it is not a regular file, is larger, or cannot be read.
pub fn read_manifest(path: &Path) -> std::io::Result<String> {
    let metadata = std::fs::symlink_metadata(path)?;
    if !metadata.is_file() || metadata.len() > MAX_MANIFEST {
        return Err(std::io::Error::other(format!("not a regular file of at most {} kB", MAX_MANIFEST >> 10)));
    }
    let mut text = String::new();
    std::fs::File::open(path)?.take(MAX_MANIFEST).read_to_string(&mut text)?;
    Ok(text)
}

/// The crate named `package` in `upload`: `upload` itself when it is a crate (its name is
/// checked later, with its own error), else the shallowest crate of that name below it,
/// else one in a zip in it (or `upload` is a zip), unpacked into `unpack`.
///
/// # Errors
/// No such crate, several at the same depth, or a zip that cannot be unpacked.
pub fn crate_in(upload: &Path, package: &str, unpack: &Path) -> Result<PathBuf, GradeError> {
    if std::fs::symlink_metadata(upload.join("Cargo.toml")).is_ok_and(|metadata| metadata.is_file()) {
        return Ok(upload.to_owned());
    }
    let zips = if is_zip(upload) {
        vec![upload.to_owned()]
    } else {
        if !upload.is_dir() {
            return Err(GradeError::NotACrate(upload.to_owned()));
        }
        if let Some(found) = shallowest(upload, package)? {
            return Ok(found);
        }
        walk(upload).into_iter().filter(|(path, _)| is_zip(path)).map(|(path, _)| path).collect()
    };
    let _ = std::fs::remove_dir_all(unpack);
    let mut left = MAX_BYTES;
    for (index, zip) in zips.iter().take(MAX_ZIPS).enumerate() {
        let into = unpack.join(index.to_string());
        unzip(zip, &into, &mut left)?;
        if let Some(found) = shallowest(&into, package)? {
            return Ok(found);
        }
        let _ = std::fs::remove_dir_all(&into);
    }
    Err(GradeError::NoCrateInside { upload: upload.to_owned(), package: package.to_owned() })
}

/// The crate named `package` nearest the top of `dir`; an error when two are as near.
fn shallowest(dir: &Path, package: &str) -> Result<Option<PathBuf>, GradeError> {
    let crates: Vec<(PathBuf, usize)> =
        walk(dir).into_iter().filter(|(path, _)| path.is_dir() && names(path, package)).collect();
    let Some(depth) = crates.iter().map(|(_, depth)| *depth).min() else { return Ok(None) };
    let nearest: Vec<&PathBuf> = crates.iter().filter(|(_, at)| *at == depth).map(|(path, _)| path).collect();
    match nearest[..] {
        [one] => Ok(Some(one.clone())),
        _ => Err(GradeError::SeveralCrates {
            upload: dir.to_owned(),
            crates: nearest.iter().map(|path| path.strip_prefix(dir).unwrap_or(path).to_owned()).collect(),
        }),
    }
}

/// Where in `upload` its crate `found` was, in the upload's terms (`my work/reversi`, or
/// `reversi` in a zip); `None` when the upload is the crate.
pub fn where_found(upload: &Path, found: &Path, unpack: &Path) -> Option<String> {
    let upload = upload.canonicalize().ok()?;
    if found == upload {
        return None;
    }
    if let Ok(inside) = found.strip_prefix(&upload) {
        return Some(inside.display().to_string());
    }
    let unpack = unpack.canonicalize().ok()?;
    // `<unpack>/<index of the zip>/<path in the zip>`.
    let mut parts = found.strip_prefix(&unpack).ok()?.components();
    parts.next();
    Some(format!("{} (in a zip)", parts.as_path().display()))
}

/// Where a zip in `upload` is unpacked: `target/grade/unpacked/<hash of its path>/` in the
/// kit.
pub fn unpack_dir(kit: &Path, upload: &Path) -> PathBuf {
    let hash = crate::hash::stable(upload.as_os_str().as_encoded_bytes());
    kit.join("target").join("grade").join("unpacked").join(format!("{hash:016x}"))
}

/// Whether `dir` holds a Cargo.toml whose package is `package`.
fn names(dir: &Path, package: &str) -> bool {
    let Ok(text) = read_manifest(&dir.join("Cargo.toml")) else { return false };
    let Ok(manifest) = text.parse::<toml::Table>() else { return false };
    manifest.get("package").and_then(|table| table.get("name")).and_then(toml::Value::as_str) == Some(package)
}

/// Everything below `dir` to [`DEPTH`], with its depth, nearest first; no symbolic link,
/// and nothing the walk's policy leaves out ([`crate::intake::walk`]).
fn walk(dir: &Path) -> Vec<(PathBuf, usize)> {
    let mut found: Vec<(PathBuf, usize)> = crate::intake::walk::tree(dir, DEPTH)
        .flatten()
        .filter(|entry| !entry.path_is_symlink())
        .map(|entry| (entry.path().to_owned(), entry.depth()))
        .collect();
    found.sort_by_key(|(_, depth)| *depth);
    found
}

fn is_zip(path: &Path) -> bool {
    path.is_file() && path.extension().is_some_and(|extension| extension.eq_ignore_ascii_case("zip"))
}

/// Unpacks the regular files and folders of `zip` into `into` (not what the walk's policy
/// leaves out: a student who zips the folder after `cargo test` zips `target/` too),
/// taking what they hold out of the `left` bytes allowed.
fn unzip(zip: &Path, into: &Path, left: &mut u64) -> Result<(), GradeError> {
    let refuse = |reason: String| GradeError::BadZip { zip: zip.to_owned(), reason };
    let file = std::fs::File::open(zip).map_err(|error| refuse(error.to_string()))?;
    let mut archive = zip::ZipArchive::new(file).map_err(|error| refuse(error.to_string()))?;
    if archive.len() > MAX_ENTRIES {
        return Err(refuse(format!("over {MAX_ENTRIES} entries")));
    }
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).map_err(|error| refuse(error.to_string()))?;
        // A name that would leave `into` (`../`, an absolute path) is skipped, as is a link.
        let Some(name) = entry.enclosed_name() else { continue };
        let skipped = name.components().any(|part| crate::intake::walk::left_out(&part.as_os_str().to_string_lossy()));
        if entry.is_symlink() || skipped {
            continue;
        }
        let path = into.join(name);
        let io = |error: std::io::Error| GradeError::Io {
            context: format!("cannot unpack {}", path.display()),
            source: error,
        };
        if entry.is_dir() {
            std::fs::create_dir_all(&path).map_err(io)?;
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        let mut bytes = Vec::new();
        (&mut entry).take(*left + 1).read_to_end(&mut bytes).map_err(|error| refuse(error.to_string()))?;
        *left = left
            .checked_sub(bytes.len() as u64)
            .ok_or_else(|| refuse(format!("its files (without target/ and .git/) are over {} MiB", MAX_BYTES >> 20)))?;
        std::fs::write(&path, bytes).map_err(io)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn a_crate(dir: &Path, package: &str) {
        std::fs::create_dir_all(dir.join("src")).expect("a crate's folder");
        std::fs::write(dir.join("Cargo.toml"), format!("[package]\nname = \"{package}\"\n")).expect("a manifest");
    }

    fn zip_of(path: &Path, files: &[(&str, &[u8])]) {
        let mut zip = zip::ZipWriter::new(std::fs::File::create(path).expect("a zip"));
        for (name, bytes) in files {
            zip.start_file(*name, zip::write::SimpleFileOptions::default()).expect("an entry");
            zip.write_all(bytes).expect("its bytes");
        }
        zip.finish().expect("the zip written");
    }

    #[test]
    fn the_crate_is_found_however_the_upload_holds_it() {
        let dir = crate::scratch("locate-nested");
        a_crate(&dir.join("upload/my work/reversi"), "reversi");
        a_crate(&dir.join("upload/my work/old/reversi"), "reversi");
        a_crate(&dir.join("upload/other"), "tictactoe");
        let found = crate_in(&dir.join("upload"), "reversi", &dir.join("unpacked")).expect("found");
        assert_eq!(found, dir.join("upload/my work/reversi"));
        a_crate(&dir.join("upload/again/reversi"), "reversi");
        let several = crate_in(&dir.join("upload"), "reversi", &dir.join("unpacked"));
        assert!(matches!(several, Err(GradeError::SeveralCrates { .. })), "{several:?}");
        assert!(matches!(
            crate_in(&dir.join("upload/other"), "reversi", &dir.join("unpacked")),
            Ok(path) if path == dir.join("upload/other")
        ));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_zip_is_unpacked_inside_its_folder_only() {
        let dir = crate::scratch("locate-zip");
        std::fs::create_dir_all(dir.join("upload")).expect("an upload");
        let manifest = b"[package]\nname = \"reversi\"\n";
        zip_of(
            &dir.join("upload/submission.zip"),
            &[
                ("work/reversi/Cargo.toml", manifest),
                ("work/reversi/src/lib.rs", b""),
                ("work/reversi/target/debug/big", b"build output, never unpacked"),
                ("../escaped.txt", b"x"),
            ],
        );
        let found = crate_in(&dir.join("upload"), "reversi", &dir.join("unpacked")).expect("found in the zip");
        assert_eq!(found, dir.join("unpacked/0/work/reversi"));
        assert!(!dir.join("escaped.txt").exists() && !dir.join("unpacked/escaped.txt").exists());
        assert!(!found.join("target").exists(), "target/ unpacked");
        let missing = crate_in(&dir.join("upload"), "tictactoe", &dir.join("unpacked"));
        assert!(matches!(missing, Err(GradeError::NoCrateInside { .. })), "{missing:?}");
        std::fs::write(dir.join("upload/broken.zip"), b"not a zip").expect("a broken zip");
        let broken = crate_in(&dir.join("upload/broken.zip"), "reversi", &dir.join("unpacked"));
        assert!(matches!(broken, Err(GradeError::BadZip { .. })), "{broken:?}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_manifest_that_is_a_link_is_not_read() {
        let dir = crate::scratch("locate-link");
        std::fs::create_dir_all(dir.join("upload/reversi")).expect("a folder");
        std::os::unix::fs::symlink("/dev/zero", dir.join("upload/reversi/Cargo.toml")).expect("a link");
        assert!(read_manifest(&dir.join("upload/reversi/Cargo.toml")).is_err());
        let found = crate_in(&dir.join("upload"), "reversi", &dir.join("unpacked"));
        assert!(matches!(found, Err(GradeError::NoCrateInside { .. })), "{found:?}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_zip_bomb_stops_at_the_cap() {
        let dir = crate::scratch("locate-bomb");
        let zeros = vec![0_u8; 1 << 20];
        let mut zip = zip::ZipWriter::new(std::fs::File::create(dir.join("bomb.zip")).expect("a zip"));
        let deflated = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        zip.start_file("big", deflated).expect("an entry");
        for _ in 0..3 {
            zip.write_all(&zeros).expect("zeros");
        }
        zip.finish().expect("the zip written");
        // Its headers say 3 MiB; what it unpacks to is counted all the same.
        let bomb = unzip(&dir.join("bomb.zip"), &dir.join("unpacked"), &mut (2 << 20));
        assert!(matches!(&bomb, Err(GradeError::BadZip { reason, .. }) if reason.contains("MiB")), "{bomb:?}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
