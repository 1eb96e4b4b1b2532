// Observations for Python: HandCore.observation (tichu_fast.Observation's
// fields, or the Observation itself with the ObservationCache a HandState
// keeps), the flat observation (fill_observation, encode_observation) and its
// layout (OBSERVATION_SIZE, OBSERVATION_OFFSETS). Every field is computed in
// the core (observation.hpp); here they become Python objects.
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/gil_safe_call_once.h>
#include <pybind11/stl.h>

#include "common.hpp"
#include "tichu/game/observation.hpp"

namespace tichu::bindings {
namespace {

// The members of tichu_fast.enums.NAME by value 0..count-1, looked up once
// (one Python call per observation field would cost more than the core).
py::tuple members_of(const char* name, int count) {
  const py::object type = py::module_::import("tichu_fast.enums").attr(name);
  py::tuple members(static_cast<std::size_t>(count));
  for (int v = 0; v < count; ++v) members[static_cast<std::size_t>(v)] = type(v);
  return members;
}

py::object decision_member(Decision d) {
  PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<py::tuple> store;
  auto& all = store.call_once_and_store_result([] { return members_of("Decision", kNumDecisions); });
  return all.get_stored()[static_cast<std::size_t>(d)];
}

py::object call_member(Call c) {
  PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<py::tuple> store;
  auto& all = store.call_once_and_store_result([] { return members_of("Call", 3); });
  return all.get_stored()[static_cast<std::size_t>(c)];
}

template <class T>
py::tuple tuple_of(const T& values) {
  py::tuple t(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) t[i] = values[i];
  return t;
}

// One entry of Observation.plays: (seat, move text).
py::object play_entry(const Step& step) {
  PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<py::str> pass_text;  // about half of all plays
  const py::str& pass = pass_text.call_once_and_store_result([] { return py::str("pass"); }).get_stored();
  py::object text = pass;
  if (step.action.move.type != MoveType::Pass) {
    const std::string written = format_action(step.action);
    text = py::reinterpret_steal<py::object>(
        PyUnicode_FromStringAndSize(written.data(), static_cast<Py_ssize_t>(written.size())));
    if (!text) throw py::error_already_set();
  }
  py::tuple entry(2);  // filled in place: no argument casting per play
  PyTuple_SET_ITEM(entry.ptr(), 0, PyLong_FromLong(step.player));  // a small int: cached, never fails
  PyTuple_SET_ITEM(entry.ptr(), 1, text.release().ptr());
  return entry;  // a tuple is an object: moved implicitly
}

// What the observations of one hand have built already, kept by
// tichu_fast.HandState beside its core, so that an observation costs the
// same at any length of the history: the entries of the public plays (a
// history only grows: the steps scanned are checked against the hand's,
// and a hand that is no continuation starts it anew), and the card sets
// last returned per field (Cards are immutable, so equal ones are shared).
class ObservationCache {
 public:
  // Brings the plays and the record's fold up to `h`'s steps.
  void update(const RecordedHand& h) {
    const auto& steps = h.steps();
    if (!fold_ || scanned_ > steps.size() || (scanned_ > 0 && !(steps[scanned_ - 1] == last_))) {
      scanned_ = 0;  // not a continuation of the steps seen: start anew
      entries_.clear();
      tuple_ = py::object();
      fold_.emplace(h.state());
    }
    for (; scanned_ < steps.size(); ++scanned_) {
      const Step& step = steps[scanned_];
      if (is_public_play(step)) entries_.push_back(play_entry(step));
      fold_->add(step);
    }
    if (!steps.empty()) last_ = steps.back();
  }

  // The record's fold of every step (after update).
  [[nodiscard]] const PublicRecordFold& fold() const { return *fold_; }

  // Observation.plays (after update): one tuple while no play is added.
  py::object plays() {
    if (!tuple_ || py::len(tuple_) != entries_.size()) {
      py::tuple t(entries_.size());
      for (std::size_t i = 0; i < entries_.size(); ++i) {
        PyTuple_SET_ITEM(t.ptr(), static_cast<Py_ssize_t>(i), py::object(entries_[i]).release().ptr());
      }
      tuple_ = std::move(t);
    }
    return tuple_;
  }

  // Cards{mask}, the object of the last call when `field` held the same mask.
  py::object cards(std::size_t field, Mask mask) {
    Slot& slot = slots_[field];
    if (!slot.object || slot.mask != mask) {
      slot.object = py::cast(Cards{mask});
      slot.mask = mask;
    }
    return slot.object;
  }

  // The fields: hand of seat q (q), played (4 + q), piles (8 + q), trick (12).
  static constexpr std::size_t kHand = 0, kPlayed = 4, kPiles = 8, kTrick = 12, kFields = 13;

