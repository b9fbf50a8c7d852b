//! What a game crate gives the workspace, written as one trait: [`GameCrate`].

use crate::Game;
use crate::actions::ActionSpace;
use crate::codec::MoveCode;
use crate::planes::Observation;
use crate::presentation::Presentation;

/// The whole contract of a game crate with the rest of the workspace: the rules
/// ([`Game`]), the move codes of the C library ([`MoveCode`]), the action index and the
/// observation planes of the learning API ([`ActionSpace`], [`Observation`]), the look of its
/// pieces and zones ([`Presentation`]), the ordinary values (`Default`, `FromStr`, `Display`,
/// `Hash`: [`impl_game_values!`](crate::impl_game_values)), and the texts below.
///
/// The facade's game list (`variant_games::with_games!`) requires this trait of every game it
/// lists, so a game crate that leaves a part out fails to compile with the name of the missing
/// trait, and nothing else of the crate's is named by the frontends: the engine's evaluation
/// lives in the engine (`SearchGame`), everything else comes through these traits.
///
/// # Example
///
/// ```
/// use variant_core::GameCrate;
/// use variant_core::doc_game::Nim;
/// use variant_core::perft_data::PerftFile;
/// use variant_core::test_positions::TestPositions;
///
/// fn describe<G: GameCrate>() -> String {
///     let perft = PerftFile::parse(G::PERFT_DATA).unwrap();
///     let positions = TestPositions::parse(G::TEST_POSITIONS).unwrap();
///     format!("{}: {} ({} perft entries, {} test positions)", G::NAME, G::DESCRIPTION,
///             perft.entries.len(), positions.entries.len())
/// }
/// assert_eq!(describe::<Nim>(), "nim: Nim, the documentation's example game (1 perft entries, 1 test positions)");
/// ```
pub trait GameCrate:
    Game + MoveCode + ActionSpace + Observation + Presentation + Default + std::str::FromStr
{
    /// One line saying what the game is (`variants games`, the C library's and the Python
    /// package's registries show it).
    const DESCRIPTION: &'static str;

    /// The game's perft reference counts, each with its source, in the text format of
    /// [`perft_data`](crate::perft_data) (usually `include_str!("../data/<game>.perft")`):
    /// the facade's tests, the CLI's `perft --check` and the benches read them.
    const PERFT_DATA: &'static str;

    /// The game's test positions in the text format of
    /// [`test_positions`](crate::test_positions) (usually
    /// `include_str!("../data/<game>.positions")`): the configurations every frontend's tests
    /// run the game under, and wins in one that the engine must find.
    const TEST_POSITIONS: &'static str;
}
