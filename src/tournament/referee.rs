//! The game loop: asks the engines for moves like a GUI, checks every move
//! against the variant's rules, keeps the clocks, and decides the result.

use std::time::Duration;

use super::adjudication::{AdjudicationRules, Adjudicator, ScoreRuling};
use super::engine::{EngineError, EngineProcess};
use super::pgn::move_comment;
use super::record::{GameRecord, GameResult, Termination};
use super::time_control::{ClockVerdict, Clocks, TimeControl};
use crate::game::Game;
use crate::openings::Opening;
use crate::variants::view::BoardView;
use crate::variants::{CastlingMode, MoveError, Reason, VariantId};

/// Everything about a game that is the same for every game of the match.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub variant: VariantId,
    /// Chess960 castling (`--chess960`) or not.
    pub castling: CastlingMode,
    pub tc: TimeControl,
    /// Extra time a move may take past the clock before it loses on time.
    pub margin: Duration,
    /// Longest wait for a `bestmove` under nodes/depth.
    pub hang_timeout: Duration,
    /// Longest wait for `readyok` before a game.
    pub handshake_timeout: Duration,
    pub adjudication: AdjudicationRules,
    /// `--log`: write each game's engine transcripts here.
    pub log_dir: Option<std::path::PathBuf>,
}

/// Who plays game `number`, and from where.
#[derive(Clone, Copy, Debug)]
pub struct Pairing<'a> {
    pub number: u32,
    pub white: usize,
    pub black: usize,
    pub opening: &'a Opening,
}

fn colour(white: bool) -> &'static str {
    if white {
        "White"
    } else {
        "Black"
    }
}

/// How long a late engine gets to answer `stop` before it is killed.
const STOP_GRACE: Duration = Duration::from_millis(1000);

/// A game's state while it is being played.
struct Match<'a, P: BoardView> {
    settings: &'a GameSettings,
    pairing: Pairing<'a>,
    game: Game<P>,
    /// Plies of the game played by the opening.
    opening_plies: usize,
    annotations: Vec<String>,
    healthy: [bool; 2],
}

impl<P: BoardView> Match<'_, P> {
    fn finish(self, result: GameResult, termination: Termination, reason: String) -> GameRecord {
        GameRecord {
            number: self.pairing.number,
            white: self.pairing.white,
            black: self.pairing.black,
            variant: self.settings.variant,
            start_fen: self.pairing.opening.fen.clone(),
            moves: self.game.tokens().to_vec(),
            movetext: self.game.pgn_moves(),
            annotations: self.annotations,
            opening_plies: self.opening_plies,
            result,
            termination,
            reason,
            healthy: self.healthy,
        }
    }

    /// The `position` command for the current position.
    fn position_command(&self) -> String {
        let mut cmd = match &self.pairing.opening.fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        let moves = self.game.tokens();
        if !moves.is_empty() {
            cmd.push_str(" moves ");
            cmd.push_str(&moves.join(" "));
        }
        cmd
    }

    fn play_token(&mut self, token: &str) -> Result<(), MoveError> {
        self.game.play_token(token)?;
        self.annotations.push(String::new());
        Ok(())
    }
}

/// The record of a game that ended before any move: an engine that could not
/// start (`result` is its loss, `termination` abandoned) or a bad opening.
pub fn unplayed(
    settings: &GameSettings,
    pairing: Pairing<'_>,
    result: GameResult,
    reason: String,
    healthy: [bool; 2],
) -> GameRecord {
    GameRecord {
        number: pairing.number,
        white: pairing.white,
        black: pairing.black,
        variant: settings.variant,
        start_fen: pairing.opening.fen.clone(),
        moves: Vec::new(),
        movetext: Vec::new(),
        annotations: Vec::new(),
        opening_plies: 0,
        result,
        termination: Termination::Abandoned,
        reason,
        healthy,
    }
}