  // `cls` (tichu_fast.Observation) and its field names in order: observation() builds the
  // instance itself, its __dict__ filled from the values (what Observation._from_fields does).
  ObservationCache(py::object cls, py::tuple names) : cls_(std::move(cls)), names_(std::move(names)) {
    if (!PyType_Check(cls_.ptr())) throw py::type_error("ObservationCache needs a class");
    for (const py::handle name : names_) {
      if (!PyUnicode_Check(name.ptr())) throw py::type_error("the field names must be str");
    }
  }

  [[nodiscard]] py::object instance(const py::tuple& values) const {
    if (py::len(values) != py::len(names_)) throw std::logic_error("the observation's fields and values differ");
    auto* type = reinterpret_cast<PyTypeObject*>(cls_.ptr());
    const py::object made = py::reinterpret_steal<py::object>(type->tp_alloc(type, 0));  // object.__new__(cls)
    if (!made) throw py::error_already_set();
    const py::object dict = py::reinterpret_steal<py::object>(PyObject_GenericGetDict(made.ptr(), nullptr));
    if (!dict) throw py::error_already_set();
    for (std::size_t i = 0; i < py::len(values); ++i) {
      if (PyDict_SetItem(dict.ptr(), names_[i].ptr(), values[i].ptr()) != 0) throw py::error_already_set();
    }
    return made;
  }

