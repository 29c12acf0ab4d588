//! A SmartPlayer as a student might first write it (a kit check grades it, tests/kit.rs): a
//! plain minimax over every line of play, right in what it chooses, with nothing to make it
//! fast (no pruning, nothing remembered, no budget).

use crate::{BLACK, Player, RED, Scaffold, VACANT};
use std::time::Duration;

pub const DEFAULT_BUDGET: Duration = Duration::from_millis(9900);

#[derive(Debug, Clone)]
pub struct SmartPlayer {
    name: String,
}

impl SmartPlayer {
    pub fn new(name: &str) -> SmartPlayer {
        SmartPlayer { name: name.to_owned() }
    }

    pub fn with_budget(name: &str, _budget: Duration) -> SmartPlayer {
        SmartPlayer::new(name)
    }
}

impl Player for SmartPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose_move(&mut self, scaffold: &Scaffold, n: i32, color: i32) -> i32 {
        let (columns, levels) = (scaffold.cols(), scaffold.levels());
        let mut grid: Vec<Vec<i32>> =
            (1..=columns).map(|c| (1..=levels).map(|l| scaffold.checker_at(c, l)).collect()).collect();
        let mut best = (i32::MIN, 0);
        for column in centre_first(columns) {
            if let Some(score) = score_of(&mut grid, column, color, n) {
                if score > best.0 {
                    best = (score, column + 1);
                }
            }
        }
        best.1
    }
}

fn centre_first(columns: i32) -> Vec<i32> {
    let mut order: Vec<i32> = (0..columns).collect();
    order.sort_by_key(|&column| ((2 * column - (columns - 1)).abs(), column));
    order
}

/// The score for `color` of dropping into `column`: a win scores the empty squares left
/// before it, a draw 0; `None` when the column is full.
fn score_of(grid: &mut [Vec<i32>], column: i32, color: i32, n: i32) -> Option<i32> {
    let level = grid[column as usize].iter().position(|&cell| cell == VACANT)?;
    let empty = grid.iter().flatten().filter(|&&cell| cell == VACANT).count() as i32;
    grid[column as usize][level] = color;
    let score = if wins(grid, column, level as i32, n) {
        empty
    } else if empty == 1 {
        0
    } else {
        let other = if color == RED { BLACK } else { RED };
        let replies = (0..grid.len() as i32).filter_map(|reply| score_of(grid, reply, other, n));
        -replies.max().unwrap_or(0)
    };
    grid[column as usize][level] = VACANT;
    Some(score)
}

fn wins(grid: &[Vec<i32>], column: i32, level: i32, n: i32) -> bool {
    let color = grid[column as usize][level as usize];
    let at = |c: i32, l: i32| grid.get(c as usize).and_then(|cells| cells.get(l as usize)).copied();
    [(1, 0), (0, 1), (1, 1), (1, -1)].into_iter().any(|(dc, dl)| {
        let run = |sign: i32| {
            (1..).take_while(|k| at(column + sign * k * dc, level + sign * k * dl) == Some(color)).count()
        };
        1 + run(1) + run(-1) >= n as usize
    })
}
