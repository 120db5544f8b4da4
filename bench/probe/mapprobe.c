// mapprobe times the kernels of rows.cl (one-row-per-item segmented sums)
// on one OpenCL device for a matrix of ROWS x N f32 values, checks each
// result, and prints the kernel time and the fraction of the
// device-to-device copy bandwidth (clEnqueueCopyBuffer of the bytes read
// and written) it reaches.
//
//	cc -O2 -o mapprobe mapprobe.c -lOpenCL
//	./mapprobe rows.cl PLATFORM ROWS N kernel:items:group ...
//
// items is the number of work-items launched (0: one per row).
#include "probe.h"

enum { RUNS = 30 };

static double event_us(cl_event e) {
	cl_ulong a, b;
	CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL));
	CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL));
	clReleaseEvent(e);
	return (b - a) / 1e3;
}

int main(int argc, char **argv) {
	if (argc < 6) {
		fprintf(stderr, "usage: mapprobe rows.cl PLATFORM ROWS N kernel:items:group...\n");
		return 2;
	}
	cl_long rows = atoll(argv[3]), n = atoll(argv[4]);
	cl_uint cus;
	cl_device_id d = device(argv[2], &cus);
	cl_command_queue q;
	cl_context ctx = context(d, CL_QUEUE_PROFILING_ENABLE, &q);
	cl_int err;
	cl_program prog = build_program(ctx, d, slurp(argv[1]), "");
	size_t bytes = rows * n * 4;
	float *h = malloc(bytes), *got = malloc(rows * 4);
	for (cl_long i = 0; i < rows * n; i++) h[i] = (float)(i % 7);
	cl_mem xs = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, h, &err);
	CHECK(err);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, rows * 4, NULL, &err);
	CHECK(err);
	cl_mem cp = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
	CHECK(err);
	// The copy moves the bytes the kernels move: read all, write rows.
	size_t moved = bytes + rows * 4, half = moved / 2;
	double ts[RUNS];
	for (int r = 0; r < RUNS; r++) {
		cl_event e;
		CHECK(clEnqueueCopyBuffer(q, xs, cp, 0, 0, half < bytes ? half : bytes, 0, NULL, &e));
		CHECK(clWaitForEvents(1, &e));
		ts[r] = event_us(e);
	}
	qsort(ts, RUNS, sizeof *ts, cmp);
	double copy = ts[RUNS / 2];
	printf("copy of %zu bytes (read+write %zu): %.1f us, %.0f GB/s\n", half, moved, copy, moved / copy / 1e3);
	for (int a = 5; a < argc; a++) {
		char name[64];
		long items = 0, group = 256;
		if (sscanf(argv[a], "%63[^:]:%ld:%ld", name, &items, &group) < 1) return 2;
		if (items == 0) items = rows;
		size_t global = (items + group - 1) / group * group, local = group;
		cl_kernel k = clCreateKernel(prog, name, &err);
		CHECK(err);
		CHECK(clSetKernelArg(k, 0, sizeof n, &n));
		CHECK(clSetKernelArg(k, 1, sizeof xs, &xs));
		CHECK(clSetKernelArg(k, 2, sizeof rows, &rows));
		CHECK(clSetKernelArg(k, 3, sizeof out, &out));
		for (int r = 0; r < RUNS; r++) {
			cl_event e;
			CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &e));
			CHECK(clWaitForEvents(1, &e));
			ts[r] = event_us(e);
		}
		qsort(ts, RUNS, sizeof *ts, cmp);
		CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, rows * 4, got, 0, NULL, NULL));
		long bad = 0;
		for (cl_long r = 0; r < rows; r++) {
			float s = 0;
			for (cl_long i = 0; i < n; i++) s += h[r * n + i];
			if (got[r] != s) bad++;
		}
		printf("%-10s items %10ld group %4ld: median %7.1f us min %7.1f us  %3.0f%% of copy  %s\n", name, items, group,
		       ts[RUNS / 2], ts[0], 100 * copy / ts[RUNS / 2], bad ? "WRONG" : "ok");
		clReleaseKernel(k);
	}
	return 0;
}
