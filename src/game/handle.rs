//! The game as every front end holds it: a [`Game`] of whichever variant
//! behind one object-safe trait, made by the one [`new_game`] that picks
//! the backend. Front ends (UCI, CECP, the web board) only translate: they
//! ask the handle rule questions and read its answers as plain data
//! ([`Diagram`], [`TurnParts`], [`Verdict`]). The engine's services (a
//! search or perft root, the evaluation's terms, the win-rate model) live
//! above, in the engine facade, which gets the backend's own position
//! back through [`GameHandle::position`].

use std::any::Any;

use super::pgn::PgnMove;
use super::{Game, Verdict};
use crate::variants::view::{BoardView, Diagram, TurnParts};
use crate::variants::{CastlingMode, FenError, MoveError, VariantId};
use crate::with_variant;

/// A legal turn: its token and what it does on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalTurn {
    pub token: String,
    pub parts: TurnParts,
}

/// A game of some variant.
pub trait GameHandle: Send {
    fn variant(&self) -> VariantId;
    /// Castling is played as in Chess960.
    fn chess960(&self) -> bool;
    /// The FEN the game started from.
    fn start_fen(&self) -> String;
    /// Whether the game began at the variant's start position.
    fn began_at_start(&self) -> bool;
    /// The halfmove clock of the position the game started from.
    fn start_halfmove_clock(&self) -> u32;
    /// The current position's FEN.
    fn fen(&self) -> String;
    fn white_to_move(&self) -> bool;
    fn in_check(&self) -> bool;
    fn halfmove_clock(&self) -> u32;
    /// The turns played, as UCI tokens.
    fn tokens(&self) -> &[String];
    /// The turns played as a reader writes them (SAN, or the token and the
    /// variant's own notation), kept as turns are played.
    fn move_list(&self) -> &[PgnMove];

    /// Plays a legal turn given as its token, whatever the verdict: the
    /// caller decides whether a finished game goes on.
    fn play(&mut self, token: &str) -> Result<(), MoveError>;
    /// Whether `token` is a legal turn of the current position.
    fn is_legal(&self, token: &str) -> bool;
    /// The token of a turn written as PGN writes it (SAN such as `O-O`
    /// where the variant has it, or a token), if legal here.
    fn token_of_pgn(&self, text: &str) -> Result<String, MoveError>;
    /// Takes back up to `plies` turns; returns how many were taken back.
    fn undo(&mut self, plies: usize) -> usize;

    /// How the rules (repetition and the 50-move rule included) ended the
    /// game, if they have.
    fn verdict(&self) -> Option<Verdict>;
    /// Could the side (`white`: White) still win by some series of legal
    /// turns, as the variant's insufficient-material rule sees it
    /// ([`crate::variants::Rules::could_win`])?
    fn could_win(&self, white: bool) -> bool;
    /// An end the rules of movement decide (an exploded king): after it no
    /// turn can be played.
    fn decided(&self) -> Option<Verdict>;
    /// Whether the game is over by an end that needs no legal turns to
    /// tell (an early end, a history draw); mate and stalemate show as no
    /// turn being legal. Cheaper than [`GameHandle::verdict`].
    fn over_without_generating(&self) -> bool;
    /// The verdict and the legal turns (none once the game is over), from
    /// one generation.
    fn verdict_and_turns(&self) -> (Option<Verdict>, Vec<LegalTurn>);

    /// The board of every position of the game, the start first.
    fn diagrams(&self) -> Vec<Diagram>;
    /// The current board.
    fn diagram(&self) -> Diagram;
    /// What every turn played did, `parts()[i]` from `diagrams()[i]`.
    fn played_parts(&self) -> Vec<TurnParts>;
    /// What the last turn did, if one was played.
    fn last_turn_parts(&self) -> Option<TurnParts>;

    /// The board as text with the FEN, key and checkers (Stockfish's `d`).
    fn display(&self) -> String;
    /// The current position, as the backend's own type (the one
    /// [`crate::with_variant`] names for [`GameHandle::variant`]).
    fn position(&self) -> &dyn Any;
    /// The keys of the positions before the current one, oldest first.
    fn keys_before(&self) -> &[u64];
}

