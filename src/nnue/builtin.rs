//! The networks built into the binary: every `nets/*.nnue` file, each a
//! variant's network that beat its hand-written evaluation in a match
//! (nets/README.md records each one's data, training command and match).
//! Each file names its variant in its header; `build.rs` lists the files,
//! so shipping a network needs no code (and puts `make EVALFILE=<file>`'s
//! first: the first network of a variant is the one that evaluates it). Avalanche's network also evaluates
//! avalanche-balanced and avalanche-reversed
//! ([`crate::variants::VariantId::form_of`]).

include!(concat!(env!("OUT_DIR"), "/builtin_networks.rs"));
