"""The Game API: reference perft counts from the rules pages, errors, copies, boards."""

import copy
import pickle

import pytest

import variant_games

# (game, configuration, position text or None, depth, nodes): the independent counts of every
# game's perft data file (variant_games.perft_references: published FIDE and draughts tables,
# the rules pages' reference tables; not the counts made by this program) up to 600 000 leaves.
PERFT = [
    pytest.param(
        name, ref["config"], ref["position"], ref["depth"], ref["nodes"],
        id=f"{name}-{ref['id']}-{ref['depth']}",
    )
    for name in variant_games.games()
    for ref in variant_games.perft_references(name)
    if ref["nodes"] <= 600_000 and not ref["source"].startswith("computed here")
]


def test_every_game_has_reference_counts():
    for name in variant_games.games():
        assert any(p.values[0] == name for p in PERFT), name


@pytest.mark.parametrize("name,config,text,depth,nodes", PERFT)
def test_perft_reference_counts(name, config, text, depth, nodes):
    game = (
        variant_games.Game(name, config)
        if text is None
        else variant_games.Game.from_text(name, text, config)
    )
    assert game.perft(depth) == nodes


def test_issue_acceptance_fide_perft_4():
    assert variant_games.Game("chess3d", heights=1).perft(4) == 197281


def test_threads_give_the_same_count():
    game = variant_games.Game("bishops4p")
    assert game.perft(3, threads=2) == 17_132  # B4-52
    divide = game.divide(3, threads=2)
    assert len(divide) == 26  # B4-53: 26 first moves
    assert sum(divide.values()) == 17_132


def test_perft_depth_over_the_limit_is_a_value_error():
    # 64 plies at most: deeper counts cannot finish, and their recursion crashed the
    # interpreter (stack overflow) before the limit existed.
    game = variant_games.Game("chess3d", heights=1)
    for depth in (65, 10**6, 2**40):
        with pytest.raises(ValueError, match="depth"):
            game.perft(depth)
        with pytest.raises(ValueError, match="depth"):
            game.divide(depth, threads=2)


def test_games_and_keys():
    games = variant_games.games()
    assert games and len(set(games)) == len(games)
    for name in games:
        assert variant_games.Game(name).name == name
        keys = [k[0] for k in variant_games.config_keys(name)]
        assert len(set(keys)) == len(keys), name
    keys = [k[0] for k in variant_games.config_keys("chess3d")]
    assert "heights" in keys and "removal" in keys
    with pytest.raises(variant_games.UnknownGameError):
        variant_games.test_positions("go")
    with pytest.raises(variant_games.UnknownGameError):
        variant_games.perft_references("go")


def test_configuration_forms_agree():
    a = variant_games.Game("checkers3d", heights=3, white_heights=[1, 2])
    b = variant_games.Game("checkers3d", "heights=3;white-heights=1,2")
    c = variant_games.Game("checkers3d", {"heights": 3, "white_heights": "1,2"})
    d = variant_games.Game("checkers3d", '{"heights": 3, "white-heights": [1, 2]}')
    assert a == b == c == d
    # D3-3: twelve men on each set-up height: 2 white heights, 1 black height.
    assert (a.board() > 0).sum() == 36
    assert variant_games.Game("chess-t", optional_prince=True).config["optional-prince"] == "on"


def test_moves_and_play():
    game = variant_games.Game("chess3d", heights=1)
    assert len(game.legal_moves()) == 20  # FIDE start
    assert game.legal_moves() == sorted(game.legal_moves())
    game.play("e2-e4")  # C3-51: parsers accept `-` between cells
    assert game.to_move == "black"
    assert game.text == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert game.canonical("e7xe5") == "e7e5"
    assert game.is_legal("e7e5") and not game.is_legal("e7e4")


def test_move_search_budget():
    # D3-9, D3-10: the king takes c5@1 (landing on b6@1 or a7@1) or e5@1 (f6@1, g7@1 or
    # h8@1) and no capture goes on: five capture steps, counted by hand.
    king = variant_games.Game.from_text("checkers3d", "W:WKd4@1:Bc5@1,e5@1:H8:1/8")
    assert king.move_search_exceeds(4)
    assert not king.move_search_exceeds(5)
    assert len(king.legal_moves()) == 5
    # The other games' move generation is bounded.
    assert not variant_games.Game("chess3d").move_search_exceeds(0)
    with pytest.raises(OverflowError):
        king.move_search_exceeds(-1)
    with pytest.raises(TypeError):
        king.move_search_exceeds("many")


