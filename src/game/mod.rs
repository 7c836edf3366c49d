//! A game: where it started, every turn played since, and whether the rules
//! have ended it. The one arbiter of game ends for the UCI session, the web
//! board and the match runner; the position rules come from the backend
//! ([`Rules`]), the history rules (repetition, the 50-move rule) from the
//! backend's [`Rules::DRAW_RULES`].

pub mod handle;
mod movetext;
pub mod pgn;
mod result;
pub mod setup;

pub use handle::{new_game, new_game_with, GameHandle, LegalTurn};
pub use result::{GameResult, Verdict};
pub use setup::{setup, SetupError};

use crate::variants::{CastlingMode, EndReason, FenError, MoveError, Outcome, Rules, VariantId};

/// A game of one variant.
#[derive(Clone, Debug)]
pub struct Game<P: Rules> {
    /// `positions[0]` is the start; one more per turn played.
    positions: Vec<P>,
    /// `keys[i]` is `positions[i].hash()`.
    keys: Vec<u64>,
    /// The turns played, as UCI tokens.
    tokens: Vec<String>,
    /// The turns played, `moves[i]` from `positions[i]`.
    moves: Vec<P::Move>,
}

impl<P: Rules> Game<P> {
    /// A game from the variant's start position.
    pub fn new(variant: VariantId) -> Self {
        Self::from_position(P::start(variant))
    }

    /// A game from a FEN of the variant.
    pub fn from_fen(variant: VariantId, fen: &str) -> Result<Self, FenError> {
        P::from_fen(variant, fen).map(Self::from_position)
    }

    /// A game from a FEN of the variant, or its start position without
    /// one ([`Rules::set_up`]).
    pub fn set_up(
        variant: VariantId,
        fen: Option<&str>,
        castling: CastlingMode,
    ) -> Result<Self, FenError> {
        P::set_up(variant, fen, castling).map(Self::from_position)
    }

    pub fn from_position(start: P) -> Self {
        Game {
            keys: vec![start.hash()],
            positions: vec![start],
            tokens: Vec::new(),
            moves: Vec::new(),
        }
    }

    pub fn variant(&self) -> VariantId {
        self.start().variant()
    }

    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// Whether the game began at the variant's start position.
    pub fn from_start_position(&self) -> bool {
        self.start().fen() == P::start_fen(self.variant())
    }

    /// The current position.
    pub fn position(&self) -> &P {
        // Never empty: `positions` starts with one and `undo` keeps it.
        &self.positions[self.positions.len() - 1]
    }

    /// Every position of the game, the start first and the current last.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The turns played, `moves()[i]` from `positions()[i]`.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The turns played, as UCI tokens.
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// The last turn played and the position it was played from.
    pub fn last_turn(&self) -> Option<(&P, P::Move)> {
        let m = *self.moves.last()?;
        Some((&self.positions[self.moves.len() - 1], m))
    }

    /// Hashes of the positions before the current one, oldest first: what
    /// the search needs to see repetitions of the game.
    pub fn keys_before(&self) -> &[u64] {
        &self.keys[..self.keys.len() - 1]
    }

    /// Plays a legal turn of the current position. The caller decides
    /// whether a game the rules have ended may go on (a UCI GUI may).
    pub fn play(&mut self, m: P::Move) {
        let mut next = self.position().clone();
        self.tokens.push(next.format_move(m));
        self.moves.push(m);
        next.play(m);
        self.keys.push(next.hash());
        self.positions.push(next);
    }

    /// Parses a UCI token as a legal turn and plays it.
    pub fn play_token(&mut self, token: &str) -> Result<P::Move, MoveError> {
        let m = self.position().parse_move(token)?;
        self.play(m);
        Ok(m)
    }

    /// Takes back up to `plies` turns; returns how many were taken back.
    pub fn undo(&mut self, plies: usize) -> usize {
        let n = plies.min(self.tokens.len());
        let kept = self.tokens.len() - n;
        self.tokens.truncate(kept);
        self.moves.truncate(kept);
        self.positions.truncate(kept + 1);
        self.keys.truncate(kept + 1);
        n
    }