/// `chess game at <FEN>`: which game, for messages and test failures.
impl std::fmt::Debug for dyn GameHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} game at {}", self.variant(), self.fen())
    }
}

/// A game of `variant` from `fen` (or its start position).
pub fn new_game(variant: VariantId, fen: Option<&str>) -> Result<Box<dyn GameHandle>, FenError> {
    new_game_with(variant, fen, CastlingMode::Standard)
}

/// [`new_game`] with castling under `castling` where the variant has a
/// Chess960 form ([`Game::set_up`]).
pub fn new_game_with(
    variant: VariantId,
    fen: Option<&str>,
    castling: CastlingMode,
) -> Result<Box<dyn GameHandle>, FenError> {
    with_variant!(variant, P => {
        let game = Game::<P>::set_up(variant, fen, castling)?;
        Ok(Box::new(Handle::new(game)) as Box<dyn GameHandle>)
    })
}

/// What a front end needs of a backend: its rules and its board view (to
/// draw, to write SAN).
trait Playable: BoardView + 'static {}

impl<T: BoardView + 'static> Playable for T {}

/// The one implementation: the game and its move list.
struct Handle<P: Playable> {
    game: Game<P>,
    move_list: Vec<PgnMove>,
}

impl<P: Playable> Handle<P> {
    fn new(game: Game<P>) -> Self {
        let move_list = game.pgn_moves();
        Handle { game, move_list }
    }

    fn pos(&self) -> &P {
        self.game.position()
    }
}

impl<P: Playable> GameHandle for Handle<P> {
    fn variant(&self) -> VariantId {
        self.game.variant()
    }

    fn chess960(&self) -> bool {
        self.pos().chess960()
    }

    fn start_fen(&self) -> String {
        self.game.start().fen()
    }

    fn began_at_start(&self) -> bool {
        self.game.from_start_position()
    }

    fn start_halfmove_clock(&self) -> u32 {
        self.game.start().halfmove_clock()
    }

    fn fen(&self) -> String {
        self.pos().fen()
    }

    fn white_to_move(&self) -> bool {
        self.pos().white_to_move()
    }

    fn in_check(&self) -> bool {
        self.pos().in_check()
    }

    fn halfmove_clock(&self) -> u32 {
        self.pos().halfmove_clock()
    }

    fn tokens(&self) -> &[String] {
        self.game.tokens()
    }

    fn move_list(&self) -> &[PgnMove] {
        &self.move_list
    }

    fn play(&mut self, token: &str) -> Result<(), MoveError> {
        let pos = self.pos();
        let m = pos.parse_move(token)?;
        // Written as `Game::pgn_moves` writes it: from the position before,
        // with the turn's own token.
        let text = PgnMove::of(pos, m, &pos.format_move(m));
        self.game.play(m);
        self.move_list.push(text);
        Ok(())
    }

    fn token_of_pgn(&self, text: &str) -> Result<String, MoveError> {
        let pos = self.pos();
        pos.parse_pgn_move(text).map(|m| pos.format_move(m))
    }

    fn is_legal(&self, token: &str) -> bool {
        self.pos().parse_move(token).is_ok()
    }

    fn undo(&mut self, plies: usize) -> usize {
        let n = self.game.undo(plies);
        self.move_list.truncate(self.game.tokens().len());
        n
    }

    fn verdict(&self) -> Option<Verdict> {
        self.game.verdict()
    }

    fn could_win(&self, white: bool) -> bool {
        self.pos().could_win(white)
    }

    fn decided(&self) -> Option<Verdict> {
        self.game.decided_without_turns()
    }

    fn over_without_generating(&self) -> bool {
        self.game.over_without_generating()
    }

    fn verdict_and_turns(&self) -> (Option<Verdict>, Vec<LegalTurn>) {
        let (verdict, moves) = self.game.verdict_and_turns();
        let pos = self.pos();
        let turns = moves
            .into_iter()
            .map(|m| LegalTurn {
                token: pos.format_move(m),
                parts: pos.turn_parts(m),
            })
            .collect();
        (verdict, turns)
    }

    fn diagrams(&self) -> Vec<Diagram> {
        self.game.positions().iter().map(Diagram::of).collect()
    }

