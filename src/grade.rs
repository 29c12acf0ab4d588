//! Grading (to come).
