// tichu_fast.VecHands' C++ half: many hands stepped in one call with the
// GIL released (docs/rl.md "VecHands"). Only buffer checks live here.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "common.hpp"
#include "tichu/game/action_ids.hpp"
#include "tichu/game/observation_tensor.hpp"
#include "tichu/play/vec_hands.hpp"

namespace tichu::bindings {
namespace {

// The hands and a lock: the GIL is released while they step, so two Python
// threads calling one object take turns instead of racing.
struct VecCore {
  VecHands hands;
  std::mutex lock;
  const void* last_mask = nullptr;  // the dense mask buffer observe wrote last (only changes are written to it)
};

// The data of `array` after checking it is exactly `dtype`, C-contiguous,
// writeable (unless only read: `written` false), of `rows` x `cols`
// elements (cols 0: 1-D).
template <typename T>
T* checked(const py::handle& obj, const char* what, py::ssize_t rows, py::ssize_t cols, bool written = true) {
  if (!py::isinstance<py::array>(obj)) throw py::type_error(std::string(what) + " must be a numpy array");
  auto array = py::reinterpret_borrow<py::array>(obj);
  if (!array.dtype().equal(py::dtype::of<T>())) {
    throw py::type_error(std::string(what) + " must have dtype " + std::string(py::str(py::dtype::of<T>())) + ", not " +
                         std::string(py::str(array.dtype())));
  }
  const bool shape_ok = cols == 0 ? array.ndim() == 1 && array.shape(0) == rows
                                  : array.ndim() == 2 && array.shape(0) == rows && array.shape(1) == cols;
  if (!shape_ok) {
    throw py::value_error(std::string(what) + " must have shape (" + std::to_string(rows) +
                          (cols == 0 ? std::string(",)") : ", " + std::to_string(cols) + ")"));
  }
  if (!(array.flags() & py::array::c_style)) throw py::value_error(std::string(what) + " must be C-contiguous");
  if (!written)
    return static_cast<T*>(
        const_cast<void*>(array.data()));  // NOLINT(cppcoreguidelines-pro-type-const-cast): read only
  if (!array.writeable()) throw py::value_error(std::string(what) + " must be writeable");
  return static_cast<T*>(array.mutable_data());
}

}  // namespace

void register_vec(py::module_& m) {
  py::class_<VecCore>(m, "VecCore", "The C++ half of tichu_fast.VecHands.")
      .def(py::init([](int n, const IntArg& seed, py::handle rules, const std::array<int, 4>& seats) {
             if (n > (1 << 20)) throw py::value_error("VecHands holds at most 2**20 hands");
             std::array<Seat, 4> kinds{};
             for (std::size_t k = 0; k < 4; ++k) {
               if (seats[k] < -1 || seats[k] > 2)
                 throw py::value_error("a seat is -1 (learner), 0 (random), 1 (heuristic) or 2 (heuristic-v1)");
               kinds[k] = static_cast<Seat>(seats[k]);
             }
             const std::uint64_t first = uint64_int(seed.obj, "seed");
             const Rules r = to_rules(rules);
             // dealing n hands and the opponents' first moves
             return without_gil(
                 [&] { return std::unique_ptr<VecCore>(new VecCore{VecHands(n, first, r, kinds), {}}); });
           }),
           py::arg("n"), py::arg("seed"), py::arg("rules"), py::arg("seats"),
           "n hands (1..2**20); seats: -1 learner, 0 random, 1 heuristic, 2 heuristic-v1.")
      .def(
          "__len__", [](const VecCore& v) { return v.hands.size(); }, "How many hands.")
      .def(
          "reset",
          [](VecCore& v) {
            without_gil([&] {
              const std::lock_guard guard(v.lock);
              v.hands.reset();
            });
          },
          "Deals every hand's next episode.")
      .def(
          "step",
          [](VecCore& v, const py::handle& ids, const py::handle& rewards, const py::handle& terminated,
             const py::handle& obs) {
            const py::ssize_t n = v.hands.size();
            const auto* id_data = checked<std::int64_t>(ids, "action_ids", n, 0, false);
            auto* reward_data = checked<float>(rewards, "rewards", n, 4);
            auto* done = checked<bool>(terminated, "terminated", n, 0);
            auto* obs_data = obs.is_none() ? nullptr : checked<float>(obs, "obs", n, kObservationTensorSize);
            without_gil([&] {
              const std::lock_guard guard(v.lock);
              v.hands.step(id_data, reward_data, reinterpret_cast<std::uint8_t*>(done), obs_data);
            });
          },
          py::arg("action_ids"), py::arg("rewards"), py::arg("terminated"), py::arg("obs") = py::none(),
          "Applies one id per hand (IllegalMoveError naming the hand, nothing changed), then the opponents; "
          "with obs, writes each hand's observation tensor there as it goes (observe may then skip them).")
      .def(
          "observe",
          [](VecCore& v, const py::handle& obs, const py::handle& mask, const py::handle& players,
             const py::handle& counts, const py::handle& offsets) {
            const py::ssize_t n = v.hands.size();
            auto* obs_data = obs.is_none() ? nullptr : checked<float>(obs, "obs", n, kObservationTensorSize);
            auto* mask_data = mask.is_none() ? nullptr : checked<bool>(mask, "mask", n, kNumActionIds);
            auto* player_data = checked<std::int32_t>(players, "current_player", n, 0);
            auto* count_data = checked<std::int32_t>(counts, "legal_counts", n, 0);
            auto* offset_data = checked<std::int64_t>(offsets, "legal_offsets", n + 1, 0);
            using Ids = std::shared_ptr<const std::vector<std::int32_t>>;
            Ids all;  // taken under the lock; the core's next step fills another list while this one is held
            without_gil([&] {
              const std::lock_guard guard(v.lock);
              const bool fresh = mask_data != v.last_mask;
              v.hands.observe(obs_data, reinterpret_cast<std::uint8_t*>(mask_data), fresh, player_data, count_data,
                              offset_data);
              if (mask_data) v.last_mask = mask_data;
              all = v.hands.shared_legal_ids();
            });
            // The array reads the core's list itself, kept alive by its base: no copy of the 1 MB an
            // exchange-heavy step holds (docs/notes/2026-12-03-vechands.md).
            const auto* data = all->data();
            const auto size = static_cast<py::ssize_t>(all->size());
            auto kept = std::make_unique<Ids>(std::move(all));
            py::capsule owner(kept.get(), [](void* held) { delete static_cast<Ids*>(held); });
            static_cast<void>(kept.release());  // the capsule owns it now
            auto ids = py::array_t<std::int32_t>(size, data, owner);
            ids.attr("flags").attr("writeable") = false;  // the core's own list: never written through
            return ids;
          },
          py::arg("obs"), py::arg("mask"), py::arg("current_player"), py::arg("legal_counts"), py::arg("legal_offsets"),
          "Writes each hand's observation tensor and dense mask (each skipped for None), player to decide, "
          "legal id counts and offsets; returns every hand's legal ids (int32, read-only).")
      .def(
          "random_legal_ids",
          [](VecCore& v, const py::handle& draws) {
            const auto* draw_data = checked<double>(draws, "draws", v.hands.size(), 0, false);
            for (py::ssize_t i = 0; i < v.hands.size(); ++i) {
              if (!(draw_data[i] >= 0.0 && draw_data[i] < 1.0)) throw py::value_error("draws must lie in [0, 1)");
            }
            auto ids = py::array_t<std::int32_t>(v.hands.size());
            const std::lock_guard guard(v.lock);  // a few microseconds: not worth releasing the GIL
            v.hands.pick_legal_ids(draw_data, ids.mutable_data());
            return ids;
          },
          py::arg("draws"), "One legal id per hand: the one at floor(draws[i] * its count) among its legal ids.")
      .def(
          "replay_state",
          [](VecCore& v, int i) {
            const std::lock_guard guard(v.lock);  // the state and its episode read together
            if (i < 0 || i >= v.hands.size()) throw py::index_error("hand " + std::to_string(i) + " is out of range");
            return std::make_pair(v.hands.hand(i), v.hands.episode(i));
          },
          py::arg("i"), "A copy of hand i's core (state and history) and how many episodes it has finished.");
}

}  // namespace tichu::bindings
