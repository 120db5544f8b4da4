// launch_floor_cuda is launch_floor.c's first variants in CUDA: the host
// time per launch of a trivial 3-argument kernel that a hand-written CUDA
// host loop pays on the same GPU, beside NVIDIA's OpenCL floor.
//
//	nvcc -O2 -o launch_floor_cuda launch_floor_cuda.cu
//	./launch_floor_cuda [n]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>

static double now_us() {
	timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

__global__ void k3(float *dst, const float *src, float v) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < 1024) dst[i] = src[i] + v;
}

int main(int argc, char **argv) {
	long n = argc > 1 ? atol(argv[1]) : 10000;
	float *bufs[2];
	for (int i = 0; i < 2; i++) {
		if (cudaMalloc(&bufs[i], 1024 * sizeof(float)) != cudaSuccess) return 1;
		cudaMemset(bufs[i], 0, 1024 * sizeof(float));
	}
	const int reps = 5;
	for (int batch = 0; batch < 2; batch++) {
		double enq[reps], wall[reps];
		for (int r = -1; r < reps; r++) {
			cudaDeviceSynchronize();
			double inloop = 0, t0 = now_us();
			for (long i = 0; i < n; i++) {
				double s = now_us();
				k3<<<4, 256>>>(bufs[(i + 1) & 1], bufs[i & 1], (float)(i + 1));
				inloop += now_us() - s;
				if (batch && (i + 1) % 64 == 0) cudaDeviceSynchronize();
			}
			cudaDeviceSynchronize();
			if (r >= 0) enq[r] = inloop / n, wall[r] = (now_us() - t0) / n;
		}
		std::sort(enq, enq + reps);
		std::sort(wall, wall + reps);
		printf("cuda k3 %-36s enqueue %.2f us, wall %.2f us per launch\n", batch ? "batches of 64" : "", enq[reps / 2], wall[reps / 2]);
	}
	cudaError_t e = cudaGetLastError();
	printf("cuda status: %s\n", cudaGetErrorString(e));
	return e != cudaSuccess;
}
