//! The rubric: `fixtures/<assignment>/rubric.toml`, the points of each group of tests.

use crate::GradeError;
use serde::Deserialize;
use std::path::Path;

/// How an assignment's suite is scored.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rubric {
    /// The assignment, e.g. `reversi`; the suite is `tests/<assignment>/main.rs`.
    pub assignment: String,
    /// The package name a submission's crate must have.
    pub package: String,
    /// The fixture directories the suite reads besides its own (`fixtures/<assignment>`):
    /// the only others its sandbox sees.
    #[serde(default)]
    pub fixtures: Vec<String>,
    /// The most seconds a test may run unless its group says otherwise. Within it, a test's
    /// limit is derived from the reference solution's time on it ([`Rubric::limits`]).
    #[serde(default = "default_timeout")]
    pub timeout: f64,
    /// Seconds all of a submission's tests may take together; tests not started by then are
    /// reported as not run.
    #[serde(default = "default_total")]
    pub total: f64,
    /// MiB of memory (address space) each process of a test may use, unless its group says
    /// otherwise.
    #[serde(default = "default_memory")]
    pub memory: u64,
    /// MiB a test's submitted code may print, unless its group says otherwise.
    #[serde(default = "default_output")]
    pub output: u64,
    /// The groups, tried in order.
    #[serde(rename = "group")]
    pub groups: Vec<Group>,
    /// What Gradescope's leaderboard ranks, if anything (opted into per assignment).
    #[serde(default)]
    pub leaderboard: Vec<Leaderboard>,
}

/// A column of Gradescope's leaderboard (the `leaderboard` of `results.json`): the seconds the
/// tests whose names start with `prefix` took, added up, for a submission that passed them
/// all (one that did not is not ranked on it).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leaderboard {
    /// The column's title, as the class sees it.
    pub name: String,
    /// The start of the timed tests' names.
    pub prefix: String,
    /// `asc` (the fastest first, the default) or `desc`.
    #[serde(default = "ascending")]
    pub order: String,
}

fn ascending() -> String {
    "asc".to_owned()
}

/// Tests sharing points: those whose names start with `prefix`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// The start of the test names, e.g. `functions::valid_move_checks::`.
    pub prefix: String,
    /// The points the group's tests share equally.
    pub points: f64,
    /// What the group checks, in a student's words.
    #[serde(default)]
    pub about: String,
    /// Seconds each of its tests may run, as the assignment sets it (SmartPlayer's 10 s a
    /// move, say): not derived from the reference solution's time.
    pub timeout: Option<f64>,
    /// MiB of memory, instead of the rubric's default.
    pub memory: Option<u64>,
    /// MiB of output, instead of the rubric's default.
    pub output: Option<u64>,
    /// The groups its tests depend on, by a prefix of theirs (`functions::`): while one of
    /// their tests fails, this group's failing tests are reported as not checked until it
    /// passes, so that one bug is explained once, where it is.
    #[serde(default)]
    pub requires: Vec<String>,
    /// When Gradescope shows its tests to the student: `visible` (the default), `hidden`,
    /// `after_due_date` or `after_published`.
    #[serde(default = "default_visibility")]
    pub visibility: String,
    /// Gradescope's tags for its tests (the concepts they check).
    #[serde(default)]
    pub tags: Vec<String>,
}

/// Gradescope's visibilities of a test.
pub const VISIBILITIES: [&str; 4] = ["visible", "hidden", "after_due_date", "after_published"];

fn default_visibility() -> String {
    VISIBILITIES[0].to_owned()
}

fn default_timeout() -> f64 {
    10.0
}

fn default_total() -> f64 {
    300.0
}

/// A test's time limit, derived from the reference solution's time on it: this many times
/// as long…
const TIMES_THE_REFERENCE: f64 = 10.0;
/// …and at least this many seconds (a sandbox to start, a busy machine).
const AT_LEAST: f64 = 2.0;

