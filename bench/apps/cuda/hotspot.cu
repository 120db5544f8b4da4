// HotSpot with pyramid (temporal) blocking, as Rodinia's hotspot: each
// launch advances PH steps; a thread block loads a BS x BS tile of the
// temperatures and the power map into shared memory and steps the tile PH
// times there, its valid part shrinking by one cell on each side per step,
// so that it owns the middle (BS - 2*PH)^2 cells.
//
//   hotspot IN OUT RUNS ROWS COLS STEPS
//
// IN: the ROWS*COLS f32 temperatures, then as many f32 powers (raw,
// row-major). OUT: the temperatures after STEPS steps. Prints one line
// "time_us T" per timed run: host time between synchronised start and end
// of a whole simulation, excluding transfers between host and device.
// Coefficients as Rodinia's (chip of 0.016 m square), in f32.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <cuda_runtime.h>

#define CK(x) check((x), #x, __LINE__)
static void check(cudaError_t e, const char *what, int line) {
  if (e != cudaSuccess) {
    fprintf(stderr, "hotspot.cu:%d: %s: %s\n", line, what, cudaGetErrorString(e));
    exit(1);
  }
}

#ifndef BS
#define BS 16
#endif
#ifndef PH
#define PH 2
#endif
#define AMB_TEMP 80.0f

struct Coef {
  float cc, cx, cy, cz;
};

__global__ void hotspot_step(int iters, const float *power, const float *src, float *dst,
                             int rows, int cols, Coef k) {
  __shared__ float cur[BS][BS];
  __shared__ float nxt[BS][BS];
  __shared__ float pw[BS][BS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int owned = BS - 2 * PH;
  int x0 = owned * blockIdx.x - PH, y0 = owned * blockIdx.y - PH;
  int x = x0 + tx, y = y0 + ty;
  int vxmin = x0 < 0 ? -x0 : 0, vymin = y0 < 0 ? -y0 : 0;
  int vxmax = x0 + BS - 1 > cols - 1 ? cols - 1 - x0 : BS - 1;
  int vymax = y0 + BS - 1 > rows - 1 ? rows - 1 - y0 : BS - 1;
  bool valid = tx >= vxmin && tx <= vxmax && ty >= vymin && ty <= vymax;
  if (valid) {
    cur[ty][tx] = src[(size_t)y * cols + x];
    pw[ty][tx] = power[(size_t)y * cols + x];
  }
  __syncthreads();
  // A missing neighbour at the grid's border is the cell itself.
  int n = max(ty - 1, vymin), s = min(ty + 1, vymax);
  int w = max(tx - 1, vxmin), e = min(tx + 1, vxmax);
  bool computed = false;
  for (int i = 0; i < iters; i++) {
    computed = false;
    if (valid && tx >= i + 1 && tx <= BS - i - 2 && ty >= i + 1 && ty <= BS - i - 2) {
      computed = true;
      float t = cur[ty][tx];
      nxt[ty][tx] = t + k.cc * pw[ty][tx] + (cur[s][tx] + cur[n][tx] - 2.0f * t) * k.cy +
                    (cur[ty][e] + cur[ty][w] - 2.0f * t) * k.cx + (AMB_TEMP - t) * k.cz;
    }
    __syncthreads();
    if (i == iters - 1) break;
    if (computed) cur[ty][tx] = nxt[ty][tx];
    __syncthreads();
  }
  if (computed) dst[(size_t)y * cols + x] = nxt[ty][tx];
}

static Coef coefficients(int rows, int cols) {
  float max_pd = 3.0e6f, precision = 0.001f, spec_heat_si = 1.75e6f, k_si = 100.0f;
  float factor_chip = 0.5f, t_chip = 0.0005f;
  float gh = 0.016f / (float)rows, gw = 0.016f / (float)cols;
  float cap = factor_chip * spec_heat_si * t_chip * gw * gh;
  float rx = gw / (2.0f * k_si * t_chip * gh);
  float ry = gh / (2.0f * k_si * t_chip * gw);
  float rz = t_chip / (k_si * gh * gw);
  float max_slope = max_pd / (factor_chip * t_chip * spec_heat_si);
  float step = precision / max_slope;
  float cc = step / cap;
  return Coef{cc, cc / rx, cc / ry, cc / rz};
}

// Returns the buffer holding the result.
static float *hotspot(const float *temp, const float *power, float *a, float *b, int rows, int cols,
                      int steps, Coef k) {
  CK(cudaMemcpyAsync(a, temp, (size_t)rows * cols * sizeof(float), cudaMemcpyDeviceToDevice));
  int owned = BS - 2 * PH;
  dim3 grid((cols + owned - 1) / owned, (rows + owned - 1) / owned);
  for (int t = 0; t < steps; t += PH) {
    int iters = steps - t < PH ? steps - t : PH;
    hotspot_step<<<grid, dim3(BS, BS)>>>(iters, power, a, b, rows, cols, k);
    float *c = a;
    a = b;
    b = c;
  }
  return a;
}

int main(int argc, char **argv) {
  if (argc != 7) {
    fprintf(stderr, "usage: hotspot IN OUT RUNS ROWS COLS STEPS\n");
    return 2;
  }
  int runs = atoi(argv[3]);
  int rows = atoi(argv[4]), cols = atoi(argv[5]), steps = atoi(argv[6]);
  if (rows < 1 || cols < 1 || steps < 0) {
    fprintf(stderr, "hotspot: bad size %d x %d, %d steps\n", rows, cols, steps);
    return 2;
  }
  size_t cells = (size_t)rows * cols, bytes = cells * sizeof(float);
  std::vector<float> h(2 * cells);
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(h.data(), 1, 2 * bytes, f) != 2 * bytes) {
    fprintf(stderr, "hotspot: cannot read %zu bytes from %s\n", 2 * bytes, argv[1]);
    return 1;
  }
  fclose(f);
  float *temp, *power, *a, *b, *res = nullptr;
  CK(cudaMalloc(&temp, bytes));
  CK(cudaMalloc(&power, bytes));
  CK(cudaMalloc(&a, bytes));
  CK(cudaMalloc(&b, bytes));
  CK(cudaMemcpy(temp, h.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(power, h.data() + cells, bytes, cudaMemcpyHostToDevice));
  Coef k = coefficients(rows, cols);
  for (int r = -1; r < runs; r++) {  // run -1 warms up
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    res = hotspot(temp, power, a, b, rows, cols, steps, k);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0)
      printf("time_us %lld\n", (long long)std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count());
  }
  CK(cudaMemcpy(h.data(), res, bytes, cudaMemcpyDeviceToHost));
  f = fopen(argv[2], "wb");
  if (!f || fwrite(h.data(), 1, bytes, f) != bytes) {
    fprintf(stderr, "hotspot: cannot write %s\n", argv[2]);
    return 1;
  }
  fclose(f);
  return 0;
}
