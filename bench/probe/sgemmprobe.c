// sgemmprobe times the SGEMM variants of bench/probe/sgemm.cl on one OpenCL
// device: C[n][m] = A[n][k] * transpose(Bt[m][k]), A and Bt uniform [-1,1].
// Each variant is checked against a double-precision CPU reference (every
// entry when n*m*k <= 2^28, else 4096 random entries plus the corners) with
// |got - ref| <= 1e-3 * sum_p |A[i][p]*Bt[j][p]|, on a C poisoned with NaN.
//
//	cc -O2 -o sgemmprobe sgemmprobe.c -lOpenCL
//	./sgemmprobe sgemm.cl PLATFORM-SUBSTRING n m k "options" ["options" ...]
//
// Each options string goes to clBuildProgram as is. The launch shape comes
// from its -DBM= -DBN= -DTX= -DTY= (defaults 128 128 16 16, appended to the
// build options when absent so host and kernel agree); -DFCC=1 always
// launches 128x128 tiles of 16x16. -DEXACT=1 variants are skipped unless
// BM | n, BN | m and BK | k. The build log is printed when the build fails
// or SHOWLOG is set; with -cl-nv-verbose the register, spill and shared
// memory counts (ptxas info) are summarised on the result line.
// RUNS=r in the environment overrides the number of timed runs (20).
#include "probe.h"
#include <math.h>

// opt returns the value of "-DKEY=" in opts (the key must start the option),
// or def when absent.
static long opt(const char *opts, const char *key, long def) {
	char pat[64];
	snprintf(pat, sizeof pat, "-D%s=", key);
	for (const char *p = opts; (p = strstr(p, pat)); p++)
		if (p == opts || p[-1] == ' ' || p[-1] == '\t') return atol(p + strlen(pat));
	return def;
}

