// What the binding files share: the Python-side Cards value, argument
// conversion (Cards, mask or text), and the Python enums and dtype that the
// pure-Python modules define once for both backends.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/typing.h>

#include <array>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "tichu/game/action.hpp"
#include "tichu/game/cards.hpp"
#include "tichu/game/combo.hpp"
#include "tichu/game/history.hpp"
#include "tichu/game/state.hpp"
#include "tichu/game/stop.hpp"

namespace tichu {
struct Policy;  // play/policy.hpp
}  // namespace tichu

namespace tichu::bindings {

namespace py = pybind11;

// tichu_fast.Cards: an immutable set of cards.
struct Cards {
  Mask mask = 0;
};

// An argument that help() and stubs show as T (only T's name is used) but
// that pybind11 hands over unconverted, so our own functions convert it
// (numpy integers accepted, bools refused, ...). Unlike py::typing::Union
// as an argument, loading it leaks no reference (Union's check is
// PyObject_Type, a new reference).
template <typename T>
struct Shown {
  py::handle obj;
};

// A result that help() and stubs show as T (e.g. py::typing::Optional<Move>).
// Returning a py::typing::Optional or Union itself leaks a reference to the
// result's type on every call (their converting constructor checks with
// PyObject_Type, a new reference); this takes any object unchecked.
template <typename T>
struct ShownResult : py::object {
  ShownResult(py::object obj) : py::object(std::move(obj)) {}  // implicit: a binding returns any object
};

// Only for its name: any integer numpy array.
struct IntegerArray : py::object {};

// A py::sequence that help() shows as Sequence[T] (pybind11 has no
// py::typing::Sequence).
template <typename T>
struct SequenceOf : py::sequence {
  using py::sequence::sequence;
};

using CardsArg = Shown<py::typing::Union<Cards, py::str, py::int_>>;
using TableArg = Shown<py::typing::Union<Move, py::str, py::none>>;
using IntArg = Shown<py::int_>;
using TextArg = Shown<py::str>;

}  // namespace tichu::bindings

namespace pybind11::detail {

// The bound classes' caster, refusing an object made by `T.__new__`
// without `__init__` (its C++ value was never constructed: reading it
// would read uninitialised memory). pybind11 casts `self` and every
// argument through this, so no binding sees such an object.
template <typename T>
struct initialised_caster : type_caster_base<T> {
  bool load(handle src, bool convert) {
    if (!type_caster_base<T>::load(src, convert)) return false;
    const auto* type = get_type_info(typeid(T));
    if (this->value != nullptr && type && PyObject_TypeCheck(src.ptr(), type->type)) {
      auto* inst = reinterpret_cast<instance*>(src.ptr());
      const auto v_h = inst->get_value_and_holder(type, false);
      if (v_h && !v_h.holder_constructed()) {
        throw type_error(std::string(Py_TYPE(src.ptr())->tp_name) +
                         " object was never initialised (made by __new__ "
                         "without __init__)");
      }
    }
    return true;
  }
};

template <typename T>
struct type_caster<tichu::bindings::Shown<T>> {
  PYBIND11_TYPE_CASTER(tichu::bindings::Shown<T>, make_caster<T>::name);
  bool load(handle src, bool /*convert*/) {
    value.obj = src;
    return true;
  }
};

template <typename T>
struct handle_type_name<tichu::bindings::SequenceOf<T>> {
  static constexpr auto name = const_name("collections.abc.Sequence[") + make_caster<T>::name + const_name("]");
};

template <typename T>
struct handle_type_name<tichu::bindings::ShownResult<T>> {
  static constexpr auto name = make_caster<T>::name;
};

template <>
struct handle_type_name<tichu::bindings::IntegerArray> {
  static constexpr auto name = const_name("numpy.typing.NDArray[numpy.integer]");
};

template <>
struct type_caster<tichu::bindings::Cards> : initialised_caster<tichu::bindings::Cards> {};
template <>
struct type_caster<tichu::Move> : initialised_caster<tichu::Move> {};
template <>
struct type_caster<tichu::Action> : initialised_caster<tichu::Action> {};
template <>
struct type_caster<tichu::RecordedHand> : initialised_caster<tichu::RecordedHand> {};

}  // namespace pybind11::detail

