//! Training data and tuning: the data format, `chimera datagen` and
//! `chimera data`, the evaluation tuner and the networks.

mod data_command;
mod datagen_format;
mod datagen_reader;
mod nnue;
mod tune;
