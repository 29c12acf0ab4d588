//! How the [learned evaluation](super::pattern)'s weights are made, reproducibly from a seed:
//! positions of the kit's own games, each scored exactly by the [endgame
//! solver](super::endgame), and the weights fitted to those scores.
//!
//! - **Games**: from the start, a few random moves (so that the games differ), then each side
//!   plays the best move of a shallow search of the hand [evaluation](super::eval), or now
//!   and then another (so that the games differ more); from every game, one position at
//!   each number of empties the weights are for. Game `i` draws its moves from stream `i`
//!   of the seed, so the samples are the same however many threads make them.
//! - **Scores**: each position solved exactly.
//! - **Fitting**: least squares by gradient descent, each weight moved by the mean error of
//!   the samples that use it (shrunk where few do), until the error on a tenth of the
//!   samples, held out, stops falling.

use super::endgame::Solver;
use super::pattern::{PATTERNS, Weights};
use super::search::Searcher;
use super::{Board, squares};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The empties of the positions the weights are fitted to: near enough the end to be
/// solved by the thousand a minute, around where the solver's guess stops searching.
pub const EMPTIES: RangeInclusive<u32> = 12..=16;

/// A position and its exact score for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// The position.
    pub board: Board,
    /// Its final disc difference with perfect play.
    pub score: i8,
}

/// The positions of game `game` of `seed`: one at each number of `empties` the game reaches
/// with the player to move having a move.
pub fn positions(seed: u64, game: u64, empties: &RangeInclusive<u32>) -> Vec<Board> {
    // A table of its own: what another game left in a shared one would change its moves.
    let mut searcher = Searcher::new(10);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(game);
    let random = rng.random_range(2..=12);
    let (mut board, mut ply, mut positions) = (Board::start(), 0, Vec::new());
    while !board.is_over() && board.empty().count_ones() >= *empties.start() {
        let moves: Vec<u32> = squares(board.legal_moves()).collect();
        if moves.is_empty() {
            board = board.pass();
            continue;
        }
        if empties.contains(&board.empty().count_ones()) {
            positions.push(board);
        }
        let square = if ply < random || rng.random_range(0..8) == 0 {
            moves[rng.random_range(0..moves.len())]
        } else {
            let mut value = |square: &u32| -searcher.value(&board.after(*square), 2);
            *moves.iter().max_by_key(|square| value(square)).expect("a move")
        };
        board = board.after(square);
        ply += 1;
    }
    positions
}