namespace tichu::bindings {

// The C++ value inside `obj` when it is exactly a bound T (not a subclass),
// else nullptr. Skips pybind11's type registry lookups, which cost more
// than a whole legal-move enumeration on the hot path.
template <typename T>
const T* exact_instance(py::handle obj) {
  static PyTypeObject* const type = reinterpret_cast<PyTypeObject*>(py::type::of<T>().ptr());
  if (Py_TYPE(obj.ptr()) != type) return nullptr;
  auto* inst = reinterpret_cast<py::detail::instance*>(obj.ptr());
  if (!inst->simple_layout) return &obj.cast<const T&>();
  if (!inst->simple_holder_constructed) {  // made by T.__new__ without __init__
    throw py::type_error(std::string(py::str(py::type::of(obj).attr("__name__"))) + " object was never initialised");
  }
  return static_cast<const T*>(inst->simple_value_holder[0]);
}

// A text argument: a str (not bytes), as UTF-8; NotationError for text
// that has no UTF-8 form (lone surrogates).
std::string text_arg(py::handle obj, const char* what);

// The one conversion of a tichu_fast.rules.Rules into the core's Rules:
// TypeError for another type, ValueError for a target outside 1..1000000.
Rules to_rules(py::handle obj);

// Sets the Python error for the C++ exception being handled (call inside a
// catch block): the one mapping of core exceptions to Python ones, which
// module.cpp registers with pybind11 and the vectorcall functions use.
void set_python_error();

// A policy argument (search_bindings.cpp): its text (policy_from_text, so
// "heuristic:OPTIONS" too) and whether it calls; TypeError for a text that is
// no str or a `calls` that is no bool, ValueError for an unknown policy.
Policy policy_arg(py::handle text, py::handle calls);

// A hand/card set argument: Cards, a mask int, or card text.
Mask to_mask(py::handle obj, const char* what = "cards");

// Whether `obj` is an integer argument: an int or anything with __index__
// (numpy integers), but not a bool.
bool is_index(py::handle obj);

// An integer argument as a C++ value: TypeError unless is_index, ValueError
// when it does not fit (`what` names the argument in the message).
long long small_int(py::handle obj, const char* what);
std::uint64_t uint64_int(py::handle obj, const char* what);

// The one seat check of the bindings: IndexError outside 0..3, the message
// naming the argument (`what`). seat_arg reads any Python integer: TypeError
// for a non-int, IndexError however large it is.
void check_seat(long long seat, const char* what = "seat");
int seat_arg(py::handle obj, const char* what = "seat");

// A mask from an integer argument: ValueError for negatives and bits outside
// the deck.
Mask mask_from_int(py::handle obj);

// The table argument: None (nullptr), a Move, or move text parsed into `storage`.
const Move* to_table(py::handle obj, Move& storage);

// Python-side vocabulary imported from the pure-Python modules.
py::object move_type(MoveType type);  // a tichu_fast.enums.MoveType member
const py::dtype& move_dtype();         // tichu_fast.formats.MOVE_DTYPE

// The moves of a 1-D MOVE_DTYPE array (TypeError for another type or dtype,
// ValueError for another shape or a record that is no move).
std::vector<Move> moves_arg(const py::handle& records);
py::handle notation_error();           // tichu_fast.errors.InvalidNotationError
py::handle illegal_move_error();       // tichu_fast.errors.IllegalMoveError
py::handle rules_type();               // tichu_fast.rules.Rules

// The GIL released by the calling thread for one call (use without_gil).
// On Python's main thread the loops' check_stop asks Python for pending
// signals every 20 ms, so Ctrl-C stops them (Stopped, raised as the
// KeyboardInterrupt). Once the interpreter exits (an atexit hook calls
// stop_all_loops), another thread never takes the GIL back: it waits
// without it for the process to end, where taking it during finalization
// would end the thread inside C++ (std::terminate).
class GilFree {
 public:
  GilFree();
  ~GilFree() = default;
  GilFree(const GilFree&) = delete;
  GilFree& operator=(const GilFree&) = delete;
  void reacquire();  // a plain call, not a destructor: nothing here may run while an exception unwinds

