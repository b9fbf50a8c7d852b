/*
 * test_errors.c: the error paths of the variants C API, seen from C.
 *
 * NULL handles and strings, unknown game, bad configuration, bad position text, malformed and
 * illegal moves, buffers that are too small (with the size needed), invalid UTF-8, status texts,
 * the per-thread last error message, and game records (moves after the end, undo at the start,
 * claims that do not hold, bad JSON). Exits 1 if any check fails, printing each failure;
 * prints "ok <n> checks" otherwise. Uses the first game the library serves.
 *
 * Build: cc -Wall -Wextra -std=c11 -Icrates/variant-ffi/include crates/variant-ffi/examples/c/test_errors.c \
 *           target/release/libvariant_ffi.a -lpthread -ldl -lm -o test_errors
 */
#include "variants.h"

#include <stdio.h>
#include <stdlib.h>
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

#define EXPECT_RC(call, expected)                                                             \
  do {                                                                                        \
    variants_result rc_ = (call);                                                             \
    checks++;                                                                                 \
    if (rc_ != (expected)) {                                                                  \
      failures++;                                                                             \
      fprintf(stderr, "%s:%d: %s returned %u, expected %s (%u): %s\n", __FILE__, __LINE__,    \
              #call, (unsigned)rc_, #expected, (unsigned)(expected), last_error());           \
    }                                                                                         \
  } while (0)

/* The calling thread's last error message (static buffer). */
static const char *last_error(void) {
  static char buf[2048];
  size_t n = 0;
  if (variants_last_error_message(buf, sizeof buf, &n) != VARIANTS_OK) {
    return "(message unavailable)";
  }
  return buf;
}

static int contains(const char *haystack, const char *needle) {
  return strstr(haystack, needle) != NULL;
}

/* The whole position text of a handle (malloc'd). */
static char *position_text(const variants_game *game) {
  size_t needed = 0;
  if (variants_game_to_text(game, NULL, 0, &needed) != VARIANTS_BUFFER_TOO_SMALL) {
    return NULL;
  }
  char *buf = malloc(needed);
  if (buf == NULL || variants_game_to_text(game, buf, needed, &needed) != VARIANTS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

static void test_abi_and_status_texts(void) {
  EXPECT(variants_abi_version() == VARIANTS_ABI_VERSION);
  char buf[256];
  size_t n = 0;
  for (unsigned code = VARIANTS_OK; code <= VARIANTS_NOT_POSSIBLE; code++) {
    EXPECT_RC(variants_status_message(code, buf, sizeof buf, &n), VARIANTS_OK);
    EXPECT(strlen(buf) > 0 && n == strlen(buf) + 1);
  }
  EXPECT_RC(variants_status_message(VARIANTS_OK, buf, sizeof buf, &n), VARIANTS_OK);
  EXPECT(strcmp(buf, "success") == 0);
  EXPECT_RC(variants_status_message(VARIANTS_ILLEGAL_MOVE, buf, sizeof buf, &n), VARIANTS_OK);
  EXPECT(strcmp(buf, "illegal move") == 0);
  EXPECT_RC(variants_status_message(9999, buf, sizeof buf, &n), VARIANTS_INVALID_ARGUMENT);
  EXPECT_RC(variants_status_message(VARIANTS_OK, buf, sizeof buf, NULL), VARIANTS_NULL_ARGUMENT);
  EXPECT_RC(variants_status_message(VARIANTS_OK, buf, 3, &n), VARIANTS_BUFFER_TOO_SMALL);
  EXPECT(n == strlen("success") + 1 && buf[0] == '\0');
}

static void test_null_handle(void) {
  char buf[64];
  size_t n = 0;
  uint64_t nodes = 0;
  uint32_t seat = 0;
  variants_status status;
  variants_game *out = (variants_game *)&out; /* not NULL: must be reset to NULL */

  EXPECT_RC(variants_game_to_text(NULL, buf, sizeof buf, &n), VARIANTS_NULL_ARGUMENT);
  EXPECT(contains(last_error(), "game"));
  EXPECT_RC(variants_game_legal_moves(NULL, buf, sizeof buf, &n), VARIANTS_NULL_ARGUMENT);
  EXPECT_RC(variants_game_play(NULL, "e2e4"), VARIANTS_NULL_ARGUMENT);
  EXPECT_RC(variants_game_perft(NULL, 1, 1, &nodes), VARIANTS_NULL_ARGUMENT);
  EXPECT_RC(variants_game_side_to_move(NULL, &seat), VARIANTS_NULL_ARGUMENT);
  EXPECT_RC(variants_game_status(NULL, &status), VARIANTS_NULL_ARGUMENT);
  EXPECT_RC(variants_game_clone(NULL, &out), VARIANTS_NULL_ARGUMENT);
  EXPECT(out == NULL);
  variants_game_free(NULL); /* accepted */
}

static void test_null_strings(const char *game_name) {
  variants_game *game = (variants_game *)&game;
  EXPECT_RC(variants_game_new(NULL, NULL, &game), VARIANTS_NULL_ARGUMENT);
  EXPECT(game == NULL);
  EXPECT(contains(last_error(), "game"));
  EXPECT_RC(variants_game_new(game_name, NULL, NULL), VARIANTS_NULL_ARGUMENT);
  EXPECT_RC(variants_game_from_text(game_name, NULL, NULL, &game), VARIANTS_NULL_ARGUMENT);
  EXPECT(contains(last_error(), "text"));
  EXPECT_RC(variants_game_from_text(NULL, NULL, "x", &game), VARIANTS_NULL_ARGUMENT);

  EXPECT_RC(variants_game_new(game_name, NULL, &game), VARIANTS_OK);
  EXPECT_RC(variants_game_play(game, NULL), VARIANTS_NULL_ARGUMENT);
  EXPECT(contains(last_error(), "move"));
  uint64_t *no_nodes = NULL;
  EXPECT_RC(variants_game_perft(game, 1, 1, no_nodes), VARIANTS_NULL_ARGUMENT);
  EXPECT_RC(variants_game_status(game, NULL), VARIANTS_NULL_ARGUMENT);
  variants_game_free(game);
}

static void test_bad_game_and_config(const char *game_name) {
  variants_game *game = (variants_game *)&game;
  EXPECT_RC(variants_game_new("no-such-game", NULL, &game), VARIANTS_UNKNOWN_GAME);
  EXPECT(game == NULL);
  /* The message lists the games that exist. */
  EXPECT(contains(last_error(), "no-such-game") && contains(last_error(), game_name));

  EXPECT_RC(variants_game_new(game_name, "no_such_key=1", &game), VARIANTS_BAD_CONFIG);
  EXPECT(game == NULL);
  EXPECT(contains(last_error(), "no_such_key"));
  EXPECT_RC(variants_game_new(game_name, "{\"no_such_key\": 1}", &game), VARIANTS_BAD_CONFIG);
  EXPECT_RC(variants_game_new(game_name, "{\"unterminated", &game), VARIANTS_BAD_CONFIG);
  EXPECT_RC(variants_game_new(game_name, "no equals sign", &game), VARIANTS_BAD_CONFIG);
  EXPECT(strlen(last_error()) > 0);

  /* Empty configurations are the defaults. */
  EXPECT_RC(variants_game_new(game_name, "", &game), VARIANTS_OK);
  variants_game_free(game);
  EXPECT_RC(variants_game_new(game_name, "{}", &game), VARIANTS_OK);
  variants_game_free(game);
}

static void test_bad_position(const char *game_name) {
  variants_game *game = (variants_game *)&game;
  EXPECT_RC(variants_game_from_text(game_name, NULL, "this is not a position", &game),
            VARIANTS_BAD_POSITION);
  EXPECT(game == NULL);
  EXPECT(strncmp(last_error(), "position text: ", 15) == 0);
  EXPECT_RC(variants_game_from_text(game_name, NULL, "", &game), VARIANTS_BAD_POSITION);

  /* A text written by the library reads back to the same text. */
  variants_game *start = NULL;
  EXPECT_RC(variants_game_new(game_name, NULL, &start), VARIANTS_OK);
  char *text = position_text(start);
  EXPECT(text != NULL);
  if (text != NULL) {
    EXPECT_RC(variants_game_from_text(game_name, NULL, text, &game), VARIANTS_OK);
    char *again = position_text(game);
    EXPECT(again != NULL && strcmp(again, text) == 0);
    free(again);
    variants_game_free(game);
    /* Cut in half it is no position. */
    text[strlen(text) / 2] = '\0';
    game = (variants_game *)&game;
    EXPECT_RC(variants_game_from_text(game_name, NULL, text, &game), VARIANTS_BAD_POSITION);
    EXPECT(game == NULL);
  }
  free(text);
  variants_game_free(start);
}

static void test_moves(const char *game_name) {
  variants_game *game = NULL;
  EXPECT_RC(variants_game_new(game_name, NULL, &game), VARIANTS_OK);
  char *before = position_text(game);

  EXPECT_RC(variants_game_play(game, "?? not a move ??"), VARIANTS_BAD_MOVE);
  EXPECT(strlen(last_error()) > 0);
  EXPECT_RC(variants_game_play(game, ""), VARIANTS_BAD_MOVE);
  char *after = position_text(game);
  EXPECT(before != NULL && after != NULL && strcmp(before, after) == 0);
  free(after);

  /* The first legal move, played, then played again: its piece has left the origin. */
  char moves[8192];
  size_t n = 0;
  EXPECT_RC(variants_game_legal_moves(game, moves, sizeof moves, &n), VARIANTS_OK);
  char *newline = strchr(moves, '\n');
  if (newline != NULL) {
    *newline = '\0';
  }
  EXPECT(moves[0] != '\0');
  EXPECT_RC(variants_game_play(game, moves), VARIANTS_OK);
  EXPECT(strlen(last_error()) == 0); /* a success clears the message */
  char *played = position_text(game);
  EXPECT_RC(variants_game_play(game, moves), VARIANTS_ILLEGAL_MOVE);
  EXPECT(contains(last_error(), "illegal"));
  after = position_text(game);
  EXPECT(played != NULL && after != NULL && strcmp(played, after) == 0);
  free(after);
  free(played);
  free(before);

  char name[64];
  uint32_t seats = 0;
  EXPECT_RC(variants_game_seat_count(game, &seats), VARIANTS_OK);
  EXPECT_RC(variants_game_seat_name(game, seats, name, sizeof name, &n),
            VARIANTS_INVALID_ARGUMENT);
  EXPECT_RC(variants_game_seat_name(game, 0, name, sizeof name, &n), VARIANTS_OK);
  variants_game_free(game);
}

static void test_buffers(const char *game_name) {
  variants_game *game = NULL;
  EXPECT_RC(variants_game_new(game_name, NULL, &game), VARIANTS_OK);
  char *text = position_text(game);
  EXPECT(text != NULL);
  if (text == NULL) {
    variants_game_free(game);
    return;
  }
  size_t size = strlen(text) + 1;
  char *buf = malloc(size + 8);
  size_t n = 0;

  /* Size query: NULL buffer, length 0. */
  EXPECT_RC(variants_game_to_text(game, NULL, 0, &n), VARIANTS_BUFFER_TOO_SMALL);
  EXPECT(n == size);
  /* One byte short: too small, the buffer holds "", *written the size needed. */
  memset(buf, 'x', size + 8);
  n = 0;
  EXPECT_RC(variants_game_to_text(game, buf, size - 1, &n), VARIANTS_BUFFER_TOO_SMALL);
  EXPECT(n == size && buf[0] == '\0');
  EXPECT(contains(last_error(), "needs"));
  /* Exactly the size: the text and its NUL, nothing written beyond. */
  memset(buf, 'x', size + 8);
  EXPECT_RC(variants_game_to_text(game, buf, size, &n), VARIANTS_OK);
  EXPECT(n == size && strcmp(buf, text) == 0 && buf[size] == 'x');
  /* A NULL buffer with a length, a NULL written. */
  EXPECT_RC(variants_game_to_text(game, NULL, 10, &n), VARIANTS_NULL_ARGUMENT);
  EXPECT_RC(variants_game_to_text(game, buf, size, NULL), VARIANTS_NULL_ARGUMENT);

  /* The move list follows the same protocol. */
  EXPECT_RC(variants_game_legal_moves(game, buf, 1, &n), VARIANTS_BUFFER_TOO_SMALL);
  EXPECT(n > 1 && buf[0] == '\0');
  char *moves = malloc(n);
  size_t m = 0;
  EXPECT_RC(variants_game_legal_moves(game, moves, n, &m), VARIANTS_OK);
  EXPECT(m == n && strlen(moves) + 1 == n);
  uint64_t count = 0;
  EXPECT_RC(variants_game_legal_move_count(game, &count), VARIANTS_OK);
  uint64_t lines = 1;
  for (char *p = moves; *p != '\0'; p++) {
    lines += *p == '\n';
  }
  EXPECT(lines == count);
  free(moves);

  /* So do the game list and the messages. */
  EXPECT_RC(variants_games(buf, 2, &n), VARIANTS_BUFFER_TOO_SMALL);
  EXPECT(n > 2);
  variants_game *none = NULL;
  EXPECT_RC(variants_game_new("no-such-game", NULL, &none), VARIANTS_UNKNOWN_GAME);
  size_t message_size = 0;
  EXPECT_RC(variants_last_error_message(NULL, 0, &message_size), VARIANTS_BUFFER_TOO_SMALL);
  EXPECT(message_size > 1);
  /* Reading the message does not clear it. */
  EXPECT(strlen(last_error()) + 1 == message_size);

  free(buf);
  free(text);
  variants_game_free(game);
}

static void test_invalid_utf8(const char *game_name) {
  variants_game *game = (variants_game *)&game;
  EXPECT_RC(variants_game_new("chess\xff", NULL, &game), VARIANTS_INVALID_UTF8);
  EXPECT(game == NULL);
  EXPECT(contains(last_error(), "UTF-8"));
  EXPECT_RC(variants_game_new(game_name, "heights=\xc3", &game), VARIANTS_INVALID_UTF8);
  EXPECT_RC(variants_game_from_text(game_name, NULL, "\xe2\x82", &game), VARIANTS_INVALID_UTF8);
  EXPECT_RC(variants_game_new(game_name, NULL, &game), VARIANTS_OK);
  EXPECT_RC(variants_game_play(game, "e2\xfe"), VARIANTS_INVALID_UTF8);
  variants_game_free(game);
}

static void test_record(const char *game_name) {
  variants_game *start = NULL;
  variants_record *record = (variants_record *)&record;
  EXPECT_RC(variants_record_new(NULL, &record), VARIANTS_NULL_ARGUMENT);
  EXPECT(record == NULL);
  EXPECT_RC(variants_game_new(game_name, NULL, &start), VARIANTS_OK);
  EXPECT_RC(variants_record_new(start, &record), VARIANTS_OK);
  variants_game_free(start); /* the record has its own copy */

  EXPECT_RC(variants_record_undo(record), VARIANTS_NOT_POSSIBLE);
  EXPECT_RC(variants_record_claim_draw(record, NULL), VARIANTS_NOT_POSSIBLE);
  EXPECT_RC(variants_record_agree_draw(record), VARIANTS_OK);
  variants_status status;
  EXPECT_RC(variants_record_status(record, &status), VARIANTS_OK);
  EXPECT(status.kind == VARIANTS_STATUS_DRAW && status.reason == VARIANTS_REASON_AGREEMENT);

  /* A move after the end of the game: not possible (the position would accept it). */
  variants_game *position = NULL;
  EXPECT_RC(variants_record_position(record, &position), VARIANTS_OK);
  char moves[8192];
  size_t n = 0;
  EXPECT_RC(variants_game_legal_moves(position, moves, sizeof moves, &n), VARIANTS_OK);
  moves[strcspn(moves, "\n")] = '\0';
  EXPECT_RC(variants_record_play(record, moves), VARIANTS_NOT_POSSIBLE);
  EXPECT(contains(last_error(), "over"));
  EXPECT_RC(variants_game_play(position, moves), VARIANTS_OK);
  variants_game_free(position);

  /* JSON: written, read back; garbage is no record. */
  size_t size = 0;
  EXPECT_RC(variants_record_to_json(record, NULL, 0, &size), VARIANTS_BUFFER_TOO_SMALL);
  char *json = malloc(size);
  EXPECT_RC(variants_record_to_json(record, json, size, &size), VARIANTS_OK);
  variants_record *copy = NULL;
  EXPECT_RC(variants_record_from_json(json, &copy), VARIANTS_OK);
  variants_record_free(copy);
  free(json);
  copy = (variants_record *)&copy;
  EXPECT_RC(variants_record_from_json("{\"not\": \"a record\"}", &copy), VARIANTS_BAD_RECORD);
  EXPECT(copy == NULL);
  variants_record_free(record);
  variants_record_free(NULL);
}

int main(void) {
  char names[1024];
  size_t n = 0;
  if (variants_games(names, sizeof names, &n) != VARIANTS_OK || names[0] == '\0') {
    fprintf(stderr, "the library serves no game\n");
    return 1;
  }
  names[strcspn(names, "\n")] = '\0';
  const char *game = names;

  test_abi_and_status_texts();
  test_null_handle();
  test_null_strings(game);
  test_bad_game_and_config(game);
  test_bad_position(game);
  test_moves(game);
  test_buffers(game);
  test_invalid_utf8(game);
  test_record(game);

  if (failures > 0) {
    fprintf(stderr, "%d of %d checks failed (game %s)\n", failures, checks, game);
    return 1;
  }
  printf("ok %d checks (game %s)\n", checks, game);
  return 0;
}
