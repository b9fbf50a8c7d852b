//! The pieces of CT-4: kinds, letters, strengths, royalty.

use std::fmt;

/// A kind of piece (CT-4).
///
/// # Example
///
/// ```
/// use chess_t::Piece;
///
/// // CT-4's table: three royal kinds, strengths in half-units.
/// assert_eq!(Piece::ALL.iter().filter(|p| p.is_royal()).count(), 3);
/// assert_eq!(Piece::ALL.iter().map(|p| p.strength() as u32).sum::<u32>(), 3 + 6 + 3 + 4 + 2 + 3);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Piece {
    /// King: royal, strength 3 (1½), one cell in any direction.
    King = 0,
    /// Connet: royal, strength 6 (3), orthogonal jumps of 1–2 (1–3 with CT-41), diagonal 1–3.
    Connet = 1,
    /// Prince: royal, strength 3 (1½), orthogonal 1, diagonal 1–3.
    Prince = 2,
    /// Ritter: strength 4 (2), orthogonal jumps of 1–2 (1–3 with CT-41).
    Ritter = 3,
    /// Knecht: strength 2 (1), one orthogonal step, two forward inside its own territory.
    Knecht = 4,
    /// Ver Knecht: strength 3 (1½), moves as the Knecht.
    VerKnecht = 5,
    /// Scout: strength 0, the chess knight's leap.
    Scout = 6,
}

impl Piece {
    /// Every kind, in the order of their indices.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Piece;
    ///
    /// // CT-4's seven kinds, each read back from its letter.
    /// assert_eq!(Piece::ALL.len(), 7);
    /// assert!(Piece::ALL.iter().all(|&p| Piece::from_letter(p.letter()) == Some(p)));
    /// ```
    pub const ALL: [Piece; 7] = [
        Piece::King,
        Piece::Connet,
        Piece::Prince,
        Piece::Ritter,
        Piece::Knecht,
        Piece::VerKnecht,
        Piece::Scout,
    ];

    /// Strength in half-units (CT-4): the books' 1½ is 3.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Piece;
    ///
    /// // CT-4: the Connet counts 3 (6 half-units), the Scout 0.
    /// assert_eq!(Piece::Connet.strength(), 6);
    /// assert_eq!(Piece::VerKnecht.strength(), 3);
    /// assert_eq!(Piece::Scout.strength(), 0);
    /// ```
    pub const fn strength(self) -> u8 {
        STRENGTH[self as usize]
    }

    /// Whether the piece is royal (King, Connet, Prince): only these enter castles (CT-20).
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Piece;
    ///
    /// // CT-20: King, Connet and Prince are royal.
    /// assert!(Piece::Prince.is_royal());
    /// assert!(!Piece::Ritter.is_royal());
    /// ```
    pub const fn is_royal(self) -> bool {
        matches!(self, Piece::King | Piece::Connet | Piece::Prince)
    }

    /// White's letter (upper case) of CT-4 / CT-51.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Piece;
    ///
    /// assert_eq!(Piece::VerKnecht.letter(), 'V');
    /// assert_eq!(Piece::Knecht.letter(), 'N');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Piece::King => 'K',
            Piece::Connet => 'C',
            Piece::Prince => 'P',
            Piece::Ritter => 'R',
            Piece::Knecht => 'N',
            Piece::VerKnecht => 'V',
            Piece::Scout => 'S',
        }
    }

    /// The kind of a letter, either case.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Piece;
    ///
    /// assert_eq!(Piece::from_letter('s'), Some(Piece::Scout));
    /// assert_eq!(Piece::from_letter('C'), Some(Piece::Connet));
    /// assert_eq!(Piece::from_letter('q'), None);
    /// ```
    pub fn from_letter(c: char) -> Option<Piece> {
        Some(match c.to_ascii_uppercase() {
            'K' => Piece::King,
            'C' => Piece::Connet,
            'P' => Piece::Prince,
            'R' => Piece::Ritter,
            'N' => Piece::Knecht,
            'V' => Piece::VerKnecht,
            'S' => Piece::Scout,
            _ => return None,
        })
    }

    /// The English name.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Piece;
    ///
    /// assert_eq!(Piece::VerKnecht.name(), "Ver Knecht");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Piece::King => "King",
            Piece::Connet => "Connet",
            Piece::Prince => "Prince",
            Piece::Ritter => "Ritter",
            Piece::Knecht => "Knecht",
            Piece::VerKnecht => "Ver Knecht",
            Piece::Scout => "Scout",
        }
    }

    pub(crate) const fn from_index(i: usize) -> Piece {
        match i {
            0 => Piece::King,
            1 => Piece::Connet,
            2 => Piece::Prince,
            3 => Piece::Ritter,
            4 => Piece::Knecht,
            5 => Piece::VerKnecht,
            _ => Piece::Scout,
        }
    }
}

const STRENGTH: [u8; 7] = [3, 6, 3, 4, 2, 3, 0];

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
