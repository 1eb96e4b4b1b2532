// Module functions: readings, the move order, scoring, dealing and numpy
// conversions. Legal moves live in legal_bindings.cpp.
#include <array>
#include <cstring>
#include <string>

#include "common.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/game/score.hpp"
#include "tichu/play/simulate.hpp"

namespace tichu::bindings {
namespace {

ShownResult<py::typing::Union<py::int_, py::array_t<std::int64_t>>> card_points_any(
    const Shown<py::typing::Union<Cards, py::str, py::int_, IntegerArray>>& arg) {
  const py::handle cards = arg.obj;
  if (!py::isinstance<py::array>(cards)) return py::int_(card_points(to_mask(cards)));
  auto array = py::reinterpret_borrow<py::array>(cards);
  if (array.dtype().kind() != 'u' && array.dtype().kind() != 'i') {
    throw py::type_error("card_points takes an integer array of masks");
  }
  auto masks = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>::ensure(array);
  if (!masks) throw py::type_error("card_points takes an integer array of masks");
  py::array_t<std::int64_t> result(std::vector<py::ssize_t>(array.shape(), array.shape() + array.ndim()));
  const std::uint64_t* in = masks.data();
  std::int64_t* points = result.mutable_data();
  for (py::ssize_t i = 0; i < masks.size(); ++i) {
    check_mask(in[i]);
    points[i] = card_points(in[i]);
  }
  return result;
}

py::typing::Tuple<py::int_, py::int_> score_hand_py(const SequenceOf<py::int_>& out_order,
                                                    const SequenceOf<CardsArg>& piles, const CardsArg& tailender_hand,
                                                    const SequenceOf<py::int_>& calls) {
  HandOutcome o;
  if (out_order.size() != 2 && out_order.size() != 3) {
    throw py::value_error("out_order must list 2 seats (double victory) or 3, got " + std::to_string(out_order.size()));
  }
  o.out_count = static_cast<int>(out_order.size());
  for (std::size_t i = 0; i < out_order.size(); ++i) {
    o.out_order[i] = seat_arg(out_order[i]);
  }
  if (piles.size() != 4) throw py::value_error("piles must hold 4 card sets, got " + std::to_string(piles.size()));
  if (calls.size() != 4) throw py::value_error("calls must hold 4 calls, got " + std::to_string(calls.size()));
  for (std::size_t seat = 0; seat < 4; ++seat) {
    o.piles[seat] = to_mask(piles[seat], "a pile");
    const long long call = small_int(calls[seat], "a call");
    if (call < 0 || call > 2)
      throw py::value_error("a call is 0 (none), 1 (Tichu) or 2 (Grand Tichu), got " + std::to_string(call));
    o.calls[seat] = static_cast<Call>(call);
  }
  o.tailender_hand = to_mask(tailender_hand.obj, "tailender_hand");
  check_outcome(o);
  const auto score = score_hand(o);
  return py::make_tuple(score[0], score[1]);
}

std::uint64_t to_seed(py::handle seed) { return uint64_int(seed, "seed (0 <= seed < 2**64)"); }

py::array_t<std::uint64_t> to_masks(const py::typing::Iterable<CardsArg>& hands) {
  std::vector<std::uint64_t> masks;
  for (py::handle hand : hands) masks.push_back(to_mask(hand, "each hand"));
  py::array_t<std::uint64_t> result(static_cast<py::ssize_t>(masks.size()));
  if (!masks.empty()) std::memcpy(result.mutable_data(), masks.data(), masks.size() * sizeof(std::uint64_t));
  return result;
}

py::typing::List<Cards> from_masks(const Shown<IntegerArray>& arg) {
  const py::handle obj = arg.obj;
  if (!py::isinstance<py::array>(obj)) throw py::type_error("from_masks takes a 1-D integer numpy array");
  auto array = py::reinterpret_borrow<py::array>(obj);
  if (array.dtype().kind() != 'u' && array.dtype().kind() != 'i') {
    throw py::type_error("from_masks takes an integer array, not dtype " + std::string(py::str(array.dtype())));
  }
  if (array.ndim() != 1)
    throw py::value_error("from_masks takes a 1-D array, got " + std::to_string(array.ndim()) + "-D");
  py::typing::List<Cards> result;
  for (py::handle value : array) result.append(Cards{mask_from_int(value)});
  return result;
}

}  // namespace

void register_functions(py::module_& m) {
  m.def(
      "classify",
      [](const CardsArg& cards) {
        std::array<Move, kMaxReadings> readings;
        const auto k = static_cast<std::size_t>(classify(to_mask(cards.obj), readings.data()));
        py::typing::List<Move> result;
        for (std::size_t i = 0; i < k; ++i) result.append(readings[i]);
        return result;
      },
      py::arg("cards"), "Every reading of exactly this card set as a combination (R3, R4).");
  m.def(
      "beats",
      [](const Move& move, const TableArg& table) {
        Move storage;
        const Move* t = to_table(table.obj, storage);
        if (t && t->type == MoveType::Pass) throw py::value_error("table must be a combination or None, not a pass");
        return beats(move, t);
      },
      py::arg("move"), py::arg("table"), "Whether `move` may be played on `table` (None: leading).");
  m.def("card_points", &card_points_any, py::arg("cards"), "Card points (R8.5) of a card set or an array of masks.");
  m.def("score_hand", &score_hand_py, py::arg("out_order"), py::arg("piles"), py::arg("tailender_hand"),
        py::arg("calls"), "Team 0 and team 1 scores of a finished hand (R7.3, R8.3 to R8.5).");
  m.def(
      "deal",
      [](const IntArg& seed) {
        const auto hands = deal(to_seed(seed.obj));
        return py::make_tuple(Cards{hands[0]}, Cards{hands[1]}, Cards{hands[2]}, Cards{hands[3]});
      },
      py::arg("seed"), "The four 14-card hands dealt from `seed`.");
  m.def(
      "shuffled_deck",
      [](const IntArg& seed) {
        py::typing::List<py::str> names;
        for (std::uint8_t index : shuffled_deck(to_seed(seed.obj)))
          names.append(py::str(std::string(card_name(index))));
        return names;
      },
      py::arg("seed"), "The 56 card names in the order dealt from `seed`.");
  m.def(
      "hand_seed",
      [](const IntArg& seed, const IntArg& k) {
        return hand_seed(to_seed(seed.obj), uint64_int(k.obj, "k (0 <= k < 2**64)"));
      },
      py::arg("seed"), py::arg("k"), "The seed of hand k (0-based) of a match dealt from `seed` (SplitMix64).");
  m.def("to_masks", &to_masks, py::arg("hands"), "A uint64 array of the hands' masks.");
  m.def("from_masks", &from_masks, py::arg("masks"), "Cards for each mask of a 1-D integer array.");
}

}  // namespace tichu::bindings
