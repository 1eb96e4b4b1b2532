// The game state machine for Python: _core.Action and _core.HandCore (a
// tichu::RecordedHand, the C++ half of tichu_fast.HandState). Only argument
// conversion lives here; every rule is in the core.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/gil_safe_call_once.h>
#include <pybind11/stl.h>
#include <pybind11/typing.h>
#include <structmember.h>  // PyMemberDef: where a slot lies (add_state_methods), after Python.h

#include "common.hpp"
#include "tichu/game/action_count.hpp"
#include "tichu/game/match.hpp"
#include "tichu/game/observation.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/play/simulate.hpp"

namespace tichu::bindings {
namespace {

using ActionOrText = Shown<py::typing::Union<Action, py::str>>;
using CardTriple = ShownResult<py::typing::Optional<py::typing::Tuple<py::str, py::str, py::str>>>;

py::object enum_member(const char* name, int value) {
  return py::module_::import("tichu_fast.enums").attr(name)(value);
}

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

std::size_t hash_of(const Action& a) {
  std::uint64_t h = a.move.cards * 0x9E3779B97F4A7C15ULL;
  h ^= (std::uint64_t{static_cast<std::uint8_t>(a.kind)} | std::uint64_t{a.value} << 8 |
        std::uint64_t{a.push[0]} << 16 | std::uint64_t{a.push[1]} << 24 | std::uint64_t{a.push[2]} << 32 |
        std::uint64_t{a.move.rank2} << 40 | std::uint64_t{a.move.phoenix_as} << 48) *
       0xBF58476D1CE4E5B9ULL;
  return static_cast<std::size_t>(h ^ (h >> 31));
}

py::object card_triple(const std::array<std::uint8_t, 3>& cards) {
  return py::make_tuple(std::string(card_name(cards[0])), std::string(card_name(cards[1])),
                        std::string(card_name(cards[2])));
}

// An action argument: an Action, or its text read for the current decision.
Action action_arg(const RecordedHand& h, py::handle obj) {
  if (PyUnicode_Check(obj.ptr())) return parse_action(text_arg(obj, "action text"), h.state().decision());
  if (!py::isinstance<Action>(obj)) {
    throw py::type_error("an action must be an Action or its text, not " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  }
  return obj.cast<const Action&>();  // the caster refuses an uninitialised Action
}

// An index argument: TypeError unless an int (not a bool), IndexError for
// any int too large to be an index.
long long index_arg(py::handle obj) {
  try {
    return small_int(obj, "an action index");
  } catch (const py::value_error&) {
    throw std::out_of_range("action index " + quoted(py::str(obj).cast<std::string>()) + " is out of range");
  }
}

HandState from_deck(const std::vector<int>& deck, py::handle rules) {
  if (deck.size() != kNumCards) throw std::invalid_argument("a deck holds 56 cards");
  std::array<std::uint8_t, kNumCards> cards{};
  for (std::size_t i = 0; i < deck.size(); ++i) {
    if (deck[i] < 0 || deck[i] >= kNumCards) throw std::invalid_argument("a card index is 0..55");
    cards[i] = static_cast<std::uint8_t>(deck[i]);
  }
  return HandState::from_deck(cards, to_rules(rules));
}

struct TrickArgs {
  std::optional<Move> table;
  int table_player;
  Mask trick;
  int passed;
};

HandState from_position(const std::array<Mask, 4>& hands, const std::array<Mask, 4>& piles,
                        const std::vector<int>& out_order, const std::array<int, 4>& calls, int leader,
                        py::handle wish_arg, int played, py::handle rules, const TrickArgs& trick) {
  const long long wish = small_int(wish_arg, "wish");
  if (wish != static_cast<int>(wish))
    throw std::invalid_argument("wish " + std::to_string(wish) + " is not a rank 2..14");
  HandState::Position p;
  p.hands = hands;
  p.piles = piles;
  if (out_order.size() > 4) throw std::invalid_argument("at most 3 seats can be out");
  for (std::size_t i = 0; i < out_order.size(); ++i) {
    check_seat(out_order[i]);
    p.out_order[i] = static_cast<std::int8_t>(out_order[i]);
  }
  for (std::size_t i = 0; i < 4; ++i) {
    if (calls[i] < 0 || calls[i] > 2) throw std::invalid_argument("a call is 0..2, not " + std::to_string(calls[i]));
    p.calls[i] = static_cast<Call>(calls[i]);
  }
  if (played < 0 || played > 0xF) throw std::invalid_argument("played is a bit set of seats 0..3");
  p.leader = leader;
  p.wish = static_cast<int>(wish);  // in int range: the core checks it is a rank
  p.played = static_cast<std::uint8_t>(played);
  if (trick.passed < 0 || trick.passed > 0xF) throw std::invalid_argument("passed is a bit set of seats 0..3");
  if (trick.table) {
    if (trick.table->type == MoveType::Pass) throw std::invalid_argument("the table cannot be a pass");
    p.table = *trick.table;
  }
  p.table_player = trick.table_player;
  p.trick = trick.trick;
  p.passed = static_cast<std::uint8_t>(trick.passed);
  return HandState::from_position(p, to_rules(rules));
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

// The calls a loop driven from Python makes at every decision, as plain
// CPython methods: pybind11's general dispatch (argument loaders, overload
// resolution, return casters) costs more than their C++. A method
// descriptor checks that `self` is a HandCore before the call.
RecordedHand& self_hand(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  if (inst->simple_layout && inst->simple_holder_constructed) {
    return *static_cast<RecordedHand*>(inst->simple_value_holder[0]);
  }
  return py::handle(self).cast<RecordedHand&>();  // the general path: raises for an uninitialised one
}

template <class Fn>
PyObject* translated(Fn&& fn) noexcept {
  try {
    return fn();
  } catch (...) {
    py::detail::try_translate_exceptions();  // as pybind11's dispatcher: error_already_set, then translators
    return nullptr;
  }
}

PyObject* fast_is_terminal(PyObject* self, PyObject* /*unused*/) {
  return translated([&] { return py::bool_(self_hand(self).state().is_terminal()).release().ptr(); });
}

PyObject* fast_action_count(PyObject* self, PyObject* /*unused*/) {
  return translated([&] { return PyLong_FromLong(action_count(self_hand(self).state())); });
}

PyObject* fast_apply_index(PyObject* self, PyObject* index) {
  return translated([&] {
    self_hand(self).apply_index(index_arg(index));
    return py::none().release().ptr();
  });
}

PyObject* fast_decision(PyObject* self, void* /*unused*/) {
  return translated([&] { return PyLong_FromLong(static_cast<long>(self_hand(self).state().decision())); });
}

PyObject* fast_current_player(PyObject* self, void* /*unused*/) {
  return translated([&] { return PyLong_FromLong(self_hand(self).state().current_player()); });
}

// NOLINTBEGIN(cppcoreguidelines-avoid-c-arrays,modernize-avoid-c-arrays): CPython's tables
PyMethodDef fast_methods[] = {
    {"is_terminal", fast_is_terminal, METH_NOARGS, "is_terminal($self, /)\n--\n\nWhether the hand is over."},
    {"action_count", fast_action_count, METH_NOARGS,
     "action_count($self, /)\n--\n\nlen(legal_actions()), without building the list (counted for the exchange and "
     "most leads)."},
    {"apply_index", fast_apply_index, METH_O,
     "apply_index($self, index, /)\n--\n\nApplies and records legal_actions()[index]; IndexError outside."},
};
PyGetSetDef fast_getters[] = {
    {"decision", fast_decision, nullptr, "The current Decision as an int.", nullptr},
    {"current_player", fast_current_player, nullptr, "The seat to decide, -1 once the hand is over.", nullptr},
};
// NOLINTEND(cppcoreguidelines-avoid-c-arrays,modernize-avoid-c-arrays)

void add_fast_methods(const py::handle& cls) {
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  for (PyMethodDef& def : fast_methods) {
    const py::object method = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, &def));
    if (!method) throw py::error_already_set();
    py::setattr(cls, def.ml_name, method);
  }
  for (PyGetSetDef& def : fast_getters) {
    const py::object getter = py::reinterpret_steal<py::object>(PyDescr_NewGetSet(type, &def));
    if (!getter) throw py::error_already_set();
    py::setattr(cls, def.name, getter);
  }
}

// tichu_fast.HandState's own is_terminal, num_legal_actions, apply_index and
// resample (add_state_methods installs them on that Python class): the
// core's methods on its `_core` slot, without a Python frame between. A hand
// driven from Python makes three such calls per decision, a bot one resample
// per world, and each frame cost more than the call it wrapped.
struct StateClass {
  PyTypeObject* type = nullptr;            // tichu_fast.HandState
  PyTypeObject* core_type = nullptr;       // _core.HandCore
  Py_ssize_t core = 0;                     // where its slots lie in an instance
  Py_ssize_t origin = 0;
  Py_ssize_t rules = 0;
  PyObject* world_origin = nullptr;        // the origin of a world (hand.py's _WORLD)
  PyObject* resample_in_python = nullptr;  // HandState._resample: belief, keywords, other seats' checks
};
StateClass state_class;  // set once, when tichu_fast.hand is imported; kept for the process

PyObject*& slot(PyObject* state, Py_ssize_t offset) {
  return *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(state) + offset);
}

// A state's `_core`, a new reference: held while the call converts its
// arguments, whose __index__ may rebind `_core` and drop the last other one.
py::object state_core(PyObject* state) {
  // A subclass may declare its own slot of that name: read it as Python would.
  if (Py_TYPE(state) != state_class.type) return py::reinterpret_borrow<py::object>(state).attr("_core");
  PyObject* core = slot(state, state_class.core);
  if (core == nullptr) throw py::attribute_error("'HandState' object has no attribute '_core'");
  return py::reinterpret_borrow<py::object>(core);
}

RecordedHand& hand_of(const py::object& core) {
  if (Py_TYPE(core.ptr()) == state_class.core_type) return self_hand(core.ptr());
  if (!py::isinstance<RecordedHand>(core)) {
    throw py::type_error(std::string("HandState._core must be a HandCore, not ") + Py_TYPE(core.ptr())->tp_name);
  }
  return core.cast<RecordedHand&>();  // a subclass
}

PyObject* state_is_terminal(PyObject* self, PyObject* /*unused*/) {
  return translated([&] { return py::bool_(hand_of(state_core(self)).state().is_terminal()).release().ptr(); });
}

PyObject* state_action_count(PyObject* self, PyObject* /*unused*/) {
  return translated([&] { return PyLong_FromLong(action_count(hand_of(state_core(self)).state())); });
}

PyObject* state_apply_index(PyObject* self, PyObject* index) {
  return translated([&] {
    const py::object core = state_core(self);
    hand_of(core).apply_index(index_arg(index));
    return py::none().release().ptr();
  });
}

// resample(player, seed): a seat given as a plain int 0..3 and no keyword
// is drawn here, the world built as hand.py's _world builds it (no
// __init__); anything else goes to the Python method, which has the checks
// and messages of every seat argument and the beliefs.
PyObject* state_resample(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  const bool plain =
      nargs == 2 && kwnames == nullptr && PyLong_CheckExact(args[0]) && Py_TYPE(self) == state_class.type;
  const long player = plain ? PyLong_AsLong(args[0]) : -1;  // no error: an exact int, at worst -1 on overflow
  if (player < 0 || player > 3) {
    PyErr_Clear();
    return translated([&] {
      const Py_ssize_t given = nargs + (kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames));
      std::vector<PyObject*> with_self(static_cast<std::size_t>(given) + 1);
      with_self[0] = self;
      std::copy_n(args, given, with_self.begin() + 1);
      return PyObject_Vectorcall(state_class.resample_in_python, with_self.data(), static_cast<std::size_t>(nargs) + 1,
                                 kwnames);
    });
  }
  return translated([&] {
    const py::object held = state_core(self);
    py::object core = py::cast(one_world(hand_of(held), args[0], args[1]));
    // Read after the draw, as a reference: the seed's __index__ (or another thread, while the draw
    // runs without the GIL) may rebind `_rules`.
    PyObject* rules_slot = slot(self, state_class.rules);
    if (rules_slot == nullptr) throw py::attribute_error("'HandState' object has no attribute '_rules'");
    const py::object rules = py::reinterpret_borrow<py::object>(rules_slot);
    PyObject* world = state_class.type->tp_alloc(state_class.type, 0);
    if (world == nullptr) throw py::error_already_set();
    slot(world, state_class.core) = core.release().ptr();
    slot(world, state_class.origin) = Py_NewRef(state_class.world_origin);
    slot(world, state_class.rules) = Py_NewRef(rules.ptr());
    return world;
  });
}

