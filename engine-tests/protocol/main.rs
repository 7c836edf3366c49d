//! The binary through its protocols: UCI and CECP (XBoard) as a GUI drives
//! them, liveness under load, Chess960, and a fixed run of each fuzzer.

mod chess960;
mod fuzz_drivers;
mod uci_fuzz;
mod uci_liveness;
mod uci_protocol;
mod xboard_protocol;
