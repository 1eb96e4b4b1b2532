#include "tichu/state.hpp"

#include <algorithm>

#include "tichu/movegen.hpp"

namespace tichu {
namespace {

constexpr std::uint8_t bit(int seat) { return static_cast<std::uint8_t>(1u << seat); }
constexpr int team(int seat) { return seat & 1; }
constexpr Mask rank_cards(int rank) { return Mask{0xF} << rank_shift(rank); }

Move* scratch_moves() {
  thread_local std::array<Move, kMaxLegalMoves> moves;
  return moves.data();
}

Action play_action(const Move& move) {
  Action a;
  a.kind = ActionKind::Play;
  a.move = move;
  return a;
}

Action value_action(ActionKind kind, int value) {
  Action a;
  a.kind = kind;
  a.value = static_cast<std::uint8_t>(value);
  return a;
}

}  // namespace

bool holds_beating_bomb(Mask hand, const Move& table) {
  // Most hands hold no bomb at all: four of a rank, or five in a row of a suit.
  const Mask n = hand & kNormals;
  const Mask four = n & (n >> 1) & (n >> 2) & (n >> 3) & kRankLowBits;
  bool run = false;
  for (int s = 0; s < kNumSuits && !run; ++s) {
    const Mask suit = (hand >> s) & kRankLowBits;
    run = (suit & (suit >> 4) & (suit >> 8) & (suit >> 12) & (suit >> 16)) != 0;
  }
  if (!four && !run) return false;
  return legal_moves(Situation{hand, &table, 0, true}, scratch_moves()) > 1;  // more than the pass
}

HandState HandState::from_deck(const std::array<std::uint8_t, kNumCards>& deck, Rules rules) {
  HandState s;
  s.rules_ = rules;
  for (std::size_t i = 0; i < deck.size(); ++i) {
    const Mask card = Mask{1} << deck[i];
    s.hands_[i / 14] |= card;
    if (i % 14 < 8) s.first_eight_[i / 14] |= card;  // R2.1
  }
  s.decision_ = Decision::GrandTichu;
  s.player_ = 0;
  return s;
}

HandState HandState::from_position(const Position& p, Rules rules) {
  HandState s;
  s.rules_ = rules;
  s.hands_ = p.hands;
  s.piles_ = p.piles;
  s.calls_ = p.calls;
  s.wish_ = static_cast<std::uint8_t>(p.wish);
  s.played_ = p.played;
  s.exchanged_ = true;
  for (int i = 0; i < 4 && p.out_order[static_cast<std::size_t>(i)] >= 0; ++i) {
    s.out_order_[s.out_count_++] = p.out_order[static_cast<std::size_t>(i)];
  }
  s.start_trick(p.leader);
  return s;
}

bool operator==(const HandState& a, const HandState& b) {
  return a.hands_ == b.hands_ && a.first_eight_ == b.first_eight_ && a.piles_ == b.piles_ &&
         a.played_cards_ == b.played_cards_ && a.trick_ == b.trick_ && a.table_ == b.table_ && a.push_ == b.push_ &&
         a.calls_ == b.calls_ && a.out_order_ == b.out_order_ && a.out_count_ == b.out_count_ &&
         a.decision_ == b.decision_ && a.player_ == b.player_ && a.table_player_ == b.table_player_ &&
         a.leader_ == b.leader_ && a.passed_ == b.passed_ && a.played_ == b.played_ && a.wish_ == b.wish_ &&
         a.exchanged_ == b.exchanged_ && a.offer_actor_ == b.offer_actor_ && a.next_in_turn_ == b.next_in_turn_ &&
         a.rules_.bombs_out_of_turn == b.rules_.bombs_out_of_turn;
}

bool HandState::may_call_tichu(int seat) const {  // R7.2
  return exchanged_ && calls_[static_cast<std::size_t>(seat)] == Call::None && !(played_ & bit(seat));
}

int HandState::legal_actions(Action* out) const {
  if (decision_ == Decision::Over) return 0;  // and player_ is -1: no hand to read
  const Mask hand = hands_[static_cast<std::size_t>(player_)];
  switch (decision_) {
    case Decision::GrandTichu:
      out[0] = value_action(ActionKind::GrandTichu, 0);
      out[1] = value_action(ActionKind::GrandTichu, 1);
      return 2;
    case Decision::Tichu:
      out[0] = value_action(ActionKind::Tichu, 0);
      out[1] = value_action(ActionKind::Tichu, 1);
      return 2;
    case Decision::Exchange: {  // R2.2: three distinct cards, one per other seat
      int n = 0;
      for (Mask a = hand; a; a &= a - 1) {
        for (Mask b = hand & ~(a & -a); b; b &= b - 1) {
          for (Mask c = hand & ~(a & -a) & ~(b & -b); c; c &= c - 1) {
            Action& act = out[n++];
            act = Action{};
            act.kind = ActionKind::Push;
            act.push = {static_cast<std::uint8_t>(std::countr_zero(a)), static_cast<std::uint8_t>(std::countr_zero(b)),
                        static_cast<std::uint8_t>(std::countr_zero(c))};
          }
        }
      }
      return n;
    }
    case Decision::Play:
    case Decision::Bomb: {
      const bool in_turn = decision_ == Decision::Play;
      Move* moves = scratch_moves();
      const int n = legal_moves(Situation{hand, table(), in_turn ? wish_ : 0, !in_turn}, moves);
      for (int i = 0; i < n; ++i) out[i] = play_action(moves[i]);
      if (in_turn && may_call_tichu(player_)) {
        out[n] = value_action(ActionKind::Tichu, 1);
        return n + 1;
      }
      return n;
    }
    case Decision::Wish: {  // R6.1: no wish, or a normal rank
      out[0] = value_action(ActionKind::Wish, 0);
      for (int r = kMinRank; r <= kMaxRank; ++r) out[r - 1] = value_action(ActionKind::Wish, r);
      return 14;
    }
    case Decision::DragonGift:  // R5.5: either opponent
      out[0] = value_action(ActionKind::Gift, (player_ + 1) % 4);
      out[1] = value_action(ActionKind::Gift, (player_ + 3) % 4);
      return 2;
    case Decision::Over: return 0;
  }
  return 0;
}

bool HandState::is_legal(const Action& a) const {
  for (std::uint8_t b : a.pad) {
    if (b) return false;
  }
  if (decision_ == Decision::Over) return false;
  const Mask hand = hands_[static_cast<std::size_t>(player_)];
  const bool no_move = a.move == Move{};
  const bool no_push = a.push == std::array<std::uint8_t, 3>{};
  switch (decision_) {
    case Decision::GrandTichu:
      return a.kind == ActionKind::GrandTichu && a.value <= 1 && no_move && no_push;
    case Decision::Tichu:
      return a.kind == ActionKind::Tichu && a.value <= 1 && no_move && no_push;
    case Decision::Exchange: {
      if (a.kind != ActionKind::Push || a.value || !no_move) return false;
      Mask chosen = 0;
      for (std::uint8_t card : a.push) {
        if (card >= kNumCards) return false;
        chosen |= Mask{1} << card;
      }
      return count(chosen) == 3 && (chosen & ~hand) == 0;
    }
    case Decision::Play:
    case Decision::Bomb: {
      if (a.kind == ActionKind::Tichu) {
        return decision_ == Decision::Play && a.value == 1 && no_move && no_push && may_call_tichu(player_);
      }
      if (a.kind != ActionKind::Play || a.value || !no_push) return false;
      const bool in_turn = decision_ == Decision::Play;
      Move* moves = scratch_moves();
      const int n = legal_moves(Situation{hand, table(), in_turn ? wish_ : 0, !in_turn}, moves);
      return std::find(moves, moves + n, a.move) != moves + n;
    }
    case Decision::Wish:
      return a.kind == ActionKind::Wish && (a.value == 0 || (a.value >= kMinRank && a.value <= kMaxRank)) &&
             no_move && no_push;
    case Decision::DragonGift:
      return a.kind == ActionKind::Gift && (a.value == (player_ + 1) % 4 || a.value == (player_ + 3) % 4) &&
             no_move && no_push;
    case Decision::Over: return false;
  }
  return false;
}

void HandState::apply(const Action& a) {
  const int p = player_;
  switch (decision_) {
    case Decision::GrandTichu: {  // R2.1, R7.1: seats 0..3 on their first 8 cards
      if (a.value) calls_[static_cast<std::size_t>(p)] = Call::GrandTichu;
      if (p < 3) {
        player_ = static_cast<std::int8_t>(p + 1);
        return;
      }
      decision_ = Decision::Tichu;
      player_ = -1;
      [[fallthrough]];
    }
    case Decision::Tichu: {  // R7.2, R10.1: seats 0..3 before the exchange, Grand callers skipped
      if (player_ >= 0 && a.value) calls_[static_cast<std::size_t>(p)] = Call::Tichu;
      int next = player_ + 1;
      while (next < 4 && calls_[static_cast<std::size_t>(next)] == Call::GrandTichu) ++next;
      if (next < 4) {
        player_ = static_cast<std::int8_t>(next);
        return;
      }
      decision_ = Decision::Exchange;
      player_ = 0;
      return;
    }
    case Decision::Exchange:  // R2.2: secret and simultaneous
      push_[static_cast<std::size_t>(p)] = a.push;
      if (p < 3) {
        player_ = static_cast<std::int8_t>(p + 1);
      } else {
        exchange();
      }
      return;
    case Decision::Play:
      if (a.kind == ActionKind::Tichu) {  // R7.2: then he decides again
        calls_[static_cast<std::size_t>(p)] = Call::Tichu;
      } else if (a.move.type == MoveType::Pass) {
        pass(p);
      } else {
        play(p, a.move);
      }
      return;
    case Decision::Bomb:
      if (a.move.type == MoveType::Pass) {
        offer_bombs(offer_actor_, next_in_turn_, (p + 1) % 4);  // declined: the offer moves on
      } else {
        play(p, a.move);
      }
      return;
    case Decision::Wish:  // R6.1: in force at once; the offers follow
      wish_ = a.value;
      offer_bombs(p, next_in_turn_, (p + 1) % 4);
      return;
    case Decision::DragonGift:
      give_trick(a.value);
      return;
    case Decision::Over: return;
  }
}

void HandState::exchange() {
  for (int s = 0; s < 4; ++s) {
    for (std::uint8_t card : push_[static_cast<std::size_t>(s)]) hands_[static_cast<std::size_t>(s)] &= ~(Mask{1} << card);
  }
  for (int s = 0; s < 4; ++s) {
    for (int k = 0; k < 3; ++k) {
      const Mask card = Mask{1} << push_[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)];
      hands_[static_cast<std::size_t>((s + k + 1) % 4)] |= card;
    }
  }
  exchanged_ = true;
  int leader = 0;  // R2.3: the Mah Jong's holder leads
  while (!(hands_[static_cast<std::size_t>(leader)] & kMahJong)) ++leader;
  start_trick(leader);
}

