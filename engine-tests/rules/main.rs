//! The rules of every variant: perft against published counts, the backend
//! contract every `Rules` implementation keeps, the board view, the move
//! picker, SAN, and each variant against an independent reference model.

mod atomic_movegen;
mod avalanche_games;
mod avalanche_notation;
mod avalanche_rules;
mod backend_contract;
mod board_view;
mod could_win;
mod differential_rules;
mod dynamo_reference;
mod dynamo_rules;
mod movepick_perft;
mod omega_reference;
mod omega_rules;
mod perft;
mod registry;
mod san;
