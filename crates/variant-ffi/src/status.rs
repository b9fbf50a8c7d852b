//! The state of a position (ongoing, won, drawn) as a C struct.

use crate::boundary::ffi_boundary;
use crate::game::variants_game;
use crate::ptr::{arg_out, arg_ref};
use crate::result::variants_result;
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
    /// A reason newer than this version of the C API.
    VARIANTS_REASON_OTHER = 255,
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