 private:
  struct MainPoll final : StopPoll {
    PyThreadState* state = nullptr;
    bool poll() override;
  };
  MainPoll poll_;
  bool main_;
  std::optional<StopScope> scope_;
};

// fn() with the GIL released (anything longer than a few microseconds of
// C++); its exception is rethrown once the GIL is held again.
template <class Fn>
auto without_gil(Fn&& fn) -> std::invoke_result_t<Fn&> {
  using Result = std::invoke_result_t<Fn&>;
  GilFree gil;
  std::exception_ptr error;
  if constexpr (std::is_void_v<Result>) {
    try {
      fn();
    } catch (...) {
      error = std::current_exception();
    }
    gil.reacquire();
    if (error) std::rethrow_exception(error);
  } else {
    std::optional<Result> result;
    try {
      result.emplace(fn());
    } catch (...) {
      error = std::current_exception();
    }
    gil.reacquire();
    if (error) std::rethrow_exception(error);
    return std::move(*result);
  }
}

// A numpy array of `n` records of the dtype `name` in tichu_fast.formats,
// filled from `records` (laid out exactly like the dtype).
template <class Record>
py::array records_array(const char* name, const std::vector<Record>& records) {
  const auto dtype = py::module_::import("tichu_fast.formats").attr(name).cast<py::dtype>();
  if (dtype.itemsize() != static_cast<py::ssize_t>(sizeof(Record)))
    throw std::logic_error(std::string(name) + " does not match C++");
  py::array out(dtype, std::vector<py::ssize_t>{static_cast<py::ssize_t>(records.size())});
  if (!records.empty()) std::memcpy(out.mutable_data(), records.data(), records.size() * sizeof(Record));
  return out;
}

// At import: remembers Python's main thread and registers the atexit hook
// that stops every loop (module.cpp).
void init_gil_handling();

// One world drawn for `player` (HandState.resample; infostate_bindings.cpp).
RecordedHand one_world(const RecordedHand& hand, py::handle player_obj, py::handle seed_obj);

// A push's three cards as (name, name, name) (action_bindings.cpp).
py::object card_triple(const std::array<std::uint8_t, 3>& cards);

// One register_* per area, each in its own file (X_bindings.cpp unless named), called in this order
// by module.cpp.
void register_cards(py::module_& m);
void register_move(py::module_& m);
void register_functions(py::module_& m);
void register_legal(py::module_& m);
void register_action(py::module_& m);        // _core.Action
void register_hand(py::module_& m);          // _core.HandCore: the state and its history
void register_observation(py::module_& m);   // HandCore.observation, the flat observation
void register_fast_methods(py::module_& m);  // fast_methods.cpp: per-decision calls as CPython methods
void register_match(py::module_& m);         // the Rules conversion and R9.1
void register_infostate(py::module_& m);     // worlds (resample.hpp)
void register_bench(py::module_& m);
void register_search(py::module_& m);     // policies, playouts, simulate
void register_ismcts(py::module_& m);     // the ISMCTS search (ismcts.hpp)
void register_rl(py::module_& m);         // action ids, masks, tensors (docs/rl.md)
void register_vec(py::module_& m);        // VecHands
void register_duplicate(py::module_& m);  // the arena's fast path
void register_solver(py::module_& m);     // the open-hand solver (solver.hpp)
void register_belief(py::module_& m);     // worlds weighted by a belief (belief.hpp)
void register_net_functions(py::module_& m);  // the network: registry and forward pass (net.hpp)

}  // namespace tichu::bindings