// NOLINTBEGIN(cppcoreguidelines-avoid-c-arrays,modernize-avoid-c-arrays): CPython's table
PyMethodDef state_methods[] = {
    {"is_terminal", state_is_terminal, METH_NOARGS, "is_terminal($self, /)\n--\n\nWhether the hand is over."},
    {"num_legal_actions", state_action_count, METH_NOARGS,
     "num_legal_actions($self, /)\n--\n\nlen(legal_actions()), without building the list (for apply_index)."},
    {"apply_index", state_apply_index, METH_O,
     "apply_index($self, index, /)\n--\n\nApplies `legal_actions()[index]` without building the list; IndexError "
     "outside."},
};
PyMethodDef state_resample_method = {"resample",
                                     reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(state_resample)),
                                     METH_FASTCALL | METH_KEYWORDS, nullptr};  // HandState._resample's doc
// NOLINTEND(cppcoreguidelines-avoid-c-arrays,modernize-avoid-c-arrays)

Py_ssize_t slot_offset(const py::type& cls, const char* name) {
  const py::object member = py::getattr(cls, name, py::none());
  // An object slot of __slots__ (T_OBJECT_EX) of this class or a base, as the methods read a
  // PyObject* there in its instances.
  const auto* descr = reinterpret_cast<PyMemberDescrObject*>(member.ptr());
  if (Py_TYPE(member.ptr()) != &PyMemberDescr_Type || descr->d_member->type != T_OBJECT_EX ||
      PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls.ptr()), descr->d_common.d_type) == 0) {
    throw py::type_error(std::string(name) + " must be a slot of __slots__");
  }
  return descr->d_member->offset;
}

