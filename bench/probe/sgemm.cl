// sgemm.cl: hand-written OpenCL SGEMM variants for bench/probe/sgemmprobe.c.
//
//   C[i][j] = sum_p A[i][p] * Bt[j][p]     A: [n][k], Bt: [m][k], C: [n][m],
//                                          all row-major, k fastest in A and Bt.
//
// One kernel, `sgemm`, shaped by -D macros (defaults reproduce fcc's
// tiled2d_map_1_t16r8, the kernel fcc emits for bench/programs/matmul.fut):
//
//   FCC=1     use fcc's generated kernel body verbatim (calibration; ignores
//             every other macro except that the host launches it 128x128/16x16).
//   BM, BN    block tile: rows of C (of A) and columns of C (rows of Bt) per
//             work-group. Default 128 x 128.
//   TX, TY    work-group shape: local size (TX, TY); dim 0 runs along columns
//             of C, dim 1 along rows. Default 16 x 16. Each work-item owns a
//             TM x TN register tile, TM = BM/TY, TN = BN/TX (both multiples
//             of 4; TX*TY a multiple of 32).
//   BK        k-slab depth staged in local memory per step (multiple of 4).
//             Default 8.
//   PAD       floats of padding after each BM/BN row of a local slab (keep it
//             a multiple of 4: slab rows are read as float4). Default 4.
//   DB        1: two local slab buffers, next slab prefetched into registers
//             during the compute of the current one, one barrier per slab
//             (fcc's scheme). 0: one buffer, register prefetch, two barriers
//             per slab. Default 1.
//   UNR2      1 (with DB=1): the slab loop is unrolled by two so the local
//             buffer indices are constants.
//   WTX       work-items along columns inside one warp of 32 (WTY = 32/WTX
//             along rows). A warp reads WTY distinct float4 of A and WTX
//             distinct float4 of B per k; fewer distinct addresses = fewer
//             local-memory wavefronts. Work-item (tcol, trow) comes from the
//             linear id tid = ly*TX + lx: lane = tid%32, warp = tid/32. WTX=TX
//             (default when TX <= 32) is fcc's mapping tcol = lx, trow = ly.
//   STRIDE    1: a work-item's rows are TM/4 groups of 4 consecutive rows
//             strided by 4*TY ({trow*4+c*4*TY+d}), columns likewise by 4*TX
//             (fcc's interleave). 0: contiguous rows trow*TM .. trow*TM+TM-1.
//   LDMAP     global->local copy mapping of float4 number e (of BM*BK/4):
//             0: r = e/(BK/4), q = 4*(e%(BK/4)) (k inner: fcc's, full 32-byte
//             sectors); 1: r = e%BM, q = 4*(e/BM) (rows inner: conflict-free
//             local stores for any BK, half-used sectors per request).
//   VSTORE    1: float4 stores of C where the 4 columns are in range and m%4==0.
//   IDX64     1: long global index arithmetic (fcc's); 0: int (n*k, m*k, n*m
//             must fit in 31 bits).
//   REQD      1: __attribute__((reqd_work_group_size(TX, TY, 1))). Default 1.
//   SWZ       0: work-group (x, y) takes tile (x, y). G > 0: the linear group
//             id walks G row-blocks at a time, column by column (L2 grouping).
//   FMA       0: mad(); 1: fma().
//   EXACT     1: assume n%BM == 0, m%BN == 0, k%BK == 0 (no row clamps, no
//             k masks). The host skips EXACT variants on sizes that break it.
//             Without EXACT any n, m, k >= 1 is handled (rows clamped, k tail
//             zero-filled, scalar loads when k%4 != 0, stores guarded).
//
// Results stay plain IEEE: FP_CONTRACT is off, products are accumulated only
// through mad()/fma() as in fcc.
#pragma OPENCL FP_CONTRACT OFF

#ifndef FCC
#define FCC 0
#endif

