#include "tichu/play/vec_hands.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>

#include "tichu/game/action_ids.hpp"
#include "tichu/game/observation_tensor.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/game/stop.hpp"

namespace tichu {
namespace {

// step asks for the hand this many ahead of the one it plays (prefetch_hand).
constexpr std::size_t kHandsAhead = 2;

// Asks for a hand's state, the lines where its next steps are recorded and its chance stream, to
// be written soon. step calls it kHandsAhead hands ahead: the n x 2.9 kB of tensors it writes push
// the hands out of L2, and a hand fetched from L3 on demand stalls every step it takes
// (docs/notes/2026-12-03-vechands.md). An agent step records the learner's step and the
// opponents' until the next learner: two 32-byte steps with learners at two seats, about four
// with one. Always inlined: GCC finds a function of prefetches alone free of effects and may
// drop the call.
[[gnu::always_inline]] inline void prefetch_hand(const RecordedHand& h, const SplitMix64& rng) {
#if defined(__GNUC__) || defined(__clang__)
  // Every line of the state: it starts anywhere in a line, so its last byte may be a line further.
  const auto* state = reinterpret_cast<const char*>(&h);
  for (std::size_t b = 0; b < sizeof h; b += 64) __builtin_prefetch(state + b, 1);
  __builtin_prefetch(state + sizeof h - 1, 1);
  // The next two steps' bytes, within the vector's room (a step past it reallocates anyway); with
  // no room `next` is one past the end, or null + 0, which a prefetch may name.
  const std::vector<Step>& steps = h.steps();
  const Step* next = steps.data() + steps.size();
  const std::size_t room = (steps.capacity() - steps.size()) * sizeof(Step);
  __builtin_prefetch(next, 1);
  __builtin_prefetch(reinterpret_cast<const char*>(next) + std::min(2 * sizeof(Step) - 1, room), 1);
  __builtin_prefetch(&rng, 1);
#else
  (void)h;
  (void)rng;
#endif
}

// The dense mask's bytes at `ids` set to `value`; `count` is whole blocks (the last id repeated to
// fill the last block), so that most rows (a pass, most answers and leads) take one block of fixed
// length instead of a loop whose exit mispredicts row by row.
constexpr std::int64_t kMaskBlock = 4;

void set_in_blocks(std::uint8_t* row, const std::int32_t* ids, std::int64_t count, std::uint8_t value) {
  for (std::int64_t k = 0; k < count; k += kMaskBlock) {
    for (std::int64_t j = 0; j < kMaskBlock; ++j) row[ids[k + j]] = value;
  }
}

}  // namespace

VecHands::VecHands(int n, std::uint64_t seed, Rules rules, std::array<Seat, 4> seats)
    : seed_(seed), rules_(rules), seats_(seats) {
  if (n < 1) throw std::invalid_argument("VecHands needs at least one hand, not " + std::to_string(n));
  check_rules(rules);
  bool learner = false;
  for (Seat s : seats) learner = learner || s == Seat::Learner;
  if (!learner) throw std::invalid_argument("at least one seat must be the learner's");
  const auto count = static_cast<std::size_t>(n);
  hands_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    if ((i & 1023) == 0) check_stop();  // Ctrl-C while 2**20 hands are made
    hands_.emplace_back(HandState::from_deck(shuffled_deck(0), rules));
  }
  episodes_.assign(count, 0);
  rngs_.assign(count, SplitMix64(0));
  deal_all(true);
}

void VecHands::deal(std::size_t i) {
  const std::uint64_t dealt = hand_seed(hand_seed(seed_, i), episodes_[i]);
  hands_[i] = RecordedHand(HandState::from_deck(shuffled_deck(dealt), rules_));
  rngs_[i] = SplitMix64(hand_seed(dealt, 1));  // the opponents' own stream, apart from the deal's
}

void VecHands::reset() { deal_all(false); }

void VecHands::deal_all(bool stoppable) {
  for (std::size_t i = 0; i < hands_.size(); ++i) {
    if (stoppable && (i & 255) == 0) check_stop();  // only while constructing: reset() changes every hand or none
    deal(i);
    let_opponents_act(i, nullptr, nullptr);
  }
  list_legal();
}

