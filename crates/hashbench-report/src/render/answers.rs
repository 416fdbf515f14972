//! The commands' answers: `recommend`, `crossover`, the published figures
//! (`published`), `list`, `sum`'s lines and `quality`'s screens.

pub mod crossover;
pub mod list;
pub mod map_answer;
pub mod maps;
pub mod published;
pub mod quality;
pub mod recommend;
pub mod sum;

#[cfg(test)]
mod tests_published;
