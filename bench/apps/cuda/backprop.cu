// Back-propagation, one training step of a network with one hidden layer
// and one output unit, as Rodinia's backprop: the input layer's forward
// pass as a blocked reduction over the inputs (each block sums its rows
// of the weights in shared memory), one block for the small layers and the
// errors, and an element-wise weight update.
//
//   backprop IN OUT RUNS N H
//
// IN: the N f32 inputs, the (N+1)*H f32 input weights (row 0 for the bias
// unit), the (H+1)*1 f32 output weights and the f32 target (raw). OUT: the
// new input weights, then the new output weights. Prints one line
// "time_us T" per timed run: host time between synchronised start and end
// of a whole step, excluding transfers between host and device. H must
// divide 256.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <cuda_runtime.h>

#define CK(x) check((x), #x, __LINE__)
static void check(cudaError_t e, const char *what, int line) {
  if (e != cudaSuccess) {
    fprintf(stderr, "backprop.cu:%d: %s: %s\n", line, what, cudaGetErrorString(e));
    exit(1);
  }
}

#define NT 256     // threads per block
#define ROWS 1024  // weight rows per block of the forward pass
#define ETA 0.3f

// The input unit k's value: the bias unit first.
__device__ float unit(const float *x, int k) { return k == 0 ? 1.0f : x[k - 1]; }

// Block b sums rows [b*ROWS, (b+1)*ROWS) of l1[k] * w1[k][j] for each j
// into part[b][j]. Thread t handles column t % h of rows t / h, t / h + NT / h, ...
__global__ void forward(const float *x, const float *w1, float *part, int n, int h) {
  __shared__ float s[NT];
  int t = threadIdx.x;
  int j = t % h, r0 = t / h, step = NT / h;
  int k0 = blockIdx.x * ROWS;
  int k1 = min(k0 + ROWS, n + 1);
  float acc = 0;
  for (int k = k0 + r0; k < k1; k += step) acc += unit(x, k) * w1[(size_t)k * h + j];
  s[t] = acc;
  __syncthreads();
  for (int half = NT / 2; half >= h; half /= 2) {
    if (t < half) s[t] += s[t + half];
    __syncthreads();
  }
  if (t < h) part[blockIdx.x * h + t] = s[t];
}

__device__ float sigmoid(float v) { return 1.0f / (1.0f + expf(-v)); }

// One block of h threads: the hidden and output units, the errors, the
// new output weights.
__global__ void layers(const float *part, int nparts, const float *w2, const float *target,
                       float *w2n, float *dhid, int h) {
  __shared__ float hid[32];
  __shared__ float dout;
  int j = threadIdx.x;
  float a = 0;
  for (int b = 0; b < nparts; b++) a += part[b * h + j];
  hid[j] = sigmoid(a);
  __syncthreads();
  if (j == 0) {
    float o = w2[0];
    for (int q = 0; q < h; q++) o += hid[q] * w2[q + 1];
    o = sigmoid(o);
    dout = o * (1.0f - o) * (target[0] - o);
    w2n[0] = w2[0] + ETA * dout;
  }
  __syncthreads();
  float y = hid[j];
  dhid[j] = y * (1.0f - y) * w2[j + 1] * dout;
  w2n[j + 1] = w2[j + 1] + ETA * dout * y;
}

__global__ void adjust(const float *x, const float *w1, const float *dhid, float *w1n, int n, int h) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (size_t)(n + 1) * h) {
    int k = (int)(i / h), j = (int)(i % h);
    w1n[i] = w1[i] + ETA * dhid[j] * unit(x, k);
  }
}

static void backprop(const float *x, const float *w1, const float *w2, const float *target, float *part,
                     float *dhid, float *w1n, float *w2n, int n, int h) {
  int nparts = (n + 1 + ROWS - 1) / ROWS;
  forward<<<nparts, NT>>>(x, w1, part, n, h);
  layers<<<1, h>>>(part, nparts, w2, target, w2n, dhid, h);
  size_t cells = (size_t)(n + 1) * h;
  adjust<<<(unsigned)((cells + NT - 1) / NT), NT>>>(x, w1, dhid, w1n, n, h);
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: backprop IN OUT RUNS N H\n");
    return 2;
  }
  int runs = atoi(argv[3]);
  int n = atoi(argv[4]), h = atoi(argv[5]);
  if (n < 1 || h < 1 || h > 32 || NT % h != 0) {
    fprintf(stderr, "backprop: bad sizes N=%d H=%d (H must divide %d and be at most 32)\n", n, h, NT);
    return 2;
  }
  size_t nx = n, nw1 = (size_t)(n + 1) * h, nw2 = h + 1;
  std::vector<float> hbuf(nx + nw1 + nw2 + 1);
  size_t bytes = hbuf.size() * sizeof(float);
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(hbuf.data(), 1, bytes, f) != bytes) {
    fprintf(stderr, "backprop: cannot read %zu bytes from %s\n", bytes, argv[1]);
    return 1;
  }
  fclose(f);
  float *in, *part, *dhid, *w1n, *w2n;
  int nparts = (n + 1 + ROWS - 1) / ROWS;
  CK(cudaMalloc(&in, bytes));
  CK(cudaMalloc(&part, (size_t)nparts * h * sizeof(float)));
  CK(cudaMalloc(&dhid, h * sizeof(float)));
  CK(cudaMalloc(&w1n, nw1 * sizeof(float)));
  CK(cudaMalloc(&w2n, nw2 * sizeof(float)));
  CK(cudaMemcpy(in, hbuf.data(), bytes, cudaMemcpyHostToDevice));
  const float *x = in, *w1 = in + nx, *w2 = w1 + nw1, *target = w2 + nw2;
  for (int r = -1; r < runs; r++) {  // run -1 warms up
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    backprop(x, w1, w2, target, part, dhid, w1n, w2n, n, h);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0)
      printf("time_us %lld\n", (long long)std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count());
  }
  std::vector<float> out(nw1 + nw2);
  CK(cudaMemcpy(out.data(), w1n, nw1 * sizeof(float), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(out.data() + nw1, w2n, nw2 * sizeof(float), cudaMemcpyDeviceToHost));
  f = fopen(argv[2], "wb");
  if (!f || fwrite(out.data(), sizeof(float), out.size(), f) != out.size()) {
    fprintf(stderr, "backprop: cannot write %s\n", argv[2]);
    return 1;
  }
  fclose(f);
  return 0;
}
