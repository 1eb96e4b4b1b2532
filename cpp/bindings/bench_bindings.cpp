// Timing loops that run entirely in C++, so bench/ can report the core's
// own speed beside the cost of calling it from Python.
#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "common.hpp"
#include "tichu/game/movegen.hpp"
#include "tichu/game/state.hpp"
#include "tichu/play/net.hpp"

namespace tichu::bindings {

void register_bench(py::module_& m) {
  m.def(
      "_time_legal_moves",
      [](const py::array_t<std::uint64_t, py::array::c_style>& hands, py::handle table, py::handle wish,
         bool out_of_turn, int repeat, bool count_only) {
        Move storage;
        Situation s;
        s.table = to_table(table, storage);
        s.wish = wish.is_none() ? 0 : static_cast<int>(small_int(wish, "wish"));
        s.out_of_turn = out_of_turn;
        // A copy: the GIL is released below, and the caller's array could change meanwhile.
        const std::vector<std::uint64_t> data(hands.data(), hands.data() + hands.size());
        const auto n = static_cast<py::ssize_t>(data.size());
        for (py::ssize_t i = 0; i < n; ++i) {
          s.hand = data[static_cast<std::size_t>(i)];
          check_situation(s);
        }
        std::vector<Move> moves(kMaxLegalMoves);
        std::uint64_t total = 0;
        std::chrono::duration<double> elapsed{};
        without_gil([&] {
          const auto start = std::chrono::steady_clock::now();
          for (int r = 0; r < repeat; ++r) {
            for (py::ssize_t i = 0; i < n; ++i) {
              s.hand = data[static_cast<std::size_t>(i)];
              total += static_cast<std::uint64_t>(count_only ? count_legal_moves(s) : legal_moves(s, moves.data()));
            }
          }
          elapsed = std::chrono::steady_clock::now() - start;
        });
        return py::make_tuple(total, elapsed.count());
      },
      py::arg("hands"), py::arg("table"), py::arg("wish"), py::arg("out_of_turn"), py::arg("repeat"),
      py::arg("count_only") = false,
      "Runs legal_moves over `hands` `repeat` times in C++; returns (total moves, seconds).");
  m.def(
      "_count_leads_many",
      [](const py::array_t<std::uint64_t, py::array::c_style>& hands) {
        const std::vector<std::uint64_t> data(hands.data(), hands.data() + hands.size());
        for (std::uint64_t hand : data) {
          check_situation(Situation{.hand = hand, .table = nullptr, .wish = 0, .out_of_turn = false});
        }
        std::vector<std::int32_t> counts(data.size());
        without_gil([&] {
          for (std::size_t i = 0; i < data.size(); ++i) {
            counts[i] =
                count_legal_moves(Situation{.hand = data[i], .table = nullptr, .wish = 0, .out_of_turn = false});
          }
        });
        py::array_t<std::int32_t> result(static_cast<py::ssize_t>(counts.size()));
        std::ranges::copy(counts, result.mutable_data());
        return result;
      },
      py::arg("hands"), "The number of leads of each hand (for scripts/max_legal_moves.py).");
  m.def(
      "_time_clone",
      [](const RecordedHand& hand, int repeat) {
        const HandState& state = hand.state();
        // Each copy is read back, so the compiler cannot drop it.
        volatile std::uint64_t sink = 0;
        const auto start = std::chrono::steady_clock::now();
        for (int r = 0; r < repeat; ++r) {
          HandState copy = state;
#if defined(__GNUC__)
          asm volatile("" : : "r"(&copy) : "memory");  // the whole copy must exist
#endif
          sink = sink + copy.hand(r & 3);
        }
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        return elapsed.count() / repeat;
      },
      py::arg("state"), py::arg("repeat"), "Seconds per copy of a HandCore's HandState in C++ (without its history).");
  m.def(
      "_time_net",
      [](const std::string& name, const std::vector<const RecordedHand*>& hands, int repeat, bool moves) {
        const std::shared_ptr<const Net> net = registered_net(name);
        std::vector<HandState> states;
        for (const RecordedHand* h : hands) states.push_back(h->state());
        std::vector<Move> legal(kMaxLegalMoves);
        std::vector<float> logits(kMaxLegalMoves);
        long long evaluations = 0, listed = 0;
        std::chrono::duration<double> elapsed{};
        without_gil([&] {
          const auto start = std::chrono::steady_clock::now();
          for (int r = 0; r < repeat; ++r) {
            for (const HandState& s : states) {
              const bool in_turn = s.decision() == Decision::Play;
              const int n = moves ? legal_moves(Situation{.hand = s.hand(s.current_player()),
                                                          .table = s.table(),
                                                          .wish = in_turn ? s.wish() : 0,
                                                          .out_of_turn = !in_turn},
                                                legal.data())
                                  : 0;
              net->evaluate(s, s.current_player(), legal.data(), n, logits.data());
              ++evaluations;
              listed += n;
            }
          }
          elapsed = std::chrono::steady_clock::now() - start;
        });
        return py::make_tuple(elapsed.count() / static_cast<double>(std::max(1LL, evaluations)),
                              static_cast<double>(listed) / static_cast<double>(std::max(1LL, evaluations)));
      },
      py::arg("name"), py::arg("states"), py::arg("repeat"), py::arg("moves"),
      "Seconds per evaluation of the network `name` at each PLAY/BOMB state (with its legal moves listed and "
      "scored when `moves`), and the mean number of moves; all in C++.");
}

}  // namespace tichu::bindings
