//! The commands' answers: `recommend`, `crossover`, the published figures
//! (`published`), `list` and `sum`'s lines.

pub mod crossover;
pub mod list;
pub mod published;
pub mod recommend;
pub mod sum;

#[cfg(test)]
mod tests_published;
