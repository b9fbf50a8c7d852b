"""variant_games.nnue (the VGDATA and VNET files, the features, the integer evaluation) and
variant_games.train (training, quantised export, exactness fixtures), on files these tests
write. The PyTorch parts skip where torch is not installed (CI installs no torch)."""

import hashlib
import os
import struct
import sys

import numpy as np
import pytest

from variant_games import _native, nnue
from variant_games import train as vtrain

# A toy layout: two seats, two kinds, a 1x1x3 board; seat 1 sees the cells reversed.
TOY = nnue.Layout(cells=3, kinds=2, seats=2, family="1x1x3", orient=[[0, 1, 2], [2, 1, 0]])


def _records(layout, rows):
    """Records from (game, score, ply, mover, result, codes) tuples."""
    rec = np.zeros(len(rows), dtype=nnue.record_dtype(layout.cells))
    for r, (game, score, ply, mover, result, codes) in zip(rec, rows):
        r["game"], r["score"], r["ply"], r["mover"], r["result"] = game, score, ply, mover, result
        r["codes"] = codes
    return rec


def _write(path, header, rec, extra=b""):
    with open(path, "wb") as f:
        f.write(header + rec.tobytes() + extra)
    return str(path)


def _random_boards(layout, count, seed, density=0.4):
    rng = np.random.default_rng(seed)
    codes = rng.integers(1, layout.seats * layout.kinds + 1, size=(count, layout.cells))
    codes[rng.random((count, layout.cells)) > density] = 0
    return codes.astype(np.uint8), rng.integers(0, layout.seats, size=count)


def _random_layout(seed, cells=12, kinds=3, seats=3):
    rng = np.random.default_rng(seed)
    return nnue.Layout(cells=cells, kinds=kinds, seats=seats, family=f"1x1x{cells}",
                       orient=[rng.permutation(cells) for _ in range(seats)])


# ---- VGDATA ---------------------------------------------------------------------------------


def test_the_reader_gives_the_header_and_the_records_and_ignores_a_cut_off_last_one(tmp_path):
    header = nnue.build_header("toy", "size=3", TOY)
    assert header[:6] == b"VGDATA" and len(header) % 8 == 0
    assert struct.unpack_from("<HI", header, 6) == (1, len(header))
    rec = _records(TOY, [(0, 35, 0, 0, 2, [1, 0, 4]), (0, -12, 1, 1, 0, [1, 3, 4]),
                         (7, 29999, 2, 0, 1, [0, 0, 2])])
    path = _write(tmp_path / "a.vgdata", header, rec, extra=rec[:1].tobytes()[:9])
    data = nnue.DataFile(path)
    assert (data.version, data.header_len, data.game, data.config, data.family) == (
        1, len(header), "toy", "size=3", "1x1x3")
    assert (data.cells, data.kinds, data.seats, len(data), data.trailing) == (3, 2, 2, 3, 9)
    assert data.orient.tolist() == [[0, 1, 2], [2, 1, 0]]
    # Mapped, not read: the records are a view of the file.
    assert isinstance(data.records, np.memmap)
    assert data.records["game"].tolist() == [0, 0, 7]
    assert data.records["score"].tolist() == [35, -12, 29999]
    assert data.records["ply"].tolist() == [0, 1, 2]
    assert data.records["mover"].tolist() == [0, 1, 0]
    assert data.records["result"].tolist() == [2, 0, 1]
    assert data.records["codes"].tolist() == [[1, 0, 4], [1, 3, 4], [0, 0, 2]]
    assert b"".join(data.record_bytes()) == rec.tobytes()


def test_a_file_of_a_header_alone_has_no_records(tmp_path):
    data = nnue.DataFile(_write(tmp_path / "e.vgdata", nnue.build_header("toy", "", TOY),
                                _records(TOY, [])))
    assert len(data) == 0 and data.trailing == 0 and data.records.shape == (0,)


@pytest.mark.parametrize("damage, message", [
    (lambda h: b"VGDATX" + h[6:], r"not a VGDATA file: bytes 0\.\.6"),
    (lambda h: h[:6] + struct.pack("<H", 2) + h[8:], r"version 2 at byte 6"),
    (lambda h: h[:20], r"truncated header: header_len \(byte 8\)"),
    (lambda h: h[:5], r"truncated header: magic"),
    (lambda h: h[:8] + struct.pack("<I", 20) + h[12:], r"header_len 20 at byte 8 is not a "
                                                       r"multiple of 8"),
    (lambda h: h[:-1] + b"\x01", r"padding bytes .* are not zero"),
])
def test_a_bad_header_says_what_is_wrong_and_where(tmp_path, damage, message):
    path = tmp_path / "bad.vgdata"
    path.write_bytes(damage(nnue.build_header("toy", "", TOY)))
    with pytest.raises(ValueError, match=message):
        nnue.DataFile(path)


