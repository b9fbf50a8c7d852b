/*
 * variants.hpp: a header-only C++17 wrapper of the variants C API (variants.h).
 * SPDX-License-Identifier: MIT OR Apache-2.0
 *
 * - Handles are move-only classes that free what they own (RAII): variants::game,
 *   variants::record, variants::stop. Copies are explicit: game::clone(), game::assign().
 * - A failed call throws variants::error, which carries the status code and the library's
 *   detailed message (variants_last_error_message).
 * - Texts are std::string; move lists are std::vector<variants_move>.
 * Thread safety as in variants.h: const member functions of one object may run on several
 * threads at once; a non-const one needs the object to itself.
 *
 *   variants::game g("chess3d", "heights=1");
 *   for (variants_move m : g.moves()) std::cout << g.move_text(m) << '\n';
 *   g.play("e2e4");
 *   std::cout << g.perft(3) << '\n';
 */
#ifndef VARIANTS_HPP
#define VARIANTS_HPP

#include "variants.h"

#include <cstdint>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace variants {

/** A failed call: the status code and the detailed message of the library. */
class error : public std::runtime_error {
public:
  error(variants_result code, const std::string &message)
      : std::runtime_error(message), code_(code) {}
  /** The status code (VARIANTS_ILLEGAL_MOVE, ...). */
  variants_result code() const noexcept { return code_; }

private:
  variants_result code_;
};

namespace detail {

/** The calling thread's last error message. */
inline std::string last_error() {
  size_t needed = 0;
  if (variants_last_error_message(nullptr, 0, &needed) != VARIANTS_BUFFER_TOO_SMALL) {
    return std::string();
  }
  std::string text(needed, '\0');
  if (variants_last_error_message(&text[0], needed, &needed) != VARIANTS_OK) {
    return std::string();
  }
  text.resize(needed - 1);
  return text;
}

/** Throws variants::error unless rc is VARIANTS_OK. */
inline void check(variants_result rc) {
  if (rc != VARIANTS_OK) {
    throw error(rc, last_error());
  }
}

/** Reads a text through the buffer protocol (size first, then the text). */
template <class Call> std::string text(Call call) {
  size_t needed = 0;
  variants_result rc = call(nullptr, 0, &needed);
  if (rc != VARIANTS_BUFFER_TOO_SMALL) {
    check(rc);
    return std::string();
  }
  std::string out(needed, '\0');
  check(call(&out[0], needed, &needed));
  out.resize(needed - 1);
  return out;
}

} // namespace detail

