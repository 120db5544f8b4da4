// Molecular dynamics with a cutoff radius over fixed neighbour lists, as
// SHOC's MD: one thread per particle sums the Lennard-Jones forces of its
// neighbours within the cutoff and steps its velocity and position.
// Positions and velocities are packed in float4s (one load per neighbour),
// the neighbour lists transposed so that the threads of a warp read
// consecutive words; positions go back and forth between two buffers.
//
//   md IN OUT RUNS N M STEPS
//
// IN: the N f32 x, y, z positions, the N f32 x, y, z velocities and the
// N*M i32 neighbour lists (row i: particle i's neighbours, each in [0, N))
// (raw). OUT: the final x, y and z positions. Prints one line "time_us T"
// per timed run: host time between synchronised start and end of a whole
// simulation (packing and transposing the inputs included), excluding
// transfers between host and device.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <cuda_runtime.h>

#define CK(x) check((x), #x, __LINE__)
static void check(cudaError_t e, const char *what, int line) {
  if (e != cudaSuccess) {
    fprintf(stderr, "md.cu:%d: %s: %s\n", line, what, cudaGetErrorString(e));
    exit(1);
  }
}

#define CUTSQ 16.0f
#define LJ1 1.5f
#define LJ2 2.0f
#define DT 0.001f

__global__ void pack(const float *in, float4 *pos, float4 *vel, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    pos[i] = make_float4(in[i], in[n + i], in[2 * n + i], 0.0f);
    vel[i] = make_float4(in[3 * n + i], in[4 * n + i], in[5 * n + i], 0.0f);
  }
}

// nt[j][i] = neigh[i][j], through a shared tile.
__global__ void transpose(const int *neigh, int *nt, int n, int m) {
  __shared__ int tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;  // column j of neigh
  int y = blockIdx.y * 32 + threadIdx.y;  // row i
  for (int k = 0; k < 32; k += 8)
    if (x < m && y + k < n) tile[threadIdx.y + k][threadIdx.x] = neigh[(size_t)(y + k) * m + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;  // i
  y = blockIdx.x * 32 + threadIdx.y;  // j
  for (int k = 0; k < 32; k += 8)
    if (x < n && y + k < m) nt[(size_t)(y + k) * n + x] = tile[threadIdx.x][threadIdx.y + k];
}

__global__ void step(const float4 *pos, float4 *npos, float4 *vel, const int *nt, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 p = pos[i];
  float fx = 0, fy = 0, fz = 0;
  for (int k = 0; k < m; k++) {
    float4 q = pos[nt[(size_t)k * n + i]];
    float dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
    float r2 = dx * dx + dy * dy + dz * dz;
    if (r2 < CUTSQ && r2 > 0) {
      float r2inv = 1.0f / r2;
      float r6inv = r2inv * r2inv * r2inv;
      float f = r2inv * r6inv * (LJ1 * r6inv - LJ2);
      fx += dx * f;
      fy += dy * f;
      fz += dz * f;
    }
  }
  float4 v = vel[i];
  v.x += DT * fx;
  v.y += DT * fy;
  v.z += DT * fz;
  vel[i] = v;
  npos[i] = make_float4(p.x + DT * v.x, p.y + DT * v.y, p.z + DT * v.z, 0.0f);
}

__global__ void unpack(const float4 *pos, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 p = pos[i];
    out[i] = p.x;
    out[n + i] = p.y;
    out[2 * n + i] = p.z;
  }
}

static void md(const float *in, const int *neigh, float4 *a, float4 *b, float4 *vel, int *nt, float *out,
               int n, int m, int steps) {
  int blocks = (n + 127) / 128;
  pack<<<blocks, 128>>>(in, a, vel, n);
  transpose<<<dim3((m + 31) / 32, (n + 31) / 32), dim3(32, 8)>>>(neigh, nt, n, m);
  for (int s = 0; s < steps; s++) {
    step<<<blocks, 128>>>(a, b, vel, nt, n, m);
    float4 *t = a;
    a = b;
    b = t;
  }
  unpack<<<blocks, 128>>>(a, out, n);
}

int main(int argc, char **argv) {
  if (argc != 7) {
    fprintf(stderr, "usage: md IN OUT RUNS N M STEPS\n");
    return 2;
  }
  int runs = atoi(argv[3]);
  int n = atoi(argv[4]), m = atoi(argv[5]), steps = atoi(argv[6]);
  if (n < 1 || m < 0 || steps < 0) {
    fprintf(stderr, "md: bad sizes N=%d M=%d STEPS=%d\n", n, m, steps);
    return 2;
  }
  size_t fbytes = 6 * (size_t)n * sizeof(float), nbytes = (size_t)n * m * sizeof(int);
  std::vector<char> h(fbytes + nbytes);
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(h.data(), 1, h.size(), f) != h.size()) {
    fprintf(stderr, "md: cannot read %zu bytes from %s\n", h.size(), argv[1]);
    return 1;
  }
  fclose(f);
  float *in, *out;
  int *neigh, *nt;
  float4 *a, *b, *vel;
  CK(cudaMalloc(&in, fbytes));
  CK(cudaMalloc(&neigh, nbytes + 1));
  CK(cudaMalloc(&nt, nbytes + 1));
  CK(cudaMalloc(&a, n * sizeof(float4)));
  CK(cudaMalloc(&b, n * sizeof(float4)));
  CK(cudaMalloc(&vel, n * sizeof(float4)));
  CK(cudaMalloc(&out, 3 * (size_t)n * sizeof(float)));
  CK(cudaMemcpy(in, h.data(), fbytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(neigh, h.data() + fbytes, nbytes, cudaMemcpyHostToDevice));
  for (int r = -1; r < runs; r++) {  // run -1 warms up
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    md(in, neigh, a, b, vel, nt, out, n, m, steps);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0)
      printf("time_us %lld\n", (long long)std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count());
  }
  std::vector<float> o(3 * (size_t)n);
  CK(cudaMemcpy(o.data(), out, o.size() * sizeof(float), cudaMemcpyDeviceToHost));
  f = fopen(argv[2], "wb");
  if (!f || fwrite(o.data(), sizeof(float), o.size(), f) != o.size()) {
    fprintf(stderr, "md: cannot write %s\n", argv[2]);
    return 1;
  }
  fclose(f);
  return 0;
}
