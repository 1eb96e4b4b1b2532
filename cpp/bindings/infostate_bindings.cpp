// Worlds and information keys for Python (resample.hpp): module functions
// on a _core.HandCore, wrapped by tichu_fast.HandState. Only argument
// conversion lives here.
#include <array>
#include <chrono>
#include <string>
#include <vector>

#include <pybind11/typing.h>

#include "common.hpp"
#include "tichu/game/resample.hpp"

namespace tichu::bindings {
namespace {

// The most worlds one call draws: enough for any search, small enough that
// a typo cannot ask for all the memory there is.
constexpr long long kMaxWorlds = 1'000'000;

// ResampleError as tichu_fast.errors.TichuError.
[[noreturn]] void raise_tichu_error(const ResampleError& e) {
  const py::object error = py::module_::import("tichu_fast.errors").attr("TichuError");
  PyErr_SetString(error.ptr(), e.what());
  throw py::error_already_set();
}

}  // namespace

// One world (HandState.resample): the knowledge kept per thread
// (knowledge_of), so a bot drawing a world per call at one decision builds
// it once; no list and no copy of the hand. A draw that may be rejected
// (wish constraints) runs without the GIL; one that cannot takes about as
// long as releasing it would.
RecordedHand one_world(const RecordedHand& hand, py::handle player_obj, py::handle seed_obj) {
  const int player = seat_arg(player_obj, "player");
  SplitMix64 rng(uint64_int(seed_obj, "seed (0 <= seed < 2**64)"));
  const Knowledge& knowledge = knowledge_of(hand, player);  // under the GIL: `hand` cannot change meanwhile
  try {
    if (knowledge.may_reject()) return without_gil([&] { return knowledge.world(rng); });
    return knowledge.world(rng);
  } catch (const ResampleError& e) {
    raise_tichu_error(e);
  }
}

namespace {

py::typing::List<RecordedHand> worlds(const RecordedHand& hand, py::handle player_obj, py::handle n_obj,
                                      py::handle seed_obj) {
  const int player = seat_arg(player_obj, "player");
  const long long n = small_int(n_obj, "n");
  if (n < 0 || n > kMaxWorlds) throw py::value_error("n must be 0..1000000, not " + std::to_string(n));
  const std::uint64_t seed = uint64_int(seed_obj, "seed (0 <= seed < 2**64)");
  const RecordedHand truth = hand;  // a copy: another thread may change `hand` once the GIL is released
  std::vector<RecordedHand> drawn;
  try {
    drawn = without_gil([&] { return resample_many(truth, player, static_cast<int>(n), seed); });
  } catch (const ResampleError& e) {
    raise_tichu_error(e);
  }
  py::typing::List<RecordedHand> result(drawn.size());
  for (std::size_t i = 0; i < drawn.size(); ++i) result[i] = py::cast(std::move(drawn[i]));
  return result;
}

// resample_one(hand, player, seed): one_world as a plain CPython function,
// positional arguments only; pybind11's general dispatch (argument loaders,
// overloads) cost about as much as the draw itself.
PyObject* py_resample_one(PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs) noexcept {
  try {
    if (nargs != 3) throw py::type_error("resample_one() takes 3 arguments (hand, player, seed)");
    const RecordedHand* hand = exact_instance<RecordedHand>(args[0]);
    if (hand == nullptr) {
      if (!py::isinstance<RecordedHand>(args[0])) throw py::type_error("resample_one(): hand must be a HandCore");
      hand = &py::handle(args[0]).cast<const RecordedHand&>();
    }
    return py::cast(one_world(*hand, args[1], args[2])).release().ptr();
  } catch (...) {
    py::detail::try_translate_exceptions();  // as pybind11's dispatcher: error_already_set, then translators
    return nullptr;
  }
}

PyMethodDef resample_one_def{.ml_name = "resample_one",
                             .ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_resample_one)),
                             .ml_flags = METH_FASTCALL,
                             .ml_doc =
                                 "resample_one(hand, player, seed, /)\n--\n\n"
                                 "resample_many(hand, player, 1, seed)[0], without the list (one world per call)."};

RecordedHand hands_replaced(const RecordedHand& hand, const py::sequence& hands) {
  if (py::len(hands) != 4) throw py::value_error("hands must hold 4 hands, not " + std::to_string(py::len(hands)));
  std::array<Mask, 4> masks{};
  for (std::size_t q = 0; q < 4; ++q) masks[q] = to_mask(hands[q], "a hand");
  return with_hands(hand, masks);
}

}  // namespace

void register_infostate(py::module_& m) {
  m.def("resample_many", &worlds, py::arg("hand"), py::arg("player"), py::arg("n"), py::arg("seed"),
        "n worlds consistent with what `player` knows of `hand` (R10.3), from one seeded stream; "
        "TichuError if the wish constraints reject 10**6 deals in a row.");
  m.attr("resample_one") =
      py::reinterpret_steal<py::object>(PyCFunction_NewEx(&resample_one_def, m.ptr(), m.attr("__name__").ptr()));
  m.def("with_hands", &hands_replaced, py::arg("hand"), py::arg("hands"),
        "The same record with other hands (4 card sets); ValueError naming what is inconsistent.");
  m.def(
      "information_state_string",
      [](const RecordedHand& hand, py::handle player) {
        return information_state_string(hand, seat_arg(player, "player"));
      },
      py::arg("hand"), py::arg("player"), "A key equal for two hands exactly when `player` knows the same of them.");
  m.def(
      "_time_resample",
      [](const RecordedHand& hand, py::handle player_obj, int n,
         std::uint64_t seed) -> py::typing::Tuple<float, float, float> {
        const int player = seat_arg(player_obj, "player");
        if (n < 1) throw py::value_error("n must be >= 1");
        const RecordedHand truth = hand;  // a copy: the GIL is released below
        std::chrono::duration<double> setup{}, state{}, whole{};
        without_gil([&] {
          using Clock = std::chrono::steady_clock;
          const auto start = Clock::now();
          const Knowledge knowledge(truth, player);
          const auto built = Clock::now();
          SplitMix64 rng(seed);
          volatile std::uint64_t sink = 0;  // each world is read, so none is dropped
          for (int i = 0; i < n; ++i) sink = sink + knowledge.sample(rng).hand(i & 3);
          const auto sampled = Clock::now();
          for (int i = 0; i < n; ++i) {
            const HandState world = knowledge.sample(rng);
            const RecordedHand recorded(world, knowledge.world_steps(world));
            sink = sink + recorded.steps().size();
          }
          const auto recorded = Clock::now();
          setup = built - start;
          state = sampled - built;
          whole = recorded - sampled;
        });
        return py::make_tuple(setup.count(), state.count() / n, whole.count() / n);
      },
      py::arg("hand"), py::arg("player"), py::arg("n"), py::arg("seed"),
      "Seconds in C++: the knowledge of `player` (once), then per world its state, then its state and history.");
}

}  // namespace tichu::bindings
