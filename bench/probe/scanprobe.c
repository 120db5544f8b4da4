// scanprobe times the variants of bench/probe/scan.cl (an inclusive i32
// sum scan) on one OpenCL device, checks each result against a sequential
// scan, and prints the kernel time and the fraction of the device-to-device
// copy bandwidth (clEnqueueCopyBuffer of the same bytes) it reaches.
//
//	cc -O2 -o scanprobe scanprobe.c -lOpenCL
//	./scanprobe scan.cl PLATFORM-SUBSTRING n "options" ["options" ...]
//
// Each options string is given to clBuildProgram, followed by " G=k" or
// nothing: G is the number of work-groups per compute unit (default 8;
// 0 launches one work-group per tile).
#include "probe.h"

static long opt(const char *opts, const char *key, long def) {
	const char *p = strstr(opts, key);
	return p ? atol(p + strlen(key)) : def;
}

enum { RUNS = 20 };

int main(int argc, char **argv) {
	if (argc < 5) {
		fprintf(stderr, "usage: scanprobe scan.cl PLATFORM n options...\n");
		return 2;
	}
	long n = atol(argv[3]);
	cl_uint cus;
	cl_device_id d = device(argv[2], &cus);
	cl_command_queue q;
	cl_context ctx = context(d, CL_QUEUE_PROFILING_ENABLE, &q);
	cl_int err;
	const char *src = slurp(argv[1]);

	int *h = malloc(n * sizeof *h), *ref = malloc(n * sizeof *ref), *got = malloc(n * sizeof *got);
	unsigned s = 12345;
	int acc = 0;
	for (long i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		h[i] = (s >> 16) & 3;
		acc += h[i];
		ref[i] = acc;
	}
	cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * 4, h, &err);
	CHECK(err);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &err);
	CHECK(err);
	long maxTiles = n / 64 + 2;
	cl_mem stats = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8 * 8, NULL, &err);
	CHECK(err);
	cl_mem st = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8 * (1 + 2 * maxTiles), NULL, &err);
	CHECK(err);

	double t[RUNS];
	for (int r = 0; r < RUNS; r++) {
		cl_event ev;
		CHECK(clEnqueueCopyBuffer(q, in, out, 0, 0, n * 4, 0, NULL, &ev));
		CHECK(clFinish(q));
		t[r] = elapsed_us(ev);
		clReleaseEvent(ev);
	}
	qsort(t, RUNS, sizeof *t, cmp);
	double copy = t[RUNS / 2];
	printf("n=%ld cus=%u copy %.1f us (%.0f GB/s)\n", n, cus, copy, 8.0 * n / copy / 1e3);

	for (int v = 4; v < argc; v++) {
		const char *o = argv[v];
		long lsize = opt(o, "LSIZE=", 256), chunk = opt(o, "CHUNK=", 16), gpc = opt(o, "G=", 8);
		char opts[512];
		snprintf(opts, sizeof opts, "%s", o);
		char *g = strstr(opts, "G=");
		if (g) *g = 0;
		cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
		CHECK(err);
		if (clBuildProgram(prog, 1, &d, opts, NULL, NULL) != CL_SUCCESS) {
			char log[1 << 16];
			clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
			printf("%-40s build failed:\n%s\n", o, log);
			continue;
		}
		if (getenv("SHOWLOG")) {
			char log[1 << 16];
			clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
			printf("%s", log);
		}
		cl_kernel k = clCreateKernel(prog, "scan", &err);
		CHECK(err);
		long tile = lsize * chunk, ntiles = (n + tile - 1) / tile;
		long groups = gpc > 0 ? (long)cus * gpc : ntiles;
		if (groups > ntiles) groups = ntiles;
		CHECK(clSetKernelArg(k, 0, 8, &n));
		CHECK(clSetKernelArg(k, 1, 8, &ntiles));
		CHECK(clSetKernelArg(k, 2, sizeof st, &st));
		CHECK(clSetKernelArg(k, 3, sizeof in, &in));
		CHECK(clSetKernelArg(k, 4, sizeof out, &out));
		CHECK(clSetKernelArg(k, 5, sizeof stats, &stats));
		size_t gs = groups * lsize, ls = lsize;
		cl_ulong zero = 0;
		int bad = 0;
		for (int r = -2; r < RUNS; r++) {
			CHECK(clEnqueueFillBuffer(q, st, &zero, 8, 0, 8 * (1 + 2 * ntiles), 0, NULL, NULL));
			CHECK(clEnqueueFillBuffer(q, stats, &zero, 8, 0, 8 * 8, 0, NULL, NULL));
			cl_event ev;
			CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gs, &ls, 0, NULL, &ev));
			CHECK(clFinish(q));
			if (r >= 0) t[r] = elapsed_us(ev);
			clReleaseEvent(ev);
			if (r == -2 || r == RUNS - 1) {
				CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, n * 4, got, 0, NULL, NULL));
				long i = 0;
				while (i < n && got[i] == ref[i]) i++;
				if (i < n) bad = 1;
			}
		}
		cl_ulong sv[8];
		CHECK(clEnqueueReadBuffer(q, stats, CL_TRUE, 0, sizeof sv, sv, 0, NULL, NULL));
		if (sv[2]) printf("  stats: tiles %llu, look-back steps %.2f per tile, waits on unpublished %.2f per tile\n", (unsigned long long)sv[2], (double)sv[0] / sv[2], (double)sv[1] / sv[2]);
		qsort(t, RUNS, sizeof *t, cmp);
		printf("%-44s groups %6ld  median %7.1f us  min %7.1f  %5.1f%% of copy  %s\n", o, groups, t[RUNS / 2], t[0],
		       100 * copy / t[RUNS / 2], bad > 0 ? "WRONG" : "ok");
		fflush(stdout);
		clReleaseKernel(k);
		clReleaseProgram(prog);
	}
	return 0;
}
