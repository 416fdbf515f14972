//! One file per command: its clap arguments and what it does with the terminal and the
//! files; what it decides is `hashbench-commands`' and the plan's.

pub mod compare;
pub mod compare_published;
pub mod crossover;
pub mod list;
pub mod maps;
pub mod published;
pub mod quality;
pub mod recommend;
pub mod report;
pub mod run;
pub mod suite;
pub mod sum;
pub mod verify;
