//! How the grader writes a class's files (the reports, the gradebook, the page…): each as a
//! new file of its own, written beside its place and renamed into it. A file found there,
//! even one a submission managed to make first in a folder left open to it, is replaced, not
//! written through, so it never stays someone else's to change; and a reader never sees one
//! half written.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` as the file `path`, replacing whatever is there: a new file of a name of
/// its own (made with `O_EXCL`, so never one found there) beside it, renamed into place
/// (atomic rename). The one atomic write of the grader.
///
/// # Errors
/// When the new file cannot be made, written or renamed into place (then it is removed).
pub(crate) fn write_new(path: &Path, bytes: impl AsRef<[u8]>) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
    // Readable as a file written plainly would be (the process's umask applies).
    let permissions = std::fs::Permissions::from_mode(0o666);
    let mut new = tempfile::Builder::new().prefix(".gamekit-new-").permissions(permissions).tempfile_in(dir)?;
    new.write_all(bytes.as_ref())?;
    new.persist(path).map(drop).map_err(|error| error.error)
}

/// The CSV text of `records`, for [`write_new`].
pub(crate) fn csv<I, R>(records: I) -> Result<Vec<u8>, csv::Error>
where
    I: IntoIterator<Item = R>,
    R: IntoIterator,
    R::Item: AsRef<[u8]>,
{
    let mut writer = csv::Writer::from_writer(Vec::new());
    for record in records {
        writer.write_record(record)?;
    }
    writer.into_inner().map_err(|error| error.into_error().into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::MetadataExt;

    /// A file found in its place, even a link to elsewhere, is replaced by a new one; what it
    /// led to is untouched.
    #[test]
    fn a_file_found_in_its_place_is_replaced_not_written_through() {
        let dir = crate::scratch("output-write-new");
        let (path, elsewhere) = (dir.join("report.txt"), dir.join("elsewhere.txt"));
        std::fs::write(&elsewhere, "someone else's").expect("a file");
        std::os::unix::fs::symlink(&elsewhere, &path).expect("a link in its place");
        write_new(&path, "the grader's").expect("written");
        assert_eq!(std::fs::read_to_string(&path).expect("the report"), "the grader's");
        assert_eq!(std::fs::read_to_string(&elsewhere).expect("the other file"), "someone else's");
        assert!(!std::fs::symlink_metadata(&path).expect("the report").file_type().is_symlink());
        let before = std::fs::metadata(&path).expect("the report").ino();
        write_new(&path, "again").expect("written again");
        assert_ne!(std::fs::metadata(&path).expect("the report").ino(), before, "a new file each time");
        let left: Vec<_> =
            std::fs::read_dir(&dir).expect("the folder").flatten().map(|entry| entry.file_name()).collect();
        assert_eq!(left.len(), 2, "no new file left beside it: {left:?}");
        std::fs::remove_dir_all(dir).expect("removed");
    }

    /// A name as long as a file system allows is written too (the new file's is short).
    #[test]
    fn a_file_with_the_longest_name_is_written() {
        let dir = crate::scratch("output-long-name");
        let path = dir.join(format!("{}.rs", "a".repeat(252)));
        write_new(&path, "fn f() {}").expect("written");
        assert_eq!(std::fs::read_to_string(&path).expect("the file"), "fn f() {}");
        std::fs::remove_dir_all(dir).expect("removed");
    }

    #[test]
    fn records_become_csv_text() {
        let text = csv([vec!["id", "score"], vec!["=alice, the first", "100.00"]]).expect("csv");
        assert_eq!(String::from_utf8(text).expect("text"), "id,score\n\"=alice, the first\",100.00\n");
    }
}
