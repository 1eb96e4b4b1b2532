// Inference about hidden hands for Python (belief.hpp): module functions on
// _core.HandCore, wrapped by tichu_fast.HandState and tichu_fast.search,
// which check the arguments (tichu_fast._args.belief). Only conversion here.
#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include <pybind11/typing.h>

#include "common.hpp"
#include "tichu/game/resample.hpp"
#include "tichu/play/belief.hpp"

namespace tichu::bindings {
namespace {

Belief belief_arg(py::handle name, double odds) {
  return Belief{.kind = policy_kind(text_arg(name, "belief")), .odds = odds};
}

template <class Fn>
auto resampling(Fn&& fn) {
  try {
    return without_gil(fn);
  } catch (const ResampleError& e) {  // as resample_many: tichu_fast.errors.TichuError
    const py::object error = py::module_::import("tichu_fast.errors").attr("TichuError");
    PyErr_SetString(error.ptr(), e.what());
    throw py::error_already_set();
  }
}

// Copies of a sequence of HandCore objects (the GIL is released on them).
std::vector<RecordedHand> hand_copies(const py::sequence& hands) {
  std::vector<RecordedHand> copies;
  copies.reserve(hands.size());
  for (std::size_t i = 0; i < hands.size(); ++i) {
    const py::object item = hands[i];
    if (!py::isinstance<RecordedHand>(item)) throw py::type_error("hands must hold HandCore objects");
    copies.push_back(item.cast<const RecordedHand&>());
  }
  return copies;
}

py::array_t<double> float_array(const std::vector<double>& values) {
  py::array_t<double> out(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

// One number per hand from the hands' records (the likelihoods, or the weights made of them).
using PerHand = std::vector<double> (*)(std::span<const RecordedHand>, int, const Belief&, int);

void bind_per_hand(py::module_& m, const char* name, PerHand compute, const char* doc) {
  m.def(
      name,
      [compute](const py::sequence& hands, int player, py::handle belief, double odds, int threads) {
        check_seat(player, "player");
        const Belief b = belief_arg(belief, odds);
        const std::vector<RecordedHand> copies = hand_copies(hands);
        return float_array(without_gil([&] { return compute(copies, player, b, threads); }));
      },
      py::arg("hands"), py::arg("player"), py::arg("belief"), py::arg("odds"), py::arg("threads"), doc);
}

}  // namespace

void register_belief(py::module_& m) {
  bind_per_hand(m, "log_likelihoods", &log_likelihoods,
                "The log-likelihood of each hand's record of the plays and passes of the seats other than `player`.");
  bind_per_hand(m, "belief_weights", &belief_weights,
                "Each hand's likelihood divided by their sum: self-normalised importance weights.");
  m.def(
      "believed_worlds",
      [](const RecordedHand& hand, int player, int n, std::uint64_t seed, py::handle belief, double odds, int draws,
         int threads, bool distinct) {
        check_seat(player, "player");
        Belief b = belief_arg(belief, odds);
        b.distinct = distinct;
        const RecordedHand truth = hand;  // a copy: the GIL is released below
        std::vector<RecordedHand> drawn =
            resampling([&] { return believed_worlds(truth, player, n, seed, b, draws, threads); });
        py::typing::List<RecordedHand> result(drawn.size());
        for (std::size_t i = 0; i < drawn.size(); ++i) result[i] = py::cast(std::move(drawn[i]));
        return result;
      },
      py::arg("hand"), py::arg("player"), py::arg("n"), py::arg("seed"), py::arg("belief"), py::arg("odds"),
      py::arg("draws"), py::arg("threads"), py::arg("distinct") = false,
      "n worlds for `player`: n * draws uniform worlds resampled (or n distinct of them drawn) by the belief's "
      "likelihood.");
  m.def(
      "believed_playouts",
      [](const RecordedHand& hand, int n, std::uint64_t seed, int player, std::uint64_t world_seed, py::handle belief,
         double odds, int draws, py::handle policy, bool calls, int threads) {
        check_seat(player, "resample_for");
        const Belief b = belief_arg(belief, odds);
        const Policy p = policy_arg(policy, py::bool_(calls));
        const RecordedHand truth = hand;
        std::vector<PlayoutResult> results(static_cast<std::size_t>(n));
        resampling([&] {
          believed_playouts(truth, player, seed, world_seed, b, draws, p, threads, results);
          return 0;
        });
        return records_array("PLAYOUT_DTYPE", results);
      },
      py::arg("state"), py::arg("n"), py::arg("seed"), py::arg("player"), py::arg("world_seed"), py::arg("belief"),
      py::arg("odds"), py::arg("draws"), py::arg("policy"), py::arg("calls"), py::arg("threads"),
      "n playouts, playout i in world i of believed_worlds(.., n, world_seed, ..), from hand_seed(seed, i).");
}

}  // namespace tichu::bindings
