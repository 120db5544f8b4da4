// Needleman-Wunsch, blocked as Rodinia's nw: the score matrix is cut into
// BS x BS tiles; the tiles of one anti-diagonal of tiles are independent,
// so each such diagonal is one launch, a thread block per tile, which
// loads its tile's similarities and the borders above and left of it into
// shared memory and sweeps the tile's own anti-diagonals there.
//
//   nw IN OUT RUNS N PENALTY
//
// IN: the N*N i32 similarities (raw; ref[i-1][j-1] scores a match of item
// i with item j). OUT: the (N+1)*(N+1) i32 score matrix. Prints one line
// "time_us T" per timed run: host time between synchronised start and end
// of a whole alignment (the borders' initialisation included), excluding
// transfers between host and device. N must be a multiple of BS.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <cuda_runtime.h>

#define CK(x) check((x), #x, __LINE__)
static void check(cudaError_t e, const char *what, int line) {
  if (e != cudaSuccess) {
    fprintf(stderr, "nw.cu:%d: %s: %s\n", line, what, cudaGetErrorString(e));
    exit(1);
  }
}

#ifndef BS
#define BS 32
#endif

// The first row and column: gaps.
__global__ void nw_border(int *s, int n, int penalty) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int w = n + 1;
  if (i <= n) {
    s[i] = -i * penalty;
    s[(size_t)i * w] = -i * penalty;
  }
}

// The tiles (bi, d - bi) for bi from lo.
__global__ void nw_tiles(int *s, const int *ref, int n, int penalty, int d, int lo) {
  __shared__ int t[BS + 1][BS + 2];  // padded: an anti-diagonal hits distinct banks
  __shared__ int r[BS][BS + 2];
  int x = threadIdx.x;
  int bi = lo + blockIdx.x;
  int bj = d - bi;
  int w = n + 1;
  int i0 = bi * BS, j0 = bj * BS;  // the tile's cells are (i0+1.., j0+1..)
  if (x == 0) t[0][0] = s[(size_t)i0 * w + j0];
  t[0][x + 1] = s[(size_t)i0 * w + j0 + 1 + x];
  t[x + 1][0] = s[(size_t)(i0 + 1 + x) * w + j0];
  for (int k = 0; k < BS; k++) r[k][x] = ref[(size_t)(i0 + k) * n + j0 + x];
  __syncthreads();
  // Anti-diagonal m of the tile: thread x does row x.
  for (int m = 0; m < 2 * BS - 1; m++) {
    int c = m - x;
    if (c >= 0 && c < BS) {
      int match = t[x][c] + r[x][c];
      int gap = max(t[x][c + 1], t[x + 1][c]) - penalty;
      t[x + 1][c + 1] = max(match, gap);
    }
    __syncthreads();
  }
  for (int k = 0; k < BS; k++) s[(size_t)(i0 + 1 + k) * w + j0 + 1 + x] = t[k + 1][x + 1];
}

static void nw(int *s, const int *ref, int n, int penalty) {
  nw_border<<<(n + 1 + 255) / 256, 256>>>(s, n, penalty);
  int nb = n / BS;
  for (int d = 0; d < 2 * nb - 1; d++) {
    int lo = d < nb ? 0 : d - nb + 1;
    int hi = d < nb ? d : nb - 1;
    nw_tiles<<<hi - lo + 1, BS>>>(s, ref, n, penalty, d, lo);
  }
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: nw IN OUT RUNS N PENALTY\n");
    return 2;
  }
  int runs = atoi(argv[3]);
  int n = atoi(argv[4]);
  int penalty = atoi(argv[5]);
  if (n <= 0 || n % BS != 0) {
    fprintf(stderr, "nw: N (%d) must be a positive multiple of %d\n", n, BS);
    return 2;
  }
  size_t rbytes = (size_t)n * n * sizeof(int);
  size_t sbytes = (size_t)(n + 1) * (n + 1) * sizeof(int);
  std::vector<int> h((size_t)(n + 1) * (n + 1));
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(h.data(), 1, rbytes, f) != rbytes) {
    fprintf(stderr, "nw: cannot read %zu bytes from %s\n", rbytes, argv[1]);
    return 1;
  }
  fclose(f);
  int *ref, *s;
  CK(cudaMalloc(&ref, rbytes));
  CK(cudaMalloc(&s, sbytes));
  CK(cudaMemcpy(ref, h.data(), rbytes, cudaMemcpyHostToDevice));
  for (int r = -1; r < runs; r++) {  // run -1 warms up
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    nw(s, ref, n, penalty);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0)
      printf("time_us %lld\n", (long long)std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count());
  }
  CK(cudaMemcpy(h.data(), s, sbytes, cudaMemcpyDeviceToHost));
  f = fopen(argv[2], "wb");
  if (!f || fwrite(h.data(), 1, sbytes, f) != sbytes) {
    fprintf(stderr, "nw: cannot write %s\n", argv[2]);
    return 1;
  }
  fclose(f);
  return 0;
}
