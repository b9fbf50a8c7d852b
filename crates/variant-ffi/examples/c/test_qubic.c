/*
 * test_qubic.c: Qubic (4x4x4 tic-tac-toe, docs/rules/qubic.md) through the C library, checked
 * against the rules page rather than against the library itself.
 *
 * - the empty box has one move per cell, 64 in all.
 * - a move's value is the game's tag 5 in bits 60-63 above the cell's index
 *   (height * 16 + rank * 4 + file), and the moves come in cell order: the i-th move is the
 *   cell a1@1, b1@1, ... named by i.
 * - x's a1@1 b1@1 c1@1 d1@1 (o answering a2@1 b2@1 c2@1) is four in a line: x (seat 0)
 *   wins for a reason of the game's own, reason id "four-in-a-line", rule "Q-5".
 *
 * Exits 1 if any check fails, printing each failure; prints "ok <n> checks" otherwise.
 *
 * Build: cc -Wall -Wextra -std=c11 -Icrates/variant-ffi/include crates/variant-ffi/examples/c/test_qubic.c \
 *           target/release/libvariant_ffi.a -lpthread -ldl -lm -o test_qubic
 */
#include "variants.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int checks = 0;
static int failures = 0;

#define EXPECT(cond)                                                                          \
  do {                                                                                        \
    checks++;                                                                                 \
    if (!(cond)) {                                                                            \
      failures++;                                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                \
    }                                                                                         \
  } while (0)

/* The name of cell i < 64: file a-d, rank 1-4, height 1-4. */
static void cell_name(unsigned i, char out[5]) {
  out[0] = "abcd"[i % 4];
  out[1] = (char)('1' + i / 4 % 4);
  out[2] = '@';
  out[3] = (char)('1' + i / 16 % 4);
  out[4] = '\0';
}

int main(void) {
  variants_game *game = NULL;
  if (variants_game_new("qubic", "", &game) != VARIANTS_OK) {
    char detail[256];
    size_t n = 0;
    variants_last_error_message(detail, sizeof detail, &n);
    fprintf(stderr, "variants_game_new(\"qubic\"): %s\n", detail);
    return 1;
  }
  variants_move moves[128];
  size_t count = 0;
  EXPECT(variants_game_moves(game, moves, 128, &count) == VARIANTS_OK);
  EXPECT(count == 64);
  for (size_t i = 0; i < count && i < 64; i++) {
    EXPECT((uint64_t)moves[i] == ((UINT64_C(5) << 60) | i));
    char text[64], expected[5];
    size_t n = 0;
    EXPECT(variants_game_move_text(game, moves[i], text, sizeof text, &n) == VARIANTS_OK);
    cell_name((unsigned)i, expected);
    EXPECT(strcmp(text, expected) == 0);
  }
  const char *line[] = {"a1@1", "a2@1", "b1@1", "b2@1", "c1@1", "c2@1", "d1@1"};
  for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
    EXPECT(variants_game_play(game, line[i]) == VARIANTS_OK);
  }
  variants_status status;
  EXPECT(variants_game_status(game, &status) == VARIANTS_OK);
  EXPECT(status.kind == VARIANTS_STATUS_WIN);
  EXPECT(status.winner_seat == 0);
  EXPECT(status.reason == VARIANTS_REASON_GAME);
  const uint32_t parts[3] = {VARIANTS_REASON_PART_ID, VARIANTS_REASON_PART_RULE,
                             VARIANTS_REASON_PART_TEXT};
  const char *wanted[3] = {"four-in-a-line", "Q-5", "four in a line"};
  for (int i = 0; i < 3; i++) {
    char words[128];
    size_t n = 0;
    EXPECT(variants_game_status_reason(game, parts[i], words, sizeof words, &n) == VARIANTS_OK);
    EXPECT(strcmp(words, wanted[i]) == 0);
  }
  /* Once a line is complete no move is legal. */
  EXPECT(variants_game_moves(game, moves, 128, &count) == VARIANTS_OK);
  EXPECT(count == 0);
  variants_game_free(game);
  if (failures) {
    fprintf(stderr, "%d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("ok %d checks\n", checks);
  return 0;
}
