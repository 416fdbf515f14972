//! Host facts (in progress).
