// syncprobe measures how long the host takes to learn that a kernel has
// finished, for each way OpenCL offers to wait: clFinish, clWaitForEvents,
// a blocking read of the result, and polling the kernel's event status
// after clFlush (with and without a blocking wait once a time limit
// passes). Each way runs a short kernel (one work-group) and a long one
// (a sum-like read of n floats); the host time minus the kernel's time
// (from a profiling queue, measured separately) is the cost of the wait.
// Each way prints the result it read: 0 where the way does not deliver the
// kernel's value (writes into a buffer while it is mapped, which OpenCL
// leaves undefined and NVIDIA's mapping does not see).
//
//	cc -O2 -o syncprobe syncprobe.c -lOpenCL
//	./syncprobe PLATFORM-SUBSTRING [n]
#include "probe.h"
#include <time.h>

static double now_us(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static const char *src =
    "__kernel void rd(__global const float *x, long n, __global float *out) {\n"
    "  long g = get_global_id(0), s = get_global_size(0);\n"
    "  float acc = 0;\n"
    "  for (long i = g; i < n; i += s) acc += x[i];\n"
    "  if (acc == -1.0f) out[0] = acc;\n"
    "  if (g == 0) out[1] = 1.0f;\n"
    "}\n";

enum { RUNS = 40 };

static void poll(cl_event ev, double limit_us) {
	double t0 = now_us();
	cl_int st;
	for (;;) {
		CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
		if (st <= CL_COMPLETE) return;
		if (limit_us > 0 && now_us() - t0 > limit_us) {
			CHECK(clWaitForEvents(1, &ev));
			return;
		}
	}
}

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: syncprobe PLATFORM [n]\n");
		return 2;
	}
	cl_long n = argc > 2 ? atoll(argv[2]) : 100000000;
	cl_uint cus;
	cl_device_id d = device(argv[1], &cus);
	cl_command_queue qp;
	cl_context ctx = context(d, CL_QUEUE_PROFILING_ENABLE, &qp);
	cl_int err;
	cl_command_queue q = clCreateCommandQueue(ctx, d, 0, &err);
	CHECK(err);
	cl_program prog = build_program(ctx, d, src, "");
	cl_kernel k = clCreateKernel(prog, "rd", &err);
	CHECK(err);
	cl_mem xs = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &err);
	CHECK(err);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8, NULL, &err);
	CHECK(err);
	float one = 1.0f;
	CHECK(clEnqueueFillBuffer(q, xs, &one, 4, 0, n * 4, 0, NULL, NULL));
	CHECK(clFinish(q));
	// A pinned host buffer, mapped once, as the destination of reads.
	cl_mem host = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 64, NULL, &err);
	CHECK(err);
	float *pinned = clEnqueueMapBuffer(q, host, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 64, 0, NULL, NULL, &err);
	CHECK(err);
	// A pinned buffer that is never mapped while kernels run: the kernel
	// writes its result there itself (zero-copy where the driver keeps
	// such buffers in host memory) and the host maps it to read.
	cl_mem zc = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 64, NULL, &err);
	CHECK(err);
	CHECK(clSetKernelArg(k, 0, sizeof xs, &xs));
	CHECK(clSetKernelArg(k, 2, sizeof out, &out));
	size_t l = 256;
	printf("platform %s, %u compute units\n", argv[1], cus);
	for (int size = 0; size < 2; size++) {
		cl_long m = size ? n : 256;
		size_t g = size ? (size_t)cus * 8 * 256 : 256;
		CHECK(clSetKernelArg(k, 1, 8, &m));
		double kt[RUNS];
		for (int run = -2; run < RUNS; run++) {
			cl_event ev;
			CHECK(clEnqueueNDRangeKernel(qp, k, 1, NULL, &g, &l, 0, NULL, &ev));
			CHECK(clFinish(qp));
			if (run >= 0) kt[run] = elapsed_us(ev);
			clReleaseEvent(ev);
		}
		qsort(kt, RUNS, sizeof *kt, cmp);
		printf("\n%s kernel (%lld floats): %.1f us on the device (median)\n", size ? "long" : "short", (long long)m, kt[RUNS / 2]);
		static const char *names[] = {
		    "clFinish", "clWaitForEvents", "blocking 4-byte read", "clFlush + poll event",
		    "clFlush + poll 200 us, then wait", "read (non-blocking) + flush + poll",
		    "read (non-blocking) + clFinish", "blocking read, no kernel event",
		    "blocking read into pinned memory", "non-blocking read into pinned + clFinish",
		    "copy to pinned buffer + clFinish", "blocking read + clFinish (fcc now)",
		    "kernel writes pinned, blocking map", "kernel writes pinned, map + clFinish",
		    "kernel writes mapped pinned, clFinish"};
		for (int way = 0; way < 15; way++) {
			double t[RUNS];
			float r[2] = {0, 0};
			for (int run = -2; run < RUNS; run++) {
				CHECK(clFinish(q));
				// A stale value from an earlier way must not pass for this
				// one's result.
				pinned[0] = pinned[1] = 0;
				double t0 = now_us();
				cl_event ev = NULL, rev = NULL;
				if (way >= 12) CHECK(clSetKernelArg(k, 2, sizeof(cl_mem), way == 14 ? &host : &zc));
				CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, (way == 2 || way == 6 || way >= 11) ? NULL : &ev));
				switch (way) {
				case 0: CHECK(clFinish(q)); break;
				case 1: CHECK(clWaitForEvents(1, &ev)); break;
				case 2: CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 4, 4, r, 0, NULL, NULL)); break;
				case 3: CHECK(clFlush(q)); poll(ev, 0); break;
				case 4: CHECK(clFlush(q)); poll(ev, 200); break;
				case 5:
					CHECK(clEnqueueReadBuffer(q, out, CL_FALSE, 4, 4, r, 0, NULL, &rev));
					CHECK(clFlush(q));
					poll(rev, 0);
					break;
				case 6:
					CHECK(clEnqueueReadBuffer(q, out, CL_FALSE, 4, 4, r, 0, NULL, NULL));
					CHECK(clFinish(q));
					break;
				case 7:
					clReleaseEvent(ev);
					ev = NULL;
					CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 4, 4, r, 0, NULL, NULL));
					break;
				case 8:
					CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 4, 4, pinned, 0, NULL, NULL));
					break;
				case 9:
					CHECK(clEnqueueReadBuffer(q, out, CL_FALSE, 4, 4, pinned, 0, NULL, NULL));
					CHECK(clFinish(q));
					break;
				case 10:
					CHECK(clEnqueueCopyBuffer(q, out, host, 4, 0, 4, 0, NULL, NULL));
					CHECK(clFinish(q));
					break;
				case 11:
					CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 4, 4, r, 0, NULL, NULL));
					CHECK(clFinish(q));
					break;
				case 12:
				case 13: {
					float *p = clEnqueueMapBuffer(q, zc, way == 12 ? CL_TRUE : CL_FALSE, CL_MAP_READ, 0, 8, 0, NULL, NULL, &err);
					CHECK(err);
					if (way == 13) CHECK(clFinish(q));
					r[0] = p[1];
					CHECK(clEnqueueUnmapMemObject(q, zc, p, 0, NULL, NULL));
					p[1] = 0;
					break;
				}
				case 14:
					CHECK(clFinish(q));
					r[0] = pinned[1];
					pinned[1] = 0;
					break;
				}
				if (way >= 8 && way <= 10) r[0] = pinned[0];
				if (way >= 12) CHECK(clSetKernelArg(k, 2, sizeof out, &out));
				double t1 = now_us();
				if (ev) clReleaseEvent(ev);
				if (rev) clReleaseEvent(rev);
				if (run >= 0) t[run] = t1 - t0;
			}
			qsort(t, RUNS, sizeof *t, cmp);
			printf("  %-40s result %g  host %8.1f us (min %8.1f)  beyond the kernel %6.1f us\n", names[way], r[0], t[RUNS / 2], t[0], t[RUNS / 2] - kt[RUNS / 2]);
		}
	}
	return 0;
}