    /// The legal turns, none once the rules have ended the game, and the
    /// verdict if they have.
    pub fn verdict_and_turns(&self) -> (Option<Verdict>, Vec<P::Move>) {
        let pos = self.position();
        let white = pos.white_to_move();
        if let Some(end) = pos.early_end() {
            return (
                Some(Verdict::by_outcome(white, end.outcome, end.reason)),
                Vec::new(),
            );
        }
        let mut turns = Vec::new();
        pos.generate(&mut turns);
        // Mate and stalemate come first: a mating turn that completes the
        // 50 moves or repeats a position still mates.
        if turns.is_empty() {
            let end = pos.end_without_moves();
            return (
                Some(Verdict::by_outcome(white, end.outcome, end.reason)),
                turns,
            );
        }
        match self.history_draw() {
            Some(draw) => (Some(draw), Vec::new()),
            None => (None, turns),
        }
    }

    /// A draw by the game's history (repetition, the 50-move rule), which
    /// mate and stalemate come before.
    fn history_draw(&self) -> Option<Verdict> {
        let rules = P::DRAW_RULES;
        let key = self.keys[self.keys.len() - 1];
        if self.keys.iter().filter(|&&k| k == key).count() >= rules.repetitions {
            return Some(Verdict::draw(EndReason::ThreefoldRepetition));
        }
        if self.position().halfmove_clock() >= rules.no_progress_plies {
            return Some(Verdict::draw(EndReason::FiftyMoveRule));
        }
        None
    }

    /// Whether the game is over by an end that needs no legal turns to
    /// tell: an early end (an exploded king, dead material) or a history
    /// draw. Mate and stalemate are not seen here; their sign is that no
    /// turn is legal.
    pub fn over_without_generating(&self) -> bool {
        self.position().early_end().is_some() || self.history_draw().is_some()
    }

    /// How the rules have ended the game, if they have.
    pub fn verdict(&self) -> Option<Verdict> {
        self.verdict_and_turns().0
    }

    /// An end that the rules of movement decide (an exploded king), as
    /// opposed to a draw the arbiter may or may not apply.
    pub fn decided_without_turns(&self) -> Option<Verdict> {
        let pos = self.position();
        pos.early_end()
            .filter(|end| end.outcome != Outcome::Draw)
            .map(|end| Verdict::by_outcome(pos.white_to_move(), end.outcome, end.reason))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::atomic::AtomicPosition;
    use crate::variants::chess::ChessPosition;

    fn play_all<P: Rules>(game: &mut Game<P>, tokens: &str) {
        for token in tokens.split_whitespace() {
            game.play_token(token)
                .unwrap_or_else(|e| panic!("{token}: {e}"));
        }
    }

    #[test]
    fn threefold_repetition_counts_the_start_position() {
        let mut game = Game::<ChessPosition>::new(VariantId::Chess);
        play_all(&mut game, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        assert_eq!(game.verdict(), None);
        game.play_token("f6g8").unwrap();
        let verdict = game.verdict().unwrap();
        assert_eq!(
            (verdict.result, verdict.reason),
            (GameResult::Draw, EndReason::ThreefoldRepetition)
        );
        assert_eq!(game.keys_before().len(), 8);
        assert_eq!(game.undo(1), 1);
        assert_eq!(game.verdict(), None);
        assert_eq!(game.tokens().len(), 7);
    }

    #[test]
    fn mate_beats_the_fifty_move_rule_and_the_rule_draws_otherwise() {
        // Ra1-a8 mates with the clock reaching 100 plies.
        let mut game = Game::<ChessPosition>::from_fen(
            VariantId::Chess,
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80",
        )
        .unwrap();
        game.play_token("a1a8").unwrap();
        let verdict = game.verdict().unwrap();
        assert_eq!(
            (verdict.result, verdict.reason),
            (GameResult::WhiteWins, EndReason::Checkmate)
        );
        let mut game = Game::<ChessPosition>::from_fen(
            VariantId::Chess,
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80",
        )
        .unwrap();
        game.play_token("a1a2").unwrap();
        assert_eq!(
            game.verdict().unwrap(),
            Verdict::draw(EndReason::FiftyMoveRule)
        );
        assert!(!game.from_start_position());
    }

    #[test]
    fn an_exploded_king_decides_the_game() {
        let mut game = Game::<AtomicPosition>::new(VariantId::Atomic);
        // 1. Nf3 e6 2. Ng5 d5 3. Nxf7: the f7 explosion takes the e8 king.
        play_all(&mut game, "g1f3 e7e6 f3g5 d7d5 g5f7");
        let verdict = game.decided_without_turns().unwrap();
        assert_eq!(verdict.result, GameResult::WhiteWins);
        assert_eq!(game.verdict(), Some(verdict));
        assert!(game.verdict_and_turns().1.is_empty());
        assert!(game.from_start_position() && game.variant() == VariantId::Atomic);
    }
}
