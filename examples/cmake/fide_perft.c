/*
 * fide_perft.c: counts perft 1..4 of FIDE chess (chess3d with one height) through the variants
 * C library and checks the published counts 20, 400, 8 902, 197 281. Exit status 0 when all
 * four agree.
 */
#include <variants.h>

#include <inttypes.h>
#include <stdio.h>

int main(void) {
  static const uint64_t published[] = {20, 400, 8902, 197281};
  if (variants_abi_version() != VARIANTS_ABI_VERSION) {
    fprintf(stderr, "library ABI %u, header ABI %u\n", (unsigned)variants_abi_version(),
            (unsigned)VARIANTS_ABI_VERSION);
    return 1;
  }
  struct variants_game *game = NULL;
  if (variants_game_new("chess3d", "heights=1", &game) != VARIANTS_OK) {
    char detail[256];
    size_t written = 0;
    variants_last_error_message(detail, sizeof detail, &written);
    fprintf(stderr, "variants_game_new: %s\n", detail);
    return 1;
  }
  int status = 0;
  for (uint32_t depth = 1; depth <= 4; depth++) {
    uint64_t nodes = 0;
    if (variants_game_perft(game, depth, 1, &nodes) != VARIANTS_OK) {
      status = 1;
      break;
    }
    printf("perft %" PRIu32 " %" PRIu64 "%s\n", depth, nodes,
           nodes == published[depth - 1] ? "" : " (wrong)");
    if (nodes != published[depth - 1]) {
      status = 1;
    }
  }
  variants_game_free(game);
  return status;
}
