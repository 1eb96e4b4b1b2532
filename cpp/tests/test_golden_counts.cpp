// The perft-style counts of tests/data/golden_counts.txt (written by
// scripts/make_golden.py from the reference backend), read in C++ and each
// checked with legal_moves and count_legal_moves; the moves listed must be
// distinct, made of the hand's cards, and beat the table.
//
//     test_golden_counts [path/to/golden_counts.txt]

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "check.hpp"
#include "tichu/game/cards.hpp"
#include "tichu/game/combo.hpp"
#include "tichu/game/movegen.hpp"

#ifndef TICHU_GOLDEN_COUNTS
#error "TICHU_GOLDEN_COUNTS must name tests/data/golden_counts.txt (cpp/tests/CMakeLists.txt)"
#endif

namespace {

using tichu::Move;
using tichu_test::expect;
using tichu_test::expect_eq;

// The number of situations scripts/make_golden.py writes.
constexpr int kGoldenSituations = 1168;

// One line: hand | table | wish | out_of_turn | legal moves.
struct Golden {
  std::string line;
  tichu::Mask hand = 0;
  Move table{};
  bool has_table = false;
  int wish = 0;
  bool out_of_turn = false;
  int count = 0;
};

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

int parse_int(std::string_view text) {
  std::size_t used = 0;
  const int value = std::stoi(std::string(text), &used);
  if (used != text.size()) throw std::invalid_argument("not a number: '" + std::string(text) + "'");
  return value;
}

// Reads one data line; throws std::invalid_argument (NotationError included) on a bad one.
Golden parse_line(const std::string& line) {
  std::vector<std::string_view> fields;
  std::string_view rest = line;
  for (std::size_t bar = rest.find('|'); bar != std::string_view::npos; bar = rest.find('|')) {
    fields.push_back(trimmed(rest.substr(0, bar)));
    rest.remove_prefix(bar + 1);
  }
  fields.push_back(trimmed(rest));
  if (fields.size() != 5) throw std::invalid_argument("expected 5 fields separated by '|'");
  Golden g;
  g.line = line;
  g.hand = tichu::parse_cards(fields[0]);
  g.has_table = fields[1] != "-";
  if (g.has_table) g.table = tichu::parse_move(fields[1]);
  g.wish = fields[2] == "-" ? 0 : parse_int(fields[2]);
  if (fields[3] != "0" && fields[3] != "1") throw std::invalid_argument("out_of_turn must be 0 or 1");
  g.out_of_turn = fields[3] == "1";
  g.count = parse_int(fields[4]);
  return g;
}

std::vector<Golden> read_golden(const char* path) {
  std::ifstream in(path);
  expect(in.good(), [&] { return std::string("cannot open ") + path; });
  std::vector<Golden> situations;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    try {
      situations.push_back(parse_line(line));
    } catch (const std::exception& e) {
      expect(false, [&] { return std::string(path) + ":" + std::to_string(number) + ": " + e.what(); });
    }
  }
  return situations;
}

bool move_less(const Move& a, const Move& b) { return std::memcmp(&a, &b, sizeof(Move)) < 0; }

// R3 to R6: the count, twice, and what each listed move must be.
void check_situation(const Golden& g, std::vector<Move>& moves) {
  const tichu::Situation s{.hand = g.hand,
                           .table = g.has_table ? &g.table : nullptr,
                           .wish = g.wish,
                           .out_of_turn = g.out_of_turn};
  try {
    tichu::check_situation(s);
  } catch (const std::exception& e) {
    expect(false, [&] { return "'" + g.line + "' refused: " + e.what(); });
    return;
  }
  const int listed = tichu::legal_moves(s, moves.data());
  expect_eq(listed, g.count, [&] { return "legal_moves of '" + g.line + "'"; });
  expect_eq(tichu::count_legal_moves(s), g.count, [&] { return "count_legal_moves of '" + g.line + "'"; });
  if (listed < 0 || listed > tichu::kMaxLegalMoves) return;

  for (int i = 0; i < listed; ++i) {
    const Move& m = moves[static_cast<std::size_t>(i)];
    if (m.type == tichu::MoveType::Pass) continue;
    const bool ok = (m.cards & ~g.hand) == 0 && tichu::beats(m, s.table) &&  // R5.1, R5.2
                    (!g.out_of_turn || tichu::is_bomb(m.type));                // R4.4
    expect(ok, [&] { return "'" + tichu::format_move(m) + "' listed for '" + g.line + "'"; });
  }
  // R3.5: a move is its type, rank and card set; each is listed once.
  std::sort(moves.begin(), moves.begin() + listed, move_less);
  const auto repeat = std::adjacent_find(moves.begin(), moves.begin() + listed);
  expect(repeat == moves.begin() + listed,
         [&] { return "'" + tichu::format_move(*repeat) + "' listed twice for '" + g.line + "'"; });
}

}  // namespace

int main(int argc, char** argv) {
  const char* path = argc > 1 ? argv[1] : TICHU_GOLDEN_COUNTS;
  const std::vector<Golden> situations = read_golden(path);
  expect_eq(static_cast<long long>(situations.size()), kGoldenSituations,
            [&] { return std::string("situations in ") + path; });
  std::vector<Move> moves(static_cast<std::size_t>(tichu::kMaxLegalMoves));
  for (const Golden& g : situations) check_situation(g, moves);
  return tichu_test::report("test_golden_counts");
}
