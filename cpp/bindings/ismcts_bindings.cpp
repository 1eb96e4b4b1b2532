// ISMCTS for Python (_core.ismcts; tichu_fast.ismcts wraps it). Arguments
// are converted while the GIL is held; the search runs without it.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common.hpp"
#include "tichu/game/resample.hpp"
#include "tichu/play/belief.hpp"
#include "tichu/play/ismcts.hpp"
#include "tichu/play/net.hpp"
#include "tichu/play/parallel.hpp"

namespace tichu::bindings {
namespace {

// _core.IsmctsResult: a search's result with its fields named (tichu_fast.ismcts reads them),
// made of Python objects once, while the GIL is held.
struct IsmctsOutput {
  py::tuple actions;              // the root's candidates
  py::array_t<long long> visits;  // per candidate
  py::array_t<double> values;     // the mean team return per candidate; NaN for one never visited
  long long iterations = 0;
  double seconds = 0.0;
  int best = 0;  // the index of the chosen candidate
};

IsmctsOutput output_of(const IsmctsResult& r) {
  const auto n = static_cast<py::ssize_t>(r.actions.size());
  IsmctsOutput out{.actions = py::tuple(r.actions.size()),
                   .visits = py::array_t<long long>(n),
                   .values = py::array_t<double>(n),
                   .iterations = r.iterations,
                   .seconds = r.seconds,
                   .best = r.best};
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    out.actions[i] = py::cast(r.actions[i]);
    out.visits.mutable_data()[i] = r.visits[i];
    out.values.mutable_data()[i] = r.visits[i] > 0 ? r.return_sums[i] / static_cast<double>(r.visits[i])
                                                   : std::numeric_limits<double>::quiet_NaN();
  }
  return out;
}

}  // namespace

void register_ismcts(py::module_& m) {
  py::class_<IsmctsOutput>(m, "IsmctsResult", "What _core.ismcts found; tichu_fast.ismcts.ismcts reads it.")
      .def_readonly("actions", &IsmctsOutput::actions, "The root's candidate actions.")
      .def_readonly("visits", &IsmctsOutput::visits, "Each candidate's visits (int64 array).")
      .def_readonly("values", &IsmctsOutput::values, "Each candidate's mean team return (float64; NaN: unvisited).")
      .def_readonly("iterations", &IsmctsOutput::iterations, "Iterations run, in all threads.")
      .def_readonly("seconds", &IsmctsOutput::seconds, "Wall-clock seconds of the search.")
      .def_readonly("best", &IsmctsOutput::best, "The index of the chosen action in actions.");
  m.def(
      "ismcts",
      [](const RecordedHand& h, Shown<int> iterations, double budget, Shown<int> threads, Shown<int> seed,
         double exploration, Shown<py::str> policy, Shown<bool> calls, double prior, py::handle belief, double odds,
         int draws, int pool, py::handle net, double net_prior, double value_weight) {
        IsmctsConfig config;
        config.iterations = small_int(iterations.obj, "iterations");
        if (config.iterations < 0) throw py::value_error("iterations must be >= 0 (0: no iteration budget)");
        if (!std::isfinite(budget) || budget < 0.0) throw py::value_error("budget must be a finite number >= 0");
        config.budget = budget;
        const long long t = small_int(threads.obj, "threads");
        if (t < 1) throw py::value_error("threads must be >= 1, not " + std::to_string(t));
        config.threads = static_cast<int>(std::min<long long>(t, kMaxThreads));
        config.seed = uint64_int(seed.obj, "seed (0 <= seed < 2**64)");
        if (!std::isfinite(exploration) || exploration < 0.0)
          throw py::value_error("exploration must be a finite number >= 0");
        config.exploration = exploration;
        if (!std::isfinite(prior) || prior < 0.0) throw py::value_error("prior must be a finite number >= 0");
        config.prior = prior;
        config.policy = policy_arg(policy.obj, calls.obj);
        if (!std::isfinite(net_prior) || net_prior < 0.0)
          throw py::value_error("net_prior must be a finite number >= 0");
        if (!(value_weight >= 0.0 && value_weight <= 1.0)) throw py::value_error("value_weight must be in 0..1");
        if (!net.is_none()) config.net = registered_net(text_arg(net, "net"));
        if (!config.net && (net_prior > 0.0 || value_weight > 0.0))
          throw py::value_error("net_prior and value_weight need a network (net)");
        config.net_prior = net_prior;
        config.value_weight = value_weight;
        const std::string belief_name = belief.is_none() ? std::string() : text_arg(belief, "belief");
        IsmctsResult r;
        const RecordedHand hand = h;  // a copy: the search reads it without the GIL
        try {
          r = without_gil([&] {
            // With a belief: one pool of `pool` believed worlds, drawn once for every thread and iteration.
            std::vector<HandState> worlds;
            if (!belief.is_none() && hand.state().decision() != Decision::Over) {
              const Belief b{.kind = policy_kind(belief_name), .odds = odds};
              for (const RecordedHand& w :
                   believed_worlds(hand, hand.state().current_player(), pool, hand_seed(config.seed, kBeliefStream), b,
                                   draws, config.threads)) {
                worlds.push_back(w.state());
              }
            }
            config.worlds = worlds;
            return ismcts(hand, config);
          });
        } catch (const ResampleError& e) {  // as resample_many: tichu_fast.errors.TichuError
          const py::object error = py::module_::import("tichu_fast.errors").attr("TichuError");
          PyErr_SetString(error.ptr(), e.what());
          throw py::error_already_set();
        }
        return output_of(r);
      },
      py::arg("state"), py::arg("iterations"), py::arg("budget"), py::arg("threads"), py::arg("seed"),
      py::arg("exploration"), py::arg("policy"), py::arg("calls"), py::arg("prior") = 0.0,
      py::arg("belief") = py::none(), py::arg("odds") = 2.0, py::arg("draws") = 4, py::arg("pool") = 256,
      py::arg("net") = py::none(), py::arg("net_prior") = 0.0, py::arg("value_weight") = 0.0,
      "ISMCTS for the player in turn, as an IsmctsResult.");
  m.def(
      "ismcts_candidates",
      [](const RecordedHand& h, Shown<bool> calls, py::handle policy) {
        const Policy p = policy_arg(policy, calls.obj);
        const HandState& s = h.state();
        if (s.is_terminal()) throw py::value_error("the hand is over: no decision to search");
        std::vector<Action> buffer(static_cast<std::size_t>(kMaxActions));
        buffer.resize(static_cast<std::size_t>(root_candidates(s, p, buffer.data())));
        py::list actions(buffer.size());
        for (std::size_t i = 0; i < buffer.size(); ++i) actions[i] = py::cast(buffer[i]);
        return actions;
      },
      py::arg("state"), py::arg("calls"), py::arg("policy") = "heuristic",
      "The actions ISMCTS considers at the current decision (root_candidates) when it plays out with `policy`: on "
      "the exchange, a few pushes around the push of the policy's heuristic.");
}

}  // namespace tichu::bindings
