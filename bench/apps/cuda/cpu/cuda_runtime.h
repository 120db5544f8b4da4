// A stand-in for the CUDA runtime, for checking the CUDA baselines on a
// machine without a GPU or nvcc (bench/apps/cuda/cpu/build.sh): device
// memory is host memory, and a launch runs its blocks one after another,
// each block's threads as OS threads meeting at __syncthreads. Slow, and
// only for toy sizes; it checks the programs' logic (indices, blocking,
// barriers), not their speed. Only what the baselines use is here.
#pragma once
#include <algorithm>
#include <barrier>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __shared__ static

using std::max;
using std::min;

struct dim3 {
  unsigned x, y, z;
  dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
struct uint3 {
  unsigned x, y, z;
};
struct float4 {
  float x, y, z, w;
};
inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }

inline thread_local uint3 threadIdx, blockIdx;
inline dim3 blockDim, gridDim;
inline std::barrier<> *block_barrier;

inline void __syncthreads() { block_barrier->arrive_and_wait(); }

typedef int cudaError_t;
enum { cudaSuccess = 0, cudaErrorMemoryAllocation = 2 };
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice };
inline const char *cudaGetErrorString(cudaError_t e) { return e ? "error" : "no error"; }
template <class T> cudaError_t cudaMalloc(T **p, size_t n) {
  *p = (T *)calloc(n ? n : 1, 1);
  return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
template <class T> cudaError_t cudaMallocHost(T **p, size_t n) { return cudaMalloc(p, n); }
inline cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) {
  memmove(d, s, n);
  return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind k) { return cudaMemcpy(d, s, n, k); }
inline cudaError_t cudaMemsetAsync(void *d, int v, size_t n) {
  memset(d, v, n);
  return cudaSuccess;
}
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaGetLastError() { return cudaSuccess; }

// Runs kernel (a call of the kernel with its arguments bound) over the grid.
inline void cpu_launch(dim3 grid, dim3 block, const std::function<void()> &kernel) {
  gridDim = grid;
  blockDim = block;
  unsigned nt = block.x * block.y * block.z;
  for (unsigned bz = 0; bz < grid.z; bz++)
    for (unsigned by = 0; by < grid.y; by++)
      for (unsigned bx = 0; bx < grid.x; bx++) {
        std::barrier<> bar(nt);
        block_barrier = &bar;
        std::vector<std::thread> ts;
        for (unsigned t = 0; t < nt; t++)
          ts.emplace_back([&, t] {
            blockIdx = uint3{bx, by, bz};
            threadIdx = uint3{t % block.x, (t / block.x) % block.y, t / (block.x * block.y)};
            kernel();
            // A thread that has finished still counts at later barriers.
            block_barrier->arrive_and_drop();
          });
        for (auto &th : ts) th.join();
      }
}
