// SRAD (speckle-reducing anisotropic diffusion), as Rodinia's srad_v1:
// per iteration, the image's sum and sum of squares (block partial sums,
// produced by the previous iteration's update kernel and finished by one
// block), a kernel computing each pixel's diffusion coefficient, and one
// updating the image.
//
//   srad IN OUT RUNS ROWS COLS ITERS
//
// IN: the ROWS*COLS f32 image (raw, row-major); lambda is 0.5. OUT: the
// filtered image. Prints one line "time_us T" per timed run: host time
// between synchronised start and end of a whole filtering (exponentiation
// and logarithm included), excluding transfers between host and device.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <cuda_runtime.h>

#define CK(x) check((x), #x, __LINE__)
static void check(cudaError_t e, const char *what, int line) {
  if (e != cudaSuccess) {
    fprintf(stderr, "srad.cu:%d: %s: %s\n", line, what, cudaGetErrorString(e));
    exit(1);
  }
}

#define TX 32
#define TY 8
#define NT (TX * TY)
#define LAMBDA 0.5f

// Sums v and v*v over the block into part[2*block], part[2*block+1].
__device__ void block_sums(float v, float *part) {
  __shared__ float s1[NT], s2[NT];
  int t = threadIdx.y * TX + threadIdx.x;
  s1[t] = v;
  s2[t] = v * v;
  __syncthreads();
  for (int h = NT / 2; h > 0; h /= 2) {
    if (t < h) {
      s1[t] += s1[t + h];
      s2[t] += s2[t + h];
    }
    __syncthreads();
  }
  if (t == 0) {
    int b = blockIdx.y * gridDim.x + blockIdx.x;
    part[2 * b] = s1[0];
    part[2 * b + 1] = s2[0];
  }
}

__global__ void srad_exp(const float *img, float *j, float *part, int rows, int cols) {
  int x = blockIdx.x * TX + threadIdx.x, y = blockIdx.y * TY + threadIdx.y;
  float v = 0;
  if (x < cols && y < rows) {
    v = expf(img[(size_t)y * cols + x] / 255.0f);
    j[(size_t)y * cols + x] = v;
  }
  block_sums(v, part);
}

// q0sqr from the partial sums, by one block.
__global__ void srad_q0(const float *part, int nparts, float *q0, int cells) {
  __shared__ float s1[1024], s2[1024];
  int t = threadIdx.x;
  float a = 0, b = 0;
  for (int i = t; i < nparts; i += 1024) {
    a += part[2 * i];
    b += part[2 * i + 1];
  }
  s1[t] = a;
  s2[t] = b;
  __syncthreads();
  for (int h = 512; h > 0; h /= 2) {
    if (t < h) {
      s1[t] += s1[t + h];
      s2[t] += s2[t + h];
    }
    __syncthreads();
  }
  if (t == 0) {
    float mean = s1[0] / cells;
    float var = s2[0] / cells - mean * mean;
    *q0 = var / (mean * mean);
  }
}

struct Deriv {
  float n, s, w, e;
};

__device__ Deriv deriv(const float *j, int y, int x, int rows, int cols, float jc) {
  Deriv d;
  d.n = j[(size_t)max(y - 1, 0) * cols + x] - jc;
  d.s = j[(size_t)min(y + 1, rows - 1) * cols + x] - jc;
  d.w = j[(size_t)y * cols + max(x - 1, 0)] - jc;
  d.e = j[(size_t)y * cols + min(x + 1, cols - 1)] - jc;
  return d;
}

__global__ void srad_coef(const float *j, float *c, const float *q0p, int rows, int cols) {
  int x = blockIdx.x * TX + threadIdx.x, y = blockIdx.y * TY + threadIdx.y;
  if (x >= cols || y >= rows) return;
  float q0 = *q0p;
  float jc = j[(size_t)y * cols + x];
  Deriv d = deriv(j, y, x, rows, cols, jc);
  float g2 = (d.n * d.n + d.s * d.s + d.w * d.w + d.e * d.e) / (jc * jc);
  float l = (d.n + d.s + d.w + d.e) / jc;
  float num = 0.5f * g2 - (1.0f / 16.0f) * l * l;
  float den = 1.0f + 0.25f * l;
  float q = num / (den * den);
  den = (q - q0) / (q0 * (1.0f + q0));
  c[(size_t)y * cols + x] = fmaxf(0.0f, fminf(1.0f, 1.0f / (1.0f + den)));
}

