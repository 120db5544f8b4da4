// cllog builds an OpenCL program the way fcc's runtime would and prints
// the compiler's build log; with NVIDIA's -cl-nv-verbose that log holds
// each kernel's registers, spills and shared memory. It also writes the
// program binary (PTX text on NVIDIA) to OUT, so that two generated
// kernels can be compared instruction by instruction.
//
//	cc -O2 -o cllog cllog.c -lOpenCL
//	./cllog kernels.cl PLATFORM-SUBSTRING OUT "BUILD OPTIONS"
#include "probe.h"

int main(int argc, char **argv) {
	if (argc < 5) {
		fprintf(stderr, "usage: cllog kernels.cl PLATFORM OUT OPTIONS\n");
		return 2;
	}
	cl_uint cus;
	cl_device_id d = device(argv[2], &cus);
	cl_command_queue q;
	cl_context ctx = context(d, 0, &q);
	cl_int err;
	const char *src = slurp(argv[1]);
	cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	CHECK(err);
	cl_int built = clBuildProgram(prog, 1, &d, argv[4], NULL, NULL);
	size_t n;
	clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
	char *log = malloc(n + 1);
	clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, n, log, NULL);
	log[n] = 0;
	printf("%s\n", log);
	if (built != CL_SUCCESS) {
		fprintf(stderr, "build failed: %d\n", built);
		return 1;
	}
	size_t size;
	CHECK(clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
	unsigned char *bin = malloc(size);
	CHECK(clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
	FILE *f = fopen(argv[3], "wb");
	if (!f || fwrite(bin, 1, size, f) != size) {
		perror(argv[3]);
		return 1;
	}
	fclose(f);
	// Each kernel's largest work-group (CL_KERNEL_WORK_GROUP_SIZE), which
	// its registers can put below the device's maximum.
	cl_uint nk;
	CHECK(clCreateKernelsInProgram(prog, 0, NULL, &nk));
	cl_kernel *ks = malloc(nk * sizeof *ks);
	CHECK(clCreateKernelsInProgram(prog, nk, ks, NULL));
	for (cl_uint i = 0; i < nk; i++) {
		char name[256];
		size_t wg;
		CHECK(clGetKernelInfo(ks[i], CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL));
		CHECK(clGetKernelWorkGroupInfo(ks[i], d, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
		printf("work-group size %s %zu\n", name, wg);
	}
	return 0;
}