def test_an_orientation_that_is_not_a_permutation_is_refused(tmp_path):
    header = bytearray(nnue.build_header("toy", "", TOY))
    # The orient tables are the six u16 before the padding: make seat 1's [2, 1, 0] [2, 2, 0].
    at = header.index(struct.pack("<HHH", 2, 1, 0))
    header[at + 2:at + 4] = struct.pack("<H", 2)
    path = tmp_path / "o.vgdata"
    path.write_bytes(bytes(header))
    with pytest.raises(ValueError, match=r"orient\[1\] \(from byte .*\) is not a permutation"):
        nnue.DataFile(path)


def test_merge_concatenates_shards_of_one_header_and_refuses_others(tmp_path):
    header = nnue.build_header("toy", "", TOY)
    a = _write(tmp_path / "a.vgdata", header, _records(TOY, [(0, 1, 0, 0, 1, [1, 0, 0])]))
    b = _write(tmp_path / "b.vgdata", header,
               _records(TOY, [(1, 2, 0, 0, 1, [0, 1, 0]), (1, 3, 1, 1, 1, [0, 0, 1])]),
               extra=b"\x05")
    out = tmp_path / "all.vgdata"
    assert nnue.merge([a, b], out) == 3
    merged = nnue.DataFile(out)
    assert merged.header == header and merged.trailing == 0
    assert merged.records["score"].tolist() == [1, 2, 3]
    other = _write(tmp_path / "c.vgdata", nnue.build_header("toy", "size=4", TOY),
                   _records(TOY, []))
    with pytest.raises(ValueError, match="another header"):
        nnue.merge([a, other], tmp_path / "x.vgdata")
    assert not (tmp_path / "x.vgdata").exists()


def test_the_data_digest_is_the_sha256_of_the_whole_records_of_all_files_in_order(tmp_path):
    header = nnue.build_header("toy", "", TOY)
    one = _records(TOY, [(0, 1, 0, 0, 1, [1, 0, 0])])
    two = _records(TOY, [(1, 2, 0, 1, 1, [0, 2, 0]), (1, 3, 1, 0, 1, [0, 0, 3])])
    a = _write(tmp_path / "a.vgdata", header, one)
    b = _write(tmp_path / "b.vgdata", header, two, extra=b"\1\2\3")  # a cut-off record
    assert nnue.data_digest([a, b]) == hashlib.sha256(one.tobytes() + two.tobytes()).digest()
    assert nnue.data_digest([b, a]) != nnue.data_digest([a, b])


@pytest.mark.skipif(not hasattr(_native, "nnue_layout"), reason="a build without nnue_layout")
def test_the_native_header_is_the_one_built_from_the_native_layout():
    for game, config in (("chess3d", "heights=1"), ("checkers3d", "heights=1")):
        layout = nnue.Layout.of(_native.nnue_layout(game, config))
        header = bytes(_native.datagen_header(game, config))
        _, _, name, normalised, parsed = nnue._parse_data_header(header, game, len(header))
        assert name == game
        assert header == nnue.build_header(game, normalised, layout)
        assert np.array_equal(parsed.orient, layout.orient)


# ---- features -------------------------------------------------------------------------------


def test_features_by_hand():
    # Board [1, 0, 4] of TOY (N = 3, K = 2, S = 2): cell 0 holds code 1 = seat 0 kind 0, cell 2
    # code 4 = seat 1 kind 1. feature = (rel * K + kind) * N + orient[p][cell]:
    #   seen by seat 0: (0*2+0)*3 + 0 = 0, and (1*2+1)*3 + 2 = 11
    #   seen by seat 1: (1*2+0)*3 + orient[1][0] = 6 + 2 = 8, and (0*2+1)*3 + orient[1][2] = 3
    index, offsets = nnue.features([1, 0, 4], 0, TOY)
    assert offsets.tolist() == [0, 2, 4]
    assert index.tolist() == [0, 11, 8, 3]
    # Seat 1 to move: its perspective first.
    index, _ = nnue.features([1, 0, 4], 1, TOY)
    assert index.tolist() == [8, 3, 0, 11]


