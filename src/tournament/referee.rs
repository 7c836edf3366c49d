//! The game loop: asks the engines for moves like a GUI, checks every move
//! against the variant's rules, keeps the clocks, and decides the result.

use std::time::Duration;

use super::adjudication::{AdjudicationRules, Adjudicator, ScoreRuling};
use super::engine::{EngineError, EngineProcess, SearchReply};
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
    fn finish(self, ending: Ending) -> GameRecord {
        let Ending {
            result,
            termination,
            reason,
        } = ending;
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
    let mut game = match Match::<P>::set_up(settings, pairing) {
        Ok(game) => game,
        // Openings are checked when loaded; this only guards against bugs.
        Err(reason) => return unplayed(settings, pairing, GameResult::Draw, reason, [true, true]),
    };
    let mut engines = [white, black];
    let ending = match game.start_engines(&mut engines) {
        Ok(()) => game.play_out(&mut engines),
        Err(ending) => ending,
    };
    game.finish(ending)
}

/// How a game ended, as its record tells it.
struct Ending {
    result: GameResult,
    termination: Termination,
    /// Why, in words ("White mates").
    reason: String,
}

impl Ending {
    /// The side `white` tells (true: White) loses.
    fn loss(white: bool, termination: Termination, reason: String) -> Ending {
        Ending {
            result: GameResult::loss_for(white),
            termination,
            reason,
        }
    }

    fn adjudicated_draw(reason: &str) -> Ending {
        Ending {
            result: GameResult::Draw,
            termination: Termination::Adjudication,
            reason: reason.into(),
        }
    }
}

/// Both engines, White's first.
type Engines<'e> = [&'e mut EngineProcess; 2];

impl<'a, P: BoardView> Match<'a, P> {
    /// The game at the end of the opening, or why it cannot start from it.
    fn set_up(settings: &'a GameSettings, pairing: Pairing<'a>) -> Result<Self, String> {
        let start = Game::<P>::set_up(
            settings.variant,
            pairing.opening.fen.as_deref(),
            settings.castling,
        );
        let game = start.map_err(|e| format!("bad opening: {e}"))?;
        let mut game = Match {
            settings,
            pairing,
            game,
            opening_plies: pairing.opening.moves.len(),
            annotations: Vec::new(),
            healthy: [true, true],
        };
        for token in &pairing.opening.moves {
            game.play_token(token)
                .map_err(|e| format!("bad opening move {token}: {e}"))?;
        }
        Ok(game)
    }

    /// `ucinewgame` to both engines; one that does not answer loses.
    fn start_engines(&mut self, engines: &mut Engines<'_>) -> Result<(), Ending> {
        for (side, engine) in engines.iter_mut().enumerate() {
            if let Err(e) = engine.new_game(self.settings.handshake_timeout) {
                self.healthy[side] = false;
                let white = side == 0;
                return Err(Ending::loss(
                    white,
                    Termination::Abandoned,
                    format!("{} engine failed to start the game: {e}", colour(white)),
                ));
            }
        }
        Ok(())
    }

    /// Plays turns until the game ends.
    fn play_out(&mut self, engines: &mut Engines<'_>) -> Ending {
        let settings = self.settings;
        let mut clocks = Clocks::new(settings.tc, settings.margin, settings.hang_timeout);
        let mut adjudicator = Adjudicator::new(settings.adjudication);
        loop {
            if let Err(ending) = self.turn(engines, &mut clocks, &mut adjudicator) {
                return ending;
            }
        }
    }

    /// One turn: the game may be over already; else the side to move's
    /// engine moves, and the move is checked, played and adjudicated.
    fn turn(
        &mut self,
        engines: &mut Engines<'_>,
        clocks: &mut Clocks,
        adjudicator: &mut Adjudicator,
    ) -> Result<(), Ending> {
        if let Some(verdict) = self.game.verdict() {
            return Err(Ending {
                result: verdict.result,
                termination: Termination::Normal,
                reason: verdict.sentence(),
            });
        }
        if adjudicator.move_limit_reached(self.game.tokens().len()) {
            return Err(Ending::adjudicated_draw("Draw (move limit adjudication)"));
        }
        let white = self.game.position().white_to_move();
        let reply = self.ask(engines[usize::from(!white)], white, clocks)?;
        if let ClockVerdict::Flagged(used) = clocks.charge(white, reply.elapsed) {
            return Err(Ending::loss(
                white,
                Termination::TimeForfeit,
                format!("{} loses on time (move took {used} ms)", colour(white)),
            ));
        }
        self.play_reply(white, &reply)?;
        let move_number = (self.game.tokens().len() as u32).div_ceil(2);
        match adjudicator.record(white, move_number, reply.score) {
            ScoreRuling::Continue => Ok(()),
            ScoreRuling::Draw => Err(Ending::adjudicated_draw("Draw (score adjudication)")),
            ScoreRuling::Loss { white: loser } => Err(Ending::loss(
                loser,
                Termination::Adjudication,
                format!("{} wins (score adjudication)", colour(!loser)),
            )),
        }
    }

    /// The side to move's search; an engine that does not answer in time
    /// loses (on time under a clock, else as hung), and so does one that
    /// crashed.
    fn ask(
        &mut self,
        engine: &mut EngineProcess,
        white: bool,
        clocks: &Clocks,
    ) -> Result<SearchReply, Ending> {
        let side = usize::from(!white);
        let limit = clocks.deadline(white);
        let reply = engine.search(&self.position_command(), &clocks.go_command(), limit);
        match reply {
            Ok(reply) => Ok(reply),
            Err(EngineError::Timeout(_)) if self.settings.tc.is_timed() => {
                // A late engine that answers `stop` in time plays on.
                self.healthy[side] = engine.stop_search(STOP_GRACE);
                Err(Ending::loss(
                    white,
                    Termination::TimeForfeit,
                    format!(
                        "{} loses on time (no move within {} ms)",
                        colour(white),
                        limit.as_millis()
                    ),
                ))
            }
            Err(EngineError::Timeout(_)) => {
                self.healthy[side] = false;
                Err(Ending::loss(
                    white,
                    Termination::Abandoned,
                    format!(
                        "{} engine hung (no move within {} s)",
                        colour(white),
                        limit.as_secs_f64()
                    ),
                ))
            }
            Err(EngineError::Crashed(e)) => {
                self.healthy[side] = false;
                Err(Ending::loss(
                    white,
                    Termination::Abandoned,
                    format!("{} engine crashed: {e}", colour(white)),
                ))
            }
        }
    }

    /// Plays the reply's move with its comment; a missing or illegal move
    /// loses.
    fn play_reply(&mut self, white: bool, reply: &SearchReply) -> Result<(), Ending> {
        let Some(token) = &reply.bestmove else {
            return Err(Ending::loss(
                white,
                Termination::IllegalMove,
                format!("{} sends bestmove without a move", colour(white)),
            ));
        };
        if let Err(e) = self.play_token(token) {
            // The parser's reason, when it says more than "illegal move X".
            let why = match e {
                MoveError::Illegal {
                    reason: Reason::Unstated,
                    ..
                } => String::new(),
                _ => format!(" ({e})"),
            };
            return Err(Ending::loss(
                white,
                Termination::IllegalMove,
                format!("{} makes an illegal move: {token}{why}", colour(white)),
            ));
        }
        if let Some(note) = self.annotations.last_mut() {
            *note = move_comment(reply.score, reply.depth, reply.elapsed);
        }
        Ok(())
    }
}
