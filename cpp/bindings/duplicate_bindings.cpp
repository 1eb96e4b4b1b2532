// The arena's fast path for Python (_core.duplicate_records): duplicate deals
// between two built-in policies, played without the GIL.
#include <cstring>
#include <string>
#include <vector>

#include "common.hpp"
#include "tichu/play/duplicate.hpp"
#include "tichu/play/parallel.hpp"

namespace tichu::bindings {
namespace {

PolicyBot bot_arg(py::handle policy, py::handle calls, py::handle seed) {
  return PolicyBot{policy_arg(policy, calls), uint64_int(seed, "bot seed (0 <= seed < 2**64)")};
}

}  // namespace

void register_duplicate(py::module_& m) {
  m.def(
      "duplicate_records",
      [](py::handle seed, py::handle first, py::handle n, py::handle policy_a, py::handle calls_a, py::handle seed_a,
         py::handle policy_b, py::handle calls_b, py::handle seed_b, py::handle rules, py::handle threads) {
        const std::uint64_t s = uint64_int(seed, "seed (0 <= seed < 2**64)");
        const std::uint64_t f = uint64_int(first, "first");
        const long long deals = small_int(n, "n");
        if (deals < 0) throw py::value_error("n must be >= 0, not " + std::to_string(deals));
        const std::array<PolicyBot, 2> bots{bot_arg(policy_a, calls_a, seed_a), bot_arg(policy_b, calls_b, seed_b)};
        const Rules r = to_rules(rules);
        const long long t = small_int(threads, "threads");
        if (t < 1) throw py::value_error("threads must be >= 1, not " + std::to_string(t));
        const auto plays = static_cast<std::size_t>(2 * deals);
        std::vector<HandRecord> records(plays);
        std::vector<std::array<std::uint16_t, 4>> decisions(plays);
        std::vector<std::array<Mask, 4>> call_hands(plays);
        std::vector<std::array<bool, 4>> in_play(plays);
        without_gil([&] {
          duplicate_deals(s, f, r, bots, static_cast<int>(std::min<long long>(t, kMaxThreads)), records, decisions,
                          call_hands, in_play);
        });
        const auto dtype = py::module_::import("tichu_fast.formats").attr("HAND_RECORD_DTYPE").cast<py::dtype>();
        if (dtype.itemsize() != static_cast<py::ssize_t>(sizeof(HandRecord)))
          throw std::logic_error("HAND_RECORD_DTYPE does not match C++");
        py::array out(dtype, std::vector<py::ssize_t>{static_cast<py::ssize_t>(plays)});
        py::array_t<std::uint16_t> counts(std::vector<py::ssize_t>{static_cast<py::ssize_t>(plays), 4});
        py::array_t<std::uint64_t> hands(std::vector<py::ssize_t>{static_cast<py::ssize_t>(plays), 4});
        static_assert(sizeof(std::array<bool, 4>) == 4, "numpy's bool is one byte");
        py::array_t<bool> played(std::vector<py::ssize_t>{static_cast<py::ssize_t>(plays), 4});
        if (plays > 0) {
          std::memcpy(out.mutable_data(), records.data(), plays * sizeof(HandRecord));
          std::memcpy(counts.mutable_data(), decisions.data(), plays * sizeof(decisions[0]));
          std::memcpy(hands.mutable_data(), call_hands.data(), plays * sizeof(call_hands[0]));
          std::memcpy(played.mutable_data(), in_play.data(), plays * sizeof(in_play[0]));
        }
        return py::make_tuple(out, counts, hands, played);
      },
      py::arg("seed"), py::arg("first"), py::arg("n"), py::arg("policy_a"), py::arg("calls_a"), py::arg("seed_a"),
      py::arg("policy_b"), py::arg("calls_b"), py::arg("seed_b"), py::arg("rules"), py::arg("threads"),
      "Deals first..first+n-1 of `seed`, each played twice by two built-in policies (A at seats 0/2, then 1/3): "
      "(HAND_RECORD_DTYPE records, uint16 decisions per seat, uint64 cards each seat held when it called, 0 "
      "without a call, bool: a Tichu called in play, after the exchange), record 2i+p is play p of deal first+i.");
}

}  // namespace tichu::bindings
