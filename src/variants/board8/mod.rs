//! What the two 8x8 custom backends (avalanche and Dynamo) share: the square
//! numbering, colours and roles with their one-byte piece, piece letters,
//! the FEN fields both read the same way, and the text drawing. Written once
//! so that the two cannot drift apart in notation.
//!
//! The exchange values of its pieces (`piece::EXCHANGE_VALUE`) serve the
//! shakmaty backends (chess, atomic) as well.
//!
//! Only vocabulary and notation live here, no rules and no board type: the
//! representations differ where speed is decided. Avalanche keeps bitboards
//! per colour and role over shakmaty's attack tables with `u32` squares
//! (they pack into its `u32` turns); Dynamo keeps a mailbox plus occupancy
//! bitboards over its own ray tables with `u8` squares and an `off` square
//! (64). Both keep a `[Piece; 64]` mailbox, which is what the FEN writer and
//! the drawing read.

pub mod draw;
pub mod fen;
pub mod game_score;
pub mod letters;
pub mod piece;
pub mod square;
pub mod view;
