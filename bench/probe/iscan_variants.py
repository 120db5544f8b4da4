"""Writes variants of the i32 scan kernel (bench/probe/iscan.fut) for --load-opencl:
B: each work-item loads, scans and stores its own 16 elements with int4 accesses;
C: int4 loads and stores, transposed through local memory; D: full tiles write
without bounds tests. argv: the generated kernels.cl (fcc build --keep-dir) and
the output folder. The probe of 2026-11-22 (session 15) found none faster."""
import os
import sys


src=open(sys.argv[1]).read()
full_load_old = """      #pragma unroll
      for (long k = 0; k < chunk; k++) {
        long i = tb + k * lsize + ltid;
        int x_%s = ne0;
        long v_gtid_1 = i;
        int v_x_6 = v_xs_2[v_xs_2_o + (long)v_gtid_1 * v_xs_2_s0];
        x_%s = v_x_6;
        xr_1[k] = x_%s;
      }
"""
store_old = """    #pragma unroll
    for (long k = 0; k < chunk; k++) {
      long p = k * lsize + ltid;
      p += p >> 5;
      lmem0[p] = xr_1[k];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
"""
write_old = """    #pragma unroll
    for (long k = 0; k < chunk; k++) {
      long i = tb + k * lsize + ltid;
      long p = k * lsize + ltid;
      p += p >> 5;
      if (i < end) {
        out0[i] = lmem0[p];
      }
    }
"""
decl_old = "  int xr_1[16];\n"
def ind(t): return "".join("  "+l if l.strip() else l for l in t.splitlines(True))
FL18 = ind(full_load_old%('18','18','18'))
for s in (full_load_old%('2','2','2'), FL18, store_old, write_old, decl_old):
    assert src.count(s)==1, s
def striped_load(n):
    return """      if (vec) {
        #pragma unroll
        for (long k = 0; k < chunk / 4; k++) {
          int4 v = *(__global const int4 *)(v_xs_2 + v_xs_2_o + tb + 4 * (k * lsize + ltid));
          xr_1[4*k] = v.x; xr_1[4*k+1] = v.y; xr_1[4*k+2] = v.z; xr_1[4*k+3] = v.w;
        }
      } else {
""" + (full_load_old%(n,n,n) if n=='2' else FL18) + "      }\n"
def blocked_load(n):
    return """      if (vec) {
        #pragma unroll
        for (long k = 0; k < chunk / 4; k++) {
          int4 v = *(__global const int4 *)(v_xs_2 + v_xs_2_o + tb + ltid * chunk + 4 * k);
          xr_1[4*k] = v.x; xr_1[4*k+1] = v.y; xr_1[4*k+2] = v.z; xr_1[4*k+3] = v.w;
        }
      } else {
""" + (full_load_old%(n,n,n) if n=='2' else FL18) + "      }\n"
decl_new = decl_old + "  const int vec = v_xs_2_s0 == 1 && (v_xs_2_o & 3) == 0;\n"
# C: striped int4 loads + transposition through local memory, int4 stores
C = src.replace(decl_old, decl_new)
C = C.replace(full_load_old%('2','2','2'), striped_load('2')).replace(FL18, striped_load('18'))
C = C.replace(store_old, """    if (vec && end - tb == lsize * chunk) {
      #pragma unroll
      for (long k = 0; k < chunk / 4; k++) {
        #pragma unroll
        for (long j = 0; j < 4; j++) {
          long p = 4 * (k * lsize + ltid) + j;
          p += p >> 5;
          lmem0[p] = xr_1[4*k+j];
        }
      }
    } else {
""" + store_old.replace("    barrier(CLK_LOCAL_MEM_FENCE);\n","") + "    }\n    barrier(CLK_LOCAL_MEM_FENCE);\n")
C = C.replace(write_old, """    if (vec && end - tb == lsize * chunk) {
      #pragma unroll
      for (long k = 0; k < chunk / 4; k++) {
        long p0 = 4 * (k * lsize + ltid);
        int4 v;
        v.x = lmem0[p0 + (p0 >> 5)];
        v.y = lmem0[p0 + 1 + ((p0 + 1) >> 5)];
        v.z = lmem0[p0 + 2 + ((p0 + 2) >> 5)];
        v.w = lmem0[p0 + 3 + ((p0 + 3) >> 5)];
        *(__global int4 *)(out0 + tb + p0) = v;
      }
    } else {
""" + write_old + "    }\n")
open(os.path.join(sys.argv[2], 'C.cl'), 'w').write(C)
# D: full-tile writes without the bounds test
D = src.replace(write_old, """    if (end - tb == lsize * chunk) {
      #pragma unroll
      for (long k = 0; k < chunk; k++) {
        long i = tb + k * lsize + ltid;
        long p = k * lsize + ltid;
        p += p >> 5;
        out0[i] = lmem0[p];
      }
    } else {
""" + write_old + "    }\n")
open(os.path.join(sys.argv[2], 'D.cl'), 'w').write(D)
# B: blocked: each work-item loads, scans and stores its own 16 consecutive elements
B = src.replace(decl_old, decl_new + "  int cur[16];\n")
B = B.replace(full_load_old%('2','2','2'), blocked_load('2')).replace(FL18, blocked_load('18'))
red_old = """    int t_4 = ne0;
    #pragma unroll
    for (long k = 0; k < chunk; k++) {
      long p = ltid * chunk + k;
      p += p >> 5;
      int y_5 = lmem0[p];
      {
        int v_a_3 = t_4;
        int v_a_4 = y_5;
        int v_x_5 = ((int)((uint)v_a_3 + (uint)v_a_4));
        t_4 = v_x_5;
      }
    }
"""
assert B.count(store_old+red_old)==1
B = B.replace(store_old+red_old, """    const int blk = vec && end - tb == lsize * chunk;
    int t_4 = ne0;
    if (blk) {
      #pragma unroll
      for (long k = 0; k < chunk; k++) {
        cur[k] = xr_1[k];
        t_4 = (int)((uint)t_4 + (uint)cur[k]);
      }
    } else {
""" + store_old + red_old.replace("    int t_4 = ne0;\n","") + "    }\n")
scan_old = """    #pragma unroll
    for (long k = 0; k < chunk; k++) {
      long p = ltid * chunk + k;
      p += p >> 5;
      int y_31 = lmem0[p];
"""
i = B.index(scan_old)
j = B.index(write_old) + len(write_old)
tail = B[i:j]
B = B[:i] + """    if (blk) {
      #pragma unroll
      for (long k = 0; k < chunk; k++) {
        pre_29 = (int)((uint)pre_29 + (uint)cur[k]);
        cur[k] = pre_29;
      }
      #pragma unroll
      for (long k = 0; k < chunk / 4; k++) {
        int4 v = (int4)(cur[4*k], cur[4*k+1], cur[4*k+2], cur[4*k+3]);
        *(__global int4 *)(out0 + tb + ltid * chunk + 4 * k) = v;
      }
    } else {
""" + tail + "    }\n" + B[j:]
open(os.path.join(sys.argv[2], 'B.cl'), 'w').write(B)