#if FCC
// fcc's tiled2d_map_1_t16r8 body, arguments bound to this signature.
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void sgemm(int n, int m, int k, __global const float *A, __global const float *Bt, __global float *C)
{
  __global float *v_a_4 = (__global float *)A;
  const long v_a_4_o = 0, v_a_4_s0 = k, v_a_4_s1 = 1, v_k_2 = k;
  __global float *v_tr_7 = (__global float *)Bt;
  const long v_tr_7_o = 0, v_tr_7_s0 = k, v_tr_7_s1 = 1;
  const long space_0 = n, space_1 = m;
  __global float *out0 = C;
  const int tx = get_local_id(0), ty = get_local_id(1), tid = ty * 16 + tx;
  const long row0 = (long)get_group_id(1) * 128, col0 = (long)get_group_id(0) * 128;
  __local float slab_0[2][8][132] __attribute__((aligned(16)));
  const bool kfast_0 = (v_a_4_s1 < 0 ? -v_a_4_s1 : v_a_4_s1) <= (v_a_4_s0 < 0 ? -v_a_4_s0 : v_a_4_s0);
  float pf_0[4];
  const bool vec_0 = v_a_4_o % 4 == 0 && (kfast_0 ? v_a_4_s1 == 1 && v_a_4_s0 % 4 == 0 : v_a_4_s0 == 1 && v_a_4_s1 % 4 == 0 && row0 + 128 <= space_0);
  __local float slab_1[2][8][132] __attribute__((aligned(16)));
  const bool kfast_1 = (v_tr_7_s1 < 0 ? -v_tr_7_s1 : v_tr_7_s1) <= (v_tr_7_s0 < 0 ? -v_tr_7_s0 : v_tr_7_s0);
  float pf_1[4];
  const bool vec_1 = v_tr_7_o % 4 == 0 && (kfast_1 ? v_tr_7_s1 == 1 && v_tr_7_s0 % 4 == 0 : v_tr_7_s0 == 1 && v_tr_7_s1 % 4 == 0 && col0 + 128 <= space_1);
  float acc_0[8][8];
  #pragma unroll
  for (int i = 0; i < 8; i++) {
    #pragma unroll
    for (int j = 0; j < 8; j++) {
      acc_0[i][j] = (0.0f);
    }
  }
  const long nk = v_k_2;
  const long nfull = nk / 8;
  const int krem = (int)(nk - nfull * 8);
  if (nfull > 0) {
    {
      const long k0 = 0;
      if (vec_0) {
        #pragma unroll
        for (int l = 0; l < 1; l++) {
          const int e = tid + l * 256;
          const int r = kfast_0 ? e / 2 : (e % 32) * 4;
          const int q = kfast_0 ? (e % 2) * 4 : e / 32;
          long gr = row0 + r;
          if (gr >= space_0) gr = space_0 - 1;
          const float4 x = *(__global float4 *)&v_a_4[v_a_4_o + gr * v_a_4_s0 + (k0 + q) * v_a_4_s1];
          pf_0[4 * l + 0] = x.x;
          pf_0[4 * l + 1] = x.y;
          pf_0[4 * l + 2] = x.z;
          pf_0[4 * l + 3] = x.w;
        }
      } else {
        #pragma unroll
        for (int l = 0; l < 4; l++) {
          const int e = tid + l * 256;
          const int r = kfast_0 ? e / 8 : e % 128;
          const int q = kfast_0 ? e % 8 : e / 128;
          long gr = row0 + r;
          if (gr >= space_0) gr = space_0 - 1;
          long gk = k0 + q;
          pf_0[l] = v_a_4[v_a_4_o + gr * v_a_4_s0 + gk * v_a_4_s1];
        }
      }
      if (vec_1) {
        #pragma unroll
        for (int l = 0; l < 1; l++) {
          const int e = tid + l * 256;
          const int r = kfast_1 ? e / 2 : (e % 32) * 4;
          const int q = kfast_1 ? (e % 2) * 4 : e / 32;
          long gr = col0 + r;
          if (gr >= space_1) gr = space_1 - 1;
          const float4 x = *(__global float4 *)&v_tr_7[v_tr_7_o + gr * v_tr_7_s0 + (k0 + q) * v_tr_7_s1];
          pf_1[4 * l + 0] = x.x;
          pf_1[4 * l + 1] = x.y;
          pf_1[4 * l + 2] = x.z;
          pf_1[4 * l + 3] = x.w;
        }
      } else {
        #pragma unroll
        for (int l = 0; l < 4; l++) {
          const int e = tid + l * 256;
          const int r = kfast_1 ? e / 8 : e % 128;
          const int q = kfast_1 ? e % 8 : e / 128;
          long gr = col0 + r;
          if (gr >= space_1) gr = space_1 - 1;
          long gk = k0 + q;
          pf_1[l] = v_tr_7[v_tr_7_o + gr * v_tr_7_s0 + gk * v_tr_7_s1];
        }
      }
    }
    if (vec_0) {
      #pragma unroll
      for (int l = 0; l < 1; l++) {
        const int e = tid + l * 256;
        const int r = kfast_0 ? e / 2 : (e % 32) * 4;
        const int q = kfast_0 ? (e % 2) * 4 : e / 32;
        #pragma unroll
        for (int d = 0; d < 4; d++) {
          if (kfast_0) slab_0[0][q + d][r] = pf_0[4 * l + d];
          else slab_0[0][q][r + d] = pf_0[4 * l + d];
        }
      }
    } else {
      #pragma unroll
      for (int l = 0; l < 4; l++) {
        const int e = tid + l * 256;
        const int r = kfast_0 ? e / 8 : e % 128;
        const int q = kfast_0 ? e % 8 : e / 128;
        slab_0[0][q][r] = pf_0[l];
      }
    }
    if (vec_1) {
      #pragma unroll
      for (int l = 0; l < 1; l++) {
        const int e = tid + l * 256;
        const int r = kfast_1 ? e / 2 : (e % 32) * 4;
        const int q = kfast_1 ? (e % 2) * 4 : e / 32;
        #pragma unroll
        for (int d = 0; d < 4; d++) {
          if (kfast_1) slab_1[0][q + d][r] = pf_1[4 * l + d];
          else slab_1[0][q][r + d] = pf_1[4 * l + d];
        }
      }
    } else {
      #pragma unroll
      for (int l = 0; l < 4; l++) {
        const int e = tid + l * 256;
        const int r = kfast_1 ? e / 8 : e % 128;
        const int q = kfast_1 ? e % 8 : e / 128;
        slab_1[0][q][r] = pf_1[l];
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long kt = 0; kt < nfull; kt++) {
      const int buf = (int)(kt & 1);
      if (kt + 1 < nfull) {
        {
          const long k0 = (kt + 1) * 8;
          if (vec_0) {
            #pragma unroll
            for (int l = 0; l < 1; l++) {
              const int e = tid + l * 256;
              const int r = kfast_0 ? e / 2 : (e % 32) * 4;
              const int q = kfast_0 ? (e % 2) * 4 : e / 32;
              long gr = row0 + r;
              if (gr >= space_0) gr = space_0 - 1;
              const float4 x = *(__global float4 *)&v_a_4[v_a_4_o + gr * v_a_4_s0 + (k0 + q) * v_a_4_s1];
              pf_0[4 * l + 0] = x.x;
              pf_0[4 * l + 1] = x.y;
              pf_0[4 * l + 2] = x.z;
              pf_0[4 * l + 3] = x.w;
            }
          } else {
            #pragma unroll
            for (int l = 0; l < 4; l++) {
              const int e = tid + l * 256;
              const int r = kfast_0 ? e / 8 : e % 128;
              const int q = kfast_0 ? e % 8 : e / 128;
              long gr = row0 + r;
              if (gr >= space_0) gr = space_0 - 1;
              long gk = k0 + q;
              pf_0[l] = v_a_4[v_a_4_o + gr * v_a_4_s0 + gk * v_a_4_s1];
            }
          }
          if (vec_1) {
            #pragma unroll
            for (int l = 0; l < 1; l++) {
              const int e = tid + l * 256;
              const int r = kfast_1 ? e / 2 : (e % 32) * 4;
              const int q = kfast_1 ? (e % 2) * 4 : e / 32;
              long gr = col0 + r;
              if (gr >= space_1) gr = space_1 - 1;
              const float4 x = *(__global float4 *)&v_tr_7[v_tr_7_o + gr * v_tr_7_s0 + (k0 + q) * v_tr_7_s1];
              pf_1[4 * l + 0] = x.x;
              pf_1[4 * l + 1] = x.y;
              pf_1[4 * l + 2] = x.z;
              pf_1[4 * l + 3] = x.w;
            }
          } else {
            #pragma unroll
            for (int l = 0; l < 4; l++) {
              const int e = tid + l * 256;
              const int r = kfast_1 ? e / 8 : e % 128;
              const int q = kfast_1 ? e % 8 : e / 128;
              long gr = col0 + r;
              if (gr >= space_1) gr = space_1 - 1;
              long gk = k0 + q;
              pf_1[l] = v_tr_7[v_tr_7_o + gr * v_tr_7_s0 + gk * v_tr_7_s1];
            }
          }
        }
      }
      #pragma unroll
      for (int kk = 0; kk < 8; kk++) {
        float frag_0[8];
        const float4 vec_1 = *(__local float4 *)&slab_0[buf][kk][0 + ty * 4];
        frag_0[0] = vec_1.x;
        frag_0[1] = vec_1.y;
        frag_0[2] = vec_1.z;
        frag_0[3] = vec_1.w;
        const float4 vec_2 = *(__local float4 *)&slab_0[buf][kk][64 + ty * 4];
        frag_0[4] = vec_2.x;
        frag_0[5] = vec_2.y;
        frag_0[6] = vec_2.z;
        frag_0[7] = vec_2.w;
        float frag_1[8];
        const float4 vec_3 = *(__local float4 *)&slab_1[buf][kk][0 + tx * 4];
        frag_1[0] = vec_3.x;
        frag_1[1] = vec_3.y;
        frag_1[2] = vec_3.z;
        frag_1[3] = vec_3.w;
        const float4 vec_4 = *(__local float4 *)&slab_1[buf][kk][64 + tx * 4];
        frag_1[4] = vec_4.x;
        frag_1[5] = vec_4.y;
        frag_1[6] = vec_4.z;
        frag_1[7] = vec_4.w;
        #pragma unroll
        for (int i = 0; i < 8; i++) {
          #pragma unroll
          for (int j = 0; j < 8; j++) {
            acc_0[i][j] = mad(frag_0[i], frag_1[j], acc_0[i][j]);
          }
        }
      }
      if (kt + 1 < nfull) {
        if (vec_0) {
          #pragma unroll
          for (int l = 0; l < 1; l++) {
            const int e = tid + l * 256;
            const int r = kfast_0 ? e / 2 : (e % 32) * 4;
            const int q = kfast_0 ? (e % 2) * 4 : e / 32;
            #pragma unroll
            for (int d = 0; d < 4; d++) {
              if (kfast_0) slab_0[1 - buf][q + d][r] = pf_0[4 * l + d];
              else slab_0[1 - buf][q][r + d] = pf_0[4 * l + d];
            }
          }
        } else {
          #pragma unroll
          for (int l = 0; l < 4; l++) {
            const int e = tid + l * 256;
            const int r = kfast_0 ? e / 8 : e % 128;
            const int q = kfast_0 ? e % 8 : e / 128;
            slab_0[1 - buf][q][r] = pf_0[l];
          }
        }
        if (vec_1) {
          #pragma unroll
          for (int l = 0; l < 1; l++) {
            const int e = tid + l * 256;
            const int r = kfast_1 ? e / 2 : (e % 32) * 4;
            const int q = kfast_1 ? (e % 2) * 4 : e / 32;
            #pragma unroll
            for (int d = 0; d < 4; d++) {
              if (kfast_1) slab_1[1 - buf][q + d][r] = pf_1[4 * l + d];
              else slab_1[1 - buf][q][r + d] = pf_1[4 * l + d];
            }
          }
        } else {
          #pragma unroll
          for (int l = 0; l < 4; l++) {
            const int e = tid + l * 256;
            const int r = kfast_1 ? e / 8 : e % 128;
            const int q = kfast_1 ? e % 8 : e / 128;
            slab_1[1 - buf][q][r] = pf_1[l];
          }
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  if (krem > 0) {
    {
      const long k0 = nfull * 8;
      #pragma unroll
      for (int l = 0; l < 4; l++) {
        const int e = tid + l * 256;
        const int r = kfast_0 ? e / 8 : e % 128;
        const int q = kfast_0 ? e % 8 : e / 128;
        long gr = row0 + r;
        if (gr >= space_0) gr = space_0 - 1;
        long gk = k0 + q;
        if (gk >= nk) gk = nk - 1;
        pf_0[l] = v_a_4[v_a_4_o + gr * v_a_4_s0 + gk * v_a_4_s1];
      }
      #pragma unroll
      for (int l = 0; l < 4; l++) {
        const int e = tid + l * 256;
        const int r = kfast_1 ? e / 8 : e % 128;
        const int q = kfast_1 ? e % 8 : e / 128;
        long gr = col0 + r;
        if (gr >= space_1) gr = space_1 - 1;
        long gk = k0 + q;
        if (gk >= nk) gk = nk - 1;
        pf_1[l] = v_tr_7[v_tr_7_o + gr * v_tr_7_s0 + gk * v_tr_7_s1];
      }
    }
    #pragma unroll
    for (int l = 0; l < 4; l++) {
      const int e = tid + l * 256;
      const int r = kfast_0 ? e / 8 : e % 128;
      const int q = kfast_0 ? e % 8 : e / 128;
      slab_0[0][q][r] = pf_0[l];
    }
    #pragma unroll
    for (int l = 0; l < 4; l++) {
      const int e = tid + l * 256;
      const int r = kfast_1 ? e / 8 : e % 128;
      const int q = kfast_1 ? e % 8 : e / 128;
      slab_1[0][q][r] = pf_1[l];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int kk = 0; kk < krem; kk++) {
      float frag_0[8];
      const float4 vec_5 = *(__local float4 *)&slab_0[0][kk][0 + ty * 4];
      frag_0[0] = vec_5.x;
      frag_0[1] = vec_5.y;
      frag_0[2] = vec_5.z;
      frag_0[3] = vec_5.w;
      const float4 vec_6 = *(__local float4 *)&slab_0[0][kk][64 + ty * 4];
      frag_0[4] = vec_6.x;
      frag_0[5] = vec_6.y;
      frag_0[6] = vec_6.z;
      frag_0[7] = vec_6.w;
      float frag_1[8];
      const float4 vec_7 = *(__local float4 *)&slab_1[0][kk][0 + tx * 4];
      frag_1[0] = vec_7.x;
      frag_1[1] = vec_7.y;
      frag_1[2] = vec_7.z;
      frag_1[3] = vec_7.w;
      const float4 vec_8 = *(__local float4 *)&slab_1[0][kk][64 + tx * 4];
      frag_1[4] = vec_8.x;
      frag_1[5] = vec_8.y;
      frag_1[6] = vec_8.z;
      frag_1[7] = vec_8.w;
      #pragma unroll
      for (int i = 0; i < 8; i++) {
        #pragma unroll
        for (int j = 0; j < 8; j++) {
          acc_0[i][j] = mad(frag_0[i], frag_1[j], acc_0[i][j]);
        }
      }
    }
  }
  #pragma unroll
  for (int i = 0; i < 8; i++) {
    const long gr = row0 + ((i) / 4) * 64 + ty * 4 + (i) % 4;
    #pragma unroll
    for (int j = 0; j < 8; j++) {
      const long gc = col0 + ((j) / 4) * 64 + tx * 4 + (j) % 4;
      if (gr < space_0 && gc < space_1) {
        long v_gtid_3 = gr;
        long v_gtid_4 = gc;
        out0[gr * space_1 + gc] = acc_0[i][j];
      }
    }
  }
}
#else

#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef TX
#define TX 16
#endif
#ifndef TY
#define TY 16
#endif
#ifndef BK
#define BK 8
#endif
#ifndef PAD
#define PAD 4
#endif
#ifndef DB
#define DB 1
#endif
#ifndef WTX
#if TX < 32
#define WTX TX
#else
#define WTX 32
#endif
#endif
#ifndef UNR2
#define UNR2 0
#endif
#ifndef STRIDE
#define STRIDE 1
#endif
#ifndef LDMAP
#define LDMAP 0
#endif
#ifndef VSTORE
#define VSTORE 0
#endif
#ifndef IDX64
#define IDX64 1
#endif
#ifndef REQD
#define REQD 1
#endif
#ifndef SWZ
#define SWZ 0
#endif
#ifndef FMA
#define FMA 0
#endif
#ifndef EXACT
#define EXACT 0
#endif

#define NT (TX * TY)
#define TM (BM / TY)
#define TN (BN / TX)
#define WTY (32 / WTX)
#if BM % TY || BN % TX || TM % 4 || TN % 4
#error "TM = BM/TY and TN = BN/TX must be whole multiples of 4"
#endif
#if BK % 4 || PAD % 4
#error "BK and PAD must be multiples of 4"
#endif
#if NT % 32 || 32 % WTX || TX % WTX || TY % WTY
#error "TX*TY must be a multiple of 32, WTX must divide 32 and TX, 32/WTX must divide TY"
#endif

#define AV4 (BM * BK / 4) // float4s in an A slab
#define BV4 (BN * BK / 4)
#define LA ((AV4 + NT - 1) / NT) // float4s per work-item per slab
#define LB ((BV4 + NT - 1) / NT)
#define SA (BM + PAD)
#define SB (BN + PAD)
#define NBUF (DB ? 2 : 1)

#if IDX64
typedef long idx_t;
#else
typedef int idx_t;
#endif

#if FMA
#define MAC(a, b, c) fma(a, b, c)
#else
#define MAC(a, b, c) mad(a, b, c)
#endif

// Offset (in a slab row / in the block tile) of a work-item's c-th group of
// 4 rows (AOFF) or columns (BOFF).
#if STRIDE
#define AOFF(c) ((c) * (4 * TY) + trow * 4)
#define BOFF(c) ((c) * (4 * TX) + tcol * 4)
#else
#define AOFF(c) (trow * TM + (c) * 4)
#define BOFF(c) (tcol * TN + (c) * 4)
#endif

// float4 e of a BR x BK slab -> row r, k offset q.
#if LDMAP
#define LROW(e, BR) ((e) % (BR))
#define LQ(e, BR) (((e) / (BR)) * 4)
#else
#define LROW(e, BR) ((e) / (BK / 4))
#define LQ(e, BR) (((e) % (BK / 4)) * 4)
#endif

// Load this work-item's float4s of slab k0 of X (BR rows, offsets off[],
// k offsets qq[]) into registers pf[].
#if EXACT
#define GLOAD(X, off, qq, pf, L, V4, k0)                                     \
  _Pragma("unroll") for (int l = 0; l < L; l++) {                            \
    if ((V4) % NT == 0 || tid + l * NT < (V4))                               \
      pf[l] = *(__global const float4 *)&X[off[l] + (k0)];                    \
  }
#else
#define GLOAD(X, off, qq, pf, L, V4, k0)                                     \
  _Pragma("unroll") for (int l = 0; l < L; l++) {                            \
    if ((V4) % NT == 0 || tid + l * NT < (V4)) {                             \
      const int kq = (k0) + qq[l];                                           \
      if (v4) {                                                              \
        pf[l] = kq < k ? *(__global const float4 *)&X[off[l] + (k0)]         \
                       : (float4)(0.0f);                                     \
      } else {                                                               \
        __global const float *p = &X[off[l] + (k0)];                         \
        pf[l].x = kq + 0 < k ? p[0] : 0.0f;                                  \
        pf[l].y = kq + 1 < k ? p[1] : 0.0f;                                  \
        pf[l].z = kq + 2 < k ? p[2] : 0.0f;                                  \
        pf[l].w = kq + 3 < k ? p[3] : 0.0f;                                  \
      }                                                                      \
    }                                                                        \
  }
#endif

// Store the registers pf[] into local slab S[buf] (k-major: S[q][r]).
#define LSTORE(S, pf, L, V4, BR, buf)                                        \
  _Pragma("unroll") for (int l = 0; l < L; l++) {                            \
    const int e = tid + l * NT;                                              \
    if ((V4) % NT == 0 || e < (V4)) {                                        \
      const int r = LROW(e, BR), q = LQ(e, BR);                              \
      S[buf][q + 0][r] = pf[l].x;                                            \
      S[buf][q + 1][r] = pf[l].y;                                            \
      S[buf][q + 2][r] = pf[l].z;                                            \
      S[buf][q + 3][r] = pf[l].w;                                            \
    }                                                                        \
  }

#define COMPUTE(buf)                                                         \
  _Pragma("unroll") for (int kk = 0; kk < BK; kk++) {                        \
    float a[TM], b[TN];                                                      \
    _Pragma("unroll") for (int c = 0; c < TM / 4; c++) {                     \
      const float4 v = *(__local const float4 *)&As[buf][kk][AOFF(c)];       \
      a[4 * c + 0] = v.x;                                                    \
      a[4 * c + 1] = v.y;                                                    \
      a[4 * c + 2] = v.z;                                                    \
      a[4 * c + 3] = v.w;                                                    \
    }                                                                        \
    _Pragma("unroll") for (int c = 0; c < TN / 4; c++) {                     \
      const float4 v = *(__local const float4 *)&Bs[buf][kk][BOFF(c)];       \
      b[4 * c + 0] = v.x;                                                    \
      b[4 * c + 1] = v.y;                                                    \
      b[4 * c + 2] = v.z;                                                    \
      b[4 * c + 3] = v.w;                                                    \
    }                                                                        \
    _Pragma("unroll") for (int i = 0; i < TM; i++) {                         \
      _Pragma("unroll") for (int j = 0; j < TN; j++) {                       \
        acc[i][j] = MAC(a[i], b[j], acc[i][j]);                              \
      }                                                                      \
    }                                                                        \
  }

__kernel
#if REQD
__attribute__((reqd_work_group_size(TX, TY, 1)))
#endif
void sgemm(int n, int m, int k, __global const float *A, __global const float *Bt, __global float *C)
{
  const int tid = get_local_id(1) * TX + get_local_id(0);
  const int lane = tid % 32, warp = tid / 32;
  const int tcol = (warp % (TX / WTX)) * WTX + lane % WTX;
  const int trow = (warp / (TX / WTX)) * WTY + lane / WTX;
  int bx = get_group_id(0), by = get_group_id(1);
#if SWZ
  {
    const int nx = get_num_groups(0), ny = get_num_groups(1);
    const int L = by * nx + bx, per = SWZ * nx, first = (L / per) * SWZ;
    const int gs = min(SWZ, ny - first), w = L % per;
    by = first + w % gs;
    bx = w / gs;
  }
#endif
  const int row0 = by * BM, col0 = bx * BN;
  __local float As[NBUF][BK][SA] __attribute__((aligned(16)));
  __local float Bs[NBUF][BK][SB] __attribute__((aligned(16)));

  // Global offsets of this work-item's float4s, without the slab's k0.
  idx_t aoff[LA], boff[LB];
  int aq[LA], bq[LB];
  _Pragma("unroll") for (int l = 0; l < LA; l++) {
    const int e = tid + l * NT;
    int gr = row0 + LROW(e, BM);
#if !EXACT
    gr = min(gr, n - 1);
#endif
    aq[l] = LQ(e, BM);
    aoff[l] = (idx_t)gr * k + aq[l];
  }
  _Pragma("unroll") for (int l = 0; l < LB; l++) {
    const int e = tid + l * NT;
    int gr = col0 + LROW(e, BN);
#if !EXACT
    gr = min(gr, m - 1);
#endif
    bq[l] = LQ(e, BN);
    boff[l] = (idx_t)gr * k + bq[l];
  }
#if !EXACT
  const bool v4 = (k & 3) == 0;
  const int nslab = (k + BK - 1) / BK;
#else
  const int nslab = k / BK;
#endif

  float acc[TM][TN];
  _Pragma("unroll") for (int i = 0; i < TM; i++) {
    _Pragma("unroll") for (int j = 0; j < TN; j++) acc[i][j] = 0.0f;
  }
  float4 pa[LA], pb[LB];

  if (nslab > 0) {
#if DB
    GLOAD(A, aoff, aq, pa, LA, AV4, 0)
    GLOAD(Bt, boff, bq, pb, LB, BV4, 0)
    LSTORE(As, pa, LA, AV4, BM, 0)
    LSTORE(Bs, pb, LB, BV4, BN, 0)
    barrier(CLK_LOCAL_MEM_FENCE);
#define DBSTEP(t, buf)                                                       \
    if ((t) + 1 < nslab) {                                                   \
      GLOAD(A, aoff, aq, pa, LA, AV4, ((t) + 1) * BK)                        \
      GLOAD(Bt, boff, bq, pb, LB, BV4, ((t) + 1) * BK)                       \
    }                                                                        \
    COMPUTE(buf)                                                             \
    if ((t) + 1 < nslab) {                                                   \
      LSTORE(As, pa, LA, AV4, BM, 1 - (buf))                                 \
      LSTORE(Bs, pb, LB, BV4, BN, 1 - (buf))                                 \
    }                                                                        \
    barrier(CLK_LOCAL_MEM_FENCE);
#if UNR2
    for (int t = 0; t < nslab; t += 2) {
      DBSTEP(t, 0)
      if (t + 1 < nslab) {
        DBSTEP(t + 1, 1)
      }
    }
#else
    for (int t = 0; t < nslab; t++) {
      const int buf = t & 1;
      DBSTEP(t, buf)
    }
#endif
#else
    GLOAD(A, aoff, aq, pa, LA, AV4, 0)
    GLOAD(Bt, boff, bq, pb, LB, BV4, 0)
    for (int t = 0; t < nslab; t++) {
      LSTORE(As, pa, LA, AV4, BM, 0)
      LSTORE(Bs, pb, LB, BV4, BN, 0)
      barrier(CLK_LOCAL_MEM_FENCE);
      if (t + 1 < nslab) {
        GLOAD(A, aoff, aq, pa, LA, AV4, (t + 1) * BK)
        GLOAD(Bt, boff, bq, pb, LB, BV4, (t + 1) * BK)
      }
      COMPUTE(0)
      barrier(CLK_LOCAL_MEM_FENCE);
    }
#endif
  }

  _Pragma("unroll") for (int i = 0; i < TM; i++) {
    const int gr = row0 + AOFF(i / 4) + i % 4;
#if !EXACT
    if (gr >= n) continue;
#endif
    __global float *crow = C + (idx_t)gr * m;
#if VSTORE
    _Pragma("unroll") for (int c = 0; c < TN / 4; c++) {
      const int gc = col0 + BOFF(c);
      const float4 v = (float4)(acc[i][4 * c], acc[i][4 * c + 1], acc[i][4 * c + 2], acc[i][4 * c + 3]);
#if EXACT
      *(__global float4 *)&crow[gc] = v;
#else
      if ((m & 3) == 0 && gc + 3 < m) {
        *(__global float4 *)&crow[gc] = v;
      } else {
        if (gc + 0 < m) crow[gc + 0] = v.x;
        if (gc + 1 < m) crow[gc + 1] = v.y;
        if (gc + 2 < m) crow[gc + 2] = v.z;
        if (gc + 3 < m) crow[gc + 3] = v.w;
      }
#endif
    }
#else
    _Pragma("unroll") for (int j = 0; j < TN; j++) {
      const int gc = col0 + BOFF(j / 4) + j % 4;
#if !EXACT
      if (gc < m)
#endif
        crow[gc] = acc[i][j];
    }
#endif
  }
}
#endif
