//! The state of a position (ongoing, won, drawn) as a C struct.

use crate::boundary::Failure;
use crate::boundary::ffi_boundary;
use crate::game::variants_game;
use crate::ptr::{TextOut, arg_out, arg_ref};
use crate::result::variants_result;
use std::ffi::c_char;
use variant_games::Status;
use variant_games::variant_core::Game;
use variant_games::variant_core::{DrawReason, WinReason};

/// Whether the game goes on, is won or is drawn.
#[allow(non_camel_case_types)]
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum variants_status_kind {
    /// The game goes on.
    VARIANTS_STATUS_ONGOING = 0,
    /// A seat has won (`winner_seat`).
    VARIANTS_STATUS_WIN = 1,
    /// The game is drawn.
    VARIANTS_STATUS_DRAW = 2,
    /// The game was called off before every player had moved: no result (a record's status
    /// only; a position is never aborted).
    VARIANTS_STATUS_ABORTED = 3,
}

/// Why a game ended. Numbers are stable; new reasons get new numbers.
#[allow(non_camel_case_types)]
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum variants_reason {
    /// The game goes on.
    VARIANTS_REASON_NONE = 0,
    /// Win: the loser is in check and has no legal move.
    VARIANTS_REASON_CHECKMATE = 1,
    /// Win: the loser has no legal move (draughts; chess-T blockade).
    VARIANTS_REASON_NO_LEGAL_MOVES = 2,
    /// Win: the loser's king was captured (chess-T).
    VARIANTS_REASON_KING_CAPTURED = 3,
    /// Win: the winner holds the loser's castle (chess-T).
    VARIANTS_REASON_CASTLE_CAPTURED = 4,
    /// Win: the loser resigned.
    VARIANTS_REASON_RESIGNATION = 5,
    /// Win: every other player has been eliminated ("Bishops").
    VARIANTS_REASON_LAST_PLAYER_STANDING = 6,
    /// Draw: the side to move is not in check and has no legal move.
    VARIANTS_REASON_STALEMATE = 7,
    /// Draw: no sequence of legal moves can lead to a mate.
    VARIANTS_REASON_DEAD_POSITION = 8,
    /// Draw: a repetition that ends the game by itself.
    VARIANTS_REASON_AUTOMATIC_REPETITION = 9,
    /// Draw: a repetition claimed (threefold).
    VARIANTS_REASON_REPETITION = 10,
    /// Draw: a move-count rule that ends the game by itself (75-move rule).
    VARIANTS_REASON_AUTOMATIC_MOVE_RULE = 11,
    /// Draw: a move-count rule claimed (50-move rule and the like).
    VARIANTS_REASON_MOVE_RULE = 12,
    /// Draw: every active player passed in a row ("Bishops").
    VARIANTS_REASON_PASSES = 13,
    /// Draw: agreed by the players.
    VARIANTS_REASON_AGREEMENT = 14,
    /// Win or draw by a rule of the game's own (four in a line, a full board…):
    /// `variants_game_status_reason` gives its id, its rule id and its words.
    VARIANTS_REASON_GAME = 15,
    /// Aborted: called off before every player had moved.
    VARIANTS_REASON_ABORTED = 16,
    /// A reason newer than this version of the C API.
    VARIANTS_REASON_OTHER = 255,
}

/// Which words of a status's reason `variants_game_status_reason` writes.
#[allow(non_camel_case_types)]
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum variants_reason_part {
    /// A short id for programs, lower case with dashes (`checkmate`, `four-in-a-line`).
    VARIANTS_REASON_PART_ID = 0,
    /// The rule id on the game's rules page for a reason of the game's own (`Q-5`); empty for
    /// the reasons games share.
    VARIANTS_REASON_PART_RULE = 1,
    /// The words shown to players (`checkmate`, `four in a line`).
    VARIANTS_REASON_PART_TEXT = 2,
}

/// The state of a position, filled by `variants_game_status`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct variants_status {
    /// Ongoing, win or draw.
    pub kind: variants_status_kind,
    /// The winning seat (0 = White, numbered in turn order) for a win, otherwise -1.
    pub winner_seat: i32,
    /// Why the game ended (`VARIANTS_REASON_NONE` while it goes on).
    pub reason: variants_reason,
}

