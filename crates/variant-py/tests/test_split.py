"""Perft in pieces (no cluster needed): Game.split, perft_texts and perft with a table."""

import os

import pytest

import variant_games

FIDE = {"heights": 1}


def test_split_of_fide_chess_gives_the_published_distinct_positions():
    # Distinct positions after n plies of chess: 1, 20, 400, 5362, 72078 (OEIS A083276; the
    # paths are the published perft 0..4: 1, 20, 400, 8902, 197281).
    game = variant_games.Game("chess3d", FIDE)
    for depth, (distinct, paths) in enumerate(
        [(1, 1), (20, 20), (400, 400), (5_362, 8_902), (72_078, 197_281)]
    ):
        pieces = game.split(depth)
        assert len(pieces) == distinct, depth
        assert sum(n for _, n in pieces) == paths, depth
        assert len({text for text, _ in pieces}) == distinct


# Reference counts of every game's perft data file (as in test_game.py), each recombined from
# pieces: for each game, its deepest independent count (a published table or the rules page's)
# of the start of its default and of its quick configuration up to 700 000 leaves.
def _quick(name):
    return next((e["config"] for e in variant_games.test_positions(name) if "quick" in e["tags"]), "")


def _same_config(name, a, b):
    return variant_games.Game(name, a).config == variant_games.Game(name, b).config


def _cases():
    cases = []
    for name in variant_games.games():
        for config in dict.fromkeys(["", _quick(name)]):
            refs = [
                r for r in variant_games.perft_references(name)
                if r["position"] is None and _same_config(name, r["config"], config)
                and r["nodes"] <= 700_000 and not r["source"].startswith("computed here")
            ]
            if refs:
                deepest = max(refs, key=lambda r: r["depth"])
                cases.append(pytest.param(name, config, None, deepest["depth"], deepest["nodes"],
                                          id=f"{name}-{deepest['id']}-{deepest['depth']}"))
    return cases


CASES = _cases()


def test_every_game_has_a_case():
    for name in variant_games.games():
        assert any(c.values[0] == name for c in CASES), name


@pytest.mark.parametrize("name,config,text,depth,nodes", CASES)
def test_pieces_counted_from_their_texts_add_up_to_the_reference(name, config, text, depth, nodes):
    game = variant_games.Game(name, config)
    config_text = ";".join(f"{k}={v}" for k, v in game.config.items())
    # At the root, one ply down (most pieces), and one ply above the leaves.
    for split in sorted({0, 1, depth - 1}):
        pieces = game.split(split)
        texts = [t for t, _ in pieces]
        for hash_mb in (0, 2):
            counts = variant_games.perft_texts(name, texts, depth - split, config=config_text,
                                          hash=hash_mb)
            assert sum(n * c for (_, n), c in zip(pieces, counts)) == nodes, (split, hash_mb)


def test_merging_happens_where_moves_transpose():
    # Three-player "Bishops" starts with placements, chess3d with two heights moves pieces
    # between boards: both have many transpositions at 3 plies, so merging must shrink the list.
    for name, config in [("bishops4p", {}), ("chess3d", {"heights": 2})]:
        pieces = variant_games.Game(name, config).split(3)
        assert len(pieces) < sum(n for _, n in pieces)


def test_perft_with_a_table_and_a_seed_counts_the_same():
    game = variant_games.Game("chess3d", FIDE)
    assert game.perft(5, hash=8) == 4_865_609
    assert game.perft(5, hash=8, hash_seed=7, threads=2) == 4_865_609


def test_bad_arguments_are_refused_clearly():
    game = variant_games.Game("chess3d", FIDE)
    with pytest.raises(ValueError, match="depth"):
        game.split(65)
    with pytest.raises(TypeError, match="depth must be an int"):
        game.split("2")
    with pytest.raises(ValueError, match="hash"):
        game.perft(2, hash=-1)
    with pytest.raises(ValueError, match="hash_seed"):
        game.perft(2, hash=1, hash_seed=-5)
    with pytest.raises(variant_games.PositionError, match="position 1 of the batch"):
        variant_games.perft_texts("chess3d", [game.text, "not a position"], 1, config="heights=1")
    with pytest.raises(variant_games.UnknownGameError):
        variant_games.perft_texts("no-such-game", [], 1)
    with pytest.raises(TypeError):
        variant_games.perft_texts("chess3d", "not a list", 1)


def test_a_kept_table_serves_the_next_batches_exactly():
    # Batches of FIDE ply-2 positions counted one after another in the table the process keeps
    # (as a cluster worker does): each batch still adds up to the published perft 5, also when
    # counted again (every subtree then comes from the table) and with another seed.
    game = variant_games.Game("chess3d", FIDE)
    pieces = game.split(2)
    texts = [t for t, _ in pieces]
    for seed in (0, 0, 5):
        counts = []
        for i in range(0, len(texts), 100):
            counts += variant_games.perft_texts("chess3d", texts[i:i + 100], 3, config="heights=1",
                                           hash=4, hash_seed=seed, keep=True)
        assert sum(n * c for (_, n), c in zip(pieces, counts)) == 4_865_609


def test_a_shared_table_file_serves_every_batch_exactly_and_is_released(tmp_path):
    # Two halves of the FIDE ply-2 positions counted into one table file (as two worker
    # processes of a machine do), then all of them again from what the file holds: each time
    # the published perft 5. The file holds the entries; released, the process maps it no more.
    path = str(tmp_path / "fide.table")
    game = variant_games.Game("chess3d", FIDE)
    pieces = game.split(2)
    texts = [t for t, _ in pieces]
    for batches in ([texts[:200], texts[200:]], [texts]):
        counts = []
        for batch in batches:
            counts += variant_games.perft_texts("chess3d", batch, 3, config="heights=1", hash=4,
                                           keep=True, table=path)
        assert sum(n * c for (_, n), c in zip(pieces, counts)) == 4_865_609
    assert os.path.getsize(path) == 4 << 20
    assert variant_games.release_tables(path) == 1
    assert variant_games.release_tables(path) == 0
    os.remove(path)
    # A file that is not a table of this size is refused, with its path.
    with open(path, "wb") as f:
        f.write(b"not a table")
    with pytest.raises(OSError, match="fide.table"):
        variant_games.perft_texts("chess3d", texts[:1], 3, config="heights=1", hash=4, keep=True,
                             table=path)
