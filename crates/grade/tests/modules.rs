//! The grader's modules depend on one another one way only: a module that uses another
//! (`crate::harness::…`, or an item `lib.rs` re-exports from it, `crate::Report`) is never
//! used by it, directly or through others. Read from the sources, outside their tests.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const SOURCES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// Each module's source, without its `#[cfg(test)]` part and its comments.
fn modules() -> BTreeMap<String, String> {
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(SOURCES).expect("the sources").flatten() {
        let path = entry.path();
        let Some(name) =
            path.file_stem().and_then(|stem| stem.to_str()).filter(|_| path.extension().is_some_and(|e| e == "rs"))
        else {
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("a source");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let code: Vec<&str> = code.lines().filter(|line| !line.trim_start().starts_with("//")).collect();
        modules.insert(name.to_owned(), code.join("\n"));
    }
    modules
}

/// The module each item `lib.rs` re-exports comes from.
fn reexported(lib: &str) -> BTreeMap<String, String> {
    let mut items = BTreeMap::new();
    for line in lib.lines().filter_map(|line| line.strip_prefix("pub use ")) {
        let Some((module, names)) = line.trim_end_matches(';').split_once("::") else { continue };
        for name in names.trim_matches(|c| c == '{' || c == '}').split(',') {
            items.insert(name.trim().to_owned(), module.to_owned());
        }
    }
    items
}

/// The modules `code` uses, by `crate::<module>` or `crate::<re-exported item>`.
fn uses(code: &str, modules: &BTreeSet<&str>, items: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
            group.split('}').next().unwrap_or_default().split(',').collect()
        } else {
            vec![rest]
        };
        for name in names {
            let name: String = name.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if modules.contains(name.as_str()) {
                used.insert(name);
            } else if let Some(module) = items.get(&name) {
                used.insert(module.clone());
            }
        }
    }
    used
}

#[test]
fn no_module_of_the_grader_depends_on_itself_through_others() {
    let sources = modules();
    assert!(Path::new(SOURCES).join("grade.rs").is_file(), "the grader's sources are where this check reads");
    let items = reexported(&sources["lib"]);
    let names: BTreeSet<&str> = sources.keys().map(String::as_str).filter(|name| *name != "lib").collect();
    let edges: BTreeMap<&str, BTreeSet<String>> = names
        .iter()
        .map(|&name| {
            let mut used = uses(&sources[name], &names, &items);
            used.remove(name);
            (name, used)
        })
        .collect();
    // A path from each module back to itself, if there is one.
    for &start in &names {
        let mut seen = BTreeSet::new();
        let mut pending: Vec<(String, Vec<String>)> = vec![(start.to_owned(), vec![start.to_owned()])];
        while let Some((module, path)) = pending.pop() {
            for next in &edges[module.as_str()] {
                let path: Vec<String> = path.iter().cloned().chain([next.clone()]).collect();
                assert!(next != start, "a cycle of modules: {}", path.join(" → "));
                if seen.insert(next.clone()) {
                    pending.push((next.clone(), path));
                }
            }
        }
    }
    // The check sees what it should: the grading drives the build and the run.
    assert!(edges["grade"].contains("harness") && edges["grade"].contains("run"), "{edges:?}");
}
