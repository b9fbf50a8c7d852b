/*
 * test_search.c: the engine through the C API, with moves as values.
 *
 * 1. Positions with a mate (a win) in one, one a line on standard input:
 *      GAME <tab> CONFIG <tab> POSITION <tab> WINNING MOVES (space-separated) <tab> RULE
 *    (tests/ffi/c_programs.rs and `cargo xtask install-check` write the wins in one of each game's
 *    test position file; a line of a game the library does not serve is skipped). For each,
 *    variants_game_search must return a move value and a mate score of one ply
 *    (VARIANTS_MATE_SCORE - 1); the value is named with variants_game_move_text, which must be
 *    one of the winning moves, played with variants_game_play_move, and the position afterwards
 *    must be a win for the player who moved (checked by the rules, variants_game_status, not by
 *    the engine). Every game the library serves (variants_games) must have had one.
 * 2. Bad calls: no limit, NULL outputs, a finished game.
 * 3. variants_game_search_ex without limits, stopped from another thread after its first
 *    progress report: it must return VARIANTS_OK with a legal move within LIMIT_MS.
 *
 * Prints one line per position searched and "ok", or says what failed and exits 1.
 */
#define _POSIX_C_SOURCE 200809L
#include "variants.h"
#include "test_common.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LIMIT_MS 200.0

static void expect(const char *what, variants_result rc, variants_result expected) {
  if (rc != expected) {
    fprintf(stderr, "%s: code %u, expected %u\n", what, (unsigned)rc, (unsigned)expected);
    exit(1);
  }
}

struct mate_in_one {
  const char *game;
  const char *config;
  const char *position;
  const char *wins; /* the winning moves, separated by spaces */
  const char *rule;
};

/* Whether `move` is one of the space-separated moves of `list`. */
static int listed(const char *list, const char *move) {
  size_t n = strlen(move);
  for (const char *at = list; *at != '\0';) {
    const char *end = strchr(at, ' ');
    size_t len = end != NULL ? (size_t)(end - at) : strlen(at);
    if (len == n && strncmp(at, move, n) == 0) {
      return 1;
    }
    if (end == NULL) {
      break;
    }
    at = end + 1;
  }
  return 0;
}

/* Searches a mate-in-one position, plays the returned value, checks the win. Returns 0 when
 * the game is not one this build of the library serves. */
static int mate_in_one(const struct mate_in_one *p) {
  variants_game *game = NULL;
  variants_result rc = variants_game_from_text(p->game, p->config, p->position, &game);
  if (rc == VARIANTS_UNKNOWN_GAME) {
    return 0;
  }
  check(p->rule, rc);
  uint32_t mover = 0;
  check("variants_game_side_to_move", variants_game_side_to_move(game, &mover));
  variants_move best = 0;
  int32_t score = 0;
  check("variants_game_search", variants_game_search(game, 2, 0, 0, &best, &score));
  if (best == 0) {
    fprintf(stderr, "%s: the search returned the value 0\n", p->rule);
    exit(1);
  }
  if (score != VARIANTS_MATE_SCORE - 1) {
    fprintf(stderr, "%s: score %" PRId32 ", expected a win in one ply (%d)\n", p->rule,
            score, VARIANTS_MATE_SCORE - 1);
    exit(1);
  }
  char text[64];
  size_t written = 0;
  check("variants_game_move_text",
        variants_game_move_text(game, best, text, sizeof text, &written));
  if (!listed(p->wins, text)) {
    fprintf(stderr, "%s: the search chose %s, not one of the winning moves %s\n", p->rule, text,
            p->wins);
    exit(1);
  }
  check("variants_game_play_move", variants_game_play_move(game, best));
  variants_status status;
  check("variants_game_status", variants_game_status(game, &status));
  if (status.kind != VARIANTS_STATUS_WIN || status.winner_seat != (int32_t)mover) {
    fprintf(stderr, "%s: after %s the game is not won by seat %u (kind %d, winner %d)\n",
            p->rule, text, (unsigned)mover, (int)status.kind, (int)status.winner_seat);
    exit(1);
  }
  printf("%s %s: %s wins, score %" PRId32 "\n", p->game, p->rule, text, score);
  variants_game_free(game);
  return 1;
}

/* Splits `line` at its tabs into `fields` (at most `max`); returns how many there are. */
static size_t split_tabs(char *line, char **fields, size_t max) {
  size_t n = 0;
  line[strcspn(line, "\r\n")] = '\0';
  for (char *at = line; n < max;) {
    fields[n++] = at;
    char *tab = strchr(at, '\t');
    if (tab == NULL) {
      break;
    }
    *tab = '\0';
    at = tab + 1;
  }
  return n;
}

/* Reads the positions of standard input and searches each; every game of the library must
 * have one. */
