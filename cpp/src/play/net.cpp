#include "tichu/play/net.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "tichu/game/observation_tensor.hpp"

namespace tichu {
namespace {

constexpr int kIn = kObservationTensorSize;
constexpr int kMoveIn = features::kSize;

void check_size(const std::vector<float>& w, std::size_t expected, const char* name) {
  if (w.size() != expected) {
    throw std::invalid_argument(std::string("network weight ") + name + " holds " + std::to_string(w.size()) +
                                " floats, expected " + std::to_string(expected));
  }
}

// [out][in] row-major -> [in][out] row-major.
std::vector<float> transposed(const std::vector<float>& w, int out, int in) {
  std::vector<float> t(w.size());
  for (int o = 0; o < out; ++o) {
    for (int i = 0; i < in; ++i) {
      t[static_cast<std::size_t>(i) * out + o] = w[static_cast<std::size_t>(o) * in + i];
    }
  }
  return t;
}

#if defined(__GNUC__)
// Vectors of W floats (GCC's and Clang's vector types): `reg` held in
// registers, `at` read and written in place at any float (unaligned, may
// alias). Spelled out per width: GCC 12 mis-sizes a vector_size that depends
// on a template parameter.
template <int W>
struct Floats;
template <>
struct Floats<4> {
  using reg = float __attribute__((vector_size(16)));
  using at = float __attribute__((vector_size(16), aligned(4), may_alias));
};
template <>
struct Floats<8> {
  using reg = float __attribute__((vector_size(32)));
  using at = float __attribute__((vector_size(32), aligned(4), may_alias));
};
#endif

// acc[0, out) = bias + the sum over the listed inputs i of x[i] * row i of
// wt ([in][out]), with vectors of W floats: outputs are taken 16 at a time,
// held in registers while every listed row is added, the last few one by one.
// Each output is summed in the same order whatever W is, and -ffp-contract=off
// (CMakeLists.txt) rounds every product before it is added, so every width
// gives the same floats to the bit: a seed's games do not depend on the CPU.
// Inlined into each width's function below, and so built for its registers.
template <int W>
[[gnu::always_inline]] inline void add_rows_by(const float* x, const int* inputs, int n, const float* wt,
                                               const float* bias, int out, float* acc) {
  int o = 0;
#if defined(__GNUC__)
  using At = typename Floats<W>::at;
  constexpr std::size_t kW = W, kVecs = 16 / W;
  for (; o + 16 <= out; o += 16) {
    std::array<typename Floats<W>::reg, kVecs> sum;
    for (std::size_t j = 0; j < kVecs; ++j) sum[j] = *reinterpret_cast<const At*>(bias + o + j * kW);
    for (int k = 0; k < n; ++k) {
      const float* row = wt + static_cast<std::ptrdiff_t>(inputs[k]) * out + o;
      const float xi = x[inputs[k]];
      for (std::size_t j = 0; j < kVecs; ++j) sum[j] += xi * *reinterpret_cast<const At*>(row + j * kW);
    }
    for (std::size_t j = 0; j < kVecs; ++j) *reinterpret_cast<At*>(acc + o + j * kW) = sum[j];
  }
#endif
  for (; o < out; ++o) {
    float v = bias[o];
    for (int k = 0; k < n; ++k) v += x[inputs[k]] * wt[static_cast<std::ptrdiff_t>(inputs[k]) * out + o];
    acc[o] = v;
  }
}

using AddRows = void (*)(const float*, const int*, int, const float*, const float*, int, float*);

// Four floats: SSE2's and NEON's width, everywhere this builds.
void add_rows_4(const float* x, const int* inputs, int n, const float* wt, const float* bias, int out, float* acc) {
  add_rows_by<4>(x, inputs, n, wt, bias, out, acc);
}

#if defined(__GNUC__) && defined(__x86_64__)
// On x86-64, AVX2's eight floats where the CPU has them, chosen once at load:
// the distributed wheel is built for the baseline x86-64 (SSE2), and a policy
// decision, mostly these sums, then costs about 15% less. (AVX-512's
// sixteen were slower than these eight on the machine measured, docs/net.md.)
__attribute__((target("avx2"))) void add_rows_8(const float* x, const int* inputs, int n, const float* wt,
                                                const float* bias, int out, float* acc) {
  add_rows_by<8>(x, inputs, n, wt, bias, out, acc);
}

AddRows widest_add_rows() noexcept {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2")) return add_rows_8;
  return add_rows_4;
}
#else
AddRows widest_add_rows() noexcept { return add_rows_4; }
#endif

const AddRows add_rows = widest_add_rows();

// The places of x's nonzero entries into `inputs`, their count returned; no
// branch per entry (a test per input mispredicts on the sparse tensor's
// irregular zeros).
int nonzero_places(const float* x, int in, int* inputs) {
  int n = 0;
  for (int i = 0; i < in; ++i) {
    inputs[n] = i;
    n += static_cast<int>(x[i] != 0.0f);
  }
  return n;
}

// acc = bias + Wt^T x over the nonzero inputs of x.
void layer(const float* x, int in, const std::vector<float>& wt, const std::vector<float>& bias, int out, float* acc,
           int* inputs) {
  add_rows(x, inputs, nonzero_places(x, in, inputs), wt.data(), bias.data(), out, acc);
}

void relu(float* v, int n) {
  for (int k = 0; k < n; ++k) v[k] = std::max(v[k], 0.0f);
}

std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

std::map<std::string, std::shared_ptr<const Net>, std::less<>>& registry() {
  static std::map<std::string, std::shared_ptr<const Net>, std::less<>> nets;
  return nets;
}

}  // namespace

Net::Net(NetWeights w) : h1_(w.h1), h_(w.h) {
  if (h1_ <= 0 || h_ <= 0) throw std::invalid_argument("network hidden sizes must be positive");
  const auto h1 = static_cast<std::size_t>(h1_), h = static_cast<std::size_t>(h_);
  check_size(w.w1, h1 * kIn, "W1");
  check_size(w.b1, h1, "b1");
  check_size(w.w2, h * h1, "W2");
  check_size(w.b2, h, "b2");
  check_size(w.wv, 2 * h, "Wv");
  check_size(w.bv, 2, "bv");
  check_size(w.ws, h * h, "Ws");
  check_size(w.bp, h, "bp");
  check_size(w.wm, h * kMoveIn, "Wm");
  check_size(w.wo, h, "wo");
  w1t_ = transposed(w.w1, h1_, kIn);
  w2t_ = transposed(w.w2, h_, h1_);
  wst_ = transposed(w.ws, h_, h_);
  wmt_ = transposed(w.wm, h_, kMoveIn);
  b1_ = std::move(w.b1);
  b2_ = std::move(w.b2);
  wv_ = std::move(w.wv);
  bv_ = std::move(w.bv);
  bp_ = std::move(w.bp);
  wo_ = std::move(w.wo);
}

NetValue Net::evaluate(const HandState& s, int player, const Move* moves, int n, float* logits) const {
  // A few kilobytes on the stack: no allocation per decision (playouts call this at every play).
  constexpr int kMaxWidth = 1024;
  if (h1_ > kMaxWidth || h_ > kMaxWidth) throw std::invalid_argument("network wider than 1024");
  std::array<float, kIn> x;
  std::array<float, kMaxWidth> a1, a2, st, z;
  std::array<float, features::kMaxEntries> f;  // a move's nonzero features, at `places`
  std::array<int, features::kMaxEntries> places;
  std::array<float, kMoveIn> dense{};           // the same scattered, for add_rows to read by place
  std::array<int, kIn> nonzero;
  fill_observation_tensor(s, player, x.data());
  layer(x.data(), kIn, w1t_, b1_, h1_, a1.data(), nonzero.data());
  relu(a1.data(), h1_);
  layer(a1.data(), h1_, w2t_, b2_, h_, a2.data(), nonzero.data());  // relu's zeros are skipped: a sparse layer
  relu(a2.data(), h_);
  NetValue value{};
  for (std::size_t o = 0; o < 2; ++o) {
    float v = bv_[o];
    for (int k = 0; k < h_; ++k) v += wv_[o * static_cast<std::size_t>(h_) + static_cast<std::size_t>(k)] * a2[k];
    value[o] = v;
  }
  if (n == 0) return value;
  layer(a2.data(), h_, wst_, bp_, h_, st.data(), nonzero.data());
  for (int m = 0; m < n; ++m) {
    const int entries = move_feature_entries(moves[m], places.data(), f.data());
    for (int e = 0; e < entries; ++e)
      dense[static_cast<std::size_t>(places[static_cast<std::size_t>(e)])] = f[static_cast<std::size_t>(e)];
    add_rows(dense.data(), places.data(), entries, wmt_.data(), st.data(), h_, z.data());
    for (int e = 0; e < entries; ++e) dense[static_cast<std::size_t>(places[static_cast<std::size_t>(e)])] = 0.0f;
    float logit = 0.0f;
    for (int k = 0; k < h_; ++k) logit += wo_[static_cast<std::size_t>(k)] * std::max(z[k], 0.0f);
    logits[m] = logit;
  }
  return value;
}

std::array<double, 2> value_returns(const Net& net, const HandState& s) {
  const int seat = s.current_player();
  const double m = net.evaluate(s, seat, nullptr, 0, nullptr)[0] * kRewardScale;
  const double team0 = (seat & 1) == 0 ? m : -m;
  return {(100.0 + team0) / 2.0, (100.0 - team0) / 2.0};
}

void register_net(const std::string& name, std::shared_ptr<const Net> net) {
  const std::scoped_lock lock(registry_mutex());
  registry()[name] = std::move(net);
}

std::shared_ptr<const Net> registered_net(std::string_view name) {
  const std::scoped_lock lock(registry_mutex());
  const auto found = registry().find(name);
  if (found == registry().end()) {
    throw std::invalid_argument("no network named '" + std::string(name) +
                                "' is loaded (tichu_fast.net.load registers one)");
  }
  return found->second;
}

}  // namespace tichu