void add_state_methods(const py::type& cls, const py::str& world_origin) {
  static std::string resample_doc;  // kept for the method's lifetime: the process's
  const Py_ssize_t core = slot_offset(cls, "_core"), origin = slot_offset(cls, "_origin");
  const Py_ssize_t rules = slot_offset(cls, "_rules");
  const py::object in_python = py::getattr(cls, "_resample", py::none());
  if (!PyCallable_Check(in_python.ptr())) throw py::type_error("add_state_methods: the class needs a _resample method");
  // The methods installed before read the slots where the first class had them: a second class (the
  // module reloaded) must have them there too.
  if (state_class.type != nullptr) {
    const auto name = [](const py::handle& type) {
      return py::str(type.attr("__module__")).cast<std::string>() + "." +
             py::str(type.attr("__qualname__")).cast<std::string>();
    };
    if (name(cls) != name(reinterpret_cast<PyObject*>(state_class.type))) {
      throw py::type_error("add_state_methods: already installed on " +
                           name(reinterpret_cast<PyObject*>(state_class.type)));
    }
    if (core != state_class.core || origin != state_class.origin || rules != state_class.rules) {
      throw py::type_error("add_state_methods: the slots of HandState moved since the first call");
    }
  }
  resample_doc =
      "resample($self, player, seed, *, belief=None)\n--\n\n" + py::str(in_python.attr("__doc__")).cast<std::string>();
  state_class = {.type = reinterpret_cast<PyTypeObject*>(Py_NewRef(cls.ptr())),  // kept for the process
                 .core_type = reinterpret_cast<PyTypeObject*>(py::type::of<RecordedHand>().ptr()),
                 .core = core,
                 .origin = origin,
                 .rules = rules,
                 .world_origin = py::object(world_origin).release().ptr(),
                 .resample_in_python = py::object(in_python).release().ptr()};
  state_resample_method.ml_doc = resample_doc.c_str();
  auto install = [&](PyMethodDef& def) {
    const py::object method = py::reinterpret_steal<py::object>(PyDescr_NewMethod(state_class.type, &def));
    if (!method) throw py::error_already_set();
    py::setattr(cls, def.ml_name, method);
  };
  for (PyMethodDef& def : state_methods) install(def);
  install(state_resample_method);
}

}  // namespace