/// Plays one game between two started engines and returns its record.
/// Never fails: every problem with an engine is a result of the game.
pub fn play_game<P: BoardView>(
    settings: &GameSettings,
    pairing: Pairing<'_>,
    white: &mut EngineProcess,
    black: &mut EngineProcess,
) -> GameRecord {
    let start = Game::<P>::set_up(
        settings.variant,
        pairing.opening.fen.as_deref(),
        settings.castling,
    );
    let game = match start {
        Ok(game) => game,
        // Openings are checked when loaded; this only guards against bugs.
        Err(e) => {
            return unplayed(
                settings,
                pairing,
                GameResult::Draw,
                format!("bad opening: {e}"),
                [true, true],
            )
        }
    };
    let mut game = Match {
        settings,
        pairing,
        game,
        opening_plies: pairing.opening.moves.len(),
        annotations: Vec::new(),
        healthy: [true, true],
    };
    for token in &pairing.opening.moves {
        if let Err(e) = game.play_token(token) {
            let reason = format!("bad opening move {token}: {e}");
            return unplayed(settings, pairing, GameResult::Draw, reason, [true, true]);
        }
    }

    let mut engines = [white, black];
    for (side, engine) in engines.iter_mut().enumerate() {
        if let Err(e) = engine.new_game(settings.handshake_timeout) {
            game.healthy[side] = false;
            let white = side == 0;
            return game.finish(
                GameResult::loss_for(white),
                Termination::Abandoned,
                format!("{} engine failed to start the game: {e}", colour(white)),
            );
        }
    }

    let mut clocks = Clocks::new(settings.tc, settings.margin, settings.hang_timeout);
    let mut adjudicator = Adjudicator::new(settings.adjudication);
    loop {
        if let Some(verdict) = game.game.verdict() {
            return game.finish(verdict.result, Termination::Normal, verdict.sentence());
        }
        if adjudicator.move_limit_reached(game.game.tokens().len()) {
            return game.finish(
                GameResult::Draw,
                Termination::Adjudication,
                "Draw (move limit adjudication)".into(),
            );
        }
        let white = game.game.position().white_to_move();
        let side = usize::from(!white);
        let engine = &mut engines[side];
        let limit = clocks.deadline(white);
        let reply = engine.search(&game.position_command(), &clocks.go_command(), limit);
        let reply = match reply {
            Ok(reply) => reply,
            Err(EngineError::Timeout(_)) if settings.tc.is_timed() => {
                game.healthy[side] = engine.stop_search(STOP_GRACE);
                return game.finish(
                    GameResult::loss_for(white),
                    Termination::TimeForfeit,
                    format!(
                        "{} loses on time (no move within {} ms)",
                        colour(white),
                        limit.as_millis()
                    ),
                );
            }
            Err(EngineError::Timeout(_)) => {
                game.healthy[side] = false;
                return game.finish(
                    GameResult::loss_for(white),
                    Termination::Abandoned,
                    format!(
                        "{} engine hung (no move within {} s)",
                        colour(white),
                        limit.as_secs_f64()
                    ),
                );
            }
            Err(EngineError::Crashed(e)) => {
                game.healthy[side] = false;
                return game.finish(
                    GameResult::loss_for(white),
                    Termination::Abandoned,
                    format!("{} engine crashed: {e}", colour(white)),
                );
            }
        };
        if let ClockVerdict::Flagged(used) = clocks.charge(white, reply.elapsed) {
            return game.finish(
                GameResult::loss_for(white),
                Termination::TimeForfeit,
                format!("{} loses on time (move took {used} ms)", colour(white)),
            );
        }
        let Some(token) = reply.bestmove else {
            return game.finish(
                GameResult::loss_for(white),
                Termination::IllegalMove,
                format!("{} sends bestmove without a move", colour(white)),
            );
        };
        if let Err(e) = game.play_token(&token) {
            // The parser's reason, when it says more than "illegal move X".
            let why = match e {
                MoveError::Illegal {
                    reason: Reason::Unstated,
                    ..
                } => String::new(),
                _ => format!(" ({e})"),
            };
            return game.finish(
                GameResult::loss_for(white),
                Termination::IllegalMove,
                format!("{} makes an illegal move: {token}{why}", colour(white)),
            );
        }
        if let Some(note) = game.annotations.last_mut() {
            *note = move_comment(reply.score, reply.depth, reply.elapsed);
        }
        let move_number = (game.game.tokens().len() as u32).div_ceil(2);
        match adjudicator.record(white, move_number, reply.score) {
            ScoreRuling::Continue => {}
            ScoreRuling::Draw => {
                return game.finish(
                    GameResult::Draw,
                    Termination::Adjudication,
                    "Draw (score adjudication)".into(),
                )
            }
            ScoreRuling::Loss { white: loser } => {
                return game.finish(
                    GameResult::loss_for(loser),
                    Termination::Adjudication,
                    format!("{} wins (score adjudication)", colour(!loser)),
                )
            }
        }
    }
}