def test_features_match_the_formula_piece_by_piece():
    layout = _random_layout(1)
    codes, movers = _random_boards(layout, 50, seed=2)
    codes[3] = 0  # a position without pieces: empty bags
    index, offsets = nnue.features(codes, movers, layout)
    n, k, s = layout.cells, layout.kinds, layout.seats
    assert len(offsets) == len(codes) * s + 1
    for m in range(len(codes)):
        for j in range(s):
            p = (movers[m] + j) % s
            want = [(((c - 1) // k - p) % s * k + (c - 1) % k) * n + layout.orient[p][i]
                    for i, c in enumerate(codes[m].tolist()) if c]
            b = m * s + j
            assert index[offsets[b]:offsets[b + 1]].tolist() == want


# ---- VNET -----------------------------------------------------------------------------------


def test_a_net_round_trips_through_its_file(tmp_path):
    layout = _random_layout(3)
    net = nnue.Net.random(layout, hidden=5, seed=4, game="toy", config="size=12",
                          data_digest=hashlib.sha256(b"x").digest())
    path = tmp_path / "n.vnet"
    net.write(path)
    data = path.read_bytes()
    assert data[:4] == b"VNET" and struct.unpack_from("<HH", data, 4) == (1, 1)
    # magic, version, feature set, 3 strings, sizes (4+2+1+2*4), digest, the weights, the bias,
    # the checksum.
    f = layout.features
    assert len(data) == 8 + (1 + 3) + (1 + 6) + (2 + 7) + 15 + 32 + 2 * (f * 5 + 5 + 3 * 5) + 4 + 8
    assert struct.unpack_from("<Q", data, len(data) - 8)[0] == nnue.fnv1a64(data[:-8])
    again = nnue.Net.read(path)
    assert again == net
    assert (again.qa, again.qb, again.scale) == (255, 64, 400)
    assert again.fits("toy", layout) and not again.fits("chess3d", layout)


@pytest.mark.parametrize("damage, message", [
    (lambda d: d[:-1], "truncated"),
    (lambda d: d[:40], "truncated"),
    (lambda d: d + b"\0", "bytes after the checksum"),
    (lambda d: d[:100] + bytes([d[100] ^ 1]) + d[101:], "checksum mismatch"),
    (lambda d: b"VNEX" + d[4:], "not a VNET file"),
    (lambda d: d[:4] + struct.pack("<H", 9) + d[6:], "VNET version 9"),
    (lambda d: d[:6] + struct.pack("<H", 2) + d[8:], "feature set 2"),
])
def test_a_corrupt_or_truncated_net_is_a_value_error(tmp_path, damage, message):
    data = nnue.Net.random(TOY, hidden=4, seed=1, game="toy").to_bytes()
    path = tmp_path / "bad.vnet"
    path.write_bytes(damage(data))
    with pytest.raises(ValueError, match=message):
        nnue.Net.read(path)


def test_fnv1a64_known_values():
    # The published FNV-1a 64 test vectors.
    assert nnue.fnv1a64(b"") == 0xCBF29CE484222325
    assert nnue.fnv1a64(b"a") == 0xAF63DC4C8601EC8C
    assert nnue.fnv1a64(b"foobar") == 0x85944171F73967E8


# ---- evaluation -----------------------------------------------------------------------------


def _hand_net():
    # TOY (F = 12), H = 2. Only the four rows the board below uses are not zero.
    ft = np.zeros((12, 2), dtype=np.int64)
    ft[0], ft[11], ft[8], ft[3] = [100, -50], [200, 30], [-20, 300], [50, 50]
    return nnue.Net(game="toy", family="1x1x3", config="", cells=3, kinds=2, seats=2, hidden=2,
                    ft_weight=ft, ft_bias=[10, 0], out_weight=[[3, -7], [-5, 2]],
                    out_bias=-1000)


def test_evaluate_by_hand():
    # Board [1, 0, 4]: seat 0's features 0 and 11, seat 1's 8 and 3 (test_features_by_hand).
    #   acc_0 = [10 + 100 + 200, 0 - 50 + 30] = [310, -20] -> a_0 = [255, 0]   (clamped)
    #   acc_1 = [10 - 20 + 50, 0 + 300 + 50]  = [40, 350]  -> a_1 = [40, 255]  (clamped)
    # Seat 0's view: out = -1000 + (3*255 - 7*0) + (-5*40 + 2*255) = -1000 + 765 + 310 = 75,
    #   eval = floor(75 * 400 / (255 * 64)) = floor(30000 / 16320) = floor(1.84) = 1.
    # Seat 1's view: out = -1000 + (3*40 - 7*255) + (-5*255 + 2*0) = -1000 - 1665 - 1275 = -3940,
    #   eval = floor(-3940 * 400 / 16320) = floor(-96.57) = -97 (floor, not truncation: -96).
    net = _hand_net()
    assert nnue.evaluate(net, [1, 0, 4], 0, 2, 2, TOY.orient) == 1
    assert nnue.evaluate(net, [1, 0, 4], 1, 2, 2, TOY.orient) == -97
    many = nnue.evaluate(net, np.array([[1, 0, 4], [1, 0, 4], [0, 0, 0]]), [0, 1, 0], 2, 2,
                         TOY.orient)
    assert many.dtype == np.int64
    # An empty board: a = clamp(ft_bias) = [10, 0] for both; out = -1000 + 30 - 50 = -1020,
    # floor(-1020 * 400 / 16320) = floor(-25.0) = -25.
    assert many.tolist() == [1, -97, -25]
    with pytest.raises(ValueError, match="layout"):
        nnue.evaluate(net, [1, 0, 4], 0, 3, 2, TOY.orient)


def test_evaluate_matches_a_plain_python_loop():
    layout = _random_layout(5)
    net = nnue.Net.random(layout, hidden=7, seed=6)
    codes, movers = _random_boards(layout, 40, seed=7, density=0.7)
    got = nnue.evaluate(net, codes, movers, layout.seats, layout.kinds, layout.orient)
    n, k, s, h = layout.cells, layout.kinds, layout.seats, net.hidden
    for m in range(len(codes)):
        a = []
        for p in range(s):
            acc = [int(x) for x in net.ft_bias]
            for i, c in enumerate(codes[m].tolist()):
                if c:
                    f = (((c - 1) // k - p) % s * k + (c - 1) % k) * n + int(layout.orient[p][i])
                    acc = [x + int(w) for x, w in zip(acc, net.ft_weight[f])]
            a.append([min(max(x, 0), 255) for x in acc])
        v = int(movers[m])
        out = net.out_bias + sum(int(net.out_weight[j][hh]) * a[(v + j) % s][hh]
                                 for j in range(s) for hh in range(h))
        assert got[m] == out * 400 // (255 * 64)


# ---- fixtures -------------------------------------------------------------------------------


def test_a_fixture_from_a_random_net(tmp_path):
    layout = _random_layout(8, cells=9, kinds=2, seats=2)
    codes, movers = _random_boards(layout, 30, seed=9)
    rec = _records(layout, [(i // 10, 0, i % 10, movers[i], 1, codes[i]) for i in range(30)])
    data = _write(tmp_path / "d.vgdata", nnue.build_header("toy", "", layout), rec)
    stem = str(tmp_path / "fx")
    assert vtrain.main(["fixture", "--random-net", "--hidden", "4", "--seed", "3",
                        "--data", data, "--count", "20", "--out", stem]) == 0
    net = nnue.Net.read(stem + ".vnet")
    assert net.hidden == 4 and net.fits("toy", layout)
    fx = nnue.DataFile(stem + ".vgdata")
    assert len(fx) == 20 and fx.header == nnue.DataFile(data).header
    assert np.array_equal(np.asarray(fx.records), rec[:20])
    expected = [int(line) for line in open(stem + ".expected")]
    assert expected == nnue.evaluate(net, rec["codes"][:20], rec["mover"][:20], 2, 2,
                                     layout.orient).tolist()
    # The same from the net file, on a seeded sample.
    assert vtrain.main(["fixture", "--net", stem + ".vnet", "--data", data, "--count", "5",
                        "--sample", "--seed", "1", "--out", stem + "s"]) == 0
    assert len(open(stem + "s.expected").read().split()) == 5


def test_training_without_torch_says_how_to_get_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch raises ImportError
    with pytest.raises(ImportError, match=r"variant-games\[train\]"):
        vtrain._torch()
    assert vtrain.main(["chess3d", "--data", "x.vgdata", "--out", "x.vnet"]) == 2
    assert "variant-games[train]" in capsys.readouterr().err


# ---- PyTorch --------------------------------------------------------------------------------


def _quantisation_bound(model, net, codes, movers, layout):
    """The most the integer evaluation can differ from the float model's y * SCALE: each
    accumulator is off by at most half a step per summed weight (the bias and each feature;
    the clamp does not widen it), each output weight by half a step, the output bias by half a
    step, and the floor by one."""
    torch = pytest.importorskip("torch")
    index, offsets = nnue.features(codes, movers, layout)
    pieces = np.diff(offsets).reshape(len(codes), layout.seats)
    with torch.no_grad():
        acc = model.ft(torch.from_numpy(index), torch.from_numpy(offsets)) + model.ft_bias
        a = acc.clamp(0, 1).double().numpy().reshape(len(codes), layout.seats, -1)
    w = np.abs(model.out.weight.detach().double().numpy().reshape(layout.seats, -1))
    da = (pieces[:, :, None] + 1) * 0.5 / nnue.QA
    bound = ((w + 0.5 / nnue.QB) * da + 0.5 / nnue.QB * a).sum(axis=(1, 2))
    return (bound + 0.5 / (nnue.QA * nnue.QB)) * nnue.SCALE + 1.0


def test_the_quantised_net_agrees_with_the_float_model_within_the_quantisation_error():
    pytest.importorskip("torch")
    layout = _random_layout(10, cells=16, kinds=3, seats=3)
    model = vtrain.make_model(layout.features, layout.seats, hidden=16, seed=11)
    with __import__("torch").no_grad():
        # Larger than the initial weights, so that accumulators cross both ends of the clamp.
        model.ft.weight.uniform_(-0.6, 0.6)
        model.out.weight.uniform_(-3, 3)
        model.out.bias.fill_(-0.3)
    net = vtrain.quantise(model, layout, "toy", "", b"\0" * 32)
    codes, movers = _random_boards(layout, 300, seed=12, density=0.5)
    exact = nnue.evaluate(net, codes, movers, layout.seats, layout.kinds, layout.orient)
    approx = vtrain.float_eval(model, codes, movers, layout)
    bound = _quantisation_bound(model, net, codes, movers, layout)
    assert np.all(np.abs(exact - approx) <= bound), np.max(np.abs(exact - approx) - bound)
    # Not vacuous: the evaluations spread over thousands of centipawns, the errors are a
    # thousandth of that.
    assert np.ptp(approx) > 2000 and np.mean(np.abs(exact - approx)) < 0.005 * np.ptp(approx)


def test_training_learns_material_and_exports_a_net_of_its_data(tmp_path):
    pytest.importorskip("torch")
    layout = nnue.Layout(cells=9, kinds=2, seats=2, family="1x3x3",
                         orient=[list(range(9)), list(range(9))[::-1]])
    codes, movers = _random_boards(layout, 3000, seed=13, density=0.5)
    # The score: the mover's kind-0 pieces count 100, kind-1 pieces 300, the other's minus.
    seat = (codes.astype(int) - 1) // 2
    worth = np.where(codes == 0, 0, np.where((codes.astype(int) - 1) % 2 == 0, 100, 300))
    score = (np.where(seat == movers[:, None], worth, -worth)).sum(axis=1)
    result = np.where(score > 0, 2, np.where(score < 0, 0, 1))
    rec = _records(layout, [(i // 30, score[i], i % 30, movers[i], result[i], codes[i])
                            for i in range(len(codes))])
    data = _write(tmp_path / "m.vgdata", nnue.build_header("toy", "", layout), rec)
    out = str(tmp_path / "m.vnet")
    lines = []
    summary = vtrain.train([data], out, game="toy", hidden=8, epochs=8, lam=1.0, lr=0.01,
                           batch=256, threads=1, seed=1, log=lines.append)
    net = nnue.Net.read(out)
    assert net.fits("toy", layout) and net.hidden == 8
    assert net.data_digest == hashlib.sha256(rec.tobytes()).digest() == nnue.data_digest([data])
    assert any(line.startswith("epoch 8:") for line in lines)
    assert "s in all" in lines[-1]
    assert summary["validation_loss"] < 0.02, summary
    assert summary["quantisation_error_max"] < 20, summary
    # The net ranks material: a lone kind-1 piece of the mover against one of the other side.
    mine, theirs = np.zeros(9, np.uint8), np.zeros(9, np.uint8)
    mine[4], theirs[4] = 2, 4
    assert nnue.evaluate(net, mine, 0, 2, 2, layout.orient) > 100
    assert nnue.evaluate(net, theirs, 0, 2, 2, layout.orient) < -100


def test_the_training_command_line(tmp_path, capsys):
    pytest.importorskip("torch")
    layout = TOY
    codes, movers = _random_boards(layout, 200, seed=14, density=0.7)
    rec = _records(layout, [(i // 10, 0, i % 10, movers[i], 1, codes[i]) for i in range(200)])
    data = _write(tmp_path / "t.vgdata", nnue.build_header("toy", "", layout), rec)
    out = str(tmp_path / "t.vnet")
    assert vtrain.main(["toy", "--data", data, "--out", out, "--hidden", "4", "--epochs", "1",
                        "--threads", "1", "--batch", "64"]) == 0
    assert nnue.Net.read(out).hidden == 4
    assert "s in all" in capsys.readouterr().err
    assert vtrain.main(["chess3d", "--data", data, "--out", out]) == 2
    assert "data of 'toy', not 'chess3d'" in capsys.readouterr().err
