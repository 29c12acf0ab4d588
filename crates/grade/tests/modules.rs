//! The grader's modules depend on one another one way only: a module that uses another
//! (`crate::build::harness::…`, an item `lib.rs` re-exports from it, `crate::Report`, a
//! sibling by `super::…`, or a child of its own, `page::…`) is never used by it, directly or
//! through others. Its folders, the stages, depend on one another one way only too. Read
//! from the sources, folders included, outside their tests.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const SOURCES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// Each module's source by its path (`grade`, `class`, `class::batch`; `lib` for the root),
/// without its `#[cfg(test)]` part and its comments.
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, prefix: &str, modules: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).expect("the sources").flatten() {
            let path = entry.path();
            let Some(stem) = path.file_stem().and_then(|stem| stem.to_str()).map(str::to_owned) else { continue };
            if path.is_dir() {
                walk(&path, &format!("{prefix}{stem}::"), modules);
                continue;
            }
            if path.extension().is_none_or(|extension| extension != "rs") {
                continue;
            }
            let name = if stem == "mod" { prefix.trim_end_matches("::").to_owned() } else { format!("{prefix}{stem}") };
            let text = std::fs::read_to_string(&path).expect("a source");
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            let code: Vec<&str> = code.lines().filter(|line| !line.trim_start().starts_with("//")).collect();
            modules.insert(name, code.join("\n"));
        }
    }
    let mut modules = BTreeMap::new();
    walk(Path::new(SOURCES), "", &mut modules);
    modules
}

/// The module each item `lib.rs` re-exports comes from.
fn reexported(lib: &str) -> BTreeMap<String, String> {
    let mut items = BTreeMap::new();
    for line in lib.lines().filter_map(|line| line.strip_prefix("pub use ")) {
        let Some((module, names)) = line.trim_end_matches(';').rsplit_once("::") else { continue };
        for name in names.trim_matches(|c| c == '{' || c == '}').split(',') {
            items.insert(name.trim().to_owned(), module.to_owned());
        }
    }
    items
}

/// The path that starts `text`: `a::b::c` (without a `{…}` group or the item's arguments).
fn path_at(text: &str) -> String {
    text.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect::<String>()
}

/// The longest module that `path` (from the crate's root) names, if any.
fn module_of(path: &str, modules: &BTreeSet<&str>) -> Option<String> {
    let parts: Vec<&str> = path.split("::").filter(|part| !part.is_empty()).collect();
    (1..=parts.len()).rev().map(|length| parts[..length].join("::")).find(|prefix| modules.contains(prefix.as_str()))
}

/// The modules that module `name`'s `code` uses.
fn uses(name: &str, code: &str, modules: &BTreeSet<&str>, items: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    let mut add = |path: &str| {
        if let Some(module) = module_of(path, modules) {
            used.insert(module);
        } else if let Some(module) = items.get(path.trim_end_matches("::")) {
            used.insert(module.clone());
        }
    };
    // `super::` is its parent's path (the root's for a module at the root).
    let parent = name.rsplit_once("::").map_or("", |(parent, _)| parent);
    let parent = if parent.is_empty() { String::new() } else { format!("{parent}::") };
    for (start, from) in [("crate::", String::new()), ("super::", parent)] {
        for (at, _) in code.match_indices(start) {
            let rest = &code[at + start.len()..];
            let path = format!("{from}{}", path_at(rest));
            match rest[path.len() - from.len()..].strip_prefix('{') {
                Some(group) => {
                    for item in group.split('}').next().unwrap_or_default().split(',') {
                        add(&format!("{path}{}", path_at(item.trim())));
                    }
                }
                None => add(&path),
            }
        }
    }
    // Its children, by their names.
    for child in modules.iter().filter_map(|module| module.strip_prefix(name)?.strip_prefix("::")) {
        if !child.contains("::") && code.contains(&format!("{child}::")) {
            add(&format!("{name}::{child}"));
        }
    }
    used
}

/// The path from `start` back to itself through `edges`, if there is one.
fn cycle(start: &str, edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    let mut seen = BTreeSet::new();
    let mut pending: Vec<(String, Vec<String>)> = vec![(start.to_owned(), vec![start.to_owned()])];
    while let Some((module, path)) = pending.pop() {
        for next in edges.get(&module).into_iter().flatten() {
            let path: Vec<String> = path.iter().cloned().chain([next.clone()]).collect();
            if next == start {
                return Some(path);
            }
            if seen.insert(next.clone()) {
                pending.push((next.clone(), path));
            }
        }
    }
    None
}

/// Each module's uses, itself left out.
fn edges() -> BTreeMap<String, BTreeSet<String>> {
    let sources = modules();
    assert!(Path::new(SOURCES).join("grade.rs").is_file(), "the grader's sources are where this check reads");
    let items = reexported(&sources["lib"]);
    let names: BTreeSet<&str> = sources.keys().map(String::as_str).filter(|name| *name != "lib").collect();
    names
        .iter()
        .map(|&name| {
            let mut used = uses(name, &sources[name], &names, &items);
            used.remove(name);
            (name.to_owned(), used)
        })
        .collect()
}

#[test]
fn no_module_of_the_grader_depends_on_itself_through_others() {
    let edges = edges();
    for start in edges.keys() {
        assert_eq!(cycle(start, &edges), None, "a cycle of modules");
    }
    // The check sees what it should: the grading drives the build and the run, in folders.
    assert!(edges["grade"].contains("build::harness") && edges["grade"].contains("run"), "{edges:?}");
    assert!(edges["class::batch"].contains("grade"), "{edges:?}");
}

/// The stages are the folders (and the modules at the root: `grade`, the driver; `error`,
/// `hash`, `output` and `shown`, which any stage may use).
#[test]
fn the_grader_s_stages_depend_on_one_another_one_way_only() {
    let stage = |module: &str| module.split("::").next().unwrap_or_default().to_owned();
    let mut stages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, used) in edges() {
        let from = stage(&module);
        let to: BTreeSet<String> = used.iter().map(|used| stage(used)).filter(|to| *to != from).collect();
        stages.entry(from).or_default().extend(to);
    }
    for start in stages.keys() {
        assert_eq!(cycle(start, &stages), None, "a cycle of stages: {stages:#?}");
    }
    assert!(stages["class"].contains("grade") && stages["grade"].contains("build"), "{stages:#?}");
}