void VecHands::let_opponents_act(std::size_t i, float* rewards, std::uint8_t* terminated) {
  for (;;) {
    RecordedHand& h = hands_[i];
    const HandState& s = h.state();
    if (s.is_terminal()) {
      if (rewards) {
        const auto r = s.returns();
        for (std::size_t seat = 0; seat < 4; ++seat) rewards[4 * i + seat] = static_cast<float>(r[seat % 2]);
      }
      if (terminated) terminated[i] = 1;
      ++episodes_[i];
      deal(i);
      continue;
    }
    const Seat seat = seats_[static_cast<std::size_t>(s.current_player())];
    if (seat == Seat::Learner) return;
    const PolicyKind kind = seat == Seat::Heuristic     ? PolicyKind::Heuristic
                            : seat == Seat::HeuristicV1 ? PolicyKind::HeuristicV1
                                                        : PolicyKind::Random;
    const Policy policy{.kind = kind, .calls = true};
    h.apply_legal(choose(s, policy, rngs_[i], scratch_));  // a policy picks among the legal actions
  }
}

void VecHands::list_legal() {
  clear_ids();
  first_.clear();
  id_start_.assign(1, 0);
  first_start_.assign(1, 0);
  for (std::size_t i = 0; i < hands_.size(); ++i) append_legal(i);
}

void VecHands::clear_ids() {
  if (ids_.use_count() > 1) {  // the last list is still read (tichu_fast's legal_ids): fill the spare instead
    if (spare_ids_.use_count() > 1) spare_ids_ = std::make_shared<std::vector<std::int32_t>>();  // held too
    std::swap(ids_, spare_ids_);
  }
  ids_->clear();
}

void VecHands::append_legal(std::size_t i) {
  thread_local std::array<std::int32_t, kMaxActions> ids;
  thread_local std::array<Action, kMaxActions> first;
  const HandState& s = hands_[i].state();
  if (s.decision() == Decision::Exchange) {  // 2,184 ids, copied once from their table instead of twice
    const auto all = exchange_ids();
    ids_->insert(ids_->end(), all.begin(), all.end());
    id_start_.push_back(static_cast<std::int64_t>(ids_->size()));
    first_start_.push_back(static_cast<std::int64_t>(first_.size()));
    return;
  }
  const int n = tichu::legal_ids(s, ids.data(), first.data());
  ids_->insert(ids_->end(), ids.begin(), ids.begin() + n);
  first_.insert(first_.end(), first.begin(), first.begin() + n);
  id_start_.push_back(static_cast<std::int64_t>(ids_->size()));
  first_start_.push_back(static_cast<std::int64_t>(first_.size()));
}

void VecHands::pick_legal_ids(const double* draws, std::int32_t* out) const {
  for (std::size_t i = 0; i < hands_.size(); ++i) {
    const auto count = static_cast<double>(id_start_[i + 1] - id_start_[i]);
    out[i] = (*ids_)[static_cast<std::size_t>(id_start_[i] + static_cast<std::int64_t>(draws[i] * count))];
  }
}

void VecHands::step(const std::int64_t* ids, float* rewards, std::uint8_t* terminated, float* obs) {
  actions_.resize(hands_.size());
  for (std::size_t i = 0; i < hands_.size(); ++i) {
    if (ids[i] < 0 || ids[i] >= kNumActionIds) {
      throw std::out_of_range("hand " + std::to_string(i) + ": action id " + std::to_string(ids[i]) + " is not 0.." +
                              std::to_string(kNumActionIds - 1));
    }
    const auto begin = ids_->begin() + id_start_[i];
    const auto end = ids_->begin() + id_start_[i + 1];
    const auto at = std::lower_bound(begin, end, static_cast<std::int32_t>(ids[i]));
    if (at == end || *at != ids[i]) {
      throw IllegalActionError("hand " + std::to_string(i) + ": action id " + std::to_string(ids[i]) +
                               " is not legal now");
    }
    if (first_start_[i + 1] > first_start_[i]) {
      actions_[i] = first_[static_cast<std::size_t>(first_start_[i] + (at - begin))];
    } else {
      // The exchange: the id is an ordinal push, decoded arithmetically; it was found legal above.
      const std::optional<Action> push = action_from_id(static_cast<int>(ids[i]), hands_[i].state());
      if (!push) throw std::logic_error("VecHands: a legal exchange id without its push");
      actions_[i] = *push;
    }
  }
  std::fill(rewards, rewards + 4 * hands_.size(), 0.0f);
  std::fill(terminated, terminated + hands_.size(), std::uint8_t{0});
  // Every id is resolved: the lists are rebuilt hand by hand, while each hand is in cache.
  clear_ids();
  first_.clear();
  id_start_.assign(1, 0);
  first_start_.assign(1, 0);
  for (std::size_t i = 0; i < hands_.size(); ++i) {
    if (i + kHandsAhead < hands_.size()) prefetch_hand(hands_[i + kHandsAhead], rngs_[i + kHandsAhead]);
    hands_[i].apply_legal(actions_[i]);  // resolved from the legal list above
    let_opponents_act(i, rewards, terminated);
    append_legal(i);
    if (obs) {
      const int player = hands_[i].state().current_player();  // a learner's: the opponents have acted
      fill_observation_tensor(hands_[i], player, 0, obs + i * kObservationTensorSize);
    }
  }
}

