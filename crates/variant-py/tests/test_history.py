"""History: undo, claims, resignation, agreement, and records as JSON and binary."""

import pytest

import variant_games


def play_random(history, plies, seed):
    import random

    rng = random.Random(seed)
    for _ in range(plies):
        moves = history.position.legal_moves()
        if not moves or history.status.over:
            break
        history.play(rng.choice(moves))


# Every game under the configurations its test position file tags `family`, or its default.
FAMILIES = [
    pytest.param(name, config, id=f"{name}-{config or 'default'}")
    for name in variant_games.games()
    for config in (
        [e["config"] for e in variant_games.test_positions(name) if "family" in e["tags"]] or [""]
    )
]


@pytest.mark.parametrize("name,config", FAMILIES)
def test_records_round_trip(name, config):
    history = variant_games.History(variant_games.Game(name, config))
    play_random(history, 40, seed=len(name))
    for again in (
        variant_games.History.from_json(history.to_json()),
        variant_games.History.from_binary(history.to_binary()),
    ):
        assert again.moves == history.moves
        assert again.position == history.position
        assert str(again.status) == str(history.status)


def test_undo_restores_positions():
    start = variant_games.Game("chess-t")
    history = variant_games.History(start)
    history.play("e2e3")
    history.play("e7e6")
    assert len(history) == 2
    history.undo()
    history.undo()
    assert history.position == start
    with pytest.raises(variant_games.ActionError, match="nothing to undo"):
        history.undo()


def test_history_starts_from_a_copy():
    start = variant_games.Game("chess3d", heights=1)
    history = variant_games.History(start)
    start.play("e2e4")
    assert history.position == variant_games.Game("chess3d", heights=1)


def test_threefold_claim_and_fivefold():
    """FIDE chess (C3-40): a position's third occurrence may be claimed, the fifth draws."""
    history = variant_games.History(variant_games.Game("chess3d", heights=1))
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for m in shuffle * 2:
        history.play(m)
    assert history.repetition_count == 3
    assert history.claimable_draw == "repetition"
    claimed = variant_games.History.from_json(history.to_json())
    assert claimed.claim_draw() == "repetition"
    assert claimed.status.draw and claimed.ending == "claim: repetition"
    for m in shuffle * 2:
        history.play(m)
    assert history.repetition_count == 5
    assert history.status.draw and history.status.reason == "automatic repetition"
    with pytest.raises(variant_games.ActionError, match="over"):
        history.play("e2e4")


def test_resign_and_agree():
    history = variant_games.History(variant_games.Game("chess3d", heights=1))
    status = history.resign("white")
    assert status.winner == "black" and status.reason == "resignation"
    assert history.ending == "resignation by white"
    round_trip = variant_games.History.from_json(history.to_json())
    assert round_trip.status.winner == "black"
    history.undo()
    assert not history.status.over
    history.agree_draw()
    assert history.status.draw and history.status.reason == "agreement"
    with pytest.raises(ValueError, match="unknown seat"):
        variant_games.History(variant_games.Game("chess-t")).resign("grey")


def test_bishops_resignation_goes_on():
    """B4: in the long four-player game a resigning player leaves and the others go on."""
    history = variant_games.History(variant_games.Game("bishops4p", mode="long"))
    status = history.resign("white")
    assert not status.over
    assert history.moves == ["resign:0"]
    assert variant_games.History.from_binary(history.to_binary()).moves == ["resign:0"]


@pytest.mark.parametrize("bad", ["", "{", "[]", '{"game": "chess4d"}', "null"])
def test_bad_json_records(bad):
    with pytest.raises(variant_games.VariantsError):
        variant_games.History.from_json(bad)


@pytest.mark.parametrize("bad", [b"", b"\x00", b"\xff" * 20, b"\x01\x07chess3d"])
def test_bad_binary_records(bad):
    with pytest.raises(variant_games.VariantsError):
        variant_games.History.from_binary(bad)
