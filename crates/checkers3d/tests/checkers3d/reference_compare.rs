//! The fast generator against the simple one in `reference/` (design: a second generator
//! compared on random playouts and random positions): sorted legal move texts equal at every
//! ply, equal position texts after every move, bulk count = list length, incremental hash =
//! recomputed hash.

use crate::reference;

use checkers3d::{Checkers3d, Checkers3dConfig};
use proptest::prelude::*;
use reference::{Piece, RefPos, Rules};
use variant_core::{Game, GameConfig};

/// A set-up to test: key=value pairs for the fast generator and the same for the reference.
struct Setup {
    heights: i32,
    white: Vec<i32>,
    black: Vec<i32>,
    white_base: Vec<i32>,
    black_base: Vec<i32>,
}

fn setups(heights: i32) -> Vec<Setup> {
    let top = heights - 1;
    let mut v = vec![Setup {
        heights,
        white: vec![0],
        black: vec![top],
        white_base: vec![0],
        black_base: vec![top],
    }];
    if heights >= 2 {
        // More than one height per side, base heights different from the set-up heights.
        v.push(Setup {
            heights,
            white: vec![0, 1],
            black: vec![top - 1, top],
            white_base: vec![1],
            black_base: vec![0],
        });
        v.push(Setup {
            heights,
            white: vec![top],
            black: vec![0],
            white_base: vec![0, top],
            black_base: vec![top],
        });
    }
    if heights >= 3 {
        v.push(Setup {
            heights,
            white: vec![0, 2],
            black: vec![1],
            white_base: vec![1],
            black_base: vec![2],
        });
    }
    v
}

