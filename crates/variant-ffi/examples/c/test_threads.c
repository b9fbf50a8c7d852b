/*
 * test_threads.c: what may be shared between threads, checked with pthreads.
 *
 * For every game the library serves, THREADS threads run at once:
 *   - all of them read ONE shared handle (const calls only: variants_game_moves,
 *     variants_game_legal_move_count, variants_game_perft, variants_game_copy as the source,
 *     variants_game_to_text) and walk its tree through move values into private copies;
 *   - each also plays a game of its own on a PRIVATE handle (one writer per handle).
 * Every thread's counts must equal the counts computed on the main thread before the threads
 * start, and the shared handle must be unchanged afterwards.
 *
 * Prints "ok <games> games, <threads> threads" and exits 0, or says what differed and exits 1.
 */
#define _POSIX_C_SOURCE 200809L
#include "variants.h"
#include "test_common.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define DEPTH 3
#define PLIES 12

/* Perft through move values: the shared handle is only read, the children are private. */
static uint64_t perft(const variants_game *game, unsigned depth, variants_game **scratch) {
  uint64_t nodes = 0;
  if (depth == 1) {
    check("legal_move_count", variants_game_legal_move_count(game, &nodes));
    return nodes;
  }
  variants_move moves[4096];
  size_t count = 0;
  check("moves", variants_game_moves(game, moves, 4096, &count));
  for (size_t i = 0; i < count; i++) {
    check("copy", variants_game_copy(scratch[depth], game));
    check("play_move", variants_game_play_move(scratch[depth], moves[i]));
    nodes += perft(scratch[depth], depth - 1, scratch);
  }
  return nodes;
}

/* A private game: from the start, always the move `seed + ply` (modulo the count), up to
   PLIES plies; returns the hash of the final position. */
static uint64_t private_game(const char *name, unsigned seed) {
  variants_game *game = NULL;
  check("new", variants_game_new(name, NULL, &game));
  for (unsigned ply = 0; ply < PLIES; ply++) {
    variants_move moves[4096];
    size_t count = 0;
    check("moves", variants_game_moves(game, moves, 4096, &count));
    if (count == 0) {
      break;
    }
    check("play_move", variants_game_play_move(game, moves[(seed + ply) % count]));
  }
  uint64_t hash = 0;
  check("hash", variants_game_hash(game, &hash));
  variants_game_free(game);
  return hash;
}

struct job {
  const char *name;
  const variants_game *shared;
  unsigned seed;
  uint64_t values_nodes;
  uint64_t library_nodes;
  uint64_t private_hash;
};

static void *worker(void *arg) {
  struct job *job = arg;
  variants_game *scratch[DEPTH + 1];
  for (unsigned d = 0; d <= DEPTH; d++) {
    check("clone", variants_game_clone(job->shared, &scratch[d]));
  }
  /* Interleave the shared reads with the private writes, twice over. */
  for (int round = 0; round < 2; round++) {
    job->values_nodes = perft(job->shared, DEPTH, scratch);
    job->private_hash = private_game(job->name, job->seed);
    check("perft", variants_game_perft(job->shared, DEPTH, 1, &job->library_nodes));
  }
  for (unsigned d = 0; d <= DEPTH; d++) {
    variants_game_free(scratch[d]);
  }
  return NULL;
}

int main(void) {
  char names[256];
  size_t written = 0;
  check("games", variants_games(names, sizeof names, &written));
  int games = 0;
  int failures = 0;
  for (char *name = strtok(names, "\n"); name != NULL; name = strtok(NULL, "\n")) {
    games++;
    variants_game *shared = NULL;
    check("new", variants_game_new(name, NULL, &shared));
    char before[4096];
    char after[4096];
    check("to_text", variants_game_to_text(shared, before, sizeof before, &written));

    /* The expected counts, on this thread alone. */
    uint64_t expected_nodes = 0;
    check("perft", variants_game_perft(shared, DEPTH, 1, &expected_nodes));
    uint64_t expected_hash[THREADS];
    for (unsigned t = 0; t < THREADS; t++) {
      expected_hash[t] = private_game(name, t * 5);
    }

    pthread_t threads[THREADS];
    struct job jobs[THREADS];
    for (unsigned t = 0; t < THREADS; t++) {
      jobs[t] = (struct job){name, shared, t * 5, 0, 0, 0};
      if (pthread_create(&threads[t], NULL, worker, &jobs[t]) != 0) {
        fprintf(stderr, "pthread_create failed\n");
        return 1;
      }
    }
    for (unsigned t = 0; t < THREADS; t++) {
      pthread_join(threads[t], NULL);
      if (jobs[t].values_nodes != expected_nodes || jobs[t].library_nodes != expected_nodes ||
          jobs[t].private_hash != expected_hash[t]) {
        fprintf(stderr,
                "%s thread %u: perft %" PRIu64 " / %" PRIu64 " (expected %" PRIu64
                "), private hash %" PRIx64 " (expected %" PRIx64 ")\n",
                name, t, jobs[t].values_nodes, jobs[t].library_nodes, expected_nodes,
                jobs[t].private_hash, expected_hash[t]);
        failures++;
      }
    }
    check("to_text", variants_game_to_text(shared, after, sizeof after, &written));
    if (strcmp(before, after) != 0) {
      fprintf(stderr, "%s: the shared handle changed\n", name);
      failures++;
    }
    printf("%s perft %u %" PRIu64 "\n", name, DEPTH, expected_nodes);
    variants_game_free(shared);
  }
  if (failures > 0 || games == 0) {
    return 1;
  }
  printf("ok %d games, %d threads\n", games, THREADS);
  return 0;
}
