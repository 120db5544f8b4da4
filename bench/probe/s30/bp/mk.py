"""Makes backprop kernel variants from base.cl (dumped by --dump-opencl
from the build of the request's commit): python3 mk.py DIR."""
import re, sys

d = sys.argv[1] if len(sys.argv) > 1 else "."
src = open(d + "/base.cl").read()


def body_span(s, name):
    """(start of the opening brace's next char, index of the closing brace) of kernel name."""
    i = s.index("__kernel void %s(" % name)
    b = s.index("{", s.index(")", i))
    depth = 0
    for k in range(b, len(s)):
        if s[k] == "{":
            depth += 1
        elif s[k] == "}":
            depth -= 1
            if depth == 0:
                return b + 1, k
    raise ValueError(name)


def empty(s, names):
    for n in names:
        a, _ = body_span(s, n)
        s = s[:a] + "\n  return;" + s[a:]
    return s


def replace_body(s, name, body):
    a, b = body_span(s, name)
    return s[:a] + body + s[b:]


# Kernel names and arrays of the build of the request's commit.
RED = "segred_reduce_comm_335_stage1"
SMALL = ["segmap_group_map_449"]
W1 = "segmap_map_592_one"
COERCED, DHID = "v_coerced_322", "v_map_577"

# The columns strategy in one pass: gps groups of the launched segs*gps
# read whole rows (work-item ltid: segment ltid % segs, rows ltid / segs +
# k*rows*G), publish one value per segment each, the last combines them.
COLS = r"""
  long ltid = get_local_id(0), lsize = get_local_size(0), grp = get_group_id(0);
  long nsegs = space_0, G = gps;
  if (grp >= G) return;
  long rows = lsize / nsegs, seg = ltid % nsegs, row = ltid / nsegs;
  float acc0 = 0.0f;
  long step = G * rows;
  long j0 = row < rows ? grp * rows + row : space_1;
  for (; j0 + 3 * step < space_1; j0 += 4 * step) {
    #pragma unroll
    for (int u = 0; u < 4; u++) {
      long j = j0 + u * step;
      float w = v_coerced_4[v_coerced_4_o + seg * v_coerced_4_s0 + j * v_coerced_4_s1];
      float x = j < 1 ? 1.0f : v_input_4[v_input_4_o + (j - 1) * v_input_4_s0];
      acc0 = acc0 + x * w;
    }
  }
  for (; j0 < space_1; j0 += step) {
    long j = j0;
    float w = v_coerced_4[v_coerced_4_o + seg * v_coerced_4_s0 + j * v_coerced_4_s1];
    float x = j < 1 ? 1.0f : v_input_4[v_input_4_o + (j - 1) * v_input_4_s0];
    acc0 = acc0 + x * w;
  }
  lmem0[ltid] = acc0;
  barrier(CLK_LOCAL_MEM_FENCE);
  long p2 = 1;
  while (p2 < rows) p2 <<= 1;
  for (long s = p2 / 2; s > 0; s >>= 1) {
    if (row < s && row + s < rows) lmem0[ltid] = lmem0[ltid] + lmem0[ltid + s * nsegs];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row == 0) atom_xchg(&sync[nsegs + grp * nsegs + seg], (1UL << 32) | (ulong)as_uint(lmem0[seg]));
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  if (ltid == 0) {
    ulong arrived = atom_inc(&sync[0]);
    lflag[0] = arrived == (ulong)(G - 1);
    if (lflag[0]) atom_xchg(&sync[0], 0UL);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lflag[0]) {
    float m = 0.0f;
    if (row < rows) {
      for (long q = row; q < G; q += rows) {
        ulong w;
        do { w = ((volatile __global ulong *)sync)[nsegs + q * nsegs + seg]; } while ((w >> 32) == 0);
        sync[nsegs + q * nsegs + seg] = 0UL;
        m = m + as_float((uint)w);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    lmem0[ltid] = m;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long s = p2 / 2; s > 0; s >>= 1) {
      if (row < s && row + s < rows) lmem0[ltid] = lmem0[ltid] + lmem0[ltid + s * nsegs];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row == 0) part0[seg] = lmem0[seg];
  }
"""

# w1' with 32-bit index arithmetic (one point per work-item).
W1_I32 = r"""
  int gtid = (int)get_global_id(0);
  int n1 = (int)space_1;
  if (gtid >= (int)(space_0 * space_1)) return;
  int j = gtid % n1, k = gtid / n1;
  float x = k < 1 ? 1.0f : v_input_4[(int)v_input_4_o + (k - 1) * (int)v_input_4_s0];
  float w = v_coerced_106[(int)v_coerced_106_o + k * (int)v_coerced_106_s0 + j * (int)v_coerced_106_s1];
  float d = v_map_90[(int)v_map_90_o + j * (int)v_map_90_s0];
  out0[gtid] = w + d * 0.3f * x;
"""

# w1' four consecutive points (one row's part) per work-item, float4
# loads and stores; work-items past a quarter idle (assumes contiguous
# rows of a multiple of 4 elements: a probe, not a version).
W1_V4 = r"""
  int t = (int)get_global_id(0);
  int n1 = (int)space_1, total = (int)(space_0 * space_1);
  if (4 * t >= total) return;
  int g = 4 * t, j = g % n1, k = g / n1;
  float x = k < 1 ? 1.0f : v_input_4[(int)v_input_4_o + (k - 1) * (int)v_input_4_s0];
  float4 w = vload4(0, v_coerced_106 + (int)v_coerced_106_o + g);
  float4 d = vload4(0, v_map_90 + (int)v_map_90_o + j);
  vstore4(w + d * 0.3f * x, 0, out0 + g);
"""

variants = {
    "base": src,
    "e_all": empty(src, [RED, W1] + SMALL),
    "e_red": empty(src, [RED]),
    "e_w1": empty(src, [W1]),
    "e_small": empty(src, SMALL),
    "e_red_w1": empty(src, [RED, W1]),
    "cols1": replace_body(src, RED, COLS.replace("v_coerced_4", COERCED)),
    "w1_i32": replace_body(src, W1, W1_I32.replace("v_map_90", DHID)),
    "w1_v4": replace_body(src, W1, W1_V4.replace("v_map_90", DHID)),
}
variants["cols1_w1v4"] = replace_body(variants["cols1"], W1, W1_V4.replace("v_map_90", DHID))
for k, v in variants.items():
    if k != "base":
        open("%s/%s.cl" % (d, k), "w").write(v)
