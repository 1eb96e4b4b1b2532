// The generator of one movegen.cpp under C names (AB_PREFIX: old_ or new_),
// so that one binary can time and compare two versions. The old one is
// compiled with -Dtichu=tichu_old so that its C++ names do not collide.
#include <cstdint>

#define AB_CAT2(a, b) a##b
#define AB_CAT(a, b) AB_CAT2(a, b)
#define AB(name) AB_CAT(AB_PREFIX, name)

#include "tichu/game/movegen.hpp"

extern "C" int AB(legal_moves)(std::uint64_t hand, const void* table, int wish, void* out) {
  tichu::Situation s;
  s.hand = hand;
  s.table = static_cast<const tichu::Move*>(table);
  s.wish = wish;
  return tichu::legal_moves(s, static_cast<tichu::Move*>(out));
}

extern "C" int AB(lead_total)(std::uint64_t hand) {
  const tichu::LeadCount c(hand);
  return c.counted() ? c.total() : -1;
}

extern "C" void AB(lead_nth)(std::uint64_t hand, int k, void* scratch, void* result) {
  const tichu::LeadCount c(hand);
  *static_cast<tichu::Move*>(result) = c.nth(k, static_cast<tichu::Move*>(scratch));
}
