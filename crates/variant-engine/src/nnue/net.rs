//! A net file ("VNET", format 1): its header, its quantised weights, and the checks that turn a
//! truncated, corrupt or foreign file into a [`NetError`].

use super::Layout;
use std::fmt;
use std::path::Path;

/// The first bytes of every net file.
pub const NET_MAGIC: &[u8; 4] = b"VNET";
/// The net file format this crate reads and writes.
pub const NET_VERSION: u16 = 1;
/// The feature set (see [`Layout`]) the nets of this crate read.
pub const FEATURE_SET: u16 = 1;
/// Hidden units a net may have at most (a bound on what a file can make us allocate).
pub const MAX_HIDDEN: usize = 4096;
/// Input weights a net may have at most (64 Mi, 128 MiB of memory).
pub const MAX_WEIGHTS: usize = 1 << 26;

/// What a net file says about itself.
///
/// # Example
///
/// ```
/// use variant_engine::nnue::{Layout, Network};
///
/// let layout = Layout::two_seats("chess3d", [1, 8, 8], 6, false);
/// let net = Network::random(&layout, "heights=1", 16, 7);
/// let header = net.header();
/// assert_eq!((header.game.as_str(), header.family.as_str()), ("chess3d", "1x8x8"));
/// assert_eq!((header.hidden, header.seats), (16, 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetHeader {
    /// The game the net evaluates.
    pub game: String,
    /// The board layout, `"BxRxF"` (boards × ranks × files).
    pub family: String,
    /// The configuration text of the training data.
    pub config: String,
    /// Cells of the board.
    pub cells: u32,
    /// Piece kinds.
    pub kinds: u16,
    /// Seats.
    pub seats: u8,
    /// Hidden units per perspective.
    pub hidden: u16,
    /// The activation's ceiling (1.0 of the trained model).
    pub qa: u16,
    /// The output weights' unit.
    pub qb: u16,
    /// Centipawns of the trained model's output 1.0.
    pub scale: u16,
    /// SHA-256 of the training data's records.
    pub data_digest: [u8; 32],
}

/// Why a net file cannot be used.
///
/// # Example
///
/// ```
/// use variant_engine::nnue::{NetError, Network};
///
/// let err = Network::from_bytes(b"not a net").unwrap_err();
/// assert!(matches!(err, NetError::Magic));
/// assert_eq!(err.to_string(), "not a net file (it does not start with VNET)");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum NetError {
    /// The file could not be read.
    Io(String, std::io::Error),
    /// The file does not start with [`NET_MAGIC`].
    Magic,
    /// A format version this crate does not read.
    Version(u16),
    /// A feature set this crate does not compute.
    FeatureSet(u16),
    /// The file ends before `what`, which starts at byte `at`.
    Truncated {
        /// The part that is missing.
        what: &'static str,
        /// Its offset.
        at: usize,
    },
    /// A header field out of range.
    Field {
        /// The field.
        what: &'static str,
        /// Why.
        why: String,
    },
    /// The checksum at the end does not match the bytes before it.
    Checksum {
        /// The checksum stored.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// Bytes after the checksum.
    Trailing(usize),
    /// The net is another game's or another board's.
    Mismatch {
        /// What the net says.
        net: String,
        /// What the game is.
        game: String,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Io(path, e) => write!(f, "cannot read the net file {path}: {e}"),
            NetError::Magic => write!(f, "not a net file (it does not start with VNET)"),
            NetError::Version(v) => write!(
                f,
                "net file format {v}, this program reads format {NET_VERSION}"
            ),
            NetError::FeatureSet(v) => write!(
                f,
                "the net reads feature set {v}, this program computes feature set {FEATURE_SET}"
            ),
            NetError::Truncated { what, at } => {
                write!(f, "the net file is cut off: {what} (byte {at}) is missing")
            }
            NetError::Field { what, why } => write!(f, "the net file's {what} {why}"),
            NetError::Checksum { stored, computed } => write!(
                f,
                "the net file is corrupt: checksum {computed:016x} of its bytes, {stored:016x} stored"
            ),
            NetError::Trailing(n) => write!(f, "the net file has {n} bytes after its end"),
            NetError::Mismatch { net, game } => {
                write!(f, "the net is for {net}, not for {game}")
            }
        }
    }
}

impl std::error::Error for NetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NetError::Io(_, e) => Some(e),
            _ => None,
        }
    }
}

/// FNV-1a, 64 bits: the checksum at the end of a net file.
///
/// ```
/// // The published test vector: FNV-1a 64 of "a".
/// assert_eq!(variant_engine::nnue::fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
/// ```
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A net: its header and its quantised weights (docs/engine.md, "The learned evaluation").
///
/// # Example
///
/// ```
/// use variant_engine::nnue::{Layout, Network};
///
/// let layout = Layout::two_seats("chess3d", [1, 8, 8], 6, false);
/// let net = Network::random(&layout, "heights=1", 8, 1);
/// let bytes = net.to_bytes();
/// let again = Network::from_bytes(&bytes).expect("what to_bytes wrote reads back");
/// assert_eq!(again.header(), net.header());
/// assert!(again.fits(&layout).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    header: NetHeader,
    /// `features × hidden`, feature-major.
    pub(super) ft_weight: Vec<i16>,
    pub(super) ft_bias: Vec<i16>,
    /// `seats × hidden`, perspective 0 (the evaluated seat's) first.
    pub(super) out_weight: Vec<i16>,
    pub(super) out_bias: i32,
}