fn win_reason(reason: WinReason) -> variants_reason {
    use variants_reason::*;
    match reason {
        WinReason::Checkmate => VARIANTS_REASON_CHECKMATE,
        WinReason::NoLegalMoves => VARIANTS_REASON_NO_LEGAL_MOVES,
        WinReason::KingCaptured => VARIANTS_REASON_KING_CAPTURED,
        WinReason::CastleCaptured => VARIANTS_REASON_CASTLE_CAPTURED,
        WinReason::Resignation => VARIANTS_REASON_RESIGNATION,
        WinReason::LastPlayerStanding => VARIANTS_REASON_LAST_PLAYER_STANDING,
        WinReason::Game(_) => VARIANTS_REASON_GAME,
        _ => VARIANTS_REASON_OTHER,
    }
}

pub(crate) fn draw_reason(reason: DrawReason) -> variants_reason {
    use variants_reason::*;
    match reason {
        DrawReason::Stalemate => VARIANTS_REASON_STALEMATE,
        DrawReason::DeadPosition => VARIANTS_REASON_DEAD_POSITION,
        DrawReason::AutomaticRepetition => VARIANTS_REASON_AUTOMATIC_REPETITION,
        DrawReason::Repetition => VARIANTS_REASON_REPETITION,
        DrawReason::AutomaticMoveRule => VARIANTS_REASON_AUTOMATIC_MOVE_RULE,
        DrawReason::MoveRule => VARIANTS_REASON_MOVE_RULE,
        DrawReason::Passes => VARIANTS_REASON_PASSES,
        DrawReason::Agreement => VARIANTS_REASON_AGREEMENT,
        DrawReason::Game(_) => VARIANTS_REASON_GAME,
        _ => VARIANTS_REASON_OTHER,
    }
}

impl From<Status> for variants_status {
    fn from(status: Status) -> variants_status {
        match status {
            Status::Ongoing => variants_status {
                kind: variants_status_kind::VARIANTS_STATUS_ONGOING,
                winner_seat: -1,
                reason: variants_reason::VARIANTS_REASON_NONE,
            },
            Status::Win { winner, reason } => variants_status {
                kind: variants_status_kind::VARIANTS_STATUS_WIN,
                winner_seat: i32::from(winner.0),
                reason: win_reason(reason),
            },
            Status::Aborted => variants_status {
                kind: variants_status_kind::VARIANTS_STATUS_ABORTED,
                winner_seat: -1,
                reason: variants_reason::VARIANTS_REASON_ABORTED,
            },
            Status::Draw { reason } => variants_status {
                kind: variants_status_kind::VARIANTS_STATUS_DRAW,
                winner_seat: -1,
                reason: draw_reason(reason),
            },
        }
    }
}

/// Writes the state of the position into `*status`: what the position alone decides (mate,
/// stalemate, dead position, move-count rules that end the game by themselves). Repetitions,
/// claims, resignations and agreements belong to a game record, not to a position.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_status(
    game: *const variants_game,
    status: *mut variants_status,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let out = arg_out(status, "status")?;
        out.write(game.game.status().into());
        Ok(())
    })
}

/// Writes one part of the reason of the position's status (`variants_game_status`): its id,
/// its rule id or its words, for every reason, including a game's own
/// (`VARIANTS_REASON_GAME`), so a program shows any outcome without knowing the game. An
/// ongoing game writes the empty text. Buffer protocol as in `variants_game_to_text`;
/// `VARIANTS_INVALID_ARGUMENT` for a `part` outside `variants_reason_part`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_status_reason(
    game: *const variants_game,
    part: u32,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let out = TextOut::new(buf, len, written)?;
        let (id, rule, text) = match game.game.status() {
            Status::Ongoing => ("", "", String::new()),
            Status::Win { reason, .. } => (reason.id(), reason.rule(), reason.to_string()),
            Status::Draw { reason } => (reason.id(), reason.rule(), reason.to_string()),
            Status::Aborted => ("aborted", "", "aborted".to_string()),
        };
        let words = match part {
            0 => id,
            1 => rule,
            2 => text.as_str(),
            other => {
                return Err(Failure::new(
                    variants_result::VARIANTS_INVALID_ARGUMENT,
                    format!("part {other}: not a variants_reason_part (0 id, 1 rule, 2 text)"),
                ));
            }
        };
        out.write(words)
    })
}
