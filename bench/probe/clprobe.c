// clprobe measures what an entry point like bench/programs/sum.fut costs
// on an OpenCL platform when driven from C with nothing else around it:
// the two reduction kernels that fcc generates (read from the kernels.cl
// of `fcc build --keep-dir`), launched with fcc's arguments, and the
// blocking read of the result. It separates the GPU's time from the
// host's (launch latency, read round trip, profiling-enabled queues) so
// that fcc's runtime can be compared against the floor that the driver
// allows.
//
//	cc -O2 -o clprobe clprobe.c -lOpenCL
//	./clprobe kernels.cl PLATFORM-SUBSTRING [n]
#include "probe.h"
#include <time.h>

static double now_us(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static double median(double *v, int n) {
	qsort(v, n, sizeof *v, cmp);
	return v[n / 2];
}

enum { RUNS = 30 };

int main(int argc, char **argv) {
	if (argc < 3) {
		fprintf(stderr, "usage: clprobe kernels.cl PLATFORM [n]\n");
		return 2;
	}
	cl_long n = argc > 3 ? atoll(argv[3]) : 100000000;
	cl_uint cus;
	cl_device_id d = device(argv[2], &cus);
	cl_command_queue qp;
	cl_context ctx = context(d, CL_QUEUE_PROFILING_ENABLE, &qp);
	cl_int err;
	cl_command_queue qn = clCreateCommandQueue(ctx, d, 0, &err);
	CHECK(err);
	const char *src = slurp(argv[1]);
	cl_program prog = build_program(ctx, d, src, "");
	cl_kernel k1 = clCreateKernel(prog, "segred_reduce_comm_7_stage1", &err);
	CHECK(err);
	cl_kernel k2 = clCreateKernel(prog, "segred_reduce_comm_7_stage2", &err);
	CHECK(err);

	cl_long group = 256, gps = (cl_long)cus * 8;
	cl_mem xs = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &err);
	CHECK(err);
	cl_mem part = clCreateBuffer(ctx, CL_MEM_READ_WRITE, gps * 4, NULL, &err);
	CHECK(err);
	cl_mem res = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &err);
	CHECK(err);
	cl_mem errb = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8 * 17, NULL, &err);
	CHECK(err);
	float one = 1.0f;
	cl_long zero = 0;
	CHECK(clEnqueueFillBuffer(qn, xs, &one, 4, 0, n * 4, 0, NULL, NULL));
	CHECK(clEnqueueFillBuffer(qn, errb, &zero, 8, 0, 8 * 17, 0, NULL, NULL));
	CHECK(clFinish(qn));

	cl_long o = 0, s = 1;
	cl_kernel ks[2] = {k1, k2};
	for (int i = 0; i < 2; i++) {
		cl_kernel k = ks[i];
		int a = 0;
		CHECK(clSetKernelArg(k, a++, sizeof errb, &errb));
		CHECK(clSetKernelArg(k, a++, 8, &n));
		CHECK(clSetKernelArg(k, a++, sizeof xs, &xs));
		CHECK(clSetKernelArg(k, a++, 8, &o));
		CHECK(clSetKernelArg(k, a++, 8, &n));
		CHECK(clSetKernelArg(k, a++, 8, &s));
		if (i == 0) {
			CHECK(clSetKernelArg(k, a++, 8, &n));
			CHECK(clSetKernelArg(k, a++, 8, &gps));
			CHECK(clSetKernelArg(k, a++, sizeof part, &part));
		} else {
			CHECK(clSetKernelArg(k, a++, 8, &gps));
			CHECK(clSetKernelArg(k, a++, sizeof part, &part));
			CHECK(clSetKernelArg(k, a++, sizeof res, &res));
		}
		CHECK(clSetKernelArg(k, a++, group * 4, NULL));
	}
	size_t g1 = gps * group, g2 = group, l = group;
	cl_long errhost[17];

	printf("n=%lld groups=%lld x %lld\n", (long long)n, (long long)gps, (long long)group);
	for (int variant = 0; variant < 6; variant++) {
		cl_command_queue q = (variant == 1) ? qn : qp;
		double t[RUNS], tl[RUNS], kt[RUNS];
		float r = 0;
		for (int run = -2; run < RUNS; run++) {
			CHECK(clFinish(q));
			double t0 = now_us();
			cl_event ev = NULL;
			switch (variant) {
			case 0: // fcc's sequence: 2 kernels, non-blocking error read, blocking read
			case 1: // the same on a queue without profiling
			case 2: // without the error read
				CHECK(clEnqueueNDRangeKernel(q, k1, 1, NULL, &g1, &l, 0, NULL, &ev));
				CHECK(clEnqueueNDRangeKernel(q, k2, 1, NULL, &g2, &l, 0, NULL, NULL));
				if (variant != 2) CHECK(clEnqueueReadBuffer(q, errb, CL_FALSE, 0, sizeof errhost, errhost, 0, NULL, NULL));
				if (run >= 0) tl[run] = now_us() - t0;
				CHECK(clEnqueueReadBuffer(q, res, CL_TRUE, 0, 4, &r, 0, NULL, NULL));
				break;
			case 3: // stage 1 only, then clFinish
				CHECK(clEnqueueNDRangeKernel(q, k1, 1, NULL, &g1, &l, 0, NULL, &ev));
				if (run >= 0) tl[run] = now_us() - t0;
				CHECK(clFinish(q));
				break;
			case 4: // a blocking 4-byte read alone
				if (run >= 0) tl[run] = 0;
				CHECK(clEnqueueReadBuffer(q, res, CL_TRUE, 0, 4, &r, 0, NULL, NULL));
				break;
			case 5: // clFinish on an empty queue
				if (run >= 0) tl[run] = 0;
				CHECK(clFinish(q));
				break;
			}
			CHECK(clFinish(q));
			double t1 = now_us();
			if (run < 0) {
				if (ev) clReleaseEvent(ev);
				continue;
			}
			t[run] = t1 - t0;
			kt[run] = 0;
			if (ev && q == qp) {
				cl_ulong a, b;
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL);
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL);
				kt[run] = (b - a) / 1e3;
			}
			if (ev) clReleaseEvent(ev);
		}
		static const char *names[] = {
			"fcc sequence (profiling queue)", "fcc sequence (plain queue)", "no error read",
			"stage 1 + clFinish", "blocking 4-byte read", "clFinish of an empty queue"};
		printf("%-32s total %8.1f us  enqueue %6.1f us  stage1 kernel %7.1f us  (result %g)\n",
		       names[variant], median(t, RUNS), median(tl, RUNS), median(kt, RUNS), r);
	}
	return 0;
}