int HandState::next_holder(int after) const {
  for (int k = 1; k <= 4; ++k) {
    const int s = (after + k) % 4;
    if (hands_[static_cast<std::size_t>(s)]) return s;
  }
  return -1;
}

bool HandState::hand_over() const {  // R8.1
  int holders = 0;
  for (Mask h : hands_) holders += h != 0;
  if (holders <= 1) return true;
  return out_count_ == 2 && team(out_order_[0]) == team(out_order_[1]);
}

void HandState::play(int seat, const Move& move) {
  const auto s = static_cast<std::size_t>(seat);
  hands_[s] &= ~move.cards;
  played_cards_[s] |= move.cards;
  played_ |= bit(seat);
  if (wish_ && (move.cards & kNormals & rank_cards(wish_))) wish_ = 0;  // R6.2: a real card fulfils it
  if (!hands_[s]) out_order_[out_count_++] = static_cast<std::int8_t>(seat);  // R5.7
  if (move.type == MoveType::Dog) {  // R5.6: out of play at once; the partner leads
    if (hand_over()) {
      finish();
      return;
    }
    const int partner = (seat + 2) % 4;
    start_trick(partner);
    return;
  }
  trick_ |= move.cards;
  table_ = move;
  table_player_ = static_cast<std::int8_t>(seat);
  passed_ = 0;
  if (hand_over()) {  // R8.1: no offer, no wish
    finish();
    return;
  }
  next_in_turn_ = static_cast<std::int8_t>(next_holder(seat));  // R4.4: also after a bomb
  if (move.cards & kMahJong) {  // R6.1: the wish first, then the offers
    decision_ = Decision::Wish;
    player_ = static_cast<std::int8_t>(seat);
    return;
  }
  offer_bombs(seat, next_in_turn_, (seat + 1) % 4);
}

