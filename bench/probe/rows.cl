// Variants of the thread-per-segment sum (one work-item per row) for the
// segmented sum of 10^8 rows of one element (bench/programs/segsum.fut,
// shape 1e8x1); mapprobe.c times them. Every kernel computes
// out[r] = sum of row r of a rows x n matrix, row-major.

// fcc's kernel as generated (64-bit index arithmetic, one row per item).
__kernel void cur(long n, __global const float *xs, long rows, __global float *out) {
	long g = get_global_id(0);
	if (g >= rows) return;
	long off = g * n;
	float acc = 0.0f;
	for (long i = 0; i < n; i++) acc += xs[off + i];
	out[g] = acc;
}

// The same with 32-bit index arithmetic.
__kernel void int32(long n, __global const float *xs, long rows, __global float *out) {
	int g = get_global_id(0);
	if (g >= rows) return;
	int off = g * (int)n;
	float acc = 0.0f;
	for (int i = 0; i < (int)n; i++) acc += xs[off + i];
	out[g] = acc;
}

// A copy: the floor of one 4-byte load and store per item.
__kernel void copy1(long n, __global const float *xs, long rows, __global float *out) {
	long g = get_global_id(0);
	if (g >= rows) return;
	out[g] = xs[g];
}

// K rows per item, strided by the launch size so that each of the K
// loads is coalesced across the work-group; all loads are issued first.
#define STRIDED(NAME, K)                                                             \
	__kernel void NAME(long n, __global const float *xs, long rows, __global float *out) { \
		long G = get_global_size(0), g = get_global_id(0);                           \
		for (long r0 = g; r0 < rows; r0 += K * G) {                                  \
			float acc[K];                                                            \
			_Pragma("unroll") for (int k = 0; k < K; k++) acc[k] = 0.0f;             \
			for (long i = 0; i < n; i++) {                                           \
				_Pragma("unroll") for (int k = 0; k < K; k++) {                      \
					long r = r0 + k * G;                                             \
					if (r < rows) acc[k] += xs[r * n + i];                           \
				}                                                                    \
			}                                                                        \
			_Pragma("unroll") for (int k = 0; k < K; k++) {                          \
				long r = r0 + k * G;                                                 \
				if (r < rows) out[r] = acc[k];                                       \
			}                                                                        \
		}                                                                            \
	}
STRIDED(strided2, 2)
STRIDED(strided4, 4)
STRIDED(strided8, 8)

// fcc's strided map-global as first generated: four points per item, each
// point's row loop in its own guarded block, stores after.
#define POINT(J)                                                        \
	if (b + J * G < rows) {                                             \
		long off = (b + J * G) * n;                                     \
		float acc = 0.0f;                                               \
		for (long i = 0; i < n; i++) acc += xs[off + i];                \
		p##J = acc;                                                     \
	}
#define STORE(J) if (b + J * G < rows) out[b + J * G] = p##J;
__kernel void gen4(long n, __global const float *xs, long rows, __global float *out) {
	long G = get_global_size(0);
	for (long b = get_global_id(0); b < rows; b += 4 * G) {
		float p0, p1, p2, p3;
		POINT(0) POINT(1) POINT(2) POINT(3)
		STORE(0) STORE(1) STORE(2) STORE(3)
	}
}

// The same with the row loops interchanged with the points: each step of
// the loop loads from all four rows.
__kernel void gen4x(long n, __global const float *xs, long rows, __global float *out) {
	long G = get_global_size(0);
	for (long b = get_global_id(0); b < rows; b += 4 * G) {
		float p0 = 0.0f, p1 = 0.0f, p2 = 0.0f, p3 = 0.0f;
		bool u0 = b < rows, u1 = b + G < rows, u2 = b + 2 * G < rows, u3 = b + 3 * G < rows;
		for (long i = 0; i < n; i++) {
			if (u0) p0 += xs[b * n + i];
			if (u1) p1 += xs[(b + G) * n + i];
			if (u2) p2 += xs[(b + 2 * G) * n + i];
			if (u3) p3 += xs[(b + 3 * G) * n + i];
		}
		STORE(0) STORE(1) STORE(2) STORE(3)
	}
}

// Straight-line points (a copy), guarded blocks as generated.
#define CPOINT(J) if (b + J * G < rows) { p##J = xs[(b + J * G) * n]; }
__kernel void copy4(long n, __global const float *xs, long rows, __global float *out) {
	long G = get_global_size(0);
	for (long b = get_global_id(0); b < rows; b += 4 * G) {
		float p0, p1, p2, p3;
		CPOINT(0) CPOINT(1) CPOINT(2) CPOINT(3)
		STORE(0) STORE(1) STORE(2) STORE(3)
	}
}

// The same with an unguarded path when all four points exist.
__kernel void copy4f(long n, __global const float *xs, long rows, __global float *out) {
	long G = get_global_size(0);
	for (long b = get_global_id(0); b < rows; b += 4 * G) {
		float p0, p1, p2, p3;
		if (b + 3 * G < rows) {
			p0 = xs[b * n]; p1 = xs[(b + G) * n]; p2 = xs[(b + 2 * G) * n]; p3 = xs[(b + 3 * G) * n];
			out[b] = p0; out[b + G] = p1; out[b + 2 * G] = p2; out[b + 3 * G] = p3;
		} else {
			CPOINT(0) CPOINT(1) CPOINT(2) CPOINT(3)
			STORE(0) STORE(1) STORE(2) STORE(3)
		}
	}
}

// gen4 with the unguarded path.
__kernel void gen4f(long n, __global const float *xs, long rows, __global float *out) {
	long G = get_global_size(0);
	for (long b = get_global_id(0); b < rows; b += 4 * G) {
		float p0, p1, p2, p3;
		if (b + 3 * G < rows) {
			{ long off = b * n; float acc = 0.0f; for (long i = 0; i < n; i++) acc += xs[off + i]; p0 = acc; }
			{ long off = (b + G) * n; float acc = 0.0f; for (long i = 0; i < n; i++) acc += xs[off + i]; p1 = acc; }
			{ long off = (b + 2 * G) * n; float acc = 0.0f; for (long i = 0; i < n; i++) acc += xs[off + i]; p2 = acc; }
			{ long off = (b + 3 * G) * n; float acc = 0.0f; for (long i = 0; i < n; i++) acc += xs[off + i]; p3 = acc; }
			out[b] = p0; out[b + G] = p1; out[b + 2 * G] = p2; out[b + 3 * G] = p3;
		} else {
			POINT(0) POINT(1) POINT(2) POINT(3)
			STORE(0) STORE(1) STORE(2) STORE(3)
		}
	}
}
