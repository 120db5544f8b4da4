// LU decomposition without pivoting, blocked as Rodinia's lud_cuda: per
// diagonal block, one kernel factors the block in shared memory, one solves
// the row and column panels beside it against it, and one updates the
// trailing matrix by the panels' product, tile by tile in shared memory.
//
//   lud IN OUT RUNS N
//
// IN: the N*N f32 matrix (row-major, raw). OUT: the factored matrix (L
// below the diagonal without its unit diagonal, U on and above). Prints
// one line "time_us T" per timed run: host time between synchronised
// start and end of a whole factorisation, including copying the input to
// the working matrix on the device (the input stays intact, as fcc's entry
// point must leave it), excluding transfers between host and device.
// N must be a multiple of BS.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <cuda_runtime.h>

#define CK(x) check((x), #x, __LINE__)
static void check(cudaError_t e, const char *what, int line) {
  if (e != cudaSuccess) {
    fprintf(stderr, "lud.cu:%d: %s: %s\n", line, what, cudaGetErrorString(e));
    exit(1);
  }
}

#ifndef BS
#define BS 32
#endif

// Factors the diagonal block at (k, k) in place.
__global__ void lud_diagonal(float *a, int n, int k) {
  __shared__ float s[BS][BS + 1];
  int t = threadIdx.x;
  for (int i = 0; i < BS; i++) s[i][t] = a[(size_t)(k + i) * n + k + t];
  __syncthreads();
  for (int p = 0; p < BS - 1; p++) {
    // Thread t owns row t: it scales its entry in column p, then updates
    // the rest of its row.
    if (t > p) {
      float l = s[t][p] / s[p][p];
      s[t][p] = l;
      for (int j = p + 1; j < BS; j++) s[t][j] -= l * s[p][j];
    }
    __syncthreads();
  }
  for (int i = 0; i < BS; i++) a[(size_t)(k + i) * n + k + t] = s[i][t];
}

// Block b of the row panel (right of the diagonal block) becomes
// L11^-1 A12 and block b of the column panel (below it) A21 U11^-1. Blocks
// 0..m-1 of the grid do the row panel, m..2m-1 the column panel.
__global__ void lud_perimeter(float *a, int n, int k, int m) {
  __shared__ float d[BS][BS + 1];
  __shared__ float p[BS][BS + 1];
  int t = threadIdx.x;
  bool row = blockIdx.x < m;
  int off = k + BS + BS * (row ? blockIdx.x : blockIdx.x - m);
  for (int i = 0; i < BS; i++) d[i][t] = a[(size_t)(k + i) * n + k + t];
  if (row)
    for (int i = 0; i < BS; i++) p[i][t] = a[(size_t)(k + i) * n + off + t];
  else
    for (int i = 0; i < BS; i++) p[i][t] = a[(size_t)(off + i) * n + k + t];
  __syncthreads();
  if (row) {
    // Thread t: column t, forward substitution with the unit lower L11.
    for (int i = 1; i < BS; i++) {
      float s = 0;
      for (int q = 0; q < i; q++) s += d[i][q] * p[q][t];
      p[i][t] -= s;
    }
  } else {
    // Thread t: row t, x U11 = row.
    for (int j = 0; j < BS; j++) {
      float s = 0;
      for (int q = 0; q < j; q++) s += p[t][q] * d[q][j];
      p[t][j] = (p[t][j] - s) / d[j][j];
    }
  }
  __syncthreads();
  if (row)
    for (int i = 0; i < BS; i++) a[(size_t)(k + i) * n + off + t] = p[i][t];
  else
    for (int i = 0; i < BS; i++) a[(size_t)(off + i) * n + k + t] = p[i][t];
}

// The trailing update A22 -= L21 U12, one BS x BS tile per thread block.
// Threads (tx, ty) with ty in [0, BS/4) each update four rows.
__global__ void lud_internal(float *a, int n, int k) {
  __shared__ float l[BS][BS + 1];
  __shared__ float u[BS][BS + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int gi = k + BS + blockIdx.y * BS;
  int gj = k + BS + blockIdx.x * BS;
  for (int i = ty; i < BS; i += BS / 4) {
    l[i][tx] = a[(size_t)(gi + i) * n + k + tx];
    u[i][tx] = a[(size_t)(k + i) * n + gj + tx];
  }
  __syncthreads();
  float acc[4] = {0, 0, 0, 0};
  for (int q = 0; q < BS; q++) {
    float uq = u[q][tx];
#pragma unroll
    for (int r = 0; r < 4; r++) acc[r] += l[ty + r * (BS / 4)][q] * uq;
  }
#pragma unroll
  for (int r = 0; r < 4; r++) a[(size_t)(gi + ty + r * (BS / 4)) * n + gj + tx] -= acc[r];
}

static void lud(float *a, int n) {
  int nb = n / BS;
  for (int s = 0; s < nb; s++) {
    int k = s * BS;
    lud_diagonal<<<1, BS>>>(a, n, k);
    int m = nb - s - 1;
    if (m == 0) break;
    lud_perimeter<<<2 * m, BS>>>(a, n, k, m);
    lud_internal<<<dim3(m, m), dim3(BS, BS / 4)>>>(a, n, k);
  }
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: lud IN OUT RUNS N\n");
    return 2;
  }
  int runs = atoi(argv[3]);
  int n = atoi(argv[4]);
  if (n <= 0 || n % BS != 0) {
    fprintf(stderr, "lud: N (%d) must be a positive multiple of %d\n", n, BS);
    return 2;
  }
  size_t bytes = (size_t)n * n * sizeof(float);
  std::vector<float> h((size_t)n * n);
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(h.data(), 1, bytes, f) != bytes) {
    fprintf(stderr, "lud: cannot read %zu bytes from %s\n", bytes, argv[1]);
    return 1;
  }
  fclose(f);
  float *in, *a;
  CK(cudaMalloc(&in, bytes));
  CK(cudaMalloc(&a, bytes));
  CK(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  for (int r = -1; r < runs; r++) {  // run -1 warms up
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    CK(cudaMemcpyAsync(a, in, bytes, cudaMemcpyDeviceToDevice));
    lud(a, n);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0)
      printf("time_us %lld\n", (long long)std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count());
  }
  CK(cudaMemcpy(h.data(), a, bytes, cudaMemcpyDeviceToHost));
  f = fopen(argv[2], "wb");
  if (!f || fwrite(h.data(), 1, bytes, f) != bytes) {
    fprintf(stderr, "lud: cannot write %s\n", argv[2]);
    return 1;
  }
  fclose(f);
  return 0;
}
