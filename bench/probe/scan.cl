// Variants of the single-pass scan kernel that backend/segscan.go
// generates, hand-written so that scanprobe.c can time the design choices
// one at a time on a GPU (an inclusive i32 sum scan). Options:
//
//	LSIZE   work-group size
//	CHUNK   consecutive elements per work-item
//	COPY    1: load the tile into local memory and store it back (floor)
//	LB      0: no look-back (wrong results; the cost of the rest)
//	        1: fcc's look-back (32 predecessors, first work-item combines)
//	        2: WIN predecessors at once, both words loaded together, the
//	           cut found with a local atomic, a two-level combine
//	WIN     predecessors per look-back step for LB 2 (at most LSIZE)
//	GS      0: Hillis-Steele scan of the work-items' totals; 1: two-level
//	        (32 work-items scan LSIZE/32 totals each, then one scans 32);
//	        2: warp shuffles (NVIDIA inline PTX)
#ifndef LSIZE
#define LSIZE 256
#endif
#ifndef CHUNK
#define CHUNK 16
#endif
#ifndef LB
#define LB 1
#endif
#ifndef WIN
#define WIN LSIZE
#endif
#ifndef GS
#define GS 0
#endif
#ifndef COPY
#define COPY 0
#endif
#ifndef STATS
#define STATS 0
#endif
#ifndef INTERLEAVE
#define INTERLEAVE 0
#endif
#ifndef PF
#define PF 0
#endif
#define TILE (LSIZE * CHUNK)
// LOADR loads tile tix into the registers xr.
#define LOADR(tix)                                                               \
	do {                                                                         \
		long tb_ = (tix) * TILE, end_ = min(tb_ + TILE, n);                      \
		if (end_ - tb_ == TILE) {                                                \
			_Pragma("unroll") for (int k = 0; k < CHUNK; k++) xr[k] = in[tb_ + k * LSIZE + ltid]; \
		} else {                                                                 \
			_Pragma("unroll") for (int k = 0; k < CHUNK; k++) {                  \
				long i_ = tb_ + k * LSIZE + ltid;                                \
				xr[k] = i_ < end_ ? in[i_] : 0;                                  \
			}                                                                    \
		}                                                                        \
	} while (0)
#define P(x) ((x) + ((x) >> 5))
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#define TAG (1UL << 32)
#if INTERLEAVE
#define AGG(t) (1 + 2 * (t))
#define INC(t) (2 + 2 * (t))
#else
#define AGG(t) (1 + (t))
#define INC(t) (1 + ntiles + (t))
#endif
#ifdef NS
#define BACKOFF() asm volatile("nanosleep.u32 %0;" ::"r"(NS))
#elif defined SPIN
#define BACKOFF()                                        \
	do {                                                 \
		for (int z_ = 0; z_ < SPIN; z_++) lspin += z_; \
	} while (0)
#else
#define BACKOFF()
#endif
#if STATS
#define COUNT(i) atom_inc(&stats[i])
#else
#define COUNT(i)
#endif
#define VLOAD(i) (((volatile __global ulong *)st)[i])

#if GS >= 2
static inline int shfl_up(int v, int d) {
	int r;
	asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(r) : "r"(v), "r"(d));
	return r;
}
#endif