/// The scored positions of games `0..games` of `seed`, in order of game, played and solved
/// by `jobs` threads; `progress` hears how many games are done, now and then.
pub fn samples(
    games: u64,
    seed: u64,
    empties: RangeInclusive<u32>,
    jobs: usize,
    progress: impl Fn(u64) + Sync,
) -> Vec<Sample> {
    let (next, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let mut per_game: Vec<(u64, Vec<Sample>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                let (next, done, progress, empties) = (&next, &done, &progress, &empties);
                scope.spawn(move || {
                    let (mut solver, mut games_done) = (Solver::new(), Vec::new());
                    loop {
                        let game = next.fetch_add(1, Ordering::Relaxed) as u64;
                        if game >= games {
                            return games_done;
                        }
                        let scored = positions(seed, game, empties)
                            .into_iter()
                            .map(|board| Sample { board, score: solver.solve(&board).score as i8 })
                            .collect();
                        games_done.push((game, scored));
                        let so_far = done.fetch_add(1, Ordering::Relaxed) as u64 + 1;
                        if so_far.is_multiple_of(64) || so_far == games {
                            progress(so_far);
                        }
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|worker| worker.join().expect("a learner's thread")).collect()
    });
    per_game.sort_unstable_by_key(|(game, _)| *game);
    per_game.into_iter().flat_map(|(_, samples)| samples).collect()
}

/// Fitted weights and how well they predict.
#[derive(Debug, Clone)]
pub struct Fit {
    /// The weights.
    pub weights: Weights,
    /// The root mean square error, in discs, on the samples fitted to.
    pub train_error: f64,
    /// The same on the tenth of the samples held out (every tenth).
    pub held_out_error: f64,
    /// The rounds of descent, the last best one's.
    pub rounds: usize,
}

/// How far each round moves a weight towards the mean error of its samples: a sample's
/// error is shared by the 48 weights it sums, so each takes about a 48th of it (more
/// overshoots: 1/16 diverged on 5,000 games).
const RATE: f32 = 0.02;
/// How many samples' worth of zero error a weight's mean is shrunk by: a configuration seen
/// in few samples keeps near zero instead of fitting their noise.
const SHRINK: f32 = 8.0;
/// Rounds without a better held-out error before the descent stops.
const PATIENCE: usize = 8;

/// Weights fitted to `samples` by least squares; `progress` hears each round's number and
/// its training and held-out errors.
pub fn fit(samples: &[Sample], mut progress: impl FnMut(usize, f64, f64)) -> Fit {
    let patterns = &*PATTERNS;
    let features: Vec<Vec<u32>> =
        samples.iter().map(|sample| patterns.features(&sample.board).into_iter().map(|f| f as u32).collect()).collect();
    let (train, held_out): (Vec<usize>, Vec<usize>) = (0..samples.len()).partition(|index| index % 10 != 9);
    let mut uses = vec![0f32; patterns.len()];
    for &index in &train {
        for &feature in &features[index] {
            uses[feature as usize] += 1.0;
        }
    }
    let predict = |weights: &[f32], index: usize| features[index].iter().map(|&f| weights[f as usize]).sum::<f32>();
    let error = |weights: &[f32], set: &[usize]| {
        let squares: f64 =
            set.iter().map(|&i| f64::from(f32::from(samples[i].score) - predict(weights, i)).powi(2)).sum();
        (squares / set.len().max(1) as f64).sqrt()
    };
    let mut weights = vec![0f32; patterns.len()];
    let mut best = (f64::INFINITY, weights.clone(), 0, 0.0);
    for round in 1.. {
        let mut pull = vec![0f32; patterns.len()];
        for &index in &train {
            let residual = f32::from(samples[index].score) - predict(&weights, index);
            for &feature in &features[index] {
                pull[feature as usize] += residual;
            }
        }
        for ((weight, pull), uses) in weights.iter_mut().zip(&pull).zip(&uses) {
            *weight += RATE * pull / (uses + SHRINK);
        }
        let (train_error, held_out_error) = (error(&weights, &train), error(&weights, &held_out));
        progress(round, train_error, held_out_error);
        if held_out_error < best.0 {
            best = (held_out_error, weights.clone(), round, train_error);
        } else if round >= best.2 + PATIENCE {
            break;
        }
    }
    let (held_out_error, weights, rounds, train_error) = best;
    Fit { weights: Weights::from_discs(&weights), train_error, held_out_error, rounds }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same seed gives the same samples however many threads make them, each position in
    /// range, with a move, and scored as the solver scores it.
    #[test]
    fn samples_are_reproducible_and_scored_exactly() {
        let samples = samples(8, 7, 10..=12, 3, |_| {});
        assert_eq!(samples, super::samples(8, 7, 10..=12, 1, |_| {}));
        assert!(samples.len() >= 16);
        let mut solver = Solver::new();
        for sample in &samples {
            assert!((10..=12).contains(&sample.board.empty().count_ones()) && sample.board.legal_moves() != 0);
            assert_eq!(i32::from(sample.score), solver.solve(&sample.board).score);
        }
    }

    /// Fitted weights predict the samples better than a draw does, and far better on the
    /// samples fitted to than by chance.
    #[test]
    fn fitted_weights_predict_better_than_nothing() {
        let samples = samples(40, 3, 8..=10, 2, |_| {});
        let spread = (samples.iter().map(|s| f64::from(s.score).powi(2)).sum::<f64>() / samples.len() as f64).sqrt();
        let fit = fit(&samples, |_, _, _| {});
        assert!(fit.train_error < spread / 2.0, "{} against {spread}", fit.train_error);
        assert!(fit.held_out_error < spread, "{} against {spread}", fit.held_out_error);
    }
}
