/*
 * perft.c: perft through move values, the way a C search walks a game tree.
 *
 * At every inner node the legal moves are listed as values (variants_game_moves), and each
 * is played in a copy of the position (variants_game_copy + variants_game_play_move); the
 * last ply is counted in bulk (variants_game_legal_move_count). The count is compared with
 * the library's own perft (variants_game_perft, one thread) of the same depth, and both are
 * timed.
 *
 *   perft GAME CONFIG DEPTH [POSITION]
 *
 * CONFIG as variants_game_new takes it ("" for the defaults); POSITION is a position text
 * (the start position when absent). The two counts run in turn ROUNDS times (the environment
 * variable PERFT_ROUNDS, default 3: values, library, values, library, ...) and the best time
 * of each is kept, so neither pays alone for what the first count of a process pays (tables
 * built on first use, caches and pages not yet warm). Times are the CPU time of the calling
 * thread where the platform has that clock (both counts run on it), so other processes on a
 * busy machine lengthen them less. Output, one line each:
 *   values <nodes> <seconds>
 *   library <nodes> <seconds>
 *   ratio <library seconds / values seconds>
 * Exit status 1 when the two counts differ or a call fails.
 *
 * Build against an installed library:
 *   cc -std=c11 -O2 crates/variant-ffi/examples/c/perft.c $(pkg-config --cflags --libs variants) -o perft
 */
#define _POSIX_C_SOURCE 200809L
#include "variants.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_DEPTH 32

static void check(const char *what, variants_result rc) {
  if (rc != VARIANTS_OK) {
    char detail[1024];
    size_t n = 0;
    if (variants_last_error_message(detail, sizeof detail, &n) != VARIANTS_OK) {
      detail[0] = '\0';
    }
    fprintf(stderr, "%s failed (code %u): %s\n", what, (unsigned)rc, detail);
    exit(1);
  }
}

/* One ply of the walk: a scratch position for the children and the move list. */
struct ply {
  variants_game *child;
  variants_move *moves;
  size_t capacity;
};

/* Lists the moves of `game` into the ply's array, growing it when it is too small. */
static size_t list_moves(const variants_game *game, struct ply *ply) {
  size_t count = 0;
  variants_result rc = variants_game_moves(game, ply->moves, ply->capacity, &count);
  if (rc == VARIANTS_BUFFER_TOO_SMALL) {
    free(ply->moves);
    ply->capacity = count * 2;
    ply->moves = malloc(ply->capacity * sizeof *ply->moves);
    if (ply->moves == NULL) {
      exit(1);
    }
    rc = variants_game_moves(game, ply->moves, ply->capacity, &count);
  }
  check("variants_game_moves", rc);
  return count;
}

static uint64_t perft(const variants_game *game, unsigned depth, struct ply *plies) {
  uint64_t nodes = 0;
  if (depth == 0) {
    return 1;
  }
  if (depth == 1) {
    check("variants_game_legal_move_count", variants_game_legal_move_count(game, &nodes));
    return nodes;
  }
  struct ply *ply = &plies[depth];
  size_t count = list_moves(game, ply);
  for (size_t i = 0; i < count; i++) {
    check("variants_game_copy", variants_game_copy(ply->child, game));
    check("variants_game_play_move", variants_game_play_move(ply->child, ply->moves[i]));
    nodes += perft(ply->child, depth - 1, plies);
  }
  return nodes;
}

/* Seconds of the calling thread's CPU time, or of the monotonic clock where there is none. */
static double now(void) {
  struct timespec t;
#ifdef CLOCK_THREAD_CPUTIME_ID
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0) {
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
  }
#endif
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 4 || argc > 5) {
    fprintf(stderr, "usage: %s GAME CONFIG DEPTH [POSITION]\n", argv[0]);
    return 2;
  }
  unsigned depth = (unsigned)strtoul(argv[3], NULL, 10);
  if (depth >= MAX_DEPTH) {
    fprintf(stderr, "depth %u: at most %d\n", depth, MAX_DEPTH - 1);
    return 2;
  }
  const char *rounds_text = getenv("PERFT_ROUNDS");
  unsigned long rounds = rounds_text != NULL ? strtoul(rounds_text, NULL, 10) : 3;
  if (rounds < 1 || rounds > 1000) {
    fprintf(stderr, "PERFT_ROUNDS=%s: 1 to 1000\n", rounds_text);
    return 2;
  }
  variants_game *root = NULL;
  if (argc == 5) {
    check("variants_game_from_text", variants_game_from_text(argv[1], argv[2], argv[4], &root));
  } else {
    check("variants_game_new", variants_game_new(argv[1], argv[2], &root));
  }

  struct ply plies[MAX_DEPTH] = {{0}};
  for (unsigned d = 0; d <= depth; d++) {
    check("variants_game_clone", variants_game_clone(root, &plies[d].child));
  }

  uint64_t values = 0;
  uint64_t library = 0;
  double values_seconds = 0.0;
  double library_seconds = 0.0;
  int agree = 1;
  for (unsigned long round = 0; round < rounds; round++) {
    double start = now();
    values = perft(root, depth, plies);
    double took = now() - start;
    if (round == 0 || took < values_seconds) {
      values_seconds = took;
    }
    start = now();
    check("variants_game_perft", variants_game_perft(root, depth, 1, &library));
    took = now() - start;
    if (round == 0 || took < library_seconds) {
      library_seconds = took;
    }
    agree = agree && values == library;
  }

  printf("values %" PRIu64 " %.6f\n", values, values_seconds);
  printf("library %" PRIu64 " %.6f\n", library, library_seconds);
  printf("ratio %.3f\n", values_seconds > 0 ? library_seconds / values_seconds : 0.0);

  for (unsigned d = 0; d <= depth; d++) {
    variants_game_free(plies[d].child);
    free(plies[d].moves);
  }
  variants_game_free(root);
  return agree ? 0 : 1;
}
