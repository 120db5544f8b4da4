// Helpers shared by the C probes of this folder (clprobe.c, cllog.c,
// scanprobe.c, sgemmprobe.c, syncprobe.c): each is one file compiled with
//
//	cc -O2 -o NAME NAME.c -lOpenCL -lm
#ifndef FCC_PROBE_H
#define FCC_PROBE_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(e)                                                                  \
	do {                                                                          \
		cl_int err_ = (e);                                                        \
		if (err_ != CL_SUCCESS) {                                                 \
			fprintf(stderr, "%s:%d: %s: %d\n", __FILE__, __LINE__, #e, err_); \
			exit(1);                                                              \
		}                                                                         \
	} while (0)

// cmp orders doubles, for qsort.
static inline int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

// slurp returns the contents of the file at path, NUL-terminated.
static inline char *slurp(const char *path) {
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(1);
	}
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = malloc(n + 1);
	if (fread(s, 1, n, f) != (size_t)n) exit(1);
	s[n] = 0;
	fclose(f);
	return s;
}

// device returns the first device of the platform whose name contains
// platform, and its number of compute units; it exits when there is none.
static inline cl_device_id device(const char *platform, cl_uint *cus) {
	cl_platform_id ps[8];
	cl_uint np;
	CHECK(clGetPlatformIDs(8, ps, &np));
	cl_platform_id p = 0;
	for (cl_uint i = 0; i < np; i++) {
		char name[256];
		clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
		if (strstr(name, platform)) p = ps[i];
	}
	if (!p) {
		fprintf(stderr, "no platform matching %s\n", platform);
		exit(1);
	}
	cl_device_id d;
	CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL));
	clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof *cus, cus, NULL);
	return d;
}

// context creates a context for device d and a command queue on it with
// the given properties.
static inline cl_context context(cl_device_id d, cl_command_queue_properties props, cl_command_queue *q) {
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
	CHECK(err);
	*q = clCreateCommandQueue(ctx, d, props, &err);
	CHECK(err);
	return ctx;
}

// build_program builds OpenCL C source for device d, exiting with the
// build log when it does not compile.
static inline cl_program build_program(cl_context ctx, cl_device_id d, const char *src, const char *opts) {
	cl_int err;
	cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	CHECK(err);
	if (clBuildProgram(prog, 1, &d, opts, NULL, NULL) != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		fprintf(stderr, "%s\n", log);
		exit(1);
	}
	return prog;
}

// elapsed_us is the time an event's command ran, in microseconds.
static inline double elapsed_us(cl_event ev) {
	cl_ulong a, b;
	clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL);
	clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL);
	return (b - a) / 1e3;
}

#endif