 private:
  py::object cls_;
  py::tuple names_;
  struct Slot {
    Mask mask = 0;
    py::object object;
  };
  std::size_t scanned_ = 0;
  Step last_{};
  std::vector<py::object> entries_;
  std::optional<PublicRecordFold> fold_;
  py::object tuple_;  // the plays as a tuple, for entries_ as they are
  std::array<Slot, kFields> slots_{};
};

// tichu_fast.Observation's fields, in its order, as Python objects: the
// dataclass is built from this tuple and nothing else. With a cache (what
// HandState keeps), the plays and card sets already built are reused.
py::tuple observation_fields(const RecordedHand& h, int player, ObservationCache* cache) {
  check_seat(player);
  if (cache) cache->update(h);
  const ObservationFields f = observe(h, player, cache ? &cache->fold() : nullptr);
  const PublicRecord& r = f.record;
  const auto triple = [](const std::optional<std::array<std::uint8_t, 3>>& cards) -> py::object {
    return cards ? card_triple(*cards) : py::none();
  };
  const auto cards = [&](std::size_t field, Mask mask) -> py::object {
    return cache ? cache->cards(field, mask) : py::cast(Cards{mask});
  };
  const auto four = [&](std::size_t field, const std::array<Mask, 4>& m) {
    return py::make_tuple(cards(field, m[0]), cards(field + 1, m[1]), cards(field + 2, m[2]), cards(field + 3, m[3]));
  };
  py::object plays;
  if (cache) {
    plays = cache->plays();
  } else {
    py::tuple t(f.plays.size());
    for (std::size_t i = 0; i < f.plays.size(); ++i)
      PyTuple_SET_ITEM(t.ptr(), static_cast<Py_ssize_t>(i), play_entry(*f.plays[i]).release().ptr());
    plays = std::move(t);
  }
  py::tuple gifts(r.dragon_gifts.size());
  for (std::size_t i = 0; i < r.dragon_gifts.size(); ++i)
    gifts[i] = py::make_tuple(r.dragon_gifts[i][0], r.dragon_gifts[i][1]);
  py::tuple calls(4), grand_calls(4);
  for (std::size_t q = 0; q < 4; ++q) {
    calls[q] = call_member(f.calls[q]);
    grand_calls[q] = py::bool_(f.calls[q] == Call::GrandTichu);
  }
  py::object table = py::none(), to_beat = py::none();
  if (f.table) {
    table = py::cast(*f.table);
    to_beat =
        py::make_tuple(move_type(f.table->type), static_cast<int>(f.table->length), py::float_(f.table->rank2 / 2.0));
  }
  using C = ObservationCache;
  return py::make_tuple(f.player, decision_member(f.decision), f.current_player,
                        cards(C::kHand + static_cast<std::size_t>(player), f.hand), tuple_of(f.hand_sizes),
                        triple(f.pushed), triple(f.received), four(C::kPlayed, f.played), plays, calls, grand_calls,
                        f.wish ? py::object(py::int_(f.wish)) : py::none(), table, f.table_player,
                        cards(C::kTrick, f.trick), four(C::kPiles, f.piles), tuple_of(f.out_order),
                        tuple_of(r.trick_starts), tuple_of(r.passed),
                        r.wish_play < 0 ? py::none() : py::object(py::make_tuple(r.wish_play, r.wish_rank)),
                        r.wish_fulfilled < 0 ? py::none() : py::object(py::int_(r.wish_fulfilled)), gifts,
                        tuple_of(r.points), to_beat);
}

// The fields as a tuple; with a cache, the tichu_fast.Observation itself.
py::object observation_of(const RecordedHand& h, py::handle player, ObservationCache* cache) {
  const py::tuple values = observation_fields(h, seat_arg(player, "player"), cache);
  if (cache) return cache->instance(values);
  return values;
}

// The flat observation's `out` argument: float32, OBSERVATION_SIZE, C-contiguous and writeable.
float* observation_out(const py::array& out) {
  if (!out.dtype().is(py::dtype::of<float>()) && !out.dtype().equal(py::dtype::of<float>())) {
    throw py::type_error("out must be a float32 array, not " + std::string(py::str(out.dtype())));
  }
  if (out.ndim() != 1 || out.shape(0) != kObservationSize) {
    throw py::value_error("out must have shape (" + std::to_string(kObservationSize) + ",)");
  }
  if (!(out.flags() & py::array::c_style)) throw py::value_error("out must be C-contiguous, to be filled in place");
  if (!out.writeable()) throw py::value_error("out must be writeable");
  return static_cast<float*>(py::array(out).mutable_data());
}

void fill_observation_into(const RecordedHand& h, int player, const py::array& out) {
  check_seat(player);
  fill_observation(h.state(), player, observation_out(out));
}

// tichu_fast.Observation.to_array: its fields, as plain values, encoded by the core.
void encode_observation_into(int player, int decision, py::handle hand, const std::array<py::handle, 4>& played,
                             py::handle trick, const std::array<int, 4>& hand_sizes, const std::array<int, 4>& calls,
                             const std::vector<int>& out_order, int wish, int table_player, py::handle received,
                             const py::array& out) {
  check_seat(player);
  if (decision < 0 || decision >= kNumDecisions) throw py::value_error("decision is not a Decision");
  if (wish < 0 || wish > kMaxRank) throw py::value_error("wish must be 0 (none) or a rank 2..14");
  if (table_player != -1) check_seat(table_player);
  ObservationInput in{.player = player,
                      .decision = static_cast<Decision>(decision),
                      .hand = to_mask(hand, "hand"),
                      .trick = to_mask(trick, "trick"),
                      .wish = wish,
                      .table_player = table_player,
                      .received = to_mask(received, "received")};
  for (std::size_t s = 0; s < 4; ++s) {
    in.played[s] = to_mask(played[s], "played");
    in.hand_sizes[s] = hand_sizes[s];
    if (calls[s] < 0 || calls[s] > 2) throw py::value_error("a call is 0..2");
    in.calls[s] = static_cast<Call>(calls[s]);
  }
  for (const int seat : out_order) {
    check_seat(seat);
    in.out |= static_cast<std::uint8_t>(1U << seat);
  }
  encode_observation(in, observation_out(out));
}

}  // namespace

void register_observation(py::module_& m) {
  py::class_<ObservationCache>(m, "ObservationCache",
                               "What HandCore.observation built for one hand, reused by its next calls.")
      .def(py::init<py::object, py::tuple>(), py::arg("cls"), py::arg("names"),
           "For observations of class `cls` with these field names, in order.");

  // HandCore's observation methods (the class is registered by register_hand).
  const py::object hand_core = m.attr("HandCore");
  py::reinterpret_borrow<py::class_<RecordedHand>>(hand_core)
      .def("observation", &observation_of, py::arg("player"), py::arg("cache") = nullptr,
           "tichu_fast.Observation's fields for `player`, in its order, computed in the core in one call; "
           "with `cache` (an ObservationCache kept with this hand, reusing what earlier calls built) the "
           "Observation itself.")
      .def("fill_observation", &fill_observation_into, py::arg("player"), py::arg("out").noconvert(),
           "Writes the flat observation of `player` into `out` (float32, OBSERVATION_SIZE, C-contiguous, writeable).");

  m.def("encode_observation", &encode_observation_into, py::arg("player"), py::arg("decision"), py::arg("hand"),
        py::arg("played"), py::arg("trick"), py::arg("hand_sizes"), py::arg("calls"), py::arg("out_order"),
        py::arg("wish"), py::arg("table_player"), py::arg("received"), py::arg("out").noconvert(),
        "Writes the flat observation of tichu_fast.Observation's fields (card sets as Cards or masks, wish 0 for "
        "none) into `out`, as HandCore.fill_observation writes a state's.");

  m.attr("OBSERVATION_SIZE") = kObservationSize;
  py::dict offsets;
  for (const ObservationBlock& b : kObservationBlocks) offsets[py::str(b.name)] = py::make_tuple(b.start, b.stop);
  m.attr("OBSERVATION_OFFSETS") = offsets;
}

}  // namespace tichu::bindings