@pytest.mark.parametrize(
    "name,bad",
    [
        ("chess3d", "e2e5"),
        ("chess3d", ""),
        ("chess3d", "zz"),
        ("checkers3d", "a1@1-a2@1"),
        ("bishops4p", "pass"),
        ("chess-t", "e2e3q"),
        ("chess3d", "e2e4" * 100),
    ],
)
def test_illegal_moves_raise_and_leave_the_position(name, bad):
    game = variant_games.Game(name)
    before = game.text
    with pytest.raises(variant_games.IllegalMoveError) as info:
        game.play(bad)
    assert isinstance(info.value, ValueError)
    assert str(info.value)  # carries the library's message
    assert game.text == before


def test_errors_are_value_errors_with_the_library_message():
    with pytest.raises(variant_games.UnknownGameError, match="known games: chess3d"):
        variant_games.Game("chess4d")
    with pytest.raises(variant_games.ConfigError, match="heights"):
        variant_games.Game("chess3d", heights=9)
    with pytest.raises(variant_games.ConfigError, match="unknown configuration key"):
        variant_games.Game("chess3d", colour="red")
    with pytest.raises(variant_games.PositionError, match="position text"):
        variant_games.Game.from_text("chess3d", "garbage", heights=1)
    with pytest.raises(variant_games.ConfigError, match="disagrees"):
        variant_games.Game.from_text(
            "chess3d", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", heights=2
        )
    for cls in (
        variant_games.IllegalMoveError,
        variant_games.PositionError,
        variant_games.ConfigError,
        variant_games.UnknownGameError,
        variant_games.RecordError,
        variant_games.ActionError,
    ):
        assert issubclass(cls, variant_games.VariantsError)
        assert issubclass(cls, ValueError)


def test_wrong_argument_types_are_type_errors():
    with pytest.raises(TypeError):
        variant_games.Game(3)
    with pytest.raises(TypeError):
        variant_games.Game("chess3d", config=3.5)
    with pytest.raises(TypeError):
        variant_games.Game("chess3d").play(None)
    with pytest.raises(ValueError, match="depth -1: must be in 0"):
        variant_games.Game("chess3d").perft(-1)


def test_copies_are_independent():
    game = variant_games.Game("checkers3d", heights=1)
    for other in (game.copy(), copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other == game
        other.play(other.legal_moves()[0])
        assert other != game
        assert game.text == variant_games.Game("checkers3d", heights=1).text


def test_status_after_mate():
    game = variant_games.Game("chess3d", heights=1)
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        game.play(m)
    status = game.status
    assert status.over and not status.draw
    assert status.winner == "black" and status.winners == ["black"]
    assert status.reason == "checkmate"
    assert game.legal_moves() == []


def test_board_shapes():
    # C3-2 / D3-2: one 8x8 board per height; B4: one 12x12 board; CT: 8x8.
    assert variant_games.Game("chess3d").board().shape == (8, 8, 8)
    assert variant_games.Game("checkers3d", heights=2).board().shape == (2, 8, 8)
    assert variant_games.Game("bishops4p").board().shape == (1, 12, 12)
    assert variant_games.Game("chess-t").board().shape == (1, 8, 8)
    board = variant_games.Game("chess-t").board()
    kinds = variant_games.Game("chess-t").piece_kinds
    # CT-51 start: White's king on e1, Black's king on e8.
    assert board[0, 0, 4] == 1 + kinds.index("K")
    assert board[0, 7, 4] == 1 + len(kinds) + kinds.index("K")
    # 16 pieces a side (rank 1 and 2, rank 7 and 8)
    assert (board > 0).sum() == 32


@pytest.mark.parametrize("name", variant_games.games())
def test_pictures(name):
    game = variant_games.Game(name)
    svg = game.svg()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert game._repr_svg_() == svg
    # one piece group per piece on the board planes
    pieces = int((game.board() > 0).sum())
    assert svg.count('class="piece"') == pieces
    assert game.diagram()
