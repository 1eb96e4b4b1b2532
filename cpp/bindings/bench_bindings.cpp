// Timing loops that run entirely in C++, so bench/ can report the core's
// own speed beside the cost of calling it from Python.
#include <array>
#include <chrono>

#include "common.hpp"
#include "tichu/movegen.hpp"

namespace tichu::bindings {

void bind_bench(py::module_& m) {
  m.def(
      "_time_legal_moves",
      [](const py::array_t<std::uint64_t, py::array::c_style>& hands, py::handle table, py::handle wish,
         bool out_of_turn, int repeat, bool count_only) {
        Move storage;
        Situation s;
        s.table = to_table(table, storage);
        s.wish = wish.is_none() ? 0 : wish.cast<int>();
        s.out_of_turn = out_of_turn;
        const std::uint64_t* data = hands.data();
        const py::ssize_t n = hands.size();
        for (py::ssize_t i = 0; i < n; ++i) {
          s.hand = data[i];
          check_situation(s);
        }
        std::array<Move, kMaxLegalMoves> moves;
        std::uint64_t total = 0;
        py::gil_scoped_release release;
        const auto start = std::chrono::steady_clock::now();
        for (int r = 0; r < repeat; ++r) {
          for (py::ssize_t i = 0; i < n; ++i) {
            s.hand = data[i];
            total += static_cast<std::uint64_t>(count_only ? count_legal_moves(s) : legal_moves(s, moves.data()));
          }
        }
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        return py::make_tuple(total, elapsed.count());
      },
      py::arg("hands"), py::arg("table"), py::arg("wish"), py::arg("out_of_turn"), py::arg("repeat"),
      py::arg("count_only") = false,
      "Runs legal_moves over `hands` `repeat` times in C++; returns (total moves, seconds).");
}

}  // namespace tichu::bindings
