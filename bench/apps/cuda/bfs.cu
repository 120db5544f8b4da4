// Breadth-first search, as Rodinia's bfs: level-synchronous over masks;
// each level, one kernel lets every node of the frontier visit its edges
// and mark the unvisited destinations, and one makes the marked nodes the
// next frontier and raises a flag that the host reads to stop.
//
//   bfs IN OUT RUNS N M
//
// IN: the N i32 first edges, the N i32 degrees and the M i32 edge
// destinations of a graph in compressed rows (raw); the source is node 0.
// OUT: the N i32 distances from the source (-1: unreachable). Prints one
// line "time_us T" per timed run: host time between synchronised start
// and end of a whole search (initialisation and the per-level flag reads
// included), excluding the input's transfer to the device.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <cuda_runtime.h>

#define CK(x) check((x), #x, __LINE__)
static void check(cudaError_t e, const char *what, int line) {
  if (e != cudaSuccess) {
    fprintf(stderr, "bfs.cu:%d: %s: %s\n", line, what, cudaGetErrorString(e));
    exit(1);
  }
}

#define NT 256

__global__ void init(int *cost, char *mask, char *visited, char *updating, int n, int source) {
  int i = blockIdx.x * NT + threadIdx.x;
  if (i < n) {
    cost[i] = i == source ? 0 : -1;
    mask[i] = i == source;
    visited[i] = i == source;
    updating[i] = 0;
  }
}

__global__ void expand(const int *start, const int *degree, const int *edges, const char *mask,
                       const char *visited, char *updating, int *cost, int n) {
  int i = blockIdx.x * NT + threadIdx.x;
  if (i < n && mask[i]) {
    int c = cost[i] + 1;
    int s = start[i], e = s + degree[i];
    for (int k = s; k < e; k++) {
      int d = edges[k];
      if (!visited[d]) {
        cost[d] = c;  // every writer of a level writes the same value
        updating[d] = 1;
      }
    }
  }
}

__global__ void advance(char *mask, char *visited, char *updating, int *more, int n) {
  int i = blockIdx.x * NT + threadIdx.x;
  if (i < n) {
    mask[i] = 0;
    if (updating[i]) {
      mask[i] = 1;
      visited[i] = 1;
      updating[i] = 0;
      *more = 1;
    }
  }
}

static void bfs(const int *start, const int *degree, const int *edges, int *cost, char *mask, char *visited,
                char *updating, int *more, int *hmore, int n) {
  int blocks = (n + NT - 1) / NT;
  init<<<blocks, NT>>>(cost, mask, visited, updating, n, 0);
  do {
    CK(cudaMemsetAsync(more, 0, sizeof(int)));
    expand<<<blocks, NT>>>(start, degree, edges, mask, visited, updating, cost, n);
    advance<<<blocks, NT>>>(mask, visited, updating, more, n);
    CK(cudaMemcpy(hmore, more, sizeof(int), cudaMemcpyDeviceToHost));
  } while (*hmore);
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: bfs IN OUT RUNS N M\n");
    return 2;
  }
  int runs = atoi(argv[3]);
  int n = atoi(argv[4]), m = atoi(argv[5]);
  if (n < 1 || m < 0) {
    fprintf(stderr, "bfs: bad sizes N=%d M=%d\n", n, m);
    return 2;
  }
  std::vector<int> h(2 * (size_t)n + m);
  size_t bytes = h.size() * sizeof(int);
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(h.data(), 1, bytes, f) != bytes) {
    fprintf(stderr, "bfs: cannot read %zu bytes from %s\n", bytes, argv[1]);
    return 1;
  }
  fclose(f);
  for (size_t k = 2 * (size_t)n; k < h.size(); k++)
    if (h[k] < 0 || h[k] >= n) {
      fprintf(stderr, "bfs: edge %zu goes to node %d, outside [0, %d)\n", k - 2 * (size_t)n, h[k], n);
      return 1;
    }
  int *in, *cost, *more, *hmore;
  char *flags;
  CK(cudaMalloc(&in, bytes));
  CK(cudaMalloc(&cost, n * sizeof(int)));
  CK(cudaMalloc(&flags, 3 * (size_t)n));
  CK(cudaMalloc(&more, sizeof(int)));
  CK(cudaMallocHost(&hmore, sizeof(int)));
  CK(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  const int *start = in, *degree = in + n, *edges = in + 2 * (size_t)n;
  for (int r = -1; r < runs; r++) {  // run -1 warms up
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    bfs(start, degree, edges, cost, flags, flags + n, flags + 2 * (size_t)n, more, hmore, n);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0)
      printf("time_us %lld\n", (long long)std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count());
  }
  CK(cudaMemcpy(h.data(), cost, n * sizeof(int), cudaMemcpyDeviceToHost));
  f = fopen(argv[2], "wb");
  if (!f || fwrite(h.data(), sizeof(int), n, f) != (size_t)n) {
    fprintf(stderr, "bfs: cannot write %s\n", argv[2]);
    return 1;
  }
  fclose(f);
  return 0;
}
