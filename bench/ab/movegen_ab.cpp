// Two versions of legal_moves in one binary (see movegen_ab.sh): checks that
// they write the same moves in the same order, then times them alternately,
// round by round, so that a busy machine slows both alike. Prints CPU ns
// per call of each (median of the rounds) and the ratio old / new.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

extern "C" {
int old_legal_moves(std::uint64_t hand, const void* table, int wish, void* out);
int new_legal_moves(std::uint64_t hand, const void* table, int wish, void* out);
int old_lead_total(std::uint64_t hand);
int new_lead_total(std::uint64_t hand);
void old_lead_nth(std::uint64_t hand, int k, void* scratch, void* result);
void new_lead_nth(std::uint64_t hand, int k, void* scratch, void* result);
}

namespace {

// The 16 bytes of tichu::Move (combo.hpp), field by field.
struct RawMove {
  std::uint64_t cards;
  std::uint8_t type, length, rank2, phoenix_as;
  std::uint8_t pad[4];
};
static_assert(sizeof(RawMove) == 16);

constexpr std::uint64_t kPhoenix = 1ULL << 2;
constexpr std::uint8_t kStraight = 7;  // MoveType::Straight

std::uint64_t splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// `size` cards drawn from the deck minus `avoid`, with the Phoenix if `phoenix`.
std::uint64_t deal(std::uint64_t& seed, int size, bool phoenix, std::uint64_t avoid = 0) {
  for (;;) {
    std::uint64_t hand = 0;
    int n = 0;
    while (n < size) {
      const std::uint64_t bit = 1ULL << (splitmix(seed) % 56);
      if ((hand | avoid) & bit) continue;
      hand |= bit;
      ++n;
    }
    if (!phoenix || (hand & kPhoenix)) return hand;
  }
}

bool same_moves(std::uint64_t hand, const RawMove* table, int wish) {
  static std::array<RawMove, 2048> a, b;
  const int na = old_legal_moves(hand, table, wish, a.data());
  const int nb = new_legal_moves(hand, table, wish, b.data());
  if (na != nb) {
    std::printf("DIFFERENT COUNT hand=%#llx: old %d new %d\n", static_cast<unsigned long long>(hand), na, nb);
    return false;
  }
  for (int i = 0; i < na; ++i) {
    const RawMove &x = a[static_cast<std::size_t>(i)], &y = b[static_cast<std::size_t>(i)];
    if (x.cards != y.cards || x.type != y.type || x.length != y.length || x.rank2 != y.rank2 ||
        x.phoenix_as != y.phoenix_as) {
      std::printf("DIFFERENT MOVE %d hand=%#llx\n", i, static_cast<unsigned long long>(hand));
      return false;
    }
  }
  return true;
}

bool same_lead_counts(std::uint64_t hand) {
  const int t = old_lead_total(hand);
  if (t != new_lead_total(hand)) return false;
  static std::array<RawMove, 2048> scratch;
  for (int k = 0; k < t; ++k) {
    RawMove x{}, y{};
    old_lead_nth(hand, k, scratch.data(), &x);
    new_lead_nth(hand, k, scratch.data(), &y);
    if (std::memcmp(&x, &y, 12) != 0) {
      std::printf("DIFFERENT nth %d hand=%#llx\n", k, static_cast<unsigned long long>(hand));
      return false;
    }
  }
  return true;
}

// This thread's CPU time: on a shared machine, wall time counts the others' turns.
double cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return 1e9 * static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec);
}

using Fn = int (*)(std::uint64_t, const void*, int, void*);

double ns_per_call(Fn fn, const std::vector<std::uint64_t>& hands, const RawMove* table, int repeat) {
  static std::array<RawMove, 2048> out;
  volatile int sink = 0;
  const double start = cpu_ns();
  for (int r = 0; r < repeat; ++r) {
    for (const std::uint64_t h : hands) sink = sink + fn(h, table, 0, out.data());
  }
  return (cpu_ns() - start) / (static_cast<double>(repeat) * static_cast<double>(hands.size()));
}

