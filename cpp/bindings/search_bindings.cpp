// Search for Python: built-in policies, playouts, action evaluation and
// simulate (_core.policy_action, playout, playouts, action_values,
// simulate_records, simulated_hand, and simulate: random hands as a table of
// ints). Arguments are converted while the GIL is held; every loop of playouts
// runs without it.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "tichu/game/resample.hpp"
#include "tichu/play/net.hpp"
#include "tichu/play/parallel.hpp"
#include "tichu/play/playout.hpp"
#include "tichu/play/simulate.hpp"

namespace tichu::bindings {
namespace {

std::uint64_t seed_arg(py::handle seed) { return uint64_int(seed, "seed (0 <= seed < 2**64)"); }

int threads_arg(py::handle threads) {
  const long long n = small_int(threads, "threads");
  if (n < 1) throw py::value_error("threads must be >= 1, not " + std::to_string(n));
  return static_cast<int>(std::min<long long>(n, kMaxThreads));
}

long long count_arg(py::handle n, const char* what) {
  const long long value = small_int(n, what);
  if (value < 0) throw py::value_error(std::string(what) + " must be >= 0, not " + std::to_string(value));
  return value;
}

// A hand for the calls table: cards of the deck only, at most 14 (a plan holds the combinations of one hand).
Mask call_hand(std::uint64_t hand) {
  if ((hand & ~kDeck) != 0) throw std::invalid_argument("hand has bits beyond the 56 cards");
  if (count(hand) > 14) throw std::invalid_argument("a hand holds at most 14 cards");
  return hand;
}

const HandState& live_state(const RecordedHand& h) {
  if (h.state().is_terminal()) throw std::invalid_argument("the hand is over: no decision to play from");
  return h.state();
}

}  // namespace

Policy policy_arg(py::handle text, py::handle calls) {
  if (!PyUnicode_Check(text.ptr())) {
    throw py::type_error("policy must be a str (a name of POLICIES or 'heuristic:KEY=VALUE,...'), not " +
                         std::string(py::str(py::type::of(text).attr("__name__"))));
  }
  if (!PyBool_Check(calls.ptr())) throw py::type_error("calls must be a bool");
  return policy_from_text(text_arg(text, "policy"), calls.ptr() == Py_True);
}

void register_search(py::module_& m) {
  m.attr("MAX_THREADS") = kMaxThreads;
  py::tuple policies(kPolicyNames.size());
  for (std::size_t i = 0; i < kPolicyNames.size(); ++i) policies[i] = std::string(kPolicyNames[i].name);
  m.attr("POLICIES") = policies;
  m.def(
      "_check_policy", [](py::handle policy) { policy_arg(policy, py::bool_(true)); }, py::arg("policy"),
      "Refuses a policy text the core does not play: TypeError for no str, ValueError for an unknown name or "
      "heuristic option.");
  m.def(
      "_heuristic_call_features",
      [](std::uint64_t hand) {
        const auto f = heuristic_call_features(call_hand(hand));
        return py::make_tuple(f[0], f[1]);
      },
      py::arg("hand"), "(strength in half points, losers) of a hand mask: the heuristic's call features.");
  m.def(
      "_heuristic_call_chance",
      [](std::uint64_t hand, bool grand, py::handle heuristic, bool in_play) {
        return heuristic_call_chance(call_hand(hand), grand, heuristic_params(policy_arg(heuristic, py::bool_(true))),
                                     in_play);
      },
      py::arg("hand"), py::arg("grand"), py::arg("heuristic") = "heuristic", py::arg("in_play") = false,
      "The calls table's chance in per mille that a hand (Grand Tichu: its first eight cards) goes out first, by "
      "the numbers of the heuristic `heuristic` (a policy text; heuristic_params); `in_play`: a Tichu called in "
      "play, on the hand after the exchange (play_doubt).");
  m.def(
      "policy_action",
      [](const RecordedHand& h, py::handle policy, py::handle calls, py::handle seed) {
        const Policy p = policy_arg(policy, calls);
        SplitMix64 rng(seed_arg(seed));
        thread_local PolicyScratch scratch;
        return choose(live_state(h), p, rng, scratch);
      },
      py::arg("state"), py::arg("policy"), py::arg("calls"), py::arg("seed"),
      "The built-in policy's action for the current decision, drawing from SplitMix64(seed).");
  m.def(
      "playout",
      [](const RecordedHand& h, py::handle seed, py::handle policy, py::handle calls) {
        const Policy p = policy_arg(policy, calls);
        const std::uint64_t s = seed_arg(seed);
        std::vector<PlayoutResult> result(1);
        const HandState start = live_state(h);
        result[0] = without_gil([&] { return playout(start, p, s); });
        return records_array("PLAYOUT_DTYPE", result);
      },
      py::arg("state"), py::arg("seed"), py::arg("policy"), py::arg("calls"),
      "One playout to the end, as a PLAYOUT_DTYPE array of one record.");
  m.def(
      "playouts",
      [](const RecordedHand& h, py::handle n, py::handle seed, py::handle policy, py::handle calls,
         py::handle threads) {
        const long long count = count_arg(n, "n");
        const std::uint64_t s = seed_arg(seed);
        const Policy p = policy_arg(policy, calls);
        const int t = threads_arg(threads);
        const HandState start = live_state(h);
        std::vector<PlayoutResult> results(static_cast<std::size_t>(count));
        without_gil([&] { playouts(start, s, p, t, results); });
        return records_array("PLAYOUT_DTYPE", results);
      },
      py::arg("state"), py::arg("n"), py::arg("seed"), py::arg("policy"), py::arg("calls"), py::arg("threads"),
      "n playouts, playout i from the seed hand_seed(seed, i), as a PLAYOUT_DTYPE array.");
  m.def(
      "resampled_playouts",
      [](const RecordedHand& h, py::handle n, py::handle seed, py::handle player, py::handle world_base,
         py::handle policy, py::handle calls, py::handle threads) {
        const long long count = count_arg(n, "n");
        const std::uint64_t s = seed_arg(seed);
        const int seat = seat_arg(player, "resample_for");
        const std::uint64_t base = uint64_int(world_base, "world_base");
        const Policy p = policy_arg(policy, calls);
        const int t = threads_arg(threads);
        live_state(h);
        const RecordedHand truth = h;  // a copy: another thread may change `h` once the GIL is released
        std::vector<PlayoutResult> results(static_cast<std::size_t>(count));
        try {
          without_gil([&] {
            const Knowledge knowledge(truth, seat);  // the record replayed once, for every world
            resampled_playouts(knowledge, s, base, p, t, results);
          });
        } catch (const ResampleError& e) {
          const py::object error = py::module_::import("tichu_fast.errors").attr("TichuError");
          PyErr_SetString(error.ptr(), e.what());
          throw py::error_already_set();
        }
        return records_array("PLAYOUT_DTYPE", results);
      },
      py::arg("state"), py::arg("n"), py::arg("seed"), py::arg("player"), py::arg("world_base"), py::arg("policy"),
      py::arg("calls"), py::arg("threads"),
      "n playouts, playout i in the world drawn for `player` from hand_seed(world_base, i), played from "
      "hand_seed(seed, i), as a PLAYOUT_DTYPE array.");
  m.def(
      "action_values",
      [](const RecordedHand& h, const py::sequence& worlds, py::handle per_world, py::handle team, py::handle seed,
         py::handle policy, py::handle calls, py::handle threads, py::handle net, double value_weight) {
        const long long ppw = small_int(per_world, "playouts_per_world");
        if (ppw < 1) throw py::value_error("playouts_per_world must be >= 1, not " + std::to_string(ppw));
        const long long team_index = small_int(team, "team");
        if (team_index < 0 || team_index > 1) throw py::value_error("team must be 0 or 1");
        const std::uint64_t s = seed_arg(seed);
        const Policy p = policy_arg(policy, calls);
        const int t = threads_arg(threads);
        const std::shared_ptr<const Net> network = net.is_none() ? nullptr : registered_net(text_arg(net, "net"));
        const HandState& state = live_state(h);
        std::vector<Action> actions(kMaxActions), world_actions(kMaxActions);
        actions.resize(static_cast<std::size_t>(state.legal_actions(actions.data())));
        std::vector<HandState> starts;
        starts.reserve(worlds.size());
        for (std::size_t w = 0; w < worlds.size(); ++w) {
          const py::object item = worlds[w];
          if (!py::isinstance<RecordedHand>(item)) throw py::type_error("worlds must hold HandCore objects");
          const HandState& world = item.cast<const RecordedHand&>().state();
          const int n = world.legal_actions(world_actions.data());
          const bool same = world.decision() == state.decision() && world.current_player() == state.current_player() &&
                            n == static_cast<int>(actions.size()) &&
                            std::equal(actions.begin(), actions.end(), world_actions.begin());
          if (!same) {
            throw py::value_error("world " + std::to_string(w) +
                                  " is not at the same decision with the same legal "
                                  "actions as the state");
          }
          starts.push_back(world);
        }
        if (starts.empty()) throw py::value_error("worlds must hold at least one state");
        const std::size_t per_action = starts.size() * static_cast<std::size_t>(ppw);
        py::array_t<double> values({static_cast<py::ssize_t>(actions.size()), static_cast<py::ssize_t>(per_action)});
        std::span<double> out(values.mutable_data(), actions.size() * per_action);
        without_gil([&] {
          action_values(starts, actions, static_cast<int>(ppw), static_cast<int>(team_index), s, p, t, out,
                        network.get(), value_weight);
        });
        return values;
      },
      py::arg("state"), py::arg("worlds"), py::arg("per_world"), py::arg("team"), py::arg("seed"), py::arg("policy"),
      py::arg("calls"), py::arg("threads"), py::arg("net") = py::none(), py::arg("value_weight") = 0.0,
      "values[a, w * per_world + j]: the team's return after legal action a in world w, played out from "
      "hand_seed(seed, w * per_world + j); with a network (its name) and value_weight in 0..1, mixed with "
      "the network's value of the world after the action (1: nothing played out).");
  m.def(
      "simulate_records",
      [](py::handle seed, py::handle first, py::handle n, py::handle policy, py::handle calls, py::handle rules,
         py::handle threads) {
        const std::uint64_t s = seed_arg(seed);
        const std::uint64_t f = uint64_int(first, "first");
        const long long count = count_arg(n, "n");
        const Policy p = policy_arg(policy, calls);
        const Rules r = to_rules(rules);
        const int t = threads_arg(threads);
        std::vector<HandRecord> records(static_cast<std::size_t>(count));
        without_gil([&] { simulate_hands(s, f, r, p, t, records); });
        return records_array("HAND_RECORD_DTYPE", records);
      },
      py::arg("seed"), py::arg("first"), py::arg("n"), py::arg("policy"), py::arg("calls"), py::arg("rules"),
      py::arg("threads"), "Hands first..first+n-1 from `seed` played by a built-in policy, as HAND_RECORD_DTYPE.");
  m.def(
      "simulated_hand",
      [](py::handle seed, py::handle k, py::handle policy, py::handle calls, py::handle rules) {
        const std::uint64_t s = seed_arg(seed);
        const std::uint64_t index = uint64_int(k, "k");
        const Policy p = policy_arg(policy, calls);
        const Rules r = to_rules(rules);
        return without_gil([&] { return simulated_hand(s, index, r, p); });
      },
      py::arg("seed"), py::arg("k"), py::arg("policy"), py::arg("calls"), py::arg("rules"),
      "Hand k of simulate_records(seed, ...) played again, finished, with every step recorded.");
  m.def(
      "simulate",
      [](std::uint64_t seed, std::uint64_t first, int n, bool bombs_out_of_turn) {
        if (n < 0) throw py::value_error("n must be >= 0");
        std::vector<HandRecord> records(static_cast<std::size_t>(n));
        Rules rules;
        rules.bombs_out_of_turn = bombs_out_of_turn;
        without_gil([&] { simulate_hands(seed, first, n, rules, records.data()); });
        py::array_t<std::int32_t> table({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(10)});
        auto t = table.mutable_unchecked<2>();
        for (py::ssize_t i = 0; i < n; ++i) {
          const HandRecord& r = records[static_cast<std::size_t>(i)];
          const std::array<int, 10> row{r.score[0], r.score[1], r.one_two,  r.first_out, r.tricks,
                                        r.bombs,    r.calls[0], r.calls[1], r.calls[2],  r.calls[3]};
          for (py::ssize_t j = 0; j < 10; ++j) t(i, j) = row[static_cast<std::size_t>(j)];
        }
        return table;
      },
      py::arg("seed"), py::arg("first"), py::arg("n"), py::arg("bombs_out_of_turn") = true,
      "Plays n random-policy hands in C++; one row per hand: score0, score1, one_two, first_out, tricks, "
      "bombs, call0..call3.");
}

}  // namespace tichu::bindings
