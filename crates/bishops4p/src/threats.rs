//! Which moves check the mover's left neighbour. Every move that ends the game or puts a player
//! out starts with such a check: a player may mate only its left neighbour (B4-13), the short
//! game ends with the first mate (B4-20), the long game removes only mated players and the
//! players a removal leaves in check without a move (B4-21), and the duel is won by mating the
//! other player, the left neighbour too (B4-22). A search that looks for game-ending moves
//! (quiet mates at its horizon) can therefore play only these moves instead of every move.
//! Also whether a move puts its piece where another colour attacks it (a search's rough
//! exchange value).

use crate::geometry::{Bb, DIRS, EMPTY, KNIGHT, OFF, in_block, step};
use crate::moves::{Move, MoveKind};
use crate::position::{Bishops, KING, NONE, colour_of, kind_of};

/// A test of the moves of one position: does a move leave the mover's left neighbour in check?
/// Made by [`Bishops::left_neighbour_checks`]; it looks once around that king, so testing a
/// move is usually two bit tests.
///
/// # Example
///
/// ```
/// use bishops4p::{Bishops, BishopsConfig};
/// use variant_core::Game;
///
/// // None of White's 26 first moves (B4-53) reaches Grey's king a6 behind its pawn b6.
/// let start = Bishops::new(&BishopsConfig::default()).unwrap();
/// let test = start.left_neighbour_checks();
/// assert!(start.legal_moves().iter().all(|&mv| !test.gives_check(mv)));
/// ```
#[derive(Clone, Debug)]
pub struct LeftNeighbourChecks<'a> {
    pos: &'a Bishops,
    /// The left neighbour's colour, or `None` when no move can check it (no left neighbour,
    /// no king, or a king immune on a corner block, B4-14).
    colour: Option<u8>,
    /// Cells whose change can alter whether that king is attacked: every ray from the king up
    /// to and including its first piece, and the knight cells.
    relevant: Bb,
    /// Every move needs the exact test (the king is attacked already).
    exact_always: bool,
}

impl Bishops {
    /// Whether the piece that `mv` moves stands attacked, once it has moved, by a piece of any
    /// other colour (the attack rules of check, B4-11: pawns by their capture cells whichever
    /// way they may move, a bishop of a king in its corner block as a queen, B4-14). `false`
    /// for a pass, a castling and a placement. A search reads it as a rough exchange: a capture
    /// by a piece worth more than its victim into an attacked cell loses the difference.
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::{Bishops, BishopsConfig};
    /// use variant_core::Game;
    ///
    /// // White: king g1, rooks c1 and d1; Grey: king a6, pawn c6 guarded by Grey's knight a5,
    /// // pawn d9 unguarded. c1c6 takes a guarded pawn, d1d9 a free one, d1d2 goes nowhere near.
    /// let pos = Bishops::from_text(
    ///     &BishopsConfig::default(),
    ///     "5,bK,6/12/12/3,gP,8/12/12/gK,1,gP,8,pK/gN,11/12/12/12/2,wR,wR,2,wK,5 w wgbp w:-,g:-,b:-,p:- - 0 0 short -",
    /// )
    /// .unwrap();
    /// assert!(pos.lands_attacked(pos.parse_move("c1c6").unwrap()));
    /// assert!(!pos.lands_attacked(pos.parse_move("d1d9").unwrap()));
    /// assert!(!pos.lands_attacked(pos.parse_move("d1d2").unwrap()));
    /// ```
    pub fn lands_attacked(&self, mv: Move) -> bool {
        if !matches!(
            mv.kind,
            MoveKind::Normal | MoveKind::Double | MoveKind::EnPassant
        ) {
            return false;
        }
        let piece = self.at(mv.from);
        self.attacked_after(mv.to, colour_of(piece), mv.from, mv.to, piece)
    }

    /// A test of which moves of the side to move leave its left neighbour in check (the
    /// condition of every mate, B4-13, and so of every move that ends the game or puts a
    /// player out). Exact: the same answer as playing the move and asking
    /// [`Bishops::is_in_check`] of the left neighbour (for a mating move, before the mated army
    /// leaves the board in the long game).
    ///
    /// # Example
    ///
    /// ```
    /// use bishops4p::{Bishops, BishopsConfig};
    /// use variant_core::Game;
    ///
    /// // White: king g1, rook c1; Grey (White's left neighbour): king a6. c1c6 checks Grey
    /// // along rank 6, c1c5 does not.
    /// let pos = Bishops::from_text(
    ///     &BishopsConfig::default(),
    ///     "5,bK,6/12/12/12/12/12/gK,10,pK/12/12/12/12/2,wR,3,wK,5 w wgbp w:-,g:-,b:-,p:- - 0 0 short -",
    /// )
    /// .unwrap();
    /// let test = pos.left_neighbour_checks();
    /// assert!(test.gives_check(pos.parse_move("c1c6").unwrap()));
    /// assert!(!test.gives_check(pos.parse_move("c1c5").unwrap()));
    /// ```
    pub fn left_neighbour_checks(&self) -> LeftNeighbourChecks<'_> {
        let x = self.stm;
        let left = self.next_active(x);
        let k = self.kings[usize::from(left & 3)];
        let mut test = LeftNeighbourChecks {
            pos: self,
            colour: None,
            relevant: Bb::default(),
            exact_always: false,
        };
        if left == x || !self.is_active_seat(left) || k == NONE || self.king_immune(left) {
            return test;
        }
        test.colour = Some(left);
        test.exact_always = self.checks >> left & 1 != 0;
        for &d in &KNIGHT {
            let t = step(k, d);
            if self.at(t) != OFF {
                test.relevant.set(t);
            }
        }
        for &d in &DIRS {
            let mut t = step(k, d);
            loop {
                let p = self.at(t);
                if p == OFF {
                    break;
                }
                test.relevant.set(t);
                if p != EMPTY {
                    break;
                }
                t = step(t, d);
            }
        }
        test
    }
}

impl LeftNeighbourChecks<'_> {
    /// Whether `mv`, a legal move of the position, leaves the mover's left neighbour in check.
    ///
    /// ```
    /// use bishops4p::{Bishops, BishopsConfig};
    /// use variant_core::Game;
    ///
    /// let start = Bishops::new(&BishopsConfig::default()).unwrap();
    /// assert!(!start.left_neighbour_checks().gives_check(start.parse_move("c2c4").unwrap()));
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        let Some(colour) = self.colour else {
            return false;
        };
        let pos = self.pos;
        // An ordinary move that touches no relevant cell cannot block, open or make an attack
        // on the king — unless it is a king entering or leaving a corner block, which turns the
        // mover's bishops into queens or back (B4-14).
        let quick = !self.exact_always
            && matches!(mv.kind, MoveKind::Normal | MoveKind::Double)
            && !self.relevant.has(mv.from)
            && !self.relevant.has(mv.to)
            && (kind_of(pos.at(mv.from)) != KING || in_block(mv.from) == in_block(mv.to));
        if quick {
            return false;
        }
        let mut next = pos.clone();
        next.apply_board(mv);
        next.in_check(colour)
    }
}