__kernel __attribute__((reqd_work_group_size(LSIZE, 1, 1))) void
scan(long n, long ntiles, __global ulong *st, __global const int *in, __global int *out, __global ulong *stats) {
	volatile __local int lspin;
	__local int lmem[P(TILE) + 1];
	__local int ltot[P(LSIZE) + 1];
	__local int lpart[33];
	__local long ltile[4];
	__local int lcut;
	__local int lval[P(WIN) + 1];
	__local int lstat[32];
	__local ulong lword[32];
	__local int lcar;
	int ltid = get_local_id(0);
	if (ltid == 0) lcut = WIN;
	int xr[PF ? CHUNK : 1];
#if PF
	if (ltid == 0) ltile[0] = atom_inc(st);
	barrier(CLK_LOCAL_MEM_FENCE);
	long nix = ltile[0];
	if (nix < ntiles) LOADR(nix);
#endif
	for (;;) {
#if PF
		long tix = nix;
		if (tix >= ntiles) break;
#else
		if (ltid == 0) ltile[0] = atom_inc(st);
		barrier(CLK_LOCAL_MEM_FENCE);
		long tix = ltile[0];
		if (tix >= ntiles) break;
#endif
		if (STATS && ltid == 0) COUNT(2);
		long tb = tix * TILE, end = min(tb + TILE, n);
		if (PF) {
#pragma unroll
			for (int k = 0; k < CHUNK; k++) lmem[P(k * LSIZE + ltid)] = xr[PF ? k : 0];
		} else if (end - tb == TILE) {
#pragma unroll
			for (int k = 0; k < CHUNK; k++) lmem[P(k * LSIZE + ltid)] = in[tb + k * LSIZE + ltid];
		} else {
#pragma unroll
			for (int k = 0; k < CHUNK; k++) {
				long i = tb + k * LSIZE + ltid;
				lmem[P(k * LSIZE + ltid)] = i < end ? in[i] : 0;
			}
		}
		barrier(CLK_LOCAL_MEM_FENCE);
#if !COPY
		int t = 0;
#pragma unroll
		for (int k = 0; k < CHUNK; k++) {
			int p = P(ltid * CHUNK + k);
			t += lmem[p];
			lmem[p] = t;
		}
		int excl, agg;
#if GS == 0
		ltot[ltid] = t;
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int s = 1; s < LSIZE; s *= 2) {
			int l = 0;
			if (ltid >= s) l = ltot[ltid - s];
			barrier(CLK_LOCAL_MEM_FENCE);
			if (ltid >= s) {
				t += l;
				ltot[ltid] = t;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
		}
		excl = ltid > 0 ? ltot[ltid - 1] : 0;
		agg = ltot[LSIZE - 1];
#elif GS == 1
#define PER (LSIZE / 32)
		ltot[P(ltid)] = t;
		barrier(CLK_LOCAL_MEM_FENCE);
		if (ltid < 32) {
			int a = 0;
			for (int k = 0; k < PER; k++) {
				a += ltot[P(ltid * PER + k)];
				ltot[P(ltid * PER + k)] = a;
			}
			lpart[ltid + 1] = a;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		if (ltid == 0) {
			int a = 0;
			lpart[0] = 0;
			for (int q = 1; q <= 32; q++) {
				a += lpart[q];
				lpart[q] = a;
			}
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		// lpart[q] = the total of blocks before q.
		{
			int u = ltid - 1;
			excl = ltid > 0 ? lpart[u / PER] + ltot[P(u)] : 0;
		}
		agg = lpart[32];
#else
		{
			int lane = ltid & 31, w = ltid >> 5;
			int v = t;
			for (int d = 1; d < 32; d *= 2) {
				int y = shfl_up(v, d);
				if (lane >= d) v += y;
			}
			if (lane == 31) lpart[w] = v;
			barrier(CLK_LOCAL_MEM_FENCE);
			if (w == 0) {
				int x = lane < LSIZE / 32 ? lpart[lane] : 0;
				for (int d = 1; d < 32; d *= 2) {
					int y = shfl_up(x, d);
					if (lane >= d) x += y;
				}
				if (lane < LSIZE / 32) ltot[lane] = x;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
			int wpre = w > 0 ? ltot[w - 1] : 0;
#if GS == 3
			v = wpre + v;
			barrier(CLK_LOCAL_MEM_FENCE);
			ltot[ltid] = v;
			barrier(CLK_LOCAL_MEM_FENCE);
			excl = ltid > 0 ? ltot[ltid - 1] : 0;
			agg = ltot[LSIZE - 1];
#else
			excl = wpre + v - t;
			agg = ltot[LSIZE / 32 - 1];
#endif
		}
#endif
		int run = 0;
#if LB == 1
		if (ltid == 0) {
			if (tix == 0)
				atom_xchg(&st[INC(tix)], TAG | (uint)agg);
			else
				atom_xchg(&st[AGG(tix)], TAG | (uint)agg);
			ltile[1] = tix - 1;
			ltile[2] = tix == 0;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		while (!ltile[2]) {
			long j = ltile[1];
			if (ltid < 32) {
				long tt = j - ltid;
				int s = 0;
				if (tt >= 0) {
					ulong w0 = VLOAD(INC(tt));
					if (w0 >> 32) {
						s = 2;
						lword[ltid] = w0;
					} else {
						w0 = VLOAD(AGG(tt));
						if (w0 >> 32) {
							s = 1;
							lword[ltid] = w0;
						}
					}
				}
				lstat[ltid] = s;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
			if (ltid == 0) {
				int k = 0;
				for (; k < 32; k++) {
					int s = lstat[k];
					if (s == 0) break;
					run = (int)(uint)lword[k] + run;
					if (s == 2) {
						ltile[2] = 1;
						break;
					}
				}
				ltile[1] = j - k;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
		}
#elif LB == 2
		if (ltid == 0) {
			if (tix == 0)
				atom_xchg(&st[INC(tix)], TAG | (uint)agg);
			else
				atom_xchg(&st[AGG(tix)], TAG | (uint)agg);
			ltile[1] = tix - 1;
			ltile[2] = tix == 0;
			if (PF) ltile[0] = atom_inc(st);
		}
		barrier(CLK_LOCAL_MEM_FENCE);
#if PF
		nix = ltile[0];
		if (nix < ntiles) LOADR(nix);
#endif
		while (!ltile[2]) {
			long j = ltile[1];
			int s = 0, val = 0;
			if (ltid < WIN) {
				long tt = j - ltid;
				if (tt >= 0) {
					ulong wi = VLOAD(INC(tt)), wa = VLOAD(AGG(tt));
					if (wi >> 32) {
						s = 2;
						val = (int)(uint)wi;
					} else if (wa >> 32) {
						s = 1;
						val = (int)(uint)wa;
					}
				}
				if (s != 1) atomic_min(&lcut, ltid);
			}
			barrier(CLK_LOCAL_MEM_FENCE);
			int cut = lcut;
			if (ltid < WIN) {
				bool take = ltid < cut || (ltid == cut && s == 2);
				lval[P(ltid)] = take ? val : 0;
				if (ltid == cut) ltile[3] = s;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
			if (ltid < 32) {
				int a = 0;
				for (int k = WIN / 32 - 1; k >= 0; k--) a = a + lval[P(ltid * (WIN / 32) + k)];
				lpart[ltid] = a;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
			if (ltid == 0) {
				int a = 0;
				for (int q = min(cut, WIN - 1) / (WIN / 32); q >= 0; q--) a = a + lpart[q];
				run = a + run;
				bool done = cut < WIN && ltile[3] == 2;
				COUNT(0);
				if (cut < WIN && ltile[3] == 0) {
					COUNT(1);
					BACKOFF();
				}
				ltile[1] = j - cut;
				ltile[2] = done;
				lcut = WIN;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
		}
#endif
#if LB != 0
		if (ltid == 0) {
			if (tix > 0) atom_xchg(&st[INC(tix)], TAG | (uint)(run + agg));
			lcar = run;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		int pre = lcar + excl;
#else
		int pre = excl;
#endif
#pragma unroll
		for (int k = 0; k < CHUNK; k++) {
			int p = P(ltid * CHUNK + k);
			lmem[p] = pre + lmem[p];
		}
		barrier(CLK_LOCAL_MEM_FENCE);
#endif
		if (end - tb == TILE) {
#pragma unroll
			for (int k = 0; k < CHUNK; k++) out[tb + k * LSIZE + ltid] = lmem[P(k * LSIZE + ltid)];
		} else {
#pragma unroll
			for (int k = 0; k < CHUNK; k++) {
				long i = tb + k * LSIZE + ltid;
				if (i < end) out[i] = lmem[P(k * LSIZE + ltid)];
			}
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}