fn default_memory() -> u64 {
    1024
}

fn default_output() -> u64 {
    16
}

impl Rubric {
    /// Reads and checks the rubric of `assignment` in the kit at `kit`.
    ///
    /// # Errors
    /// [`GradeError::Rubric`] when it cannot be read, is not valid, or names another
    /// assignment.
    pub fn load(kit: &Path, assignment: &str) -> Result<Rubric, GradeError> {
        let path = kit.join("fixtures").join(assignment).join("rubric.toml");
        let error = |reason: String| GradeError::Rubric { path: path.clone(), reason };
        let text = std::fs::read_to_string(&path).map_err(|e| error(e.to_string()))?;
        let rubric: Rubric = toml::from_str(&text).map_err(|e| error(e.to_string()))?;
        if rubric.assignment != assignment {
            return Err(error(format!("it is the rubric of '{}'", rubric.assignment)));
        }
        if let Some(bad) = rubric.fixtures.iter().find(|name| name.is_empty() || name.contains(['/', '\\', '.'])) {
            return Err(error(format!("'{bad}' is not the name of a fixture directory")));
        }
        // Whole hundredths, as the report and Gradescope write points, so shares add up exactly.
        let bad_points = rubric.groups.iter().find(|group| {
            !(group.points.is_finite() && group.points >= 0.0)
                || ((group.points * 100.0).round() - group.points * 100.0).abs() > 1e-6
        });
        if let Some(group) = bad_points {
            return Err(error(format!("group '{}' has {} points (give whole hundredths)", group.prefix, group.points)));
        }
        let bad_timeout = [rubric.timeout, rubric.total]
            .into_iter()
            .chain(rubric.groups.iter().filter_map(|group| group.timeout))
            .find(|t| !(t.is_finite() && *t > 0.0));
        if let Some(timeout) = bad_timeout {
            return Err(error(format!("a timeout of {timeout} seconds")));
        }
        let required = rubric.groups.iter().flat_map(|group| &group.requires);
        if let Some(bad) = required
            .clone()
            .find(|required| !rubric.groups.iter().any(|group| group.prefix.starts_with(required.as_str())))
        {
            return Err(error(format!("requires '{bad}', which names no group's tests")));
        }
        if let Some(group) = (0..rubric.groups.len()).find(|&group| rubric.depends_on(group, group)) {
            return Err(error(format!("group '{}' requires itself", rubric.groups[group].prefix)));
        }
        if let Some(group) = rubric.groups.iter().find(|group| !VISIBILITIES.contains(&group.visibility.as_str())) {
            let known = VISIBILITIES.join(", ");
            return Err(error(format!(
                "group '{}': visibility '{}' is none of {known}",
                group.prefix, group.visibility
            )));
        }
        for column in &rubric.leaderboard {
            if !["asc", "desc"].contains(&column.order.as_str()) {
                return Err(error(format!(
                    "leaderboard '{}': order '{}' is neither asc nor desc",
                    column.name, column.order
                )));
            }
            let timed =
                |group: &Group| group.prefix.starts_with(&column.prefix) || column.prefix.starts_with(&group.prefix);
            if column.name.is_empty() || !rubric.groups.iter().any(timed) {
                return Err(error(format!(
                    "leaderboard '{}' times '{}', which names no group's tests",
                    column.name, column.prefix
                )));
            }
        }
        let sizes = [rubric.memory, rubric.output].into_iter();
        let sizes = sizes.chain(rubric.groups.iter().flat_map(|group| group.memory.into_iter().chain(group.output)));
        if let Some(size) = sizes.into_iter().find(|&mib| mib == 0 || mib > 1 << 20) {
            return Err(error(format!("a limit of {size} MiB")));
        }
        Ok(rubric)
    }

