// Learning-agent encodings for Python (docs/rl.md): fixed action ids and
// masks, per-move features and the versioned observation tensor. Argument
// checks only; the encodings live in action_ids.hpp and observation_tensor.hpp.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>

#include "common.hpp"
#include "tichu/game/action_ids.hpp"
#include "tichu/game/observation_tensor.hpp"

namespace tichu::bindings {
namespace {

// An action id argument: TypeError unless an int (not a bool), IndexError
// for any int outside 0..NUM_ACTION_IDS-1, however large.
int id_arg(py::handle obj) {
  long long id = -1;
  try {
    id = small_int(obj, "an action id");
  } catch (const py::value_error&) {
    throw py::index_error("action id " + quoted(py::str(obj).cast<std::string>()) + " is out of range");
  }
  if (id < 0 || id >= kNumActionIds) {
    throw py::index_error("action id " + std::to_string(id) + " is not 0.." + std::to_string(kNumActionIds - 1));
  }
  return static_cast<int>(id);
}

// A caller's output array: numpy, of exactly `dtype`, C-contiguous,
// writeable, with `size` elements in `ndim` dimensions (TypeError for a
// wrong type or dtype, ValueError for a wrong shape or layout).
void* out_buffer(py::handle out, const py::dtype& dtype, const char* dtype_name, py::ssize_t rows, py::ssize_t cols) {
  const auto& api = py::detail::npy_api::get();
  if (!api.PyArray_Check_(out.ptr())) {
    throw py::type_error(std::string("out must be a numpy array of ") + dtype_name + ", not " +
                         std::string(py::str(py::type::of(out).attr("__name__"))));
  }
  const auto* array = py::detail::array_proxy(out.ptr());
  if (array->descr != dtype.ptr() && !py::reinterpret_borrow<py::array>(out).dtype().equal(dtype)) {
    throw py::type_error(std::string("out must have dtype ") + dtype_name + ", not " +
                         std::string(py::str(py::reinterpret_borrow<py::array>(out).dtype())));
  }
  const bool shape_ok = cols < 0 ? array->nd == 1 && array->dimensions[0] == rows
                                 : array->nd == 2 && array->dimensions[0] == rows && array->dimensions[1] == cols;
  if (!shape_ok) {
    throw py::value_error("out must have shape (" + std::to_string(rows) +
                          (cols < 0 ? std::string(",)") : ", " + std::to_string(cols) + ")"));
  }
  if (!(array->flags & py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_)) throw py::value_error("out must be C-contiguous");
  if (!(array->flags & py::detail::npy_api::NPY_ARRAY_WRITEABLE_)) throw py::value_error("out must be writeable");
  return array->data;
}

const py::dtype& bool_dtype() {
  static const py::dtype dtype = py::dtype::of<bool>();
  return dtype;
}

const py::dtype& float_dtype() {
  static const py::dtype dtype = py::dtype::of<float>();
  return dtype;
}

int history_arg(py::handle obj) {
  const long long k = small_int(obj, "history");
  if (k < 0 || k > tensor::kMaxHistory) {
    throw py::value_error("history is 0.." + std::to_string(tensor::kMaxHistory) + " plays, not " + std::to_string(k));
  }
  return static_cast<int>(k);
}

}  // namespace

std::vector<Move> moves_arg(const py::handle& records) {
  const auto& api = py::detail::npy_api::get();
  if (!api.PyArray_Check_(records.ptr())) throw py::type_error("records must be a numpy array of MOVE_DTYPE");
  auto array = py::reinterpret_borrow<py::array>(records);
  if (!array.dtype().equal(move_dtype())) throw py::type_error("records must have dtype MOVE_DTYPE");
  if (array.ndim() != 1) throw py::value_error("records must be 1-D");
  const py::ssize_t n = array.shape(0);
  std::vector<Move> moves(static_cast<std::size_t>(n));
  const auto* base = static_cast<const char*>(array.data());
  for (py::ssize_t i = 0; i < n; ++i) {
    std::memcpy(&moves[static_cast<std::size_t>(i)], base + i * array.strides(0), sizeof(Move));
    const Move& mv = moves[static_cast<std::size_t>(i)];
    if (static_cast<int>(mv.type) > static_cast<int>(MoveType::StraightFlush) || (mv.cards & ~kDeck)) {
      throw py::value_error("record " + std::to_string(i) + " is no move (type 0..9, cards in the deck)");
    }
  }
  return moves;
}

void register_rl(py::module_& m) {
  m.attr("NUM_ACTION_IDS") = kNumActionIds;
  m.attr("OBSERVATION_TENSOR_VERSION") = kObservationTensorVersion;
  m.attr("OBSERVATION_TENSOR_SIZE") = kObservationTensorSize;
  m.attr("HISTORY_ROW_SIZE") = tensor::kRowSize;
  m.attr("MAX_HISTORY") = tensor::kMaxHistory;
  m.attr("MOVE_FEATURES") = features::kSize;
  py::dict offsets;  // the tensor's blocks by name, [start, stop)
  const std::pair<const char*, std::array<int, 2>> blocks[] = {
      {"hand", {tensor::kHand, tensor::kPlayed}},
      {"played", {tensor::kPlayed, tensor::kTrick}},
      {"trick", {tensor::kTrick, tensor::kToBeatType}},
      {"to_beat_type", {tensor::kToBeatType, tensor::kToBeatLength}},
      {"to_beat_length", {tensor::kToBeatLength, tensor::kToBeatRank}},
      {"to_beat_rank", {tensor::kToBeatRank, tensor::kTablePlayer}},
      {"table_player", {tensor::kTablePlayer, tensor::kPoints}},
      {"points", {tensor::kPoints, tensor::kCardsLeft}},
      {"cards_left", {tensor::kCardsLeft, tensor::kCalls}},
      {"calls", {tensor::kCalls, tensor::kOut}},
      {"out", {tensor::kOut, tensor::kWish}},
      {"wish", {tensor::kWish, tensor::kDecision}},
      {"decision", {tensor::kDecision, tensor::kPushed}},
      {"pushed", {tensor::kPushed, tensor::kReceived}},
      {"received", {tensor::kReceived, tensor::kEnd}},
  };
  for (const auto& [name, range] : blocks) offsets[name] = py::make_tuple(range[0], range[1]);
  m.attr("OBSERVATION_TENSOR_OFFSETS") = offsets;

  m.def(
      "action_id", [](const Action& a, const RecordedHand& h) { return action_id(a, h.state()); }, py::arg("action"),
      py::arg("core"), "The fixed id of `action` as an answer to the current decision (docs/rl.md).");
  m.def(
      "action_from_id",
      [](const IntArg& id, const RecordedHand& h) -> ShownResult<py::typing::Optional<Action>> {
        const auto a = action_from_id(id_arg(id.obj), h.state());
        if (!a) return py::none();
        return py::cast(*a);
      },
      py::arg("id"), py::arg("core"), "The first legal action with this id, or None (docs/rl.md).");
  m.def(
      "legal_action_mask",
      [](const RecordedHand& h, const py::handle& out) {
        void* data = out_buffer(out, bool_dtype(), "bool", kNumActionIds, -1);
        legal_action_mask(h.state(), static_cast<std::uint8_t*>(data));
      },
      py::arg("core"), py::arg("out"), "Fills `out` (bool[NUM_ACTION_IDS]) with the legal ids.");
  m.def(
      "legal_action_ids",
      [](const RecordedHand& h) {
        // legal_ids, VecHands' own path (the mask is legal_action_mask's), so that
        // tests/game/test_rl_differential.py holds both against the reference.
        std::vector<std::int32_t> found(kMaxActions);
        std::vector<Action> first(kMaxActions);
        const int n = legal_ids(h.state(), found.data(), first.data());
        auto ids = py::array_t<std::int32_t>(static_cast<py::ssize_t>(n));
        std::copy_n(found.data(), n, ids.mutable_data());
        return ids;
      },
      py::arg("core"), "The legal ids, ascending, as int32.");
  m.def(
      "apply_id",
      [](RecordedHand& h, const IntArg& id) {
        const int value = id_arg(id.obj);
        const auto a = action_from_id(value, h.state());
        if (!a) throw IllegalActionError("action id " + std::to_string(value) + " is not legal now");
        h.apply(*a);
      },
      py::arg("core"), py::arg("id"), "Applies the action of a legal id; IllegalMoveError otherwise.");
  m.def(
      "fill_observation_tensor",
      [](const RecordedHand& h, const IntArg& player, const IntArg& history, const py::handle& out) {
        const int seat = seat_arg(player.obj, "player");
        const int k = history_arg(history.obj);
        void* data = out_buffer(out, float_dtype(), "float32", observation_tensor_size(k), -1);
        fill_observation_tensor(h, seat, k, static_cast<float*>(data));
      },
      py::arg("core"), py::arg("player"), py::arg("history"), py::arg("out"),
      "Fills `out` (float32[OBSERVATION_TENSOR_SIZE + history * HISTORY_ROW_SIZE]) for `player`.");
  m.def(
      "fill_move_features",
      [](const py::handle& records, const py::handle& out) {
        const std::vector<Move> moves = moves_arg(records);
        const auto n = static_cast<py::ssize_t>(moves.size());
        void* data = out_buffer(out, float_dtype(), "float32", n, features::kSize);
        fill_move_features(moves.data(), n, static_cast<float*>(data));
      },
      py::arg("records"), py::arg("out"), "Fills `out` (float32[n, MOVE_FEATURES]) from MOVE_DTYPE records.");
}

}  // namespace tichu::bindings