static void mates_from_stdin(void) {
  char names[1024];
  size_t written = 0;
  check("variants_games", variants_games(names, sizeof names, &written));
  char searched[1024] = "\n"; /* the games searched, each between newlines */
  static char line[16384];
  while (fgets(line, sizeof line, stdin) != NULL) {
    if (strchr(line, '\n') == NULL && !feof(stdin)) {
      fprintf(stderr, "an input line longer than %zu bytes\n", sizeof line - 1);
      exit(1);
    }
    char *fields[5];
    if (split_tabs(line, fields, 5) != 5) {
      fprintf(stderr, "an input line without its five fields: %s\n", line);
      exit(1);
    }
    struct mate_in_one p = {fields[0], fields[1], fields[2], fields[3], fields[4]};
    if (!mate_in_one(&p)) {
      continue;
    }
    size_t used = strlen(searched);
    if (used + strlen(p.game) + 2 < sizeof searched) {
      snprintf(searched + used, sizeof searched - used, "%s\n", p.game);
    }
  }
  for (char *name = strtok(names, "\n"); name != NULL; name = strtok(NULL, "\n")) {
    char key[256];
    snprintf(key, sizeof key, "\n%s\n", name);
    if (strstr(searched, key) == NULL) {
      fprintf(stderr, "no mate in one given for %s\n", name);
      exit(1);
    }
  }
}

static void bad_calls(void) {
  variants_game *game = NULL;
  if (variants_game_from_text("chess3d", "heights=1", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
                              &game) == VARIANTS_UNKNOWN_GAME) {
    return;
  }
  variants_move best = 42;
  int32_t score = 7;
  expect("no limit", variants_game_search(game, 0, 0, 0, &best, &score),
         VARIANTS_INVALID_ARGUMENT);
  if (best != 0) {
    fprintf(stderr, "a failed search must set *best_move to 0\n");
    exit(1);
  }
  expect("NULL best_move", variants_game_search(game, 1, 0, 0, NULL, &score),
         VARIANTS_NULL_ARGUMENT);
  expect("NULL score", variants_game_search(game, 1, 0, 0, &best, NULL),
         VARIANTS_NULL_ARGUMENT);
  expect("NULL game", variants_game_search(NULL, 1, 0, 0, &best, &score),
         VARIANTS_NULL_ARGUMENT);
  variants_game_free(game);
  /* Fool's mate: White is mated, there is no move to search. */
  check("fool's mate",
        variants_game_from_text("chess3d", "heights=1",
                                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                                &game));
  expect("finished game", variants_game_search(game, 2, 0, 0, &best, &score),
         VARIANTS_NOT_POSSIBLE);
  variants_game_free(game);
}

struct analysis {
  const variants_game *game;
  const variants_stop *stop;
  atomic_uint reports;
  variants_result rc;
  variants_move best;
  int32_t score;
  double returned_ms;
};

static void on_depth(void *user, const variants_search_progress *progress) {
  struct analysis *a = user;
  if (progress->depth == 0 || progress->best_move == 0) {
    fprintf(stderr, "progress without a depth or a move\n");
    exit(1);
  }
  atomic_fetch_add(&a->reports, 1);
}

static void *analyse(void *arg) {
  struct analysis *a = arg;
  a->rc = variants_game_search_ex(a->game, 0, 0, 0, a->stop, on_depth, a, &a->best, &a->score);
  a->returned_ms = now_ms();
  return NULL;
}

static void stopped_analysis(void) {
  variants_game *game = NULL;
  if (variants_game_new("chess3d", "", &game) == VARIANTS_UNKNOWN_GAME) {
    return;
  }
  variants_stop *stop = NULL;
  check("variants_stop_new", variants_stop_new(&stop));
  struct analysis a = {.game = game, .stop = stop};
  atomic_init(&a.reports, 0);
  pthread_t thread;
  if (pthread_create(&thread, NULL, analyse, &a) != 0) {
    fprintf(stderr, "pthread_create failed\n");
    exit(1);
  }
  while (atomic_load(&a.reports) < 2) {
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
  }
  double requested = now_ms();
  check("variants_stop_request", variants_stop_request(stop));
  pthread_join(thread, NULL);
  check("variants_game_search_ex (stopped)", a.rc);
  double latency = a.returned_ms - requested;
  char text[64];
  size_t written = 0;
  check("the stopped search's move is legal",
        variants_game_move_text(game, a.best, text, sizeof text, &written));
  printf("stopped analysis: %s after %u depths, returned %.1f ms after the request\n", text,
         atomic_load(&a.reports), latency);
  if (latency > LIMIT_MS) {
    fprintf(stderr, "the stopped search took %.1f ms to return\n", latency);
    exit(1);
  }
  check("variants_game_play_move", variants_game_play_move(game, a.best));
  variants_stop_free(stop);
  variants_game_free(game);
}

int main(void) {
  mates_from_stdin();
  bad_calls();
  stopped_analysis();
  printf("ok\n");
  return 0;
}