/// Reads a net file's fields in order, saying which one is missing.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], NetError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(NetError::Truncated { what, at: self.at });
        };
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u8(&mut self, what: &'static str) -> Result<u8, NetError> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &'static str) -> Result<u16, NetError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, NetError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn text(&mut self, len: usize, what: &'static str) -> Result<String, NetError> {
        let b = self.take(len, what)?;
        String::from_utf8(b.to_vec()).map_err(|_| NetError::Field {
            what,
            why: "is not UTF-8".into(),
        })
    }

    fn i16s(&mut self, n: usize, what: &'static str) -> Result<Vec<i16>, NetError> {
        let b = self.take(n * 2, what)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

fn field(what: &'static str, why: String) -> NetError {
    NetError::Field { what, why }
}

impl Network {
    /// Reads a net from the bytes of a net file.
    ///
    /// # Errors
    ///
    /// [`NetError`] saying what is wrong: not a net file, another format or feature set, a
    /// field out of range, the file cut off (naming the part and its byte), a checksum that
    /// does not match, bytes after the end.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if !bytes.starts_with(NET_MAGIC) {
            return Err(NetError::Magic);
        }
        let mut r = Reader { bytes, at: 4 };
        let version = r.u16("the format version")?;
        if version != NET_VERSION {
            return Err(NetError::Version(version));
        }
        let feature_set = r.u16("the feature set")?;
        if feature_set != FEATURE_SET {
            return Err(NetError::FeatureSet(feature_set));
        }
        let len = usize::from(r.u8("the game's name")?);
        let game = r.text(len, "the game's name")?;
        let len = usize::from(r.u8("the board family")?);
        let family = r.text(len, "the board family")?;
        let len = usize::from(r.u16("the configuration")?);
        let config = r.text(len, "the configuration")?;
        let cells = r.u32("the number of cells")?;
        let kinds = r.u16("the number of kinds")?;
        let seats = r.u8("the number of seats")?;
        let hidden = r.u16("the hidden size")?;
        let qa = r.u16("qa")?;
        let qb = r.u16("qb")?;
        let scale = r.u16("the scale")?;
        let mut data_digest = [0; 32];
        data_digest.copy_from_slice(r.take(32, "the training data's digest")?);
        if cells == 0 || cells > 1 << 16 {
            return Err(field(
                "number of cells",
                format!("{cells} is not in 1..=65536"),
            ));
        }
        if kinds == 0 || kinds > 64 {
            return Err(field(
                "number of kinds",
                format!("{kinds} is not in 1..=64"),
            ));
        }
        if seats == 0 || seats > 8 {
            return Err(field("number of seats", format!("{seats} is not in 1..=8")));
        }
        if hidden == 0 || usize::from(hidden) > MAX_HIDDEN {
            return Err(field(
                "hidden size",
                format!("{hidden} is not in 1..={MAX_HIDDEN}"),
            ));
        }
        if qa == 0 || qb == 0 || scale == 0 {
            return Err(field(
                "quantisation",
                format!("qa {qa}, qb {qb}, scale {scale}: none may be 0"),
            ));
        }
        let features = usize::from(seats) * usize::from(kinds) * cells as usize;
        let h = usize::from(hidden);
        let weights = features * h;
        if weights > MAX_WEIGHTS {
            return Err(field(
                "size",
                format!("{features} features × {h} hidden is more than {MAX_WEIGHTS} weights"),
            ));
        }
        let ft_weight = r.i16s(weights, "the input weights")?;
        let ft_bias = r.i16s(h, "the input biases")?;
        let out_weight = r.i16s(usize::from(seats) * h, "the output weights")?;
        let out_bias = r.u32("the output bias")? as i32;
        let end = r.at;
        let stored = u64::from_le_bytes(r.take(8, "the checksum")?.try_into().map_err(|_| {
            NetError::Truncated {
                what: "the checksum",
                at: end,
            }
        })?);
        let computed = fnv1a64(&bytes[..end]);
        if stored != computed {
            return Err(NetError::Checksum { stored, computed });
        }
        if r.at != bytes.len() {
            return Err(NetError::Trailing(bytes.len() - r.at));
        }
        Ok(Network {
            header: NetHeader {
                game,
                family,
                config,
                cells,
                kinds,
                seats,
                hidden,
                qa,
                qb,
                scale,
                data_digest,
            },
            ft_weight,
            ft_bias,
            out_weight,
            out_bias,
        })
    }

    /// Reads a net file.
    ///
    /// # Errors
    ///
    /// [`NetError::Io`] when the file cannot be read, else as [`Network::from_bytes`].
    pub fn load(path: &Path) -> Result<Network, NetError> {
        let bytes = std::fs::read(path).map_err(|e| NetError::Io(path.display().to_string(), e))?;
        Network::from_bytes(&bytes)
    }

    /// The bytes of the net's file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let h = &self.header;
        let mut out = Vec::with_capacity(96 + 2 * self.ft_weight.len());
        out.extend_from_slice(NET_MAGIC);
        out.extend_from_slice(&NET_VERSION.to_le_bytes());
        out.extend_from_slice(&FEATURE_SET.to_le_bytes());
        out.push(h.game.len() as u8);
        out.extend_from_slice(h.game.as_bytes());
        out.push(h.family.len() as u8);
        out.extend_from_slice(h.family.as_bytes());
        out.extend_from_slice(&(h.config.len() as u16).to_le_bytes());
        out.extend_from_slice(h.config.as_bytes());
        out.extend_from_slice(&h.cells.to_le_bytes());
        out.extend_from_slice(&h.kinds.to_le_bytes());
        out.push(h.seats);
        for v in [h.hidden, h.qa, h.qb, h.scale] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&h.data_digest);
        for w in self
            .ft_weight
            .iter()
            .chain(&self.ft_bias)
            .chain(&self.out_weight)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.out_bias.to_le_bytes());
        let sum = fnv1a64(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// A net of random weights for `layout` (for tests and fuzzing: its evaluations mean
    /// nothing), from a seed.
    pub fn random(layout: &Layout, config: &str, hidden: u16, seed: u64) -> Network {
        let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
        let mut next = move |span: i32| {
            let z = variant_core::zobrist::splitmix64(&mut state);
            ((z % (2 * span as u64 + 1)) as i32 - span) as i16
        };
        let h = usize::from(hidden);
        Network {
            header: NetHeader {
                game: layout.game().to_string(),
                family: layout.family(),
                config: config.to_string(),
                cells: layout.cells() as u32,
                kinds: layout.kinds() as u16,
                seats: layout.seats() as u8,
                hidden,
                qa: 255,
                qb: 64,
                scale: 400,
                data_digest: [0; 32],
            },
            ft_weight: (0..layout.features() * h).map(|_| next(40)).collect(),
            ft_bias: (0..h).map(|_| next(60)).collect(),
            out_weight: (0..layout.seats() * h).map(|_| next(64)).collect(),
            out_bias: i32::from(next(3000)),
        }
    }

    /// The header.
    pub fn header(&self) -> &NetHeader {
        &self.header
    }

    /// Hidden units per perspective.
    pub fn hidden(&self) -> usize {
        usize::from(self.header.hidden)
    }

    /// The layout the net reads a game of `layout` with: `layout` itself when it fits, or the
    /// same layout widened to the net's taller box ([`Layout::widened`]: a 3D game whose box
    /// lost heights, or a lower box, read by a net of the same game's taller box).
    ///
    /// # Errors
    ///
    /// As [`Network::fits`] when neither fits.
    ///
    /// ```
    /// use variant_engine::nnue::{Layout, Network};
    ///
    /// let net = Network::random(&Layout::two_seats("chess3d", [8, 8, 8], 6, false), "", 4, 1);
    /// let after_removal = Layout::two_seats("chess3d", [6, 8, 8], 6, false);
    /// assert_eq!(net.layout_for(&after_removal).unwrap().cells(), 512);
    /// ```
    pub fn layout_for(&self, layout: &Layout) -> Result<Layout, NetError> {
        let [boards, ranks, files] = layout.shape();
        let net_boards = self.header.cells as usize / (ranks * files).max(1);
        match self.fits(layout) {
            Ok(()) => Ok(layout.clone()),
            Err(e) => match layout.widened(net_boards) {
                Some(wide) if net_boards > boards && self.fits(&wide).is_ok() => Ok(wide),
                _ => Err(e),
            },
        }
    }

    /// Whether the net reads boards of `layout`.
    ///
    /// # Errors
    ///
    /// [`NetError::Mismatch`] naming both when the game, the cells, the kinds or the seats
    /// differ.
    pub fn fits(&self, layout: &Layout) -> Result<(), NetError> {
        let h = &self.header;
        let same = h.game == layout.game()
            && h.cells as usize == layout.cells()
            && usize::from(h.kinds) == layout.kinds()
            && usize::from(h.seats) == layout.seats();
        if same {
            Ok(())
        } else {
            Err(NetError::Mismatch {
                net: format!(
                    "{} on {} cells ({}, {} kinds, {} seats, trained with {:?})",
                    h.game, h.cells, h.family, h.kinds, h.seats, h.config
                ),
                game: format!(
                    "{} on {} cells ({}, {} kinds, {} seats)",
                    layout.game(),
                    layout.cells(),
                    layout.family(),
                    layout.kinds(),
                    layout.seats()
                ),
            })
        }
    }
}