void HandState::pass(int seat) {
  passed_ |= bit(seat);
  std::uint8_t others = 0;  // R5.4: every other player still holding cards has passed
  for (int s = 0; s < 4; ++s) {
    if (s != table_player_ && hands_[static_cast<std::size_t>(s)]) others |= bit(s);
  }
  const int next = (others & ~passed_) ? next_holder(seat) : -1;
  offer_bombs(seat, next, (seat + 1) % 4);
}

// R10.2: from seat `from` on, in turn order up to the actor, the first
// player holding a bomb that beats the table is offered one; excluded are
// the actor, the player of the last play and, while the trick goes on, the
// player whose turn is next.
void HandState::offer_bombs(int actor, int next_in_turn, int from) {
  offer_actor_ = static_cast<std::int8_t>(actor);
  next_in_turn_ = static_cast<std::int8_t>(next_in_turn);
  if (rules_.bombs_out_of_turn) {
    for (int s = from; s != actor; s = (s + 1) % 4) {
      if (s == table_player_ || s == next_in_turn) continue;
      const Mask hand = hands_[static_cast<std::size_t>(s)];
      if (hand && holds_beating_bomb(hand, table_)) {
        decision_ = Decision::Bomb;
        player_ = static_cast<std::int8_t>(s);
        return;
      }
    }
  }
  continue_after_offers();
}

