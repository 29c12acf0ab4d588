//! What a course deploys: a student's handout ([`handout`]), Gradescope's autograder and
//! results ([`gradescope`]), GitHub Classroom's workflow and result ([`classroom`]).

pub mod classroom;
pub mod gradescope;
pub mod handout;
