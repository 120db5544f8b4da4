// launch_floor measures what the OpenCL implementation itself charges the
// host per kernel launch, with no fcc code around it: the floor under
// fcc's "host time per launch" (FCC_DEBUG_CL=1, bench/probe/launches.fut;
// issue 22 asks for at most 4 us on NVIDIA's OpenCL). Each variant
// enqueues n launches of a trivial map over 1024 floats (the launches
// probe's work) and reports the host time of the enqueue loop per launch
// ("enqueue") and the time until clFinish returns per launch ("wall",
// which the device's own rate bounds once the queue backs up). Variants:
// arguments set once or re-set before every launch (the loop's buffers
// alternate, as in a host loop), local size given or NULL, 3 arguments or
// fcc's 9 (error buffer, scalars, array offset/shape/stride), an event
// per launch (fcc under -D and -P), a clFlush after every launch, and
// batches of 16 to 1024 launches with a clFinish between (a shallow
// queue). The list runs twice, so that the spread between passes shows
// how far apart two variants must be to differ. The wide kernels k16 and
// k24 (long scalars; SRAD's kernels take 19-24 arguments), k24i (int
// scalars) and k24l (3 of its 24 local memory, as fcc's reductions) say
// how the enqueue grows with the argument count, the scalars' width and
// local memory arguments: their source is written by wide_src. The
// "2 kernel objects" variants launch as fcc's slots do (runtime/exe,
// Context.slot): two objects of one kernel, the buffers set once in
// each the other way round, alternating, only the scalar re-set.
//
//	cc -O2 -o launch_floor launch_floor.c -lOpenCL
//	./launch_floor PLATFORM-SUBSTRING [n]
#include "probe.h"
#include <time.h>