void HandState::continue_after_offers() {
  if (next_in_turn_ < 0) {
    take_trick();
    return;
  }
  decision_ = Decision::Play;
  player_ = next_in_turn_;
}

void HandState::take_trick() {  // R5.4, R5.5
  if (table_.cards == kDragon) {
    decision_ = Decision::DragonGift;
    player_ = table_player_;
    return;
  }
  piles_[static_cast<std::size_t>(table_player_)] |= trick_;
  start_trick(table_player_);
}

void HandState::give_trick(int to) {
  piles_[static_cast<std::size_t>(to)] |= trick_;
  trick_ = 0;
  if (hand_over()) {  // R8.2: the gift of the last trick
    table_ = Move{};
    table_player_ = -1;
    decision_ = Decision::Over;
    player_ = -1;
    return;
  }
  start_trick(player_);
}

// A new trick led by `seat`, or by the next seat holding cards (R5.4, R5.6).
void HandState::start_trick(int seat) {
  const int leader = hands_[static_cast<std::size_t>(seat)] ? seat : next_holder(seat);
  trick_ = 0;
  table_ = Move{};
  table_player_ = -1;
  passed_ = 0;
  offer_actor_ = -1;
  next_in_turn_ = -1;
  leader_ = static_cast<std::int8_t>(leader);
  decision_ = Decision::Play;
  player_ = static_cast<std::int8_t>(leader);
}

// R8.1, R8.2: the hand ends now. The table goes to the last play's player,
// by a Dragon gift if that play is the Dragon; after a double victory
// nothing is counted, so no gift is asked and the cards just lie in his pile.
void HandState::finish() {
  const bool double_victory = out_count_ == 2;
  if (trick_) {
    if (table_.cards == kDragon && !double_victory) {
      decision_ = Decision::DragonGift;
      player_ = table_player_;
      return;
    }
    piles_[static_cast<std::size_t>(table_player_)] |= trick_;
  }
  trick_ = 0;
  table_ = Move{};
  table_player_ = -1;
  decision_ = Decision::Over;
  player_ = -1;
}

std::array<int, 2> HandState::returns() const {
  HandOutcome o;
  o.out_count = std::min<int>(out_count_, 3);
  for (int i = 0; i < o.out_count; ++i) o.out_order[static_cast<std::size_t>(i)] = out_order_[static_cast<std::size_t>(i)];
  o.piles = piles_;
  o.calls = calls_;
  for (Mask h : hands_) o.tailender_hand |= h;
  return score_hand(o);
}

}  // namespace tichu

