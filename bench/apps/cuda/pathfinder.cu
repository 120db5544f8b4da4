// Pathfinder with pyramid blocking, as Rodinia's pathfinder: each launch
// advances PH rows; a thread block of BS threads loads BS columns of the
// current row and computes PH rows in shared memory, its valid part
// shrinking by one column on each side per row, so that it owns the middle
// BS - 2*PH columns (neighbouring blocks overlap by PH on each side).
//
//   pathfinder IN OUT RUNS ROWS COLS
//
// IN: the ROWS*COLS i32 weights (raw, row-major). OUT: the COLS i32 costs
// of the cheapest paths down to each cell of the last row. Prints one line
// "time_us T" per timed run: host time between synchronised start and end
// of a whole run, excluding transfers between host and device.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <cuda_runtime.h>

#define CK(x) check((x), #x, __LINE__)
static void check(cudaError_t e, const char *what, int line) {
  if (e != cudaSuccess) {
    fprintf(stderr, "pathfinder.cu:%d: %s: %s\n", line, what, cudaGetErrorString(e));
    exit(1);
  }
}

#ifndef BS
#define BS 256
#endif
#ifndef PH
#define PH 20
#endif

// Advances iters (<= PH) rows from src to dst; wall points at the first
// row to add.
__global__ void pathfinder_step(int iters, const int *wall, const int *src, int *dst, int cols) {
  __shared__ int prev[BS];
  __shared__ int res[BS];
  int tx = threadIdx.x;
  int owned = BS - 2 * PH;
  int x0 = owned * blockIdx.x - PH;  // the block's first column
  int x = x0 + tx;
  // The valid threads: those over columns of the grid.
  int vmin = x0 < 0 ? -x0 : 0;
  int vmax = x0 + BS - 1 > cols - 1 ? cols - 1 - x0 : BS - 1;
  bool valid = tx >= vmin && tx <= vmax;
  if (valid) prev[tx] = src[x];
  __syncthreads();
  // A missing neighbour at the grid's border is the cell itself.
  int left = max(tx - 1, vmin);
  int right = min(tx + 1, vmax);
  bool computed = false;
  for (int i = 0; i < iters; i++) {
    computed = false;
    if (tx >= i + 1 && tx <= BS - i - 2 && valid) {
      computed = true;
      int m = min(prev[tx], min(prev[left], prev[right]));
      res[tx] = m + wall[(size_t)i * cols + x];
    }
    __syncthreads();
    if (i == iters - 1) break;
    if (computed) prev[tx] = res[tx];
    __syncthreads();
  }
  if (computed) dst[x] = res[tx];
}

// Returns the buffer holding the result.
static int *pathfinder(const int *wall, int *a, int *b, int rows, int cols) {
  CK(cudaMemcpyAsync(a, wall, (size_t)cols * sizeof(int), cudaMemcpyDeviceToDevice));
  int owned = BS - 2 * PH;
  int blocks = (cols + owned - 1) / owned;
  for (int t = 1; t < rows; t += PH) {
    int iters = rows - t < PH ? rows - t : PH;
    pathfinder_step<<<blocks, BS>>>(iters, wall + (size_t)t * cols, a, b, cols);
    int *c = a;
    a = b;
    b = c;
  }
  return a;
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: pathfinder IN OUT RUNS ROWS COLS\n");
    return 2;
  }
  int runs = atoi(argv[3]);
  int rows = atoi(argv[4]);
  int cols = atoi(argv[5]);
  if (rows < 1 || cols < 1) {
    fprintf(stderr, "pathfinder: bad size %d x %d\n", rows, cols);
    return 2;
  }
  size_t bytes = (size_t)rows * cols * sizeof(int);
  std::vector<int> h((size_t)rows * cols);
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(h.data(), 1, bytes, f) != bytes) {
    fprintf(stderr, "pathfinder: cannot read %zu bytes from %s\n", bytes, argv[1]);
    return 1;
  }
  fclose(f);
  int *wall, *a, *b, *res = nullptr;
  CK(cudaMalloc(&wall, bytes));
  CK(cudaMalloc(&a, (size_t)cols * sizeof(int)));
  CK(cudaMalloc(&b, (size_t)cols * sizeof(int)));
  CK(cudaMemcpy(wall, h.data(), bytes, cudaMemcpyHostToDevice));
  for (int r = -1; r < runs; r++) {  // run -1 warms up
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    res = pathfinder(wall, a, b, rows, cols);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0)
      printf("time_us %lld\n", (long long)std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count());
  }
  CK(cudaMemcpy(h.data(), res, (size_t)cols * sizeof(int), cudaMemcpyDeviceToHost));
  f = fopen(argv[2], "wb");
  if (!f || fwrite(h.data(), 1, (size_t)cols * sizeof(int), f) != (size_t)cols * sizeof(int)) {
    fprintf(stderr, "pathfinder: cannot write %s\n", argv[2]);
    return 1;
  }
  fclose(f);
  return 0;
}
