//! Runs side by side: `compare`'s changes and its verdicts (`compare`, the document
//! dispatch in `comparison`), the machines view (`machines`), and a run beside the
//! published figures (`compare_published`).

pub mod compare;
pub mod compare_published;
pub mod comparison;
pub mod machines;

#[cfg(test)]
mod tests_compare_published;