namespace tichu {
namespace {

// `text` lowered (ASCII) with runs of separators folded to one space.
std::string normalized(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (is_separator(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += ascii_lower(c);
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Whether `words` (normalized) read as an action of any decision.
bool reads_as_action(const std::string& words, std::string_view text) {
  if (words == "grand tichu" || words == "no grand tichu" || words == "tichu" || words == "no tichu" ||
      words == "no wish") {
    return true;
  }
  if (words.rfind("wish ", 0) == 0) return parse_rank_name(std::string_view(words).substr(5)) > 0;
  if (words.size() == 6 && words.rfind("give ", 0) == 0) return words[5] >= '0' && words[5] <= '3';
  if (words.rfind("push ", 0) == 0) {
    try {
      const Mask cards = parse_cards(std::string_view(words).substr(5));
      return count(cards) == 3;
    } catch (const NotationError&) {
      return false;
    }
  }
  try {
    parse_move(text);
    return true;
  } catch (const NotationError&) {
    return false;
  }
}

// Text that is no action of this decision: an action of another decision
// is illegal here (IllegalActionError), anything else unreadable.
[[noreturn]] void not_an_action(const std::string& words, std::string_view text, const char* expected) {
  if (reads_as_action(words, text)) {
    throw IllegalActionError("'" + std::string(text) + "' is not an action of this decision: expected " + expected);
  }
  throw NotationError("'" + std::string(text) + "' is no action: expected " + expected);
}

}  // namespace

std::string format_action(const Action& a) {
  switch (a.kind) {
    case ActionKind::GrandTichu: return a.value ? "grand tichu" : "no grand tichu";
    case ActionKind::Tichu: return a.value ? "tichu" : "no tichu";
    case ActionKind::Push: {
      std::string text = "push";
      for (std::uint8_t card : a.push) (text += ' ') += card_name(card);
      return text;
    }
    case ActionKind::Play: return format_move(a.move);
    case ActionKind::Wish: return a.value ? "wish " + std::string(rank_name(a.value)) : "no wish";
    case ActionKind::Gift: return "give " + std::to_string(a.value);
  }
  return "";
}

Action parse_action(std::string_view text, const HandState& state) {
  const std::string words = normalized(text);
  Action a;
  switch (state.decision()) {
    case Decision::GrandTichu:
      a.kind = ActionKind::GrandTichu;
      if (words == "grand tichu" || words == "no grand tichu") {
        a.value = words[0] == 'g';
        return a;
      }
      not_an_action(words, text, "'grand tichu' or 'no grand tichu'");
    case Decision::Tichu:
      a.kind = ActionKind::Tichu;
      if (words == "tichu" || words == "no tichu") {
        a.value = words[0] == 't';
        return a;
      }
      not_an_action(words, text, "'tichu' or 'no tichu'");
    case Decision::Exchange: {
      a.kind = ActionKind::Push;
      if (words.rfind("push ", 0) != 0) not_an_action(words, text, "'push <card> <card> <card>'");
      std::size_t k = 0, i = 5;
      while (i <= words.size()) {
        std::size_t end = words.find(' ', i);
        if (end == std::string::npos) end = words.size();
        const std::string_view token = std::string_view(words).substr(i, end - i);
        const int index = parse_card_name(token);
        if (index < 0) throw NotationError("unknown card '" + std::string(token) + "'");
        if (k == 3) not_an_action(words, text, "three cards to push");
        for (std::size_t j = 0; j < k; ++j) {
          if (a.push[j] == index) throw NotationError("duplicate card '" + std::string(token) + "'");
        }
        a.push[k++] = static_cast<std::uint8_t>(index);
        i = end + 1;
      }
      if (k != 3) not_an_action(words, text, "three cards to push");
      return a;
    }
    case Decision::Play:
      if (words == "tichu") {
        a.kind = ActionKind::Tichu;
        a.value = 1;
        return a;
      }
      [[fallthrough]];
    case Decision::Bomb:
      a.kind = ActionKind::Play;
      try {
        a.move = parse_move(text);
      } catch (const NotationError&) {
        if (reads_as_action(words, text)) not_an_action(words, text, "a move or 'pass'");
        throw;
      }
      return a;
    case Decision::Wish:
      a.kind = ActionKind::Wish;
      if (words == "no wish") return a;
      if (words.rfind("wish ", 0) == 0) {
        const int rank = parse_rank_name(std::string_view(words).substr(5));
        if (rank > 0) {
          a.value = static_cast<std::uint8_t>(rank);
          return a;
        }
      }
      not_an_action(words, text, "'wish <rank>' or 'no wish'");
    case Decision::DragonGift:
      a.kind = ActionKind::Gift;
      if (words.size() == 6 && words.rfind("give ", 0) == 0 && words[5] >= '0' && words[5] <= '3') {
        a.value = static_cast<std::uint8_t>(words[5] - '0');
        return a;
      }
      not_an_action(words, text, "'give <seat>'");
    case Decision::Over: throw IllegalActionError("the hand is over: no action is legal");
  }
  throw IllegalActionError("no decision");
}

}  // namespace tichu
