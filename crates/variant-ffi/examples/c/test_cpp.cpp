// test_cpp.cpp: the C++ wrapper (crates/variant-ffi/include/variants.hpp) at work: RAII handles, exceptions that
// carry the library's message, move values, copies, records, a stopped perft.
// Prints "ok" and exits 0, or says what failed and exits 1.
#include "variants.hpp"

#include <cstdio>
#include <string>
#include <utility>

static int failures = 0;

static void expect(bool condition, const char *what) {
  if (!condition) {
    std::fprintf(stderr, "failed: %s\n", what);
    failures++;
  }
}

// Perft through move values and explicit copies (variants_game_copy).
static uint64_t perft(const variants::game &position, unsigned depth) {
  if (depth == 1) {
    return position.legal_move_count();
  }
  uint64_t nodes = 0;
  variants::game child = position.clone();
  for (variants_move move : position.moves()) {
    child.assign(position);
    child.play(move);
    nodes += perft(child, depth - 1);
  }
  return nodes;
}

int main() {
  // FIDE chess is chess3d with one height (C3-1): perft 3 is 8902.
  variants::game chess("chess3d", "heights=1");
  expect(perft(chess, 3) == 8902, "perft 3 through values is 8902");
  expect(chess.perft(3) == 8902, "library perft 3 is 8902");
  expect(chess.moves().size() == 20, "20 first moves");

  // Move values and texts agree.
  variants_move e4 = chess.parse_move("e2e4");
  expect(chess.move_text(e4) == "e2e4", "move_text(parse_move(e2e4))");

  // Errors are exceptions with the status code and the detailed message.
  try {
    chess.play(variants_move{12345});
    expect(false, "a made-up value throws");
  } catch (const variants::error &e) {
    expect(e.code() == VARIANTS_ILLEGAL_MOVE, "made-up value: VARIANTS_ILLEGAL_MOVE");
    expect(std::string(e.what()).find("move value") != std::string::npos, "message says why");
  }
  try {
    variants::game nope("no such game");
    expect(false, "an unknown game throws");
  } catch (const variants::error &e) {
    expect(e.code() == VARIANTS_UNKNOWN_GAME, "VARIANTS_UNKNOWN_GAME");
  }
  try {
    variants::game checkers("checkers3d");
    chess.assign(checkers);
    expect(false, "copying another game's position throws");
  } catch (const variants::error &e) {
    expect(e.code() == VARIANTS_INVALID_ARGUMENT, "VARIANTS_INVALID_ARGUMENT");
  }

  // Handles move; the moved-from object owns nothing (its destructor frees NULL).
  variants::game moved = std::move(chess);
  moved.play(e4);
  expect(moved.text() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         "1. e4 in FEN");
  expect(chess.get() == nullptr, "moved-from handle is empty");
  // Only checkers3d's capture search can run long; chess's move generation is bounded.
  expect(!moved.move_search_exceeds(0), "chess never exceeds a move-search budget");

  // Records.
  variants::record game_record(variants::game("chess3d", "heights=1"));
  game_record.play("e2e4");
  game_record.play("e7e5");
  game_record.undo();
  expect(game_record.position().text() == moved.text(), "record position after undo");
  variants::record again = variants::record::from_json(game_record.to_json());
  expect(again.position().text() == moved.text(), "record JSON round trip");

  // A perft stopped from the progress callback.
  variants::stop halt;
  variants::game big("chess3d");
  unsigned reports = 0;
  try {
    big.perft(6, 1, halt, [&](const variants_progress &) {
      reports++;
      halt.request();
    });
    expect(false, "a stopped perft throws");
  } catch (const variants::error &e) {
    expect(e.code() == VARIANTS_STOPPED, "VARIANTS_STOPPED");
  }
  expect(reports >= 1, "progress reported");
  halt.reset();
  expect(big.perft(2, 1, halt) == 14865, "perft after a reset (chess3d reference count)");

  if (failures > 0) {
    return 1;
  }
  std::printf("ok\n");
  return 0;
}
