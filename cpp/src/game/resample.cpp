#include "tichu/game/resample.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

#include "tichu/game/movegen.hpp"
#include "tichu/game/observation.hpp"
#include "tichu/game/stop.hpp"

namespace tichu {
namespace {

constexpr Mask card_bit(int card) { return Mask{1} << card; }
constexpr std::size_t at(int seat) { return static_cast<std::size_t>(seat); }

// Seat q's k-th pushed card goes to q + k + 1 (R2.2, docs/game.md).
constexpr std::size_t push_slot(int from, int to) { return static_cast<std::size_t>((to - from + 3) % 4); }

// Uniform in [0, n) (Lemire's method: one multiplication, exact).
std::uint64_t uniform_below(SplitMix64& rng, std::uint64_t n) {
#if defined(__SIZEOF_INT128__)
  Uint128 m = static_cast<Uint128>(rng.next()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<Uint128>(rng.next()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
#else
  return rng.below(n);
#endif
}

// `k` distinct cards of `cards` in uniformly random order (k <= count(cards)).
template <std::size_t K>
std::array<std::uint8_t, K> draw(Mask cards, SplitMix64& rng) {
  std::array<std::uint8_t, kNumCards> pool{};
  int n = 0;
  for (Mask m = cards; m; m &= m - 1) pool[at(n++)] = static_cast<std::uint8_t>(std::countr_zero(m));
  std::array<std::uint8_t, K> out{};
  for (std::size_t i = 0; i < K; ++i) {
    const auto j = i + uniform_below(rng, static_cast<std::uint64_t>(n) - i);
    std::swap(pool[i], pool[j]);
    out[i] = pool[i];
  }
  return out;
}

Mask draw_mask8(Mask cards, SplitMix64& rng) {
  Mask m = 0;
  for (std::uint8_t card : draw<8>(cards, rng)) m |= card_bit(card);
  return m;
}

Mask triple_mask(const std::array<std::uint8_t, 3>& cards) {
  return card_bit(cards[0]) | card_bit(cards[1]) | card_bit(cards[2]);
}

// The cards `seat` received in the exchange (none before it or in a position).
Mask received_mask(const HandState& s, int seat) {
  const auto cards = received_cards(s, seat);
  return cards ? triple_mask(*cards) : 0;
}

// A first eight for a seat whose dealt 14 are now `dealt`: the old one's
// cards it still holds, filled up with its lowest other cards (with_hands).
Mask refill_first_eight(Mask old, Mask dealt) {
  Mask eight = old & dealt;
  for (Mask rest = dealt & ~eight; count(eight) < 8 && rest; rest &= rest - 1) eight |= rest & -rest;
  return eight;
}

bool dealt_hand(const HandState& s) {
  return (s.first_eight(0) | s.first_eight(1) | s.first_eight(2) | s.first_eight(3)) != 0;
}

Mask all_hands(const HandState& s) { return s.hand(0) | s.hand(1) | s.hand(2) | s.hand(3); }

// A declined bomb offer: no play, and seen only by the seat declining (R10.3).
bool declined_offer(const Step& step) {
  return step.decision == Decision::Bomb && step.action.kind == ActionKind::Play &&
         step.action.move.type == MoveType::Pass;
}

// Replays `steps` from `state`, calling on_step(state before, step) for
// each. A world's steps leave out declined offers and its hands may hold
// bombs the truth did not, so offers the steps do not answer are declined
// and recorded declines the replay does not ask are skipped: neither
// changes a table, a wish or a pass.
template <class OnStep>
HandState replay_public(HandState state, const std::vector<Step>& steps, OnStep&& on_step) {
  Action decline;  // a pass
  for (const Step& step : steps) {
    const bool asked = state.decision() == Decision::Bomb && state.current_player() == step.player;
    if (declined_offer(step) && !asked) continue;
    while (state.decision() == Decision::Bomb &&
           !(step.decision == Decision::Bomb && state.current_player() == step.player)) {
      state.apply(decline);
    }
    if (state.decision() != step.decision || state.current_player() != step.player) {
      throw std::logic_error("the history does not replay from the hand's start");  // a broken invariant, never input
    }
    on_step(std::as_const(state), step);
    state.apply(step.action);
  }
  return state;
}

std::string seat_text(int seat) { return "seat " + std::to_string(seat); }

}  // namespace

// The one place that reads and writes HandState's private fields for
// resampling (a friend of HandState).
struct WorldAccess {
  static HandState start_of(const RecordedHand& hand) {
    const HandState& s = hand.state();
    if (hand.steps().empty()) return s;
    std::array<Mask, 4> hands{};
    for (int q = 0; q < 4; ++q) hands[at(q)] = s.hand(q) | s.played_cards(q);
    if (dealt_hand(s)) {
      if (s.exchanged()) {  // undo the exchange: every received card back to its pusher
        for (int q = 0; q < 4; ++q) hands[at(q)] &= ~received_mask(s, q);
        for (int q = 0; q < 4; ++q) hands[at(q)] |= triple_mask(s.push(q));
      }
      HandState t;
      t.rules_ = s.rules_;
      t.hands_ = hands;
      t.first_eight_ = s.first_eight_;
      t.find_bomb_seats();
      return t;
    }
    // A position: its piles less what was played since, its calls less
    // the Tichu calls made since, its leader the first to act.
    HandState::Position p;
    p.hands = hands;
    Mask played = 0;
    for (int q = 0; q < 4; ++q) played |= s.played_cards(q);
    for (int q = 0; q < 4; ++q) p.piles[at(q)] = s.pile(q) & ~played & ~s.start_trick();
    int out = 0;
    for (Mask h : hands) out += h == 0;
    for (int i = 0; i < out; ++i) p.out_order[at(i)] = static_cast<std::int8_t>(s.out_seat(i));
    p.calls = s.calls_;
    for (const Step& step : hand.steps()) {
      if (step.decision == Decision::Play && step.action.kind == ActionKind::Tichu)
        p.calls[at(step.player)] = Call::None;
    }
    p.leader = static_cast<unsigned char>(hand.steps().front().player);  // a seat 0..3
    p.wish = s.start_wish_;
    p.played = s.played_;
    p.table = s.start_table_;  // a position begun within a trick
    // NOLINTNEXTLINE(bugprone-signed-char-misuse): an int8_t seat (-1 for none), not a character
    p.table_player = s.start_table_player_;
    p.trick = s.start_trick_;
    p.passed = s.start_passed_;
    return HandState::from_position(p, s.rules_);
  }

  static void set_hidden(HandState& s, const std::array<Mask, 4>& hands, const std::array<Mask, 4>& first_eight,
                         const std::array<std::array<std::uint8_t, 3>, 4>& push) {
    s.hands_ = hands;
    s.first_eight_ = first_eight;
    s.push_ = push;
    s.find_bomb_seats();
  }

  static const std::array<std::array<std::uint8_t, 3>, 4>& pushes(const HandState& s) { return s.push_; }
  static const std::array<Mask, 4>& first_eights(const HandState& s) { return s.first_eight_; }
};

HandState start_of(const RecordedHand& hand) { return WorldAccess::start_of(hand); }

std::vector<WishConstraint> wish_constraints(const RecordedHand& hand) {
  std::vector<WishConstraint> found;
  std::vector<Mask> played_then;
  replay_public(start_of(hand), hand.steps(), [&](const HandState& now, const Step& step) {
    if (now.decision() != Decision::Play || step.action.kind != ActionKind::Play || !now.wish()) return;
    if (step.action.move.cards & kNormals & rank_cards(now.wish())) return;  // he played the wished rank
    WishConstraint c;
    if (now.table()) c.table = *now.table();
    c.led = now.table() == nullptr;
    c.seat = step.player;
    c.wish = static_cast<std::uint8_t>(now.wish());
    found.push_back(c);
    played_then.push_back(now.played_cards(step.player));
  });
  for (std::size_t i = 0; i < found.size(); ++i) {
    found[i].played_since = hand.state().played_cards(found[i].seat) & ~played_then[i];
  }
  return found;
}

bool satisfies(const WishConstraint& c, Mask hand_then) {
  const Mask wished = hand_then & kNormals & rank_cards(c.wish);
  if (!wished) return true;
  thread_local std::array<Move, kMaxLegalMoves> moves;
  const int n = legal_moves(Situation{.hand = hand_then,
                                      .table = c.led ? nullptr : &c.table,
                                      .wish = c.wish,
                                      .out_of_turn = false},
                            moves.data());
  return std::none_of(moves.begin(), moves.begin() + n, [&](const Move& m) { return (m.cards & wished) != 0; });
}

Knowledge::Knowledge(const RecordedHand& hand, int player)
    : source_(hand.state()), truth_(hand.state()), steps_(hand.steps()), player_(player) {
  if (player < 0 || player > 3) throw std::out_of_range("player " + std::to_string(player) + " is not 0..3");
  // During another seat's bomb offer he sees the position as if it were
  // declined (R10.3): worlds are drawn there, with no bomb forced on anyone.
  if (offer_hidden_from(truth_, player)) truth_ = public_view(truth_, player);
  const HandState& s = truth_;
  dealt_ = dealt_hand(s);
  grand_ = s.decision() == Decision::GrandTichu;
  exchange_ = s.decision() == Decision::Exchange;
  seen_.reserve(steps_.size());
  for (const Step& step : steps_) {
    if (step.player != player && declined_offer(step)) continue;  // hidden (R10.3)
    if (step.player != player && step.decision == Decision::Exchange) hidden_pushes_.push_back(seen_.size());
    seen_.push_back(step);
  }
  for (const WishConstraint& c : wish_constraints(hand)) {
    if (c.seat != player) constraints_.push_back(c);  // his own hand is the true one
  }
  if (grand_) {  // R10.3: he has seen his first 8 only
    fixed_[at(player)] = s.first_eight(player);
    for (int q = 0; q < 4; ++q) {
      slots_[at(q)] = count(s.hand(q)) - count(fixed_[at(q)]) - (q == player ? 0 : 8);
      if (q != player) slots_[at(4 + q)] = 8;
    }
  } else {
    fixed_[at(player)] = s.hand(player);
    if (s.exchanged() && dealt_) {
      for (int k = 0; k < 3; ++k) {  // his pushes stay with their receivers until played
        const int to = (player + k + 1) % 4;
        const int card = s.push(player)[at(k)];
        if (!(s.played_cards(to) & card_bit(card))) fixed_[at(to)] |= card_bit(card);
      }
      // The Mah Jong's holder led the first trick (R2.3), so an unplayed
      // Mah Jong is with him: public, though read here from his hand.
      for (int q = 0; q < 4; ++q) fixed_[at(q)] |= s.hand(q) & kMahJong;
    }
    for (int q = 0; q < 4; ++q) slots_[at(q)] = count(s.hand(q)) - count(fixed_[at(q)]);
  }
  Mask fixed = 0;
  for (Mask f : fixed_) fixed |= f;
  const Mask pool = all_hands(s) & ~fixed;
  for (Mask m = pool; m; m &= m - 1) pool_[at(pool_size_++)] = static_cast<std::uint8_t>(std::countr_zero(m));
}

bool Knowledge::accepts(const std::array<Mask, 4>& hands) const {
  for (const WishConstraint& c : constraints_) {
    if (!satisfies(c, hands[at(c.seat)] | c.played_since)) return false;
  }
  return true;
}

bool Knowledge::matches(const RecordedHand& hand, int player) const {
  if (player != player_ || hand.steps().size() != steps_.size() || !(hand.state() == source_)) return false;
  return std::equal(steps_.rbegin(), steps_.rend(), hand.steps().rbegin());  // the latest steps differ first
}

const Knowledge& knowledge_of(const RecordedHand& hand, int player) {
  // A few entries per thread: a bot's decision draws its worlds for one
  // (hand, seat); a belief over the other seats asks for each in turn.
  constexpr std::size_t kEntries = 4;
  thread_local std::array<std::optional<Knowledge>, kEntries> cache;
  thread_local std::size_t next = 0;
  for (const auto& entry : cache) {
    if (entry && entry->matches(hand, player)) return *entry;
  }
  auto& slot = cache[next];
  slot.reset();  // nothing stale is left if the constructor throws
  slot.emplace(hand, player);
  next = (next + 1) % kEntries;
  return *slot;
}

HandState Knowledge::sample(SplitMix64& rng) const {
  std::array<Mask, 8> dealt{};
  for (long attempt = 0;; ++attempt) {
    if (attempt == kMaxResampleAttempts) {
      throw ResampleError("no world consistent with what seat " + std::to_string(player_) + " knows turned up in " +
                          std::to_string(kMaxResampleAttempts) +
                          " deals: the wish constraints exclude almost every deal of the unseen cards");
    }
    std::array<std::uint8_t, kNumCards> cards = pool_;  // a partial Fisher-Yates shuffle, slot group by group
    int next = 0;
    for (std::size_t g = 0; g < dealt.size(); ++g) {
      dealt[g] = 0;
      for (int k = 0; k < slots_[g]; ++k, ++next) {
        const auto j =
            static_cast<std::size_t>(next) + uniform_below(rng, static_cast<std::uint64_t>(pool_size_ - next));
        std::swap(cards[at(next)], cards[j]);
        dealt[g] |= card_bit(cards[at(next)]);
      }
    }
    std::array<Mask, 4> hands{};
    for (int q = 0; q < 4; ++q) hands[at(q)] = fixed_[at(q)] | dealt[at(q)] | dealt[at(4 + q)];
    if (accepts(hands)) return build(hands, dealt, rng);
  }
}

HandState Knowledge::build(const std::array<Mask, 4>& hands, const std::array<Mask, 8>& dealt, SplitMix64& rng) const {
  const HandState& s = truth_;
  std::array<Mask, 4> first_eight = WorldAccess::first_eights(s);
  std::array<std::array<std::uint8_t, 3>, 4> push = WorldAccess::pushes(s);
  if (grand_) {
    for (int q = 0; q < 4; ++q) {
      if (q != player_) first_eight[at(q)] = dealt[at(4 + q)];
    }
  } else if (dealt_ && !s.exchanged()) {  // TICHU or EXCHANGE: each seat's 14, the first 8 of them unknown
    for (int q = 0; q < 4; ++q) {
      if (q == player_) continue;
      first_eight[at(q)] = draw_mask8(hands[at(q)], rng);
      // The pushes chosen already by the seats before the current one.
      if (exchange_ && q < s.current_player()) push[at(q)] = draw<3>(hands[at(q)], rng);
    }
  } else if (dealt_) {
    // For each other seat r, the cards the two other hidden seats pushed to
    // it: an ordered pair drawn uniformly from r's cards since the exchange
    // (its hand and its plays) less the card the player pushed to it.
    for (int r = 0; r < 4; ++r) {
      if (r == player_) continue;
      const Mask since = (hands[at(r)] | s.played_cards(r)) & ~card_bit(s.push(player_)[push_slot(player_, r)]);
      const auto pair = draw<2>(since, rng);
      int i = 0;
      for (int q = 0; q < 4; ++q) {
        if (q != r && q != player_) push[at(q)][push_slot(q, r)] = pair[at(i++)];
      }
    }
    for (int q = 0; q < 4; ++q) {
      if (q == player_) continue;
      Mask received = 0;
      for (int from = 0; from < 4; ++from) {
        if (from != q) received |= card_bit(push[at(from)][push_slot(from, q)]);
      }
      const Mask dealt14 = ((hands[at(q)] | s.played_cards(q)) & ~received) | triple_mask(push[at(q)]);
      first_eight[at(q)] = draw_mask8(dealt14, rng);
    }
  }
  HandState world = s;
  WorldAccess::set_hidden(world, hands, first_eight, push);
  return world;
}

std::vector<Step> Knowledge::world_steps(const HandState& world) const {
  std::vector<Step> steps = seen_;
  for (std::size_t i : hidden_pushes_) steps[i].action.push = world.push(steps[i].player);
  return steps;
}

RecordedHand Knowledge::world(SplitMix64& rng) const {
  HandState state = sample(rng);
  return {state, world_steps(state)};
}

std::vector<RecordedHand> resample_many(const RecordedHand& hand, int player, int n, std::uint64_t seed) {
  const Knowledge& knowledge = knowledge_of(hand, player);
  SplitMix64 rng(seed);
  std::vector<RecordedHand> worlds;
  worlds.reserve(static_cast<std::size_t>(std::max(n, 0)));
  for (int i = 0; i < n; ++i) {
    if ((i & 255) == 0) check_stop();  // Ctrl-C and exit between worlds
    const HandState world = knowledge.sample(rng);
    worlds.emplace_back(world, knowledge.world_steps(world));
  }
  return worlds;
}

RecordedHand with_hands(const RecordedHand& hand, const std::array<Mask, 4>& hands) {
  auto fail = [](const std::string& why) { throw std::invalid_argument(why); };
  const HandState& s = hand.state();
  Mask given = 0;
  for (int q = 0; q < 4; ++q) {
    const Mask h = hands[at(q)];
    if (h & ~kDeck) fail("hand " + std::to_string(q) + " has bits outside the 56 cards");
    if (count(h) != count(s.hand(q))) {
      fail("hand " + std::to_string(q) + " holds " + std::to_string(count(h)) + " cards, not " +
           std::to_string(count(s.hand(q))) + " as now");
    }
    given |= h;
  }
  if (given != all_hands(s)) {
    fail("the hands must hold the cards held now: missing " + format_cards(all_hands(s) & ~given) + ", not held now " +
         format_cards(given & ~all_hands(s)));
  }
  std::array<Mask, 4> first_eight = WorldAccess::first_eights(s);
  const auto& push = WorldAccess::pushes(s);
  if (dealt_hand(s)) {
    for (int q = 0; q < 4; ++q) {
      const Mask h = hands[at(q)];
      if (s.decision() == Decision::GrandTichu) {  // each seat keeps the 8 cards it has seen
        if (first_eight[at(q)] & ~h)
          fail(seat_text(q) + " has seen " + format_cards(first_eight[at(q)] & ~h) + ": its hand must keep them");
      } else if (!s.exchanged()) {
        if (push_known(s, q, q) && (triple_mask(push[at(q)]) & ~h)) {
          fail(seat_text(q) + " has chosen to push " + format_cards(triple_mask(push[at(q)]) & ~h) +
               ": its hand must keep them");
        }
        first_eight[at(q)] = refill_first_eight(first_eight[at(q)], h);
      } else {
        for (int to = 0; to < 4; ++to) {  // each pushed card stays with its receiver until played
          if (to == q) continue;
          const Mask card = card_bit(push[at(q)][push_slot(q, to)]);
          if (!(card & (hands[at(to)] | s.played_cards(to)))) {
            fail(seat_text(q) + " pushed " + format_cards(card) + " to " + seat_text(to) + ": " + seat_text(to) +
                 "'s hand must hold it");
          }
        }
        if ((s.hand(q) & kMahJong) && !(h & kMahJong))
          fail(seat_text(q) + " led first, so it holds the Mah Jong (R2.3)");
        const Mask dealt14 = ((h | s.played_cards(q)) & ~received_mask(s, q)) | triple_mask(push[at(q)]);
        first_eight[at(q)] = refill_first_eight(first_eight[at(q)], dealt14);
      }
    }
  }
  for (const WishConstraint& c : wish_constraints(hand)) {
    if (!satisfies(c, hands[at(c.seat)] | c.played_since)) {
      fail(seat_text(c.seat) + " did not play the wished " + std::to_string(c.wish) +
           (c.led ? " when leading" : " on " + format_move(c.table)) +
           " (R6.3): its hand then must hold no legal move with one");
    }
  }
  if (s.decision() == Decision::Bomb && s.table() && !holds_beating_bomb(hands[at(s.current_player())], *s.table())) {
    fail(seat_text(s.current_player()) + " is offered a bomb (R10.2): its hand must hold one that beats the table");
  }
  HandState world = s;
  WorldAccess::set_hidden(world, hands, first_eight, push);
  std::vector<Step> steps;
  for (const Step& step : hand.steps()) {
    if (!declined_offer(step)) steps.push_back(step);
  }
  return {world, std::move(steps)};
}

std::string information_state_string(const RecordedHand& hand, int player) {
  if (player < 0 || player > 3) throw std::out_of_range("player " + std::to_string(player) + " is not 0..3");
  const HandState& s = hand.state();
  auto hex = [](Mask m) {
    std::array<char, 17> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%llx", static_cast<unsigned long long>(m));
    return std::string(buffer.data());
  };
  std::string key = "seat " + std::to_string(player) + (s.rules().bombs_out_of_turn ? " bombs" : " no-bombs");
  if (dealt_hand(s)) {
    key += " | deal";
  } else {  // a position: everything but the other hands is public
    const HandState start = start_of(hand);
    key += " | position leader " + std::to_string(start.leader()) + " wish " + std::to_string(start.wish()) + " sizes";
    for (int q = 0; q < 4; ++q) key += " " + std::to_string(count(start.hand(q)));
    key += " piles";
    for (int q = 0; q < 4; ++q) key += " " + hex(start.pile(q));
    key += " calls";
    for (int q = 0; q < 4; ++q) key += " " + std::to_string(static_cast<int>(start.call(q)));
    key += " out";
    for (int i = 0; i < start.out_count(); ++i) key += " " + std::to_string(start.out_seat(i));
    if (start.table()) {
      key += " table " + format_move(*start.table()) + " by " + std::to_string(start.table_player()) + " trick " +
             hex(start.trick()) + " passed " + std::to_string(start.passed());
    }
  }
  const bool grand = s.decision() == Decision::GrandTichu;
  key += " | cards " + hex(grand ? s.first_eight(player) : s.hand(player));
  if (push_known(s, player, player)) {
    const auto& cards = s.push(player);
    key += " | pushed " + format_action(push_action(cards[0], cards[1], cards[2]));
  }
  if (const auto received = received_cards(s, player)) key += " | received " + hex(triple_mask(*received));
  const HandState now = public_view(s, player);  // never another seat's bomb offer (R10.3)
  key +=
      " | now " + std::to_string(static_cast<int>(now.decision())) + " " + std::to_string(now.current_player()) + " |";
  for (const Step& step : hand.steps()) {
    if (step.player != player && declined_offer(step)) continue;  // hidden (R10.3)
    key += " " + std::to_string(step.player) + ":";
    key += step.player != player && step.decision == Decision::Exchange ? "push" : format_action(step.action);
    key += ';';
  }
  return key;
}

}  // namespace tichu