void bind_game(py::module_& m) {
  py::class_<Action>(m, "Action", "One decision's answer (docs/game.md); made by HandState, never by hand.")
      .def_property_readonly(
          "kind", [](const Action& a) { return enum_member("ActionKind", static_cast<int>(a.kind)); },
          "The ActionKind.")
      .def_property_readonly(
          "call",
          [](const Action& a) { return (a.kind == ActionKind::GrandTichu || a.kind == ActionKind::Tichu) && a.value; },
          "For a call decision: whether the call is made.")
      .def_property_readonly(
          "push",
          [](const Action& a) -> CardTriple {
            if (a.kind != ActionKind::Push) return py::none();
            return card_triple(a.push);
          },
          "For a push: the cards to seats p+1, p+2, p+3; else None.")
      .def_property_readonly(
          "move",
          [](const Action& a) -> ShownResult<py::typing::Optional<Move>> {
            if (a.kind != ActionKind::Play) return py::none();
            return py::cast(a.move);
          },
          "For a play (or pass): the Move; else None.")
      .def_property_readonly(
          "wish",
          [](const Action& a) -> ShownResult<py::typing::Optional<py::int_>> {
            if (a.kind != ActionKind::Wish || a.value == 0) return py::none();
            return py::int_(a.value);
          },
          "For a wish: the rank wished, None for no wish (or another kind).")
      .def_property_readonly(
          "gift_to",
          [](const Action& a) -> ShownResult<py::typing::Optional<py::int_>> {
            if (a.kind != ActionKind::Gift) return py::none();
            return py::int_(a.value);
          },
          "For a Dragon gift: the seat receiving the trick; else None.")
      .def("__str__", &format_action, "The action's exact text (docs/game.md).")
      .def(
          "__repr__", [](const Action& a) { return "Action('" + format_action(a) + "')"; }, "Action('text').")
      .def("__hash__", &hash_of, "A hash consistent with ==.")
      .def(
          "__eq__", [](const Action& a, const Action& b) { return a == b; }, py::is_operator(), "Same action.")
      .def(
          "__ne__", [](const Action& a, const Action& b) { return !(a == b); }, py::is_operator(),
          "Not the same action.");

  py::class_<ObservationCache>(m, "ObservationCache",
                               "What HandCore.observation built for one hand, reused by its next calls.")
      .def(py::init<py::object, py::tuple>(), py::arg("cls"), py::arg("names"),
           "For observations of class `cls` with these field names, in order.");

  py::class_<RecordedHand>(m, "HandCore", "The C++ state of one hand and its history; use tichu_fast.HandState.")
      .def_static(
          "from_seed",
          [](const IntArg& seed, py::handle rules) {
            const auto deck = shuffled_deck(uint64_int(seed.obj, "seed (0 <= seed < 2**64)"));
            std::string origin = "deal";  // HandState's origin: "deal " and the 56 names in dealt order
            for (std::uint8_t card : deck) (origin += ' ') += card_name(card);
            return py::make_tuple(RecordedHand(HandState::from_deck(deck, to_rules(rules))), origin);
          },
          py::arg("seed"), py::arg("rules"),
          "(the hand dealt by `seed` (R2.1), its origin text 'deal' and the 56 names in dealt order): "
          "HandState.new in one call.")
      .def_static(
          "from_deck",
          [](const std::vector<int>& deck, py::handle rules) { return RecordedHand(from_deck(deck, rules)); },
          py::arg("deck"), py::arg("rules"), "The hand dealt in this order of 56 card indices (R2.1).")
      .def_static(
          "from_position",
          [](const std::array<Mask, 4>& hands, const std::array<Mask, 4>& piles, const std::vector<int>& out_order,
             const std::array<int, 4>& calls, int leader, py::handle wish, int played, py::handle rules,
             const TableArg& table_arg, int table_player, Mask trick, int passed) {
            Move storage;
            const Move* table = to_table(table_arg.obj, storage);
            return RecordedHand(from_position(hands, piles, out_order, calls, leader, wish, played, rules,
                                              TrickArgs{table ? std::optional<Move>(*table) : std::nullopt,
                                                        table_player, trick, passed}));
          },
          py::arg("hands"), py::arg("piles"), py::arg("out_order"), py::arg("calls"), py::arg("leader"),
          py::arg("wish"), py::arg("played"), py::arg("rules"), py::arg("table") = py::none(),
          py::arg("table_player") = -1, py::arg("trick") = 0, py::arg("passed") = 0,
          "A position in the play phase (masks, seats, calls 0..2, wish 0 or 2..14, played and passed bit sets; "
          "table None at a trick's start, leader the seat in turn); ValueError for a position no hand reaches.")
      .def(
          "hand", [](const RecordedHand& h, int seat) { return check_seat(seat), Cards{h.state().hand(seat)}; },
          py::arg("seat"), "The cards `seat` holds (all 14 dealt, even during GRAND_TICHU).")
      .def(
          "seen", [](const RecordedHand& h, int seat) { return check_seat(seat), Cards{h.state().first_eight(seat)}; },
          py::arg("seat"), "The first 8 cards dealt to `seat` (empty for a position).")
      .def(
          "pile", [](const RecordedHand& h, int seat) { return check_seat(seat), Cards{h.state().pile(seat)}; },
          py::arg("seat"), "The cards `seat` has won.")
      .def(
          "played_cards",
          [](const RecordedHand& h, int seat) { return check_seat(seat), Cards{h.state().played_cards(seat)}; },
          py::arg("seat"), "The cards `seat` has played in this hand.")
      .def(
          "call",
          [](const RecordedHand& h, int seat) { return check_seat(seat), static_cast<int>(h.state().call(seat)); },
          py::arg("seat"), "The Call of `seat` as an int.")
      .def(
          "push",
          [](const RecordedHand& h, int seat, int viewer) -> CardTriple {
            check_seat(seat);
            if (viewer != kOmniscient) check_seat(viewer);
            if (!push_known(h.state(), seat, viewer)) return py::none();
            return card_triple(h.state().push(seat));
          },
          py::arg("seat"), py::arg("viewer") = kOmniscient,
          "The push of `seat` (to p+1, p+2, p+3) if `viewer` knows it now (R10.3); viewer -1: the whole table, "
          "once the exchange is done.")
      .def(
          "received",
          [](const RecordedHand& h, int seat) -> CardTriple {
            check_seat(seat);
            const auto cards = received_cards(h.state(), seat);
            if (!cards) return py::none();
            return card_triple(*cards);
          },
          py::arg("seat"), "The cards pushed to `seat`, from seats p+1, p+2, p+3; None before the exchange ends.")
      .def_property_readonly(
          "exchanged", [](const RecordedHand& h) { return h.state().exchanged(); }, "Whether the play phase has begun.")
      .def_property_readonly(
          "out_order",
          [](const RecordedHand& h) -> py::typing::Tuple<py::int_, py::ellipsis> {
            py::tuple seats(static_cast<std::size_t>(h.state().out_count()));
            for (int i = 0; i < h.state().out_count(); ++i) seats[static_cast<std::size_t>(i)] = h.state().out_seat(i);
            return seats;
          },
          "The seats that went out, in order.")
      .def_property_readonly(
          "wish",
          [](const RecordedHand& h) -> ShownResult<py::typing::Optional<py::int_>> {
            if (!h.state().wish()) return py::none();
            return py::int_(h.state().wish());
          },
          "The wished rank in force, or None.")
      .def_property_readonly(
          "table",
          [](const RecordedHand& h) -> ShownResult<py::typing::Optional<Move>> {
            if (!h.state().table()) return py::none();
            return py::cast(*h.state().table());
          },
          "The combination to beat, or None.")
      .def_property_readonly(
          "table_player", [](const RecordedHand& h) { return h.state().table_player(); },
          "Who played the table's combination, -1 if none.")
      .def_property_readonly(
          "leader", [](const RecordedHand& h) { return h.state().leader(); }, "Who led the current trick.")
      .def_property_readonly(
          "trick", [](const RecordedHand& h) { return Cards{h.state().trick()}; }, "The cards of the current trick.")
      .def(
          "returns",
          [](const RecordedHand& h) -> py::typing::Tuple<py::int_, py::int_> {
            if (!h.state().is_terminal()) throw std::invalid_argument("the hand is not over: no score yet");
            const auto r = h.state().returns();
            return py::make_tuple(r[0], r[1]);
          },
          "The score of each team (R7, R8.3 to R8.5); ValueError before the end.")
      .def(
          "legal_actions",
          [](const RecordedHand& h) {
            thread_local std::array<Action, kMaxActions> scratch;
            const int n = h.state().legal_actions(scratch.data());
            // Copied out before any Python object is made (a finaliser may call the engine).
            const std::vector<Action> actions(scratch.begin(), scratch.begin() + n);
            py::typing::List<Action> result(actions.size());
            for (std::size_t i = 0; i < actions.size(); ++i) result[i] = py::cast(actions[i]);
            return result;
          },
          "Every legal action of the current decision, in the generator's order.")
      .def(
          "is_legal",
          [](const RecordedHand& h, const ActionOrText& action) {
            if (PyUnicode_Check(action.obj.ptr())) return h.state().is_legal(text_arg(action.obj, "action text"));
            return legal_now(h.state(), action_arg(h, action.obj));
          },
          py::arg("action"),
          "Whether the action is legal now; text that reads as no action raises InvalidNotationError.")
      .def(
          "apply", [](RecordedHand& h, const ActionOrText& action) { h.apply(action_arg(h, action.obj)); },
          py::arg("action"), "Applies and records a legal action; IllegalMoveError (nothing changed) otherwise.")
      .def(
          "parse_action",
          [](const RecordedHand& h, const py::str& text) {
            return parse_action(text_arg(text, "action text"), h.state().decision());
          },
          py::arg("text").noconvert(), "Reads an action's text for the current decision.")
      .def_property_readonly(
          "history",
          [](const RecordedHand& h) -> py::typing::List<py::typing::Tuple<Action, py::int_, py::int_>> {
            py::list steps(h.steps().size());
            for (std::size_t i = 0; i < h.steps().size(); ++i) {
              const Step& s = h.steps()[i];
              steps[i] = py::make_tuple(s.action, static_cast<int>(s.decision), static_cast<int>(s.player));
            }
            return steps;
          },
          "Every applied action as (action, decision, player).")
      .def_property_readonly(
          "actions",
          [](const RecordedHand& h) -> py::typing::Tuple<Action, py::ellipsis> {
            py::tuple actions(h.steps().size());
            for (std::size_t i = 0; i < h.steps().size(); ++i) actions[i] = py::cast(h.steps()[i].action);
            return actions;
          },
          "Every applied action, in order.")
      .def_property_readonly(
          "plays",
          [](const RecordedHand& h) -> py::typing::Tuple<py::typing::Tuple<py::int_, py::str>, py::ellipsis> {
            py::list plays;
            for (const Step& s : h.steps()) {
              if (is_public_play(s)) plays.append(py::make_tuple(static_cast<int>(s.player), format_action(s.action)));
            }
            return py::tuple(plays);
          },
          "(seat, move text) of every play every seat saw (R10.3), in order.")
      .def(
          "public_record",
          [](const RecordedHand& h) {
            const PublicRecord r = public_record(h);
            auto ints = [](const std::vector<int>& v) {
              py::tuple t(v.size());
              for (std::size_t i = 0; i < v.size(); ++i) t[i] = v[i];
              return t;
            };
            py::tuple gifts(r.dragon_gifts.size());
            for (std::size_t i = 0; i < r.dragon_gifts.size(); ++i) {
              gifts[i] = py::make_tuple(r.dragon_gifts[i][0], r.dragon_gifts[i][1]);
            }
            const py::object named =
                r.wish_play < 0 ? py::none() : py::object(py::make_tuple(r.wish_play, r.wish_rank));
            const py::object fulfilled = r.wish_fulfilled < 0 ? py::none() : py::object(py::int_(r.wish_fulfilled));
            return py::make_tuple(ints(r.trick_starts), ints(r.passed), named, fulfilled, gifts,
                                  py::make_tuple(r.points[0], r.points[1], r.points[2], r.points[3]));
          },
          "(trick_starts, passed, wish_named, wish_fulfilled, dragon_gifts, points): the public record of "
          "tichu_fast.Observation, computed in the core.")
      .def(
          "clone", [](const RecordedHand& h) { return h; }, "A copy, history included.")
      .def(
          "__eq__", [](const RecordedHand& a, const RecordedHand& b) { return a == b; }, py::is_operator(),
          "Same state and same history.")
      .def("observation", &observation_of, py::arg("player"), py::arg("cache") = nullptr,
           "tichu_fast.Observation's fields for `player`, in its order, computed in the core in one call; "
           "with `cache` (an ObservationCache kept with this hand, reusing what earlier calls built) the "
           "Observation itself.")
      .def("fill_observation", &fill_observation_into, py::arg("player"), py::arg("out").noconvert(),
           "Writes the flat observation of `player` into `out` (float32, OBSERVATION_SIZE, C-contiguous, writeable).");
  add_fast_methods(m.attr("HandCore"));  // is_terminal, action_count, apply_index, decision, current_player
  m.def("add_state_methods", &add_state_methods, py::arg("cls"), py::arg("world_origin"),
        "Installs is_terminal, num_legal_actions, apply_index and resample on tichu_fast.HandState (`cls`): C "
        "methods on its `_core` (resample falls back to cls._resample; its worlds' origin is `world_origin`).");

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

  m.def("encode_observation", &encode_observation_into, py::arg("player"), py::arg("decision"), py::arg("hand"),
        py::arg("played"), py::arg("trick"), py::arg("hand_sizes"), py::arg("calls"), py::arg("out_order"),
        py::arg("wish"), py::arg("table_player"), py::arg("received"), py::arg("out").noconvert(),
        "Writes the flat observation of tichu_fast.Observation's fields (card sets as Cards or masks, wish 0 for "
        "none) into `out`, as HandCore.fill_observation writes a state's.");

  // R9.1, decided here for tichu_fast.Match (match.hpp).
  m.def(
      "match_over",
      [](std::int64_t a, std::int64_t b, py::handle rules) { return match_over({a, b}, to_rules(rules)); },
      py::arg("a"), py::arg("b"), py::arg("rules"),
      "Whether a match with team totals a and b is over (R9.1): a team has reached rules.target and the totals "
      "differ.");
  m.def(
      "match_winner",
      [](std::int64_t a, std::int64_t b, py::handle rules) { return match_winner({a, b}, to_rules(rules)); },
      py::arg("a"), py::arg("b"), py::arg("rules"), "The team that won a match over (R9.1), or -1 while it goes on.");
  m.def(
      "add_hand",
      [](std::int64_t a, std::int64_t b, const RecordedHand& hand) {
        const MatchTotals totals = add_hand({a, b}, hand.state());
        return py::make_tuple(totals[0], totals[1]);
      },
      py::arg("a"), py::arg("b"), py::arg("hand"),
      "The team totals (a, b) with a finished hand's returns added; ValueError before its end.");
  m.def(
      "check_pass_order",
      [](int table_player, const std::vector<int>& passed) { HandState::check_pass_order(table_player, passed); },
      py::arg("table_player"), py::arg("passed"),
      "ValueError unless `passed` lists seats once each, in turn order after the table player (R5.3).");
}

void bind_observation(py::module_& m) {
  m.attr("OBSERVATION_SIZE") = kObservationSize;
  py::dict offsets;
  for (const ObservationBlock& b : kObservationBlocks) offsets[py::str(b.name)] = py::make_tuple(b.start, b.stop);
  m.attr("OBSERVATION_OFFSETS") = offsets;
}

Rules to_rules(py::handle obj) {
  if (!py::isinstance(obj, rules_type())) {
    throw py::type_error("rules must be a tichu_fast.Rules, not " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  }
  const py::object bombs = obj.attr("bombs_out_of_turn");
  if (!PyBool_Check(bombs.ptr())) throw py::type_error("bombs_out_of_turn must be a bool");
  Rules rules;
  rules.bombs_out_of_turn = bombs.ptr() == Py_True;
  const long long target = small_int(obj.attr("target"), "target");
  if (target < kMinTarget || target > kMaxTarget) {
    throw py::value_error("target must be 1..1000000, not " + std::to_string(target));
  }
  rules.target = static_cast<int>(target);
  return rules;
}

}  // namespace tichu::bindings
