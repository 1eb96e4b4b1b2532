// Actions' text: the exact form of docs/game.md, both ways.
#include "tichu/game/action.hpp"

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
  if (words.starts_with("wish ")) return parse_rank_name(std::string_view(words).substr(5)) > 0;
  if (words.size() == 6 && words.starts_with("give ")) return words[5] >= '0' && words[5] <= '3';
  if (words.starts_with("push ")) {
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
    throw IllegalActionError(quoted(text) + " is not an action of this decision: expected " + expected);
  }
  throw NotationError(quoted(text) + " is no action: expected " + expected);
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
    case ActionKind::Gift:
      if (a.value > 3) throw std::invalid_argument("no seat " + std::to_string(a.value));
      return "give " + std::to_string(a.value);
  }
  throw std::invalid_argument("no action kind " + std::to_string(static_cast<int>(a.kind)));
}

Action parse_action(std::string_view text, Decision decision) {
  const std::string words = normalized(text);
  Action a;
  switch (decision) {
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
      if (!words.starts_with("push ")) not_an_action(words, text, "'push <card> <card> <card>'");
      std::size_t k = 0, i = 5;
      while (i <= words.size()) {
        std::size_t end = words.find(' ', i);
        if (end == std::string::npos) end = words.size();
        const std::string_view token = std::string_view(words).substr(i, end - i);
        const int index = parse_card_name(token);
        if (index < 0) throw unknown_card(token);
        if (k == 3) not_an_action(words, text, "three cards to push");
        for (std::size_t j = 0; j < k; ++j) {
          if (int{a.push[j]} == index) throw NotationError("duplicate card " + quoted(token));
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
      if (words.starts_with("wish ")) {
        const int rank = parse_rank_name(std::string_view(words).substr(5));
        if (rank > 0) {
          a.value = static_cast<std::uint8_t>(rank);
          return a;
        }
      }
      not_an_action(words, text, "'wish <rank>' or 'no wish'");
    case Decision::DragonGift:
      a.kind = ActionKind::Gift;
      if (words.size() == 6 && words.starts_with("give ") && words[5] >= '0' && words[5] <= '3') {
        a.value = static_cast<std::uint8_t>(words[5] - '0');
        return a;
      }
      not_an_action(words, text, "'give <seat>'");
    case Decision::Over: throw IllegalActionError("the hand is over: no action is legal");
  }
  throw IllegalActionError("no decision");
}

}  // namespace tichu