    fn diagram(&self) -> Diagram {
        Diagram::of(self.pos())
    }

    fn played_parts(&self) -> Vec<TurnParts> {
        self.game
            .positions()
            .iter()
            .zip(self.game.moves())
            .map(|(pos, &m)| pos.turn_parts(m))
            .collect()
    }

    fn last_turn_parts(&self) -> Option<TurnParts> {
        self.game
            .last_turn()
            .map(|(before, m)| before.turn_parts(m))
    }

    fn display(&self) -> String {
        let pos = self.pos();
        format!(
            "{}\nFen: {}\nKey: {:016X}\nCheckers: {}\n",
            pos.pretty(),
            pos.fen(),
            pos.hash(),
            if pos.in_check() { "yes" } else { "none" }
        )
    }

    fn position(&self) -> &dyn Any {
        self.pos()
    }

    fn keys_before(&self) -> &[u64] {
        self.game.keys_before()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::EndReason;

    #[test]
    fn a_handle_plays_undoes_and_keeps_its_move_list() {
        let mut g = new_game(VariantId::Chess, None).unwrap();
        for t in ["e2e4", "e7e5", "g1f3"] {
            g.play(t).unwrap();
        }
        let texts: Vec<&str> = g.move_list().iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["e4", "e5", "Nf3"]);
        assert!(g.play("e1e3").is_err());
        assert_eq!(g.tokens().len(), 3);
        assert_eq!(g.undo(2), 2);
        assert_eq!(g.move_list().len(), 1);
        assert_eq!(g.tokens(), ["e2e4"]);
        assert!(!g.white_to_move());
        assert_eq!(g.diagrams().len(), 2);
        assert_eq!(g.played_parts().len(), 1);
    }

    #[test]
    fn a_handle_judges_and_lists_turns_once() {
        let mut g = new_game(VariantId::Chess, None).unwrap();
        let (verdict, turns) = g.verdict_and_turns();
        assert_eq!((verdict, turns.len()), (None, 20));
        for t in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.play(t).unwrap();
        }
        let (verdict, turns) = g.verdict_and_turns();
        assert_eq!(verdict.map(|v| v.reason), Some(EndReason::Checkmate));
        assert!(turns.is_empty());
        assert_eq!(g.move_list().last().unwrap().text, "Qh4#");
        // Avalanche has no SAN: the token and the variant's notation.
        let mut g = new_game(VariantId::Avalanche, None).unwrap();
        g.play("g1f3,c7c6").unwrap();
        let m = &g.move_list()[0];
        assert_eq!(
            (m.text.as_str(), m.notation.as_deref()),
            ("g1f3,c7c6", Some("Nf3/c6"))
        );
        assert!(new_game(VariantId::Omega, Some("junk")).is_err());
    }

    #[test]
    fn every_kind_of_end_is_judged_and_decided_ends_stop_play() {
        let mut g = new_game(VariantId::Omega, None).unwrap();
        g.play("e3e6").unwrap();
        assert!(!g.white_to_move() && g.tokens().len() == 1);
        assert!(g.play("e3e6").is_err());
        assert_eq!(g.undo(5), 1);
        let mut g = new_game(VariantId::Atomic, None).unwrap();
        for t in ["g1f3", "e7e6", "f3g5", "d7d5", "g5f7"] {
            g.play(t).unwrap();
        }
        assert_eq!(g.decided().map(|v| v.reason), Some(EndReason::KingExploded));
        // A repetition is a verdict, but play may go on.
        let mut g = new_game(VariantId::Chess, None).unwrap();
        for t in [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ] {
            g.play(t).unwrap();
        }
        assert_eq!(
            g.verdict().map(|v| v.reason),
            Some(EndReason::ThreefoldRepetition)
        );
        assert_eq!(g.decided(), None);
        // A lone rook cannot mate in atomic.
        let g = new_game(VariantId::Atomic, Some("8/8/4k3/8/8/8/4K3/R7 w - - 0 1")).unwrap();
        assert_eq!(
            g.verdict().map(|v| v.reason),
            Some(EndReason::InsufficientMaterial)
        );
    }
}
