//! `gamekit merge OUT… --out DIR`: a class graded in shards (`--batch … --shard I/N`, on as
//! many machines) joined into one output folder, as if graded in one run: the submissions'
//! folders copied in, then the class's files written from them ([`crate::class`]).

use crate::class::{self, Class, Graded, Manifest, Shard};
use crate::{BatchError, Rubric};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Joins the outputs of the shards `parts` into `out` (which may be one of them).
///
/// # Errors
/// When a part is not a shard's output, when the parts are not the N shards of one class
/// graded by the same kit, grader and time limits (each once), or when a file cannot be
/// copied or written.
pub fn merge(kit: &Path, parts: &[PathBuf], out: &Path) -> Result<Class, BatchError> {
    let manifests: Vec<Manifest> = parts.iter().map(|part| Manifest::read(part)).collect::<Result<_, _>>()?;
    let first = manifests.first().ok_or_else(|| BatchError::Merge("no shard to merge".into()))?;
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    let mut count = None;
    for (part, manifest) in parts.iter().zip(&manifests) {
        let refuse = |why: String| Err(BatchError::Merge(format!("{}: {why}", part.display())));
        let Some(Shard { index, count: n }) = manifest.shard else {
            return refuse("a whole class, not a shard (graded without --shard)".into());
        };
        if manifest.assignment != first.assignment {
            return refuse(format!("{}, not {}", manifest.assignment, first.assignment));
        }
        if manifest.suite != first.suite {
            return refuse(format!(
                "graded with another kit, grader or time limit than {}: grade every shard with the same",
                parts[0].display()
            ));
        }
        if *count.get_or_insert(n) != n {
            return refuse(format!("a shard of {n}, not of {}", count.unwrap_or(n)));
        }
        // An id is a folder's name in the class: never a path out of the output folder.
        if let Some(id) =
            manifest.ids.iter().find(|id| id.is_empty() || id.starts_with('.') || id.contains(['/', '\\']))
        {
            return refuse(format!("'{id}' is not a submission's id"));
        }
        if let Some(other) = seen.insert(index, part) {
            return refuse(format!("shard {index}/{n} again (it is {} too)", other.display()));
        }
    }
    let count = count.unwrap_or(0);
    let missing: Vec<String> =
        (1..=count).filter(|index| !seen.contains_key(index)).map(|i| format!("{i}/{count}")).collect();
    if !missing.is_empty() {
        return Err(BatchError::Merge(format!("shard {} missing: give the output of every shard", missing.join(", "))));
    }
    let rubric = Rubric::load(kit, &first.assignment)?;
    std::fs::create_dir_all(out).map_err(BatchError::io(format!("cannot create {}", out.display())))?;
    let mut graded = Vec::new();
    for (part, manifest) in parts.iter().zip(&manifests) {
        for id in &manifest.ids {
            let (from, to) =
                (crate::class::graded::submission_dir(part, id), crate::class::graded::submission_dir(out, id));
            if !same(&from, &to) {
                copy(&from, &to)?;
            }
            let one = Graded::read(&to, id).ok_or_else(|| {
                BatchError::Merge(format!(
                    "{}: no report of {id} (was its shard interrupted? grade it again)",
                    part.display()
                ))
            })?;
            graded.push(one);
        }
    }
    let mut ids: Vec<String> = graded.iter().map(|one| one.id.clone()).collect();
    ids.sort();
    let manifest = Manifest { assignment: first.assignment.clone(), shard: None, ids, suite: first.suite.clone() };
    class::write(out, kit, &rubric, &manifest, graded)
}

fn same(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b)
}

/// Copies the submission's folder `from` to `to`, replacing what was there.
fn copy(from: &Path, to: &Path) -> Result<(), BatchError> {
    let _ = std::fs::remove_dir_all(to);
    let fail = |path: &Path| BatchError::io(format!("cannot copy {} into {}", path.display(), to.display()));
    std::fs::create_dir_all(to).map_err(fail(from))?;
    for entry in crate::intake::walk::all(from) {
        let entry = entry.map_err(|error| fail(from)(error.into()))?;
        let target = to.join(entry.path().strip_prefix(from).unwrap_or(entry.path()));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).map_err(fail(entry.path()))?;
        } else if entry.file_type().is_file() {
            std::fs::copy(entry.path(), &target).map_err(fail(entry.path()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shard outputs holding only their `class.json`, and what merging them says.
    fn refusal(name: &str, manifests: &[Manifest]) -> String {
        let scratch = crate::scratch(&format!("merge-{name}"));
        let parts: Vec<PathBuf> = (0..manifests.len()).map(|i| scratch.join(format!("part-{i}"))).collect();
        for (part, manifest) in parts.iter().zip(manifests) {
            std::fs::create_dir_all(part).expect("a shard's folder");
            manifest.write(part).expect("its class.json");
        }
        let said = merge(&scratch, &parts, &scratch.join("out")).map(|_| ()).expect_err("refused").to_string();
        let _ = std::fs::remove_dir_all(scratch);
        said
    }

    fn shard(index: usize, ids: &[&str]) -> Manifest {
        Manifest {
            assignment: "tictactoe".into(),
            shard: Some(Shard { index, count: 2 }),
            ids: ids.iter().map(|id| (*id).to_owned()).collect(),
            suite: "kit".into(),
        }
    }

    #[test]
    fn only_every_shard_of_one_class_graded_alike_is_merged() {
        let whole = Manifest { shard: None, ..shard(1, &["ann"]) };
        assert!(refusal("whole", &[whole, shard(2, &[])]).contains("a whole class, not a shard"));
        let other = Manifest { assignment: "reversi".into(), ..shard(2, &[]) };
        assert!(refusal("assignment", &[shard(1, &[]), other]).contains("reversi, not tictactoe"));
        let regraded = Manifest { suite: "another kit".into(), ..shard(2, &[]) };
        assert!(refusal("suite", &[shard(1, &[]), regraded]).contains("another kit, grader or time limit"));
        assert!(refusal("twice", &[shard(1, &[]), shard(1, &[])]).contains("shard 1/2 again"));
        assert!(refusal("missing", &[shard(1, &[])]).contains("shard 2/2 missing"));
        let three = Manifest { shard: Some(Shard { index: 2, count: 3 }), ..shard(2, &[]) };
        assert!(refusal("count", &[shard(1, &[]), three]).contains("a shard of 3, not of 2"));
        for id in ["../../escape", ".hidden", ""] {
            let said = refusal("id", &[shard(1, &[id]), shard(2, &[])]);
            assert!(said.contains("is not a submission's id"), "{id:?}: {said}");
        }
    }
}
