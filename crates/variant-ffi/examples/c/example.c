/*
 * example.c: a tour of the variants C API.
 *
 * For every game the library serves: create the start position, count perft 1..3 from it,
 * play the first legal move a few times, print the position text and the status, and count
 * perft 2 from there. Then chess3d with one height (FIDE chess) from a JSON configuration.
 *
 * Output lines (read by crates/variant-ffi/tests/ffi/c_programs.rs):
 *   abi <n>
 *   games <name> <name> ...
 *   game <name> seats <n> config <key=value;...>
 *   start <name> <position text>
 *   perft <name> start <depth> <nodes>
 *   play <name> <move>
 *   position <name> <position text>
 *   status <name> <kind> <winner seat> <reason>
 *   perft <name> after <depth> <nodes>
 *
 * Build (from the workspace root, after `cargo build --release -p variant-ffi`):
 *   cc -Wall -Wextra -std=c11 -Icrates/variant-ffi/include crates/variant-ffi/examples/c/example.c \
 *      target/release/libvariant_ffi.a -lpthread -ldl -lm -o example
 */
#include "variants.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints the failed call, the code's text and the detailed message, and exits. */
static void fail(const char *what, variants_result rc) {
  char text[128];
  char detail[1024];
  size_t n = 0;
  if (variants_status_message(rc, text, sizeof text, &n) != VARIANTS_OK) {
    snprintf(text, sizeof text, "status %u", (unsigned)rc);
  }
  if (variants_last_error_message(detail, sizeof detail, &n) != VARIANTS_OK) {
    detail[0] = '\0';
  }
  fprintf(stderr, "%s failed: %s: %s\n", what, text, detail);
  exit(1);
}

static void check(const char *what, variants_result rc) {
  if (rc != VARIANTS_OK) {
    fail(what, rc);
  }
}

/* A text getter of a game handle (variants_game_to_text, _legal_moves, _config, _name). */
typedef variants_result (*text_fn)(const variants_game *, char *, size_t, size_t *);

/*
 * Calls a getter with a small buffer first, and again with a buffer of the size it asked for
 * (the buffer protocol). The caller frees the returned string.
 */
static char *get_text(const char *what, text_fn fn, const variants_game *game) {
  size_t size = 16;
  char *buf = malloc(size);
  size_t needed = 0;
  variants_result rc;
  if (buf == NULL) {
    exit(1);
  }
  while ((rc = fn(game, buf, size, &needed)) == VARIANTS_BUFFER_TOO_SMALL) {
    free(buf);
    size = needed;
    buf = malloc(size);
    if (buf == NULL) {
      exit(1);
    }
  }
  check(what, rc);
  return buf;
}

static const char *kind_name(variants_status_kind kind) {
  switch (kind) {
  case VARIANTS_STATUS_ONGOING:
    return "ongoing";
  case VARIANTS_STATUS_WIN:
    return "win";
  case VARIANTS_STATUS_DRAW:
    return "draw";
  }
  return "?";
}

static void tour(const char *name) {
  variants_game *game = NULL;
  uint32_t seats = 0;
  uint64_t nodes = 0;
  variants_status status;

  check("variants_game_new", variants_game_new(name, NULL, &game));
  check("variants_game_seat_count", variants_game_seat_count(game, &seats));
  char *config = get_text("variants_game_config", variants_game_config, game);
  printf("game %s seats %u config %s\n", name, (unsigned)seats, config);
  free(config);

  char *text = get_text("variants_game_to_text", variants_game_to_text, game);
  printf("start %s %s\n", name, text);
  free(text);

  for (uint32_t depth = 1; depth <= 3; depth++) {
    check("variants_game_perft", variants_game_perft(game, depth, 0, &nodes));
    printf("perft %s start %u %" PRIu64 "\n", name, (unsigned)depth, nodes);
  }

  /* Play the first legal move four times, on a copy (the start position stays as it is). */
  variants_game *line = NULL;
  check("variants_game_clone", variants_game_clone(game, &line));
  for (int ply = 0; ply < 4; ply++) {
    char *moves = get_text("variants_game_legal_moves", variants_game_legal_moves, line);
    char *newline = strchr(moves, '\n');
    if (newline != NULL) {
      *newline = '\0';
    }
    if (moves[0] == '\0') {
      free(moves);
      break; /* no legal move */
    }
    uint32_t seat = 0;
    check("variants_game_side_to_move", variants_game_side_to_move(line, &seat));
    char seat_name[32];
    size_t n = 0;
    check("variants_game_seat_name",
          variants_game_seat_name(line, seat, seat_name, sizeof seat_name, &n));
    check("variants_game_play", variants_game_play(line, moves));
    printf("play %s %s\n", name, moves);
    fprintf(stderr, "%s: %s played %s\n", name, seat_name, moves);
    free(moves);
  }

  text = get_text("variants_game_to_text", variants_game_to_text, line);
  printf("position %s %s\n", name, text);
  free(text);
  check("variants_game_status", variants_game_status(line, &status));
  printf("status %s %s %d %u\n", name, kind_name(status.kind), (int)status.winner_seat,
         (unsigned)status.reason);
  check("variants_game_perft", variants_game_perft(line, 2, 1, &nodes));
  printf("perft %s after 2 %" PRIu64 "\n", name, nodes);

  variants_game_free(line);
  variants_game_free(game);
}

int main(void) {
  if (variants_abi_version() != VARIANTS_ABI_VERSION) {
    fprintf(stderr, "header ABI %u, library ABI %u\n", (unsigned)VARIANTS_ABI_VERSION,
            (unsigned)variants_abi_version());
    return 1;
  }
  printf("abi %u\n", (unsigned)variants_abi_version());

  /* The game names, separated by '\n': ask for the size first (NULL buffer, length 0). */
  size_t needed = 0;
  variants_result rc = variants_games(NULL, 0, &needed);
  if (rc != VARIANTS_BUFFER_TOO_SMALL && rc != VARIANTS_OK) {
    fail("variants_games", rc);
  }
  char *names = malloc(needed);
  if (names == NULL) {
    return 1;
  }
  check("variants_games", variants_games(names, needed, &needed));

  printf("games");
  for (char *p = names; *p != '\0';) {
    size_t len = strcspn(p, "\n");
    printf(" %.*s", (int)len, p);
    p += len;
    if (*p == '\n') {
      p++;
    }
  }
  printf("\n");

  int has_chess3d = 0;
  for (char *name = strtok(names, "\n"); name != NULL; name = strtok(NULL, "\n")) {
    tour(name);
    has_chess3d |= strcmp(name, "chess3d") == 0;
  }

  /* chess3d with one height is FIDE chess: 20, 400, 8902. */
  if (has_chess3d) {
    variants_game *fide = NULL;
    uint64_t nodes = 0;
    check("variants_game_new", variants_game_new("chess3d", "{\"heights\": 1}", &fide));
    char *text = get_text("variants_game_to_text", variants_game_to_text, fide);
    printf("fide %s\n", text);
    free(text);
    for (uint32_t depth = 1; depth <= 3; depth++) {
      check("variants_game_perft", variants_game_perft(fide, depth, 2, &nodes));
      printf("fide perft %u %" PRIu64 "\n", (unsigned)depth, nodes);
    }
    variants_game_free(fide);
  }
  free(names);
  return 0;
}
