#include "tichu/play/heuristic_params.hpp"

#include <bitset>
#include <charconv>
#include <stdexcept>
#include <string>

#include "tichu/game/cards.hpp"  // quoted

namespace tichu {
namespace {

// The names a key may take, for the error that names an unknown one.
std::string valid_keys() {
  std::string keys = "off";
  for (const HeuristicParamSpec& spec : kHeuristicParamSpecs) keys += ", " + std::string(spec.name);
  return keys;
}

// The rules of `value`, "RULE+RULE...", as kRule* bits.
std::uint32_t rules_of(std::string_view value) {
  std::uint32_t bits = 0;
  while (true) {
    const std::size_t plus = value.find('+');
    const std::string_view name = value.substr(0, plus);
    std::size_t k = 0;
    while (k < kHeuristicRuleNames.size() && kHeuristicRuleNames[k] != name) ++k;
    if (k == kHeuristicRuleNames.size()) {
      throw std::invalid_argument("unknown heuristic rule " + quoted(name) +
                                  ": expected count, partner, plan, calls, exchange or wish, joined by '+'");
    }
    bits |= 1U << k;
    if (plus == std::string_view::npos) return bits;
    value.remove_prefix(plus + 1);
  }
}

int number_of(std::string_view key, std::string_view value) {
  int n = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (error != std::errc{} || end != value.data() + value.size() || n < -kMaxHeuristicParam || n > kMaxHeuristicParam) {
    throw std::invalid_argument("heuristic number " + std::string(key) + " must be an int within +-" +
                                std::to_string(kMaxHeuristicParam) + ", not " + quoted(value));
  }
  return n;
}

}  // namespace

HeuristicParams HeuristicParams::parse(std::string_view options) {
  HeuristicParams params;
  std::bitset<kNumHeuristicParams + 1> seen;  // the numbers, then `off`
  while (!options.empty()) {
    const std::size_t comma = options.find(',');
    const std::string_view item = options.substr(0, comma);
    options = comma == std::string_view::npos ? std::string_view{} : options.substr(comma + 1);
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos) {
      throw std::invalid_argument("a heuristic option is KEY=VALUE, not " + quoted(item));
    }
    const std::string_view key = item.substr(0, equals), value = item.substr(equals + 1);
    std::size_t p = 0;
    while (p < kNumHeuristicParams && kHeuristicParamSpecs[p].name != key) ++p;
    if (p == kNumHeuristicParams && key != "off") {
      throw std::invalid_argument("unknown heuristic option " + quoted(key) + ": expected one of " + valid_keys());
    }
    if (seen[p]) throw std::invalid_argument("heuristic option " + std::string(key) + " given twice");
    seen[p] = true;
    if (p == kNumHeuristicParams) {
      params.rules_off_ = rules_of(value);
    } else {
      params.values_[p] = number_of(key, value);
    }
  }
  for (std::size_t p = 0; p < kNumHeuristicParams; ++p) {  // a rule switched off reads heuristic-v1's numbers
    if (!params.on(kHeuristicParamSpecs[p].rule)) params.values_[p] = kHeuristicParamSpecs[p].v1;
  }
  return params;
}

}  // namespace tichu