static unsigned long long rng = 88172645463325252ull;
static unsigned long long next(void) {
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

// ptxsummary condenses NVIDIA's ptxas info lines of a build log.
static void ptxsummary(const char *log, char *out, size_t outn) {
	out[0] = 0;
	const char *u = strstr(log, "Used ");
	int regs = -1, spst = 0, spld = 0, smem = 0;
	if (u) sscanf(u, "Used %d registers", &regs);
	const char *s = strstr(log, "bytes spill stores");
	if (s) {
		const char *b = s;
		while (b > log && b[-1] != '\n' && b[-1] != ':') b--;
		int stack;
		sscanf(b, " %d bytes stack frame, %d bytes spill stores, %d bytes spill loads", &stack, &spst, &spld);
	}
	const char *sm = u ? strstr(u, "bytes smem") : NULL;
	if (sm) {
		const char *b = sm;
		while (b > u && b[-1] != ',') b--;
		sscanf(b, " %d", &smem);
	}
	if (regs >= 0) snprintf(out, outn, "regs %3d spill %d/%d smem %d", regs, spst, spld, smem);
}

int main(int argc, char **argv) {
	if (argc < 7) {
		fprintf(stderr, "usage: sgemmprobe sgemm.cl PLATFORM n m k options...\n");
		return 2;
	}
	long n = atol(argv[3]), m = atol(argv[4]), k = atol(argv[5]);
	int runs = getenv("RUNS") ? atoi(getenv("RUNS")) : 20;
	if (runs < 1 || runs > 1000) runs = 20;
	cl_uint cus;
	cl_device_id d = device(argv[2], &cus);
	char dname[256];
	clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof dname, dname, NULL);
	cl_command_queue q;
	cl_context ctx = context(d, CL_QUEUE_PROFILING_ENABLE, &q);
	cl_int err;
	const char *src = slurp(argv[1]);

	float *ha = malloc(n * k * sizeof *ha), *hb = malloc(m * k * sizeof *hb), *hc = malloc(n * m * sizeof *hc);
	for (long i = 0; i < n * k; i++) ha[i] = (float)((next() >> 11) * (2.0 / 9007199254740992.0) - 1.0);
	for (long i = 0; i < m * k; i++) hb[i] = (float)((next() >> 11) * (2.0 / 9007199254740992.0) - 1.0);

	// Reference entries.
	int full = (double)n * m * k <= (double)(1 << 28);
	long ns = full ? n * m : 4096 + 4;
	long *si = malloc(ns * sizeof *si), *sj = malloc(ns * sizeof *sj);
	double *sref = malloc(ns * sizeof *sref), *smag = malloc(ns * sizeof *smag);
	for (long s = 0; s < ns; s++) {
		if (full) {
			si[s] = s / m;
			sj[s] = s % m;
		} else if (s < 4) {
			si[s] = s & 1 ? n - 1 : 0;
			sj[s] = s & 2 ? m - 1 : 0;
		} else {
			si[s] = next() % n;
			sj[s] = next() % m;
		}
		double acc = 0, mag = 0;
		const float *ar = ha + si[s] * k, *br = hb + sj[s] * k;
		for (long t = 0; t < k; t++) {
			double x = (double)ar[t] * br[t];
			acc += x;
			mag += fabs(x);
		}
		sref[s] = acc;
		smag[s] = mag;
	}

	cl_mem ba = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * k * 4, ha, &err);
	CHECK(err);
	cl_mem bb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, m * k * 4, hb, &err);
	CHECK(err);
	cl_mem bc = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * m * 4, NULL, &err);
	CHECK(err);
	cl_mem scratch = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * k * 4, NULL, &err);
	CHECK(err);

	double *t = malloc(runs * sizeof *t);
	for (int r = -2; r < runs; r++) {
		cl_event ev;
		CHECK(clEnqueueCopyBuffer(q, ba, scratch, 0, 0, n * k * 4, 0, NULL, &ev));
		CHECK(clFinish(q));
		if (r >= 0) t[r] = elapsed_us(ev) / 1e3;
		clReleaseEvent(ev);
	}
	qsort(t, runs, sizeof *t, cmp);
	printf("%s, %u CUs; n=%ld m=%ld k=%ld (%s check); copy of n*k floats: %.3f ms (%.0f GB/s)\n", dname, cus, n, m, k,
	       full ? "full" : "sampled", t[runs / 2], 8.0 * n * k / t[runs / 2] / 1e6);
	fflush(stdout);
	clReleaseMemObject(scratch);

	const double flop = 2.0 * n * m * k;
	int nbad = 0;
	for (int v = 6; v < argc; v++) {
		const char *o = argv[v];
		int fcc = opt(o, "FCC", 0) != 0;
		long bm = fcc ? 128 : opt(o, "BM", 128), bn = fcc ? 128 : opt(o, "BN", 128);
		long tx = fcc ? 16 : opt(o, "TX", 16), ty = fcc ? 16 : opt(o, "TY", 16);
		long bk = fcc ? 8 : opt(o, "BK", 8);
		if (opt(o, "EXACT", 0) && (n % bm || m % bn || k % bk)) {
			printf("%-72s skipped (EXACT needs BM|n, BN|m, BK|k)\n", o);
			continue;
		}
		char opts[2048];
		snprintf(opts, sizeof opts, "%s", o);
		const char *keys[] = {"BM", "BN", "TX", "TY"};
		long vals[] = {bm, bn, tx, ty};
		for (int i = 0; i < 4 && !fcc; i++)
			if (opt(o, keys[i], -1) < 0)
				snprintf(opts + strlen(opts), sizeof opts - strlen(opts), " -D%s=%ld", keys[i], vals[i]);
		cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
		CHECK(err);
		cl_int berr = clBuildProgram(prog, 1, &d, opts, NULL, NULL);
		size_t loglen = 0;
		clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, 0, NULL, &loglen);
		char *log = calloc(loglen + 1, 1);
		clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, loglen, log, NULL);
		if (berr != CL_SUCCESS) {
			printf("%-72s build failed (%d):\n%s\n", o, berr, log);
			nbad++;
			free(log);
			clReleaseProgram(prog);
			continue;
		}
		if (getenv("SHOWLOG")) printf("%s\n", log);
		char ptx[128];
		ptxsummary(log, ptx, sizeof ptx);
		free(log);
		cl_kernel kern = clCreateKernel(prog, "sgemm", &err);
		CHECK(err);
		cl_int ni = n, mi = m, ki = k;
		CHECK(clSetKernelArg(kern, 0, sizeof ni, &ni));
		CHECK(clSetKernelArg(kern, 1, sizeof mi, &mi));
		CHECK(clSetKernelArg(kern, 2, sizeof ki, &ki));
		CHECK(clSetKernelArg(kern, 3, sizeof ba, &ba));
		CHECK(clSetKernelArg(kern, 4, sizeof bb, &bb));
		CHECK(clSetKernelArg(kern, 5, sizeof bc, &bc));
		size_t gs[2] = {(m + bn - 1) / bn * tx, (n + bm - 1) / bm * ty}, ls[2] = {tx, ty};
		float nan = NAN;
		CHECK(clEnqueueFillBuffer(q, bc, &nan, 4, 0, n * m * 4, 0, NULL, NULL));
		cl_int lerr = clEnqueueNDRangeKernel(q, kern, 2, NULL, gs, ls, 0, NULL, NULL);
		if (lerr != CL_SUCCESS) {
			printf("%-72s launch failed (%d)\n", o, lerr);
			nbad++;
			clReleaseKernel(kern);
			clReleaseProgram(prog);
			continue;
		}
		CHECK(clFinish(q));
		CHECK(clEnqueueReadBuffer(q, bc, CL_TRUE, 0, n * m * 4, hc, 0, NULL, NULL));
		long bad = 0, first = -1;
		double worst = 0;
		for (long s = 0; s < ns; s++) {
			double got = hc[si[s] * m + sj[s]], e = fabs(got - sref[s]) / (smag[s] > 0 ? smag[s] : 1);
			if (!(e <= 1e-3)) {
				if (first < 0) first = s;
				bad++;
			}
			if (e > worst || e != e) worst = e;
		}
		for (int r = -1; r < runs; r++) {
			cl_event ev;
			CHECK(clEnqueueNDRangeKernel(q, kern, 2, NULL, gs, ls, 0, NULL, &ev));
			CHECK(clFinish(q));
			if (r >= 0) t[r] = elapsed_us(ev) / 1e3;
			clReleaseEvent(ev);
		}
		qsort(t, runs, sizeof *t, cmp);
		printf("%-72s median %8.3f ms  min %8.3f  %7.0f GFLOP/s  %s", o, t[runs / 2], t[0], flop / t[runs / 2] / 1e6,
		       bad ? "WRONG" : "ok");
		if (ptx[0]) printf("  [%s]", ptx);
		printf("\n");
		if (bad) {
			printf("    %ld of %ld checked entries wrong, first C[%ld][%ld] = %g, want %g (max rel err %.3g)\n", bad, ns,
			       si[first], sj[first], hc[si[first] * m + sj[first]], sref[first], worst);
			nbad++;
		}
		fflush(stdout);
		clReleaseKernel(kern);
		clReleaseProgram(prog);
	}
	return nbad ? 1 : 0;
}