void VecHands::observe(float* obs, std::uint8_t* mask, bool mask_fresh, std::int32_t* current_player,
                       std::int32_t* counts, std::int64_t* offsets) {
  const std::size_t n = hands_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const RecordedHand& h = hands_[i];
    const int player = h.state().current_player();  // never -1: a finished hand is dealt anew at once
    if (obs) fill_observation_tensor(h, player, 0, obs + i * kObservationTensorSize);
    current_player[i] = player;
    counts[i] = static_cast<std::int32_t>(id_start_[i + 1] - id_start_[i]);
    offsets[i] = id_start_[i];
  }
  offsets[n] = id_start_[n];
  if (!mask) return;
  if (mask_fresh) std::fill(mask, mask + n * kNumActionIds, std::uint8_t{0});
  // An exchange row is the range [ids::kExchange, kNumActionIds) set whole:
  // written and cleared by one memset, and remembered as one entry.
  const auto is_exchange = [](const std::int32_t* ids, std::int64_t count) {
    return count == kNumExchangeIds && ids[0] == ids::kExchange;  // distinct ascending ids: the whole range
  };
  next_mask_start_.assign(1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t count = id_start_[i + 1] - id_start_[i];
    next_mask_start_.push_back(next_mask_start_.back() + (is_exchange(ids_->data() + id_start_[i], count)
                                                              ? kMaskBlock
                                                              : (count + kMaskBlock - 1) / kMaskBlock * kMaskBlock));
  }
  const auto kept_size = static_cast<std::size_t>(next_mask_start_.back());
  if (next_mask_.size() < kept_size) next_mask_.resize(kept_size);  // never shrunk: no zeros written each step
  for (std::size_t i = 0; i < n; ++i) {  // one pass: a hand's row is cleared and set while in cache
    std::uint8_t* row = mask + i * kNumActionIds;
    if (!mask_fresh) {  // clear only what the last observe set
      const std::int32_t* old = in_mask_.data() + in_mask_start_[i];
      // A row holds at least one block: every hand has a decision (a finished one is dealt again at once).
      if (old[0] == kExchangeRow) {
        std::memset(row + ids::kExchange, 0, kNumExchangeIds);
      } else {
        set_in_blocks(row, old, in_mask_start_[i + 1] - in_mask_start_[i], 0);
      }
    }
    const std::int32_t* now = ids_->data() + id_start_[i];
    const std::int64_t count = id_start_[i + 1] - id_start_[i];
    std::int32_t* kept = next_mask_.data() + next_mask_start_[i];
    const std::int64_t padded = next_mask_start_[i + 1] - next_mask_start_[i];
    if (is_exchange(now, count)) {
      std::memset(row + ids::kExchange, 1, kNumExchangeIds);
      std::fill(kept, kept + padded, kExchangeRow);
    } else {
      for (std::int64_t k = 0; k < padded; ++k) kept[k] = now[std::min(k, count - 1)];  // the last id repeated
      set_in_blocks(row, kept, padded, 1);
    }
  }
  in_mask_.swap(next_mask_);
  in_mask_start_.swap(next_mask_start_);
}

}  // namespace tichu