    /// The groups that group `group` requires (their prefixes start with one it names).
    pub fn required(&self, group: usize) -> impl Iterator<Item = usize> + '_ {
        let requires = &self.groups[group].requires;
        (0..self.groups.len()).filter(move |&other| {
            requires.iter().any(|required| self.groups[other].prefix.starts_with(required.as_str()))
        })
    }

    /// Whether `group` requires `other`, directly or through the groups it requires.
    fn depends_on(&self, group: usize, other: usize) -> bool {
        let (mut pending, mut seen) = (vec![group], vec![false; self.groups.len()]);
        while let Some(next) = pending.pop() {
            for required in self.required(next) {
                if required == other {
                    return true;
                }
                if !std::mem::replace(&mut seen[required], true) {
                    pending.push(required);
                }
            }
        }
        false
    }

    /// Each test's share of its group's points (0 for a test in no group), given each test's
    /// group: equal shares to the hundredth, the hundredths left over going one each to the
    /// group's first tests, so that the shares add up to the group's points exactly (as
    /// Gradescope adds them up).
    pub fn shares(&self, groups: &[Option<usize>]) -> Vec<f64> {
        let hundredths = |points: f64| (points * 100.0).round() as u64;
        let sizes: Vec<u64> = (0..self.groups.len())
            .map(|index| groups.iter().filter(|&&group| group == Some(index)).count() as u64)
            .collect();
        let mut seen = vec![0_u64; self.groups.len()];
        groups
            .iter()
            .map(|group| {
                let Some(index) = *group else { return 0.0 };
                let (total, size) = (hundredths(self.groups[index].points), sizes[index]);
                let extra = u64::from(seen[index] < total % size);
                seen[index] += 1;
                (total / size + extra) as f64 / 100.0
            })
            .collect()
    }

    /// The index of the group a test belongs to: the first whose prefix starts its name.
    pub fn group_of(&self, test: &str) -> Option<usize> {
        self.groups.iter().position(|group| test.starts_with(&group.prefix))
    }

    /// The fixture directories the suite reads: its own, then the others it names.
    pub fn fixture_dirs(&self, kit: &Path) -> Vec<std::path::PathBuf> {
        let fixtures = kit.join("fixtures");
        std::iter::once(&self.assignment).chain(&self.fixtures).map(|name| fixtures.join(name)).collect()
    }

    /// What each test of group `index` may use. Its time: `time` when given (the command
    /// line's `--timeout`); else the group's own, as the assignment sets it; else ten times
    /// the `reference` solution's seconds on the test, at least 2 s and at most the rubric's
    /// `timeout`; else (no reference time) the rubric's `timeout`.
    ///
    /// # Errors
    /// When the time is out of range.
    pub fn limits(
        &self,
        index: usize,
        time: Option<f64>,
        reference: Option<f64>,
    ) -> Result<crate::sandbox::Limits, GradeError> {
        let group = &self.groups[index];
        let derived = reference.map(|seconds| (seconds * TIMES_THE_REFERENCE).max(AT_LEAST).min(self.timeout));
        let seconds = time.or(group.timeout).or(derived).unwrap_or(self.timeout);
        let time = std::time::Duration::try_from_secs_f64(seconds).map_err(|_| GradeError::Timeout(seconds))?;
        let mib = |size: Option<u64>, default: u64| size.unwrap_or(default) << 20;
        Ok(crate::sandbox::Limits {
            memory: mib(group.memory, self.memory),
            output: mib(group.output, self.output),
            ..crate::sandbox::Limits::test(time)
        })
    }

    /// The points of all groups together.
    pub fn max_score(&self) -> f64 {
        self.groups.iter().map(|group| group.points).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up_to_each_groups_points_exactly() {
        let rubric: Rubric = toml::from_str(
            "assignment = 'a'\npackage = 'a'\n[[group]]\nprefix = 'x::'\npoints = 15\n[[group]]\nprefix = 'y::'\npoints = 3.5\n",
        )
        .expect("a rubric");
        let groups = [Some(0), Some(1), Some(0), None, Some(0), Some(0), Some(0), Some(0), Some(0), Some(1), Some(1)];
        let shares = rubric.shares(&groups);
        // 15 points among 7 tests: 2.15 twice (the first), then 2.14; 3.5 among 3: 1.17, 1.17, 1.16.
        assert_eq!(shares, [2.15, 1.17, 2.15, 0.0, 2.14, 2.14, 2.14, 2.14, 2.14, 1.17, 1.16]);
        let cents = |group| -> u64 {
            shares
                .iter()
                .zip(&groups)
                .filter(|(_, g)| **g == Some(group))
                .map(|(s, _)| (s * 100.0).round() as u64)
                .sum()
        };
        assert_eq!((cents(0), cents(1)), (1500, 350));
    }

    #[test]
    fn a_groups_limits_replace_the_rubrics_and_the_command_lines_time_replaces_both() {
        let rubric: Rubric = toml::from_str(
            "assignment = 'a'\npackage = 'a'\ntimeout = 5\nmemory = 512\n\
             [[group]]\nprefix = 'x::'\npoints = 1\n\
             [[group]]\nprefix = 'y::'\npoints = 1\ntimeout = 60\nmemory = 2048\noutput = 1\n",
        )
        .expect("a rubric");
        let plain = rubric.limits(0, None, None).expect("limits");
        assert_eq!((plain.time.as_secs(), plain.memory >> 20, plain.output >> 20), (5, 512, 16));
        let own = rubric.limits(1, None, Some(0.1)).expect("limits");
        assert_eq!((own.time.as_secs(), own.memory >> 20, own.output >> 20), (60, 2048, 1));
        assert_eq!(rubric.limits(1, Some(2.0), None).expect("limits").time.as_secs(), 2);
        assert!(matches!(rubric.limits(0, Some(f64::INFINITY), None), Err(GradeError::Timeout(_))));
        assert_eq!(rubric.total, 300.0);
    }

    #[test]
    fn a_requires_must_name_a_group_and_never_lead_back_to_its_own() {
        let kit = std::env::temp_dir().join(format!("gamekit-rubric-{}", std::process::id()));
        std::fs::create_dir_all(kit.join("fixtures/a")).expect("a kit");
        let load = |groups: &str| {
            let text = format!("assignment = 'a'\npackage = 'a'\n{groups}");
            std::fs::write(kit.join("fixtures/a/rubric.toml"), text).expect("a rubric");
            Rubric::load(&kit, "a").map_err(|error| error.to_string())
        };
        let group = |prefix: &str, requires: &str| {
            format!("[[group]]\nprefix = '{prefix}'\npoints = 1\nrequires = [{requires}]\n")
        };
        assert!(load(&(group("f::", "") + &group("games::", "'f::'"))).is_ok());
        let unknown = load(&group("games::", "'g::'")).expect_err("an unknown group");
        assert!(unknown.contains("names no group"), "{unknown}");
        let own = load(&group("games::", "'games::'")).expect_err("a group requiring itself");
        assert!(own.contains("requires itself"), "{own}");
        let cycle =
            load(&(group("a::", "'b::'") + &group("b::", "'c::'") + &group("c::", "'a::'"))).expect_err("a cycle");
        assert!(cycle.contains("requires itself"), "{cycle}");
        std::fs::remove_dir_all(&kit).expect("the kit removed");
    }

    #[test]
    fn a_tests_limit_is_ten_times_the_references_time_within_bounds() {
        let rubric: Rubric =
            toml::from_str("assignment = 'a'\npackage = 'a'\ntimeout = 30\n[[group]]\nprefix = 'x::'\npoints = 1\n")
                .expect("a rubric");
        let seconds = |reference| rubric.limits(0, None, Some(reference)).expect("limits").time.as_secs_f64();
        assert_eq!(seconds(0.01), 2.0);
        assert_eq!(seconds(0.5), 5.0);
        assert_eq!(seconds(100.0), 30.0);
    }
}