/** A stop request for long calls (game::perft with a stop), usable from any thread. */
class stop {
public:
  stop() { detail::check(variants_stop_new(&handle_)); }
  ~stop() { variants_stop_free(handle_); }
  stop(const stop &) = delete;
  stop &operator=(const stop &) = delete;
  stop(stop &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  stop &operator=(stop &&other) noexcept {
    std::swap(handle_, other.handle_);
    return *this;
  }
  /** Requests the stop (from any thread). */
  void request() const { detail::check(variants_stop_request(handle_)); }
  /** Withdraws the request. */
  void reset() const { detail::check(variants_stop_reset(handle_)); }
  /** The C handle (owned by this object). */
  variants_stop *get() const noexcept { return handle_; }

private:
  variants_stop *handle_ = nullptr;
};

/** A position of one of the games. */
class game {
public:
  /** The start position of `name` under `config` ("" for the defaults). */
  explicit game(const std::string &name, const std::string &config = "") {
    detail::check(variants_game_new(name.c_str(), config.c_str(), &handle_));
  }
  /** A position read from its text. */
  static game from_text(const std::string &name, const std::string &config,
                        const std::string &text) {
    variants_game *handle = nullptr;
    detail::check(variants_game_from_text(name.c_str(), config.c_str(), text.c_str(), &handle));
    return game(handle);
  }
  /** Takes ownership of a C handle. */
  explicit game(variants_game *handle) noexcept : handle_(handle) {}
  ~game() { variants_game_free(handle_); }
  game(const game &) = delete;
  game &operator=(const game &) = delete;
  game(game &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  game &operator=(game &&other) noexcept {
    std::swap(handle_, other.handle_);
    return *this;
  }

  /** An independent copy. */
  game clone() const {
    variants_game *handle = nullptr;
    detail::check(variants_game_clone(handle_, &handle));
    return game(handle);
  }
  /** Overwrites this position with `other` (same game), without allocating. */
  void assign(const game &other) { detail::check(variants_game_copy(handle_, other.handle_)); }

  std::string name() const {
    return detail::text([&](char *b, size_t l, size_t *w) { return variants_game_name(handle_, b, l, w); });
  }
  std::string config() const {
    return detail::text([&](char *b, size_t l, size_t *w) { return variants_game_config(handle_, b, l, w); });
  }
  /** The position in the game's notation. */
  std::string text() const {
    return detail::text([&](char *b, size_t l, size_t *w) { return variants_game_to_text(handle_, b, l, w); });
  }

  /** The legal moves as values, in generation order. */
  std::vector<variants_move> moves() const {
    std::vector<variants_move> out(64);
    size_t count = 0;
    variants_result rc = variants_game_moves(handle_, out.data(), out.size(), &count);
    if (rc == VARIANTS_BUFFER_TOO_SMALL) {
      out.resize(count);
      rc = variants_game_moves(handle_, out.data(), out.size(), &count);
    }
    detail::check(rc);
    out.resize(count);
    return out;
  }
  uint64_t legal_move_count() const {
    uint64_t count = 0;
    detail::check(variants_game_legal_move_count(handle_, &count));
    return count;
  }
  /** Whether listing the moves would take more than `steps` capture steps (checkers3d only;
      see variants_game_move_search_exceeds). */
  bool move_search_exceeds(uint64_t steps) const {
    bool exceeds = false;
    detail::check(variants_game_move_search_exceeds(handle_, steps, &exceeds));
    return exceeds;
  }
  /** Plays a listed move value (throws VARIANTS_ILLEGAL_MOVE for any other). */
  void play(variants_move move) { detail::check(variants_game_play_move(handle_, move)); }
  /** Plays a move given as text. */
  void play(const std::string &move) { detail::check(variants_game_play(handle_, move.c_str())); }
  std::string move_text(variants_move move) const {
    return detail::text(
        [&](char *b, size_t l, size_t *w) { return variants_game_move_text(handle_, move, b, l, w); });
  }
  variants_move parse_move(const std::string &text) const {
    variants_move move = 0;
    detail::check(variants_game_parse_move(handle_, text.c_str(), &move));
    return move;
  }

  uint32_t side_to_move() const {
    uint32_t seat = 0;
    detail::check(variants_game_side_to_move(handle_, &seat));
    return seat;
  }
  uint64_t hash() const {
    uint64_t hash = 0;
    detail::check(variants_game_hash(handle_, &hash));
    return hash;
  }
  variants_status status() const {
    variants_status status;
    detail::check(variants_game_status(handle_, &status));
    return status;
  }

  /** Perft (`threads` as in variants_game_perft). */
  uint64_t perft(uint32_t depth, uint32_t threads = 1) const {
    uint64_t nodes = 0;
    detail::check(variants_game_perft(handle_, depth, threads, &nodes));
    return nodes;
  }
  /**
   * Perft that `halt.request()` stops (throws variants::error with VARIANTS_STOPPED), with an
   * optional progress callback. The callback runs on the library's threads; an exception it
   * throws is kept and rethrown here after the call (it never crosses the C library).
   */
  uint64_t perft(uint32_t depth, uint32_t threads, const stop &halt,
                 std::function<void(const variants_progress &)> progress = nullptr) const {
    struct context {
      std::function<void(const variants_progress &)> *callback;
      std::exception_ptr failure;
    } ctx{&progress, nullptr};
    auto trampoline = [](void *user, const variants_progress *p) {
      auto *c = static_cast<context *>(user);
      if (c->failure) {
        return;
      }
      try {
        (*c->callback)(*p);
      } catch (...) {
        c->failure = std::current_exception();
      }
    };
    uint64_t nodes = 0;
    variants_result rc = variants_game_perft_ex(handle_, depth, threads, halt.get(),
                                                progress ? +trampoline : nullptr, &ctx, &nodes);
    if (ctx.failure) {
      std::rethrow_exception(ctx.failure);
    }
    detail::check(rc);
    return nodes;
  }

  /** The C handle (owned by this object). */
  variants_game *get() const noexcept { return handle_; }

private:
  variants_game *handle_ = nullptr;
};

/** A game record: moves, undo, repetitions, draw claims, resignation, JSON. */
class record {
public:
  /** A record starting at (a copy of) `start`. */
  explicit record(const game &start) { detail::check(variants_record_new(start.get(), &handle_)); }
  static record from_json(const std::string &json) {
    variants_record *handle = nullptr;
    detail::check(variants_record_from_json(json.c_str(), &handle));
    return record(handle);
  }
  ~record() { variants_record_free(handle_); }
  record(const record &) = delete;
  record &operator=(const record &) = delete;
  record(record &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  record &operator=(record &&other) noexcept {
    std::swap(handle_, other.handle_);
    return *this;
  }

  void play(const std::string &move) { detail::check(variants_record_play(handle_, move.c_str())); }
  void undo() { detail::check(variants_record_undo(handle_)); }
  /** A copy of the current position. */
  game position() const {
    variants_game *handle = nullptr;
    detail::check(variants_record_position(handle_, &handle));
    return game(handle);
  }
  variants_status status() const {
    variants_status status;
    detail::check(variants_record_status(handle_, &status));
    return status;
  }
  std::string to_json() const {
    return detail::text(
        [&](char *b, size_t l, size_t *w) { return variants_record_to_json(handle_, b, l, w); });
  }
  /** The C handle (owned by this object). */
  variants_record *get() const noexcept { return handle_; }

private:
  explicit record(variants_record *handle) noexcept : handle_(handle) {}
  variants_record *handle_ = nullptr;
};

} // namespace variants

#endif /* VARIANTS_HPP */