// The update, out of place, with the next iteration's partial sums.
__global__ void srad_update(const float *j, const float *c, float *jn, float *part, int rows, int cols) {
  int x = blockIdx.x * TX + threadIdx.x, y = blockIdx.y * TY + threadIdx.y;
  float v = 0;
  if (x < cols && y < rows) {
    float jc = j[(size_t)y * cols + x];
    Deriv d = deriv(j, y, x, rows, cols, jc);
    float cc = c[(size_t)y * cols + x];
    float cs = c[(size_t)min(y + 1, rows - 1) * cols + x];
    float ce = c[(size_t)y * cols + min(x + 1, cols - 1)];
    float dd = cc * d.n + cs * d.s + cc * d.w + ce * d.e;
    v = jc + 0.25f * LAMBDA * dd;
    jn[(size_t)y * cols + x] = v;
  }
  block_sums(v, part);
}

__global__ void srad_log(const float *j, float *out, int cells) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < cells) out[i] = logf(j[i]) * 255.0f;
}

static void srad(const float *img, float *a, float *b, float *c, float *part, float *q0, float *out,
                 int rows, int cols, int iters) {
  dim3 grid((cols + TX - 1) / TX, (rows + TY - 1) / TY), block(TX, TY);
  int nparts = grid.x * grid.y, cells = rows * cols;
  srad_exp<<<grid, block>>>(img, a, part, rows, cols);
  for (int i = 0; i < iters; i++) {
    srad_q0<<<1, 1024>>>(part, nparts, q0, cells);
    srad_coef<<<grid, block>>>(a, c, q0, rows, cols);
    srad_update<<<grid, block>>>(a, c, b, part, rows, cols);
    float *t = a;
    a = b;
    b = t;
  }
  srad_log<<<(cells + 255) / 256, 256>>>(a, out, cells);
}

int main(int argc, char **argv) {
  if (argc != 7) {
    fprintf(stderr, "usage: srad IN OUT RUNS ROWS COLS ITERS\n");
    return 2;
  }
  int runs = atoi(argv[3]);
  int rows = atoi(argv[4]), cols = atoi(argv[5]), iters = atoi(argv[6]);
  if (rows < 1 || cols < 1 || iters < 0) {
    fprintf(stderr, "srad: bad size %d x %d, %d iterations\n", rows, cols, iters);
    return 2;
  }
  size_t cells = (size_t)rows * cols, bytes = cells * sizeof(float);
  std::vector<float> h(cells);
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(h.data(), 1, bytes, f) != bytes) {
    fprintf(stderr, "srad: cannot read %zu bytes from %s\n", bytes, argv[1]);
    return 1;
  }
  fclose(f);
  size_t nparts = (size_t)((cols + TX - 1) / TX) * ((rows + TY - 1) / TY);
  float *img, *a, *b, *c, *part, *q0, *out;
  CK(cudaMalloc(&img, bytes));
  CK(cudaMalloc(&a, bytes));
  CK(cudaMalloc(&b, bytes));
  CK(cudaMalloc(&c, bytes));
  CK(cudaMalloc(&out, bytes));
  CK(cudaMalloc(&part, 2 * nparts * sizeof(float)));
  CK(cudaMalloc(&q0, sizeof(float)));
  CK(cudaMemcpy(img, h.data(), bytes, cudaMemcpyHostToDevice));
  for (int r = -1; r < runs; r++) {  // run -1 warms up
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    srad(img, a, b, c, part, q0, out, rows, cols, iters);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0)
      printf("time_us %lld\n", (long long)std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count());
  }
  CK(cudaMemcpy(h.data(), out, bytes, cudaMemcpyDeviceToHost));
  f = fopen(argv[2], "wb");
  if (!f || fwrite(h.data(), 1, bytes, f) != bytes) {
    fprintf(stderr, "srad: cannot write %s\n", argv[2]);
    return 1;
  }
  fclose(f);
  return 0;
}
