/*
 * test_common.h: what the C test programs of this directory share (test_search.c,
 * test_stop.c, test_threads.c): stop the program with the library's own error message when a
 * call fails, and a monotonic clock in milliseconds. The example programs (example.c,
 * perft.c) stay self-contained on purpose: they are meant to be read and copied alone.
 *
 * Include after "variants.h", with _POSIX_C_SOURCE 200809L defined first (clock_gettime).
 */
#ifndef VARIANTS_TEST_COMMON_H
#define VARIANTS_TEST_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Prints "<what> failed (code N): <last error message of this thread>" and exits 1. */
static inline void fail(const char *what, variants_result rc) {
  char detail[1024];
  size_t n = 0;
  if (variants_last_error_message(detail, sizeof detail, &n) != VARIANTS_OK) {
    detail[0] = '\0';
  }
  fprintf(stderr, "%s failed (code %u): %s\n", what, (unsigned)rc, detail);
  exit(1);
}

/* Stops the program unless `rc` is VARIANTS_OK. */
static inline void check(const char *what, variants_result rc) {
  if (rc != VARIANTS_OK) {
    fail(what, rc);
  }
}

/* Milliseconds on the monotonic clock. */
static inline double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

#endif