static double now_us(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static const char *src =
    "__kernel void k3(__global float *dst, __global const float *src, float v) {\n"
    "  long i = get_global_id(0);\n"
    "  if (i < 1024) dst[i] = src[i] + v;\n"
    "}\n"
    "__kernel void k9(__global long *err, float v, long n, __global const float *src,\n"
    "                 long off, long d0, long s0, long space, __global float *dst) {\n"
    "  long i = get_global_id(0);\n"
    "  if (i < space) dst[i] = src[off + i * s0] + v;\n"
    "  if (i == n && d0 < 0) err[0] = 1;\n"
    "}\n";

enum { ELEMS = 1024, LOCAL = 256, REPS = 5, PASSES = 2 };

// The wide kernels: err, v, nscalar scalars of type ty, src, dst, then
// nlocal local buffers. Every scalar is read (a sum the guard compares),
// so that no compiler drops one.
struct wide {
	const char *name, *ty;
	int nscalar, nlocal;
};

static const struct wide wides[] = {
    {"k16", "long", 12, 0},
    {"k24", "long", 20, 0},
    {"k24i", "int", 20, 0},
    {"k24l", "long", 17, 3},
};
enum { NWIDE = sizeof wides / sizeof wides[0] };

// wide_src appends the source of w to buf.
static void wide_src(char *buf, size_t size, const struct wide *w) {
	size_t n = strlen(buf);
	n += snprintf(buf + n, size - n, "__kernel void %s(__global long *err, float v", w->name);
	for (int i = 0; i < w->nscalar; i++) n += snprintf(buf + n, size - n, ", %s a%d", w->ty, i);
	n += snprintf(buf + n, size - n, ", __global const float *src, __global float *dst");
	for (int i = 0; i < w->nlocal; i++) n += snprintf(buf + n, size - n, ", __local float *l%d", i);
	n += snprintf(buf + n, size - n, ") {\n  long i = get_global_id(0);\n  long s = 0");
	for (int i = 0; i < w->nscalar; i++) n += snprintf(buf + n, size - n, " + a%d", i);
	n += snprintf(buf + n, size - n, ";\n  float x = src[i] + v;\n");
	for (int i = 0; i < w->nlocal; i++) {
		n += snprintf(buf + n, size - n, "  l%d[get_local_id(0)] = x;\n  barrier(CLK_LOCAL_MEM_FENCE);\n  x = l%d[get_local_id(0) ^ 1];\n", i, i);
	}
	n += snprintf(buf + n, size - n, "  if (i < 1024) dst[i] = x;\n  if (i == s) err[0] = 1;\n}\n");
}

struct variant {
	const char *name;
	int nine;   // the 9-argument kernel
	int wide;   // 1 + an index of wides (0: k3 or k9)
	int copies; // 2: two kernel objects, each with its buffers set once, alternating (fcc's launch slots); only the scalar re-set
	int reset;  // re-set the changing arguments before every launch
	int local;  // local size given (else NULL)
	int event;  // ask for an event and release it
	int flush;  // clFlush after every launch
	int batch;  // clFinish after every batch launches (0: at the end only)
};

static const struct variant variants[] = {
    {"k3 args once, local 256", 0, 0, 0, 1, 0, 0, 0, 0},
    {"k3 args once, local NULL", 0, 0, 0, 0, 0, 0, 0, 0},
    {"k3 3 args re-set, local 256", 0, 0, 1, 1, 0, 0, 0, 0},
    {"k3 3 args re-set, local NULL", 0, 0, 1, 0, 0, 0, 0, 0},
    {"k9 args once, local 256", 1, 0, 0, 1, 0, 0, 0, 0},
    {"k9 3 of 9 args re-set, local 256", 1, 0, 1, 1, 0, 0, 0, 0},
    {"k9 3 of 9 re-set, local 256, event", 1, 0, 1, 1, 1, 0, 0, 0},
    {"k9 3 of 9 re-set, local 256, clFlush", 1, 0, 1, 1, 0, 1, 0, 0},
    {"k3 args once, local 256, batches of 64", 0, 0, 0, 1, 0, 0, 64, 0},
    {"k9 3 of 9 re-set, local 256, batches of 16", 1, 0, 1, 1, 0, 0, 16, 0},
    {"k9 3 of 9 re-set, local 256, batches of 64", 1, 0, 1, 1, 0, 0, 64, 0},
    {"k9 3 of 9 re-set, local 256, batches of 256", 1, 0, 1, 1, 0, 0, 256, 0},
    {"k9 3 of 9 re-set, local 256, batches of 1024", 1, 0, 1, 1, 0, 0, 1024, 0},
    {"k16 args once, local 256", 0, 1, 0, 1, 0, 0, 0, 0},
    {"k16 3 of 16 re-set, local 256", 0, 1, 1, 1, 0, 0, 0, 0},
    {"k24 args once, local 256", 0, 2, 0, 1, 0, 0, 0, 0},
    {"k24 3 of 24 re-set, local 256", 0, 2, 1, 1, 0, 0, 0, 0},
    {"k24 3 of 24 re-set, local 256, event", 0, 2, 1, 1, 1, 0, 0, 0},
    {"k24i (int scalars) 3 of 24 re-set, local 256", 0, 3, 1, 1, 0, 0, 0, 0},
    {"k24l (3 local) 3 of 24 re-set, local 256", 0, 4, 1, 1, 0, 0, 0, 0},
    {"k24l (3 local) args once, local 256", 0, 4, 0, 1, 0, 0, 0, 0},
    {"k9 2 kernel objects alternating, 1 of 9 re-set", 1, 0, 0, 1, 0, 0, 0, 2},
    {"k3 2 kernel objects alternating, 1 of 3 re-set", 0, 0, 0, 1, 0, 0, 0, 2},
    {"k24 2 kernel objects alternating, 1 of 24 re-set", 0, 2, 0, 1, 0, 0, 0, 2},
};

static void set9(cl_kernel k, cl_mem err, cl_mem a, cl_mem b, float v) {
	cl_long n = ELEMS, off = 0, d0 = ELEMS, s0 = 1, space = ELEMS;
	CHECK(clSetKernelArg(k, 0, sizeof err, &err));
	CHECK(clSetKernelArg(k, 1, sizeof v, &v));
	CHECK(clSetKernelArg(k, 2, sizeof n, &n));
	CHECK(clSetKernelArg(k, 3, sizeof a, &a));
	CHECK(clSetKernelArg(k, 4, sizeof off, &off));
	CHECK(clSetKernelArg(k, 5, sizeof d0, &d0));
	CHECK(clSetKernelArg(k, 6, sizeof s0, &s0));
	CHECK(clSetKernelArg(k, 7, sizeof space, &space));
	CHECK(clSetKernelArg(k, 8, sizeof b, &b));
}

// setw sets every argument of the wide kernel k of w.
static void setw(cl_kernel k, const struct wide *w, cl_mem err, cl_mem a, cl_mem b, float v) {
	int i = 0;
	CHECK(clSetKernelArg(k, i++, sizeof err, &err));
	CHECK(clSetKernelArg(k, i++, sizeof v, &v));
	for (int j = 0; j < w->nscalar; j++, i++) {
		// Values whose sum is no work-item's index.
		cl_long l = -1 - j;
		cl_int x = -1 - j;
		if (strcmp(w->ty, "int") == 0) {
			CHECK(clSetKernelArg(k, i, sizeof x, &x));
		} else {
			CHECK(clSetKernelArg(k, i, sizeof l, &l));
		}
	}
	CHECK(clSetKernelArg(k, i++, sizeof a, &a));
	CHECK(clSetKernelArg(k, i++, sizeof b, &b));
	for (int j = 0; j < w->nlocal; j++) CHECK(clSetKernelArg(k, i++, LOCAL * sizeof(float), NULL));
}

static void set3(cl_kernel k, cl_mem a, cl_mem b, float v) {
	CHECK(clSetKernelArg(k, 0, sizeof b, &b));
	CHECK(clSetKernelArg(k, 1, sizeof a, &a));
	CHECK(clSetKernelArg(k, 2, sizeof v, &v));
}

// run times one repetition of variant v: n launches. It returns the
// enqueue loop's time and the time to clFinish, both per launch.
static void run(const struct variant *v, cl_command_queue q, cl_kernel k3, cl_kernel k9, cl_kernel kw[NWIDE], cl_mem err, cl_mem bufs[2], long n, double *enq, double *wall) {
	cl_kernel k = v->nine ? k9 : k3;
	const struct wide *w = v->wide ? &wides[v->wide - 1] : NULL;
	size_t gs = ELEMS, ls = LOCAL;
	if (w) {
		k = kw[v->wide - 1];
		setw(k, w, err, bufs[0], bufs[1], 1.0f);
	} else if (v->nine) {
		set9(k, err, bufs[0], bufs[1], 1.0f);
	} else {
		set3(k, bufs[0], bufs[1], 1.0f);
	}
	// fcc's launch slots: a second kernel object with the buffers the
	// other way round, so that alternating buffers need no re-setting.
	cl_kernel k2 = NULL;
	if (v->copies == 2) {
		cl_int e;
		char name[64];
		CHECK(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL));
		cl_program prog;
		CHECK(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof prog, &prog, NULL));
		k2 = clCreateKernel(prog, name, &e);
		CHECK(e);
		if (w) {
			setw(k2, w, err, bufs[1], bufs[0], 1.0f);
		} else if (v->nine) {
			set9(k2, err, bufs[1], bufs[0], 1.0f);
		} else {
			set3(k2, bufs[1], bufs[0], 1.0f);
		}
	}
	CHECK(clFinish(q));
	double inloop = 0, t0 = now_us();
	for (long i = 0; i < n; i++) {
		double s = now_us();
		cl_kernel kk = k;
		if (k2) {
			// Only the scalar changes; the buffers alternate by object.
			float x = (float)(i + 1);
			kk = (i & 1) ? k2 : k;
			CHECK(clSetKernelArg(kk, w ? 1 : v->nine ? 1 : 2, sizeof x, &x));
		}
		if (v->reset) {
			// The loop's arrays alternate and a scalar changes: 3 arguments.
			cl_mem a = bufs[i & 1], b = bufs[(i + 1) & 1];
			float x = (float)(i + 1);
			if (w) {
				CHECK(clSetKernelArg(k, 1, sizeof x, &x));
				CHECK(clSetKernelArg(k, 2 + w->nscalar, sizeof a, &a));
				CHECK(clSetKernelArg(k, 3 + w->nscalar, sizeof b, &b));
			} else if (v->nine) {
				CHECK(clSetKernelArg(k, 1, sizeof x, &x));
				CHECK(clSetKernelArg(k, 3, sizeof a, &a));
				CHECK(clSetKernelArg(k, 8, sizeof b, &b));
			} else {
				set3(k, a, b, x);
			}
		}
		cl_event ev, *evp = v->event ? &ev : NULL;
		CHECK(clEnqueueNDRangeKernel(q, kk, 1, NULL, &gs, v->local ? &ls : NULL, 0, NULL, evp));
		if (v->event) clReleaseEvent(ev);
		if (v->flush) CHECK(clFlush(q));
		inloop += now_us() - s;
		if (v->batch && (i + 1) % v->batch == 0) CHECK(clFinish(q));
	}
	CHECK(clFinish(q));
	if (k2) clReleaseKernel(k2);
	*enq = inloop / n;
	*wall = (now_us() - t0) / n;
}

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: launch_floor PLATFORM-SUBSTRING [n]\n");
		return 2;
	}
	long n = argc > 2 ? atol(argv[2]) : 10000;
	cl_uint cus;
	cl_device_id d = device(argv[1], &cus);
	char name[256], ver[256];
	clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name, name, NULL);
	clGetDeviceInfo(d, CL_DRIVER_VERSION, sizeof ver, ver, NULL);
	printf("device %s, driver %s, %ld launches per repetition, median of %d\n", name, ver, n, REPS);
	cl_command_queue q;
	cl_context ctx = context(d, 0, &q);
	static char all[1 << 14];
	snprintf(all, sizeof all, "%s", src);
	for (int i = 0; i < NWIDE; i++) wide_src(all, sizeof all, &wides[i]);
	cl_program prog = build_program(ctx, d, all, "");
	cl_int e;
	cl_kernel k3 = clCreateKernel(prog, "k3", &e);
	CHECK(e);
	cl_kernel k9 = clCreateKernel(prog, "k9", &e);
	CHECK(e);
	cl_kernel kw[NWIDE];
	for (int i = 0; i < NWIDE; i++) {
		kw[i] = clCreateKernel(prog, wides[i].name, &e);
		CHECK(e);
	}
	cl_mem bufs[2], err;
	float zero[ELEMS] = {0};
	for (int i = 0; i < 2; i++) {
		bufs[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, zero, &e);
		CHECK(e);
	}
	cl_long zl = 0;
	err = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zl, &zl, &e);
	CHECK(e);
	// One launch of each kernel first, so that no variant pays for the
	// first use.
	double x, y;
	for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) run(&variants[i], q, k3, k9, kw, err, bufs, 100, &x, &y);
	for (int pass = 1; pass <= PASSES; pass++) {
		printf("pass %d\n%-46s %12s %12s\n", pass, "variant", "enqueue us", "wall us");
		for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
			double enq[REPS], wall[REPS];
			for (int r = 0; r < REPS; r++) run(&variants[i], q, k3, k9, kw, err, bufs, n, &enq[r], &wall[r]);
			qsort(enq, REPS, sizeof enq[0], cmp);
			qsort(wall, REPS, sizeof wall[0], cmp);
			printf("%-46s %12.2f %12.2f\n", variants[i].name, enq[REPS / 2], wall[REPS / 2]);
		}
	}
	// The result of the last variant, so that a broken kernel shows.
	float out[ELEMS];
	CHECK(clEnqueueReadBuffer(q, bufs[0], CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
	printf("check: element 0 after the last variant = %g\n", out[0]);
	return 0;
}