fn list(v: &[i32]) -> String {
    v.iter()
        .map(|z| (z + 1).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Removal tables: on (n+5), off, and a custom table that removes early.
const REMOVALS: [(&str, [Option<u32>; 7]); 3] = [
    (
        "on",
        [
            Some(7),
            Some(8),
            Some(9),
            Some(10),
            Some(11),
            Some(12),
            Some(13),
        ],
    ),
    ("off", [None; 7]),
    (
        "30,-,30,40,0,40,48",
        [Some(30), None, Some(30), Some(40), None, Some(40), Some(48)],
    ),
];

fn configs(
    setup: &Setup,
    majority: bool,
    passing: bool,
    removal: usize,
) -> (Checkers3dConfig, Rules) {
    let (rtext, rtable) = REMOVALS[removal];
    let config = Checkers3dConfig::from_pairs([
        ("heights", setup.heights.to_string().as_str()),
        ("white-heights", list(&setup.white).as_str()),
        ("black-heights", list(&setup.black).as_str()),
        ("white-base", list(&setup.white_base).as_str()),
        ("black-base", list(&setup.black_base).as_str()),
        ("capture", if majority { "majority" } else { "free" }),
        ("promotion", if passing { "passing" } else { "end" }),
        ("removal", rtext),
    ])
    .unwrap();
    let rules = Rules {
        majority,
        passing,
        removal: rtable,
    };
    (config, rules)
}

fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What a playout went through, to check that the comparison reaches the interesting rules.
#[derive(Default, Debug)]
struct Seen {
    plies: usize,
    multi_captures: usize,
    king_captures: usize,
    promotions: usize,
    removals: usize,
    height_changing_captures: usize,
}

/// Plays up to `plies` random moves in both generators, comparing everything at every ply.
fn compare_playout(mut fast: Checkers3d, mut slow: RefPos, plies: usize, seed: u64) -> Seen {
    let mut seen = Seen::default();
    let mut rng = seed;
    assert_eq!(fast.to_text(), slow.text(), "start texts");
    for ply in 0..plies {
        let expected = slow.legal();
        let mut list = Default::default();
        fast.legal_moves_into(&mut list);
        let moves: &[checkers3d::Move] = &list;
        let mut texts: Vec<String> = moves.iter().map(|&m| fast.format_move(m)).collect();
        texts.sort();
        let want: Vec<String> = expected.iter().map(|(t, _)| t.clone()).collect();
        assert_eq!(texts, want, "ply {ply} in {}", fast.to_text());
        assert_eq!(
            fast.count_legal_moves(),
            moves.len() as u64,
            "bulk count at {}",
            fast.to_text()
        );
        assert_eq!(
            fast.zobrist(),
            fast.recompute_zobrist(),
            "hash at {}",
            fast.to_text()
        );
        if expected.is_empty() {
            assert!(matches!(fast.status(), variant_core::Status::Win { .. }));
            return seen;
        }
        let k = (next(&mut rng) % expected.len() as u64) as usize;
        let (text, id) = &expected[k];
        let mv = fast
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e} in {}", fast.to_text()));
        assert_eq!(&fast.format_move(mv), text);
        seen.plies += 1;
        seen.multi_captures += usize::from(mv.capture_count() >= 2);
        seen.promotions += usize::from(mv.is_promotion());
        seen.height_changing_captures += usize::from(mv.is_capture() && mv.from().z != mv.to().z);
        if mv.is_capture() && slow.get(id.from).is_some_and(|p| p.king) {
            seen.king_captures += 1;
        }
        let heights = slow.heights;
        fast.play_unchecked(mv);
        slow.play(id);
        seen.removals += usize::from(slow.heights < heights);
        assert_eq!(fast.to_text(), slow.text(), "after {text} (ply {ply})");
        assert_eq!(
            fast.config().get("heights").unwrap(),
            slow.heights.to_string()
        );
    }
    seen
}

/// The playouts reach what they are meant to compare: multi-captures, king captures,
/// promotions, captures across heights and height removals (deterministic seeds).
#[test]
fn playouts_reach_the_interesting_rules() {
    let mut total = Seen::default();
    for (n, h) in [1, 2, 3, 8].into_iter().cycle().take(24).enumerate() {
        let all = setups(h);
        let setup = &all[n % all.len()];
        let (config, rules) = configs(setup, n % 2 == 0, n % 3 != 0, n % 3);
        let fast = Checkers3d::new(&config).unwrap();
        let slow = RefPos::start(
            setup.heights,
            &setup.white,
            &setup.black,
            &setup.white_base,
            &setup.black_base,
            rules,
        );
        let s = compare_playout(fast, slow, 200, n as u64 * 7919);
        total.plies += s.plies;
        total.multi_captures += s.multi_captures;
        total.king_captures += s.king_captures;
        total.promotions += s.promotions;
        total.removals += s.removals;
        total.height_changing_captures += s.height_changing_captures;
    }
    eprintln!("{total:?}");
    assert!(total.plies > 1000, "{total:?}");
    assert!(total.multi_captures > 0, "{total:?}");
    assert!(total.promotions > 0, "{total:?}");
    assert!(total.king_captures > 0, "{total:?}");
    assert!(total.removals > 0, "{total:?}");
    assert!(total.height_changing_captures > 0, "{total:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, .. ProptestConfig::default() })]

    /// Random playouts from the start for H ∈ {1, 2, 3, 8}, both switches, several set-ups and
    /// removal tables (D3-2 … D3-30).
    #[test]
    fn playouts_agree_with_the_reference(
        h in prop::sample::select(vec![1, 2, 3, 8]),
        setup_index in 0usize..4,
        majority in any::<bool>(),
        passing in any::<bool>(),
        removal in 0usize..3,
        seed in any::<u64>(),
    ) {
        let all = setups(h);
        let setup = &all[setup_index % all.len()];
        let (config, rules) = configs(setup, majority, passing, removal);
        let fast = Checkers3d::new(&config).unwrap();
        let slow = RefPos::start(
            setup.heights, &setup.white, &setup.black, &setup.white_base, &setup.black_base, rules,
        );
        compare_playout(fast, slow, 160, seed);

    }

    /// Random positions with kings and men scattered over small boxes: flying kings in 3D,
    /// long Turkish strikes, promotions during captures.
    #[test]
    fn random_positions_agree_with_the_reference(
        h in 1i32..=3,
        majority in any::<bool>(),
        passing in any::<bool>(),
        removal in 0usize..3,
        density in 4u64..14,
        king_share in 0u64..4,
        seed in any::<u64>(),
    ) {
        let mut rng = seed;
        let top = h - 1;
        let white_base = vec![0];
        let black_base = vec![top];
        let setup = Setup { heights: h, white: vec![0], black: vec![top], white_base: white_base.clone(), black_base: black_base.clone() };
        let (config, rules) = configs(&setup, majority, passing, removal);
        let mut slow = RefPos::empty(h, &white_base, &black_base, rules);
        let mut placed = 0;
        for z in 0..h {
            for y in 0..8 {
                for x in 0..8 {
                    if (x + y) % 2 != 0 || next(&mut rng) % 32 >= density {
                        continue;
                    }
                    let white = next(&mut rng).is_multiple_of(2);
                    let mut king = next(&mut rng) % 4 < king_share;
                    // A man never stands on an enemy base cube (it would have promoted, D3-13).
                    if (white && y == 7 && z == top) || (!white && y == 0 && z == 0) {
                        king = true;
                    }
                    slow.set((x, y, z), Some(Piece { white, king }));
                    placed += 1;
                }
            }
        }
        // An empty box is no position of the game (D3-3, D3-20) and the parser refuses it;
        // a sparse draw that placed nothing gets one white man instead.
        if placed == 0 {
            slow.set((2, 2, 0), Some(Piece { white: true, king: false }));
        }
        slow.white_to_move = next(&mut rng).is_multiple_of(2);
        let fast = Checkers3d::from_text(&config, &slow.text()).unwrap();
        compare_playout(fast, slow, 40, seed);

    }
}