struct Case {
  const char* name;
  std::vector<std::uint64_t> hands;
  const RawMove* table;
};

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 7;
  const int n_check = argc > 2 ? std::atoi(argv[2]) : 200000;
  // "old" or "new": time that one alone (for perf stat); default both.
  const char* only = argc > 3 ? argv[3] : "";
  std::uint64_t seed = 2026;

  // Straights of every length and top rank (first card in one suit, the
  // rest in another: no straight flush), as tables to respond to.
  std::vector<RawMove> straight_tables;
  for (int lo = 2; lo <= 10; ++lo) {
    for (int hi = lo + 4; hi <= 14; ++hi) {
      std::uint64_t cards = 1ULL << (4 * (lo - 1));
      for (int r = lo + 1; r <= hi; ++r) cards |= 2ULL << (4 * (r - 1));
      straight_tables.push_back(RawMove{.cards = cards,
                                        .type = kStraight,
                                        .length = static_cast<std::uint8_t>(hi - lo + 1),
                                        .rank2 = static_cast<std::uint8_t>(2 * hi),
                                        .phoenix_as = 0,
                                        .pad = {}});
    }
  }

  // Same moves, same order: leads of every size with and without the
  // Phoenix, responses to straights of every length and rank, with wishes.
  long checked = 0;
  for (int i = 0; i < n_check; ++i) {
    const int size = 1 + static_cast<int>(splitmix(seed) % 14);
    const bool phoenix = (i & 1) != 0;
    const std::uint64_t hand = deal(seed, size, phoenix);
    const int wish = (i % 5 == 0) ? 2 + static_cast<int>(splitmix(seed) % 13) : 0;
    if (!same_moves(hand, nullptr, wish) || (i % 16 == 0 && !same_lead_counts(hand))) return 1;
    const RawMove& t = straight_tables[splitmix(seed) % straight_tables.size()];
    const std::uint64_t responder = deal(seed, size, phoenix, t.cards);
    if (!same_moves(responder, &t, wish)) return 1;
    // A table of any kind: a lead of another random hand, then a hand from the other cards.
    static std::array<RawMove, 2048> leads;
    const int n_leads = old_legal_moves(deal(seed, 14, (i & 2) != 0), nullptr, 0, leads.data());
    const RawMove& any = leads[splitmix(seed) % static_cast<std::uint64_t>(n_leads)];
    if (!same_moves(deal(seed, size, phoenix && !(any.cards & kPhoenix), any.cards), &any, wish)) return 1;
    checked += 3;
  }
  std::printf("same moves in the same order: %ld situations\n", checked);

  std::vector<Case> cases;
  std::vector<std::uint64_t> with_phoenix, random14, responders, to_single, to_pair, to_full_house;
  for (int i = 0; i < 2000; ++i) with_phoenix.push_back(deal(seed, 14, true));
  for (int i = 0; i < 2000; ++i) random14.push_back(deal(seed, 14, false));
  const RawMove* five = nullptr;  // 4..8 as in bench/situations.py
  for (const RawMove& t : straight_tables) {
    if (t.length == 5 && t.rank2 == 16) five = &t;
  }
  for (int i = 0; i < 2000; ++i) responders.push_back(deal(seed, 14, false, five->cards));
  // The other tables of bench/situations.py: 9j, 7j 7s, 6j 6s 6p 3j 3s.
  const auto card = [](int rank, int suit) { return 1ULL << (4 * (rank - 1) + suit); };
  static const RawMove single{.cards = card(9, 0), .type = 2, .length = 1, .rank2 = 18, .phoenix_as = 0, .pad = {}};
  static const RawMove pair{.cards = card(7, 0) | card(7, 1),
                            .type = 3,
                            .length = 2,
                            .rank2 = 14,
                            .phoenix_as = 0,
                            .pad = {}};
  static const RawMove full_house{.cards = card(6, 0) | card(6, 1) | card(6, 2) | card(3, 0) | card(3, 1),
                                  .type = 6,
                                  .length = 5,
                                  .rank2 = 12,
                                  .phoenix_as = 0,
                                  .pad = {}};
  for (int i = 0; i < 2000; ++i) to_single.push_back(deal(seed, 14, false, single.cards));
  for (int i = 0; i < 2000; ++i) to_pair.push_back(deal(seed, 14, false, pair.cards));
  for (int i = 0; i < 2000; ++i) to_full_house.push_back(deal(seed, 14, false, full_house.cards));
  // Answers to the straight that can only pass (bench/situations.py's "only a pass"); not in the mean.
  std::vector<std::uint64_t> pass_only;
  static std::array<RawMove, 2048> scratch;
  while (pass_only.size() < 2000) {
    const std::uint64_t hand = deal(seed, 14, false, five->cards);
    if (old_legal_moves(hand, five, 0, scratch.data()) == 1) pass_only.push_back(hand);
  }
  cases.push_back({"lead, 14 cards with Phoenix", with_phoenix, nullptr});
  cases.push_back({"lead, random 14 cards", random14, nullptr});
  cases.push_back({"respond to a single (9)", to_single, &single});
  cases.push_back({"respond to a pair (7s)", to_pair, &pair});
  cases.push_back({"respond to a straight (5, to the 8)", responders, five});
  cases.push_back({"respond to a full house (6s over 3s)", to_full_house, &full_house});
  cases.push_back({"only a pass (to the straight)", pass_only, five});

  std::printf("%-38s %10s %10s %8s\n", "situation (median of rounds)", "old ns", "new ns", "old/new");
  double old_sum = 0, new_sum = 0;
  for (const Case& c : cases) {
    std::vector<double> old_t, new_t;
    for (int r = 0; r < rounds; ++r) {  // alternate, so that load hits both alike
      old_t.push_back(std::strcmp(only, "new") == 0 ? 0 : ns_per_call(old_legal_moves, c.hands, c.table, 50));
      new_t.push_back(std::strcmp(only, "old") == 0 ? 0 : ns_per_call(new_legal_moves, c.hands, c.table, 50));
    }
    std::ranges::sort(old_t);
    std::ranges::sort(new_t);
    const double o = old_t[old_t.size() / 2], n = new_t[new_t.size() / 2];
    std::printf("%-38s %10.1f %10.1f %8.2f\n", c.name, o, n, o / n);
    if (std::strncmp(c.name, "respond", 7) == 0) {
      old_sum += o;
      new_sum += n;
    }
  }
  std::printf("%-38s %10.1f %10.1f %8.2f\n", "responses, mean of the four", old_sum / 4, new_sum / 4,
              old_sum / new_sum);
  return 0;
}
