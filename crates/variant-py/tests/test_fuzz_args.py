"""The argument conversion of the bindings fuzzed with Hypothesis. Whatever Python
values arrive, a call either works or raises ValueError (the library's errors) or TypeError
(a value of the wrong type) — never a panic (pyo3's PanicException), a crash or another
exception, and a failed call leaves the game unchanged."""

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import variant_games  # noqa: E402

GAMES = variant_games.games()


def quick(name):
    """The configuration of `name` its test position file tags `quick` (the default if none)."""
    return next((e["config"] for e in variant_games.test_positions(name) if "quick" in e["tags"]), "")
SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# Any plain Python value, nested a little, with text near the notations.
notation = st.text(alphabet="abcdefghijkl0123456789@-:x/ ,;=qrbnpcsKQRBNPMCVSwg", max_size=40)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    notation,
    st.binary(max_size=30),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.text(max_size=10), inner, max_size=3),
    ),
    max_leaves=8,
)
key_names = st.one_of(
    st.sampled_from(
        [
            "heights",
            "white_base",
            "black_base",
            "removal",
            "white_heights",
            "capture",
            "promotion",
            "players",
            "mode",
            "castling",
            "ruleset",
            "white_impregnable",
            "no_scouts",
        ]
    ),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=12),
)
keywords = st.dictionaries(key_names, values, max_size=4)


def expected(call):
    """Runs `call`; returns its value or the expected exception, fails on anything else."""
    try:
        return call()
    except (ValueError, TypeError) as e:
        assert str(e), "an error without a message"
        return e


@SETTINGS
@given(name=st.one_of(st.sampled_from(GAMES), values), config=values, keys=keywords)
def test_game_constructor(name, config, keys):
    expected(lambda: variant_games.Game(name, config, **keys))


@SETTINGS
@given(name=st.sampled_from(GAMES), text=st.one_of(notation, values), keys=keywords)
def test_from_text(name, text, keys):
    expected(lambda: variant_games.Game.from_text(name, text, **keys))


@SETTINGS
@given(name=st.sampled_from(GAMES), move=st.one_of(notation, values))
def test_play_leaves_the_position_on_error(name, move):
    game = variant_games.Game(name, quick(name))
    before = game.text
    result = expected(lambda: game.play(move))
    if isinstance(result, Exception):
        assert game.text == before
    expected(lambda: game.is_legal(move))
    expected(lambda: game.canonical(move))


@SETTINGS
@given(
    name=st.sampled_from(GAMES),
    # Small depths (counted), depths over the limit of 64 and non-integers (refused); not the
    # depths between, which are valid but could run for hours.
    depth=st.one_of(
        st.integers(min_value=-(2**70), max_value=2),
        st.integers(min_value=65, max_value=2**70),
        values.filter(lambda v: not isinstance(v, int) or v <= 2 or v > 64),
    ),
    threads=st.one_of(st.integers(min_value=-(2**70), max_value=3), values),
)
def test_perft_arguments(name, depth, threads):
    game = variant_games.Game(name, quick(name))
    expected(lambda: game.perft(depth, threads))
    expected(lambda: game.divide(depth, threads))


@SETTINGS
@given(name=st.one_of(st.sampled_from(GAMES), values))
def test_game_data(name):
    expected(lambda: variant_games.perft_references(name))
    expected(lambda: variant_games.test_positions(name))


@SETTINGS
@given(data=st.one_of(st.binary(max_size=80), values))
def test_binary_records(data):
    expected(lambda: variant_games.History.from_binary(data))


@SETTINGS
@given(text=st.one_of(notation, st.text(max_size=80), values))
def test_json_records(text):
    expected(lambda: variant_games.History.from_json(text))


@SETTINGS
@given(name=st.sampled_from(GAMES), seat=values, move=st.one_of(notation, values))
def test_history_actions(name, seat, move):
    history = variant_games.History(variant_games.Game(name))
    expected(lambda: history.resign(seat))
    expected(lambda: history.play(move))
    expected(lambda: history.undo())
    expected(lambda: history.claim_draw())


@SETTINGS
@given(name=st.sampled_from(GAMES), observer=values, slots=values)
def test_encoding_arguments(name, observer, slots):
    game = variant_games.Game(name, quick(name))
    encoding = expected(lambda: variant_games.Encoding(game, slots))
    if isinstance(encoding, variant_games.Encoding):
        expected(lambda: encoding.observe(game, observer))
        expected(lambda: encoding.legal(game))
