#!/usr/bin/env python3
"""Hand-edited variants of nw_blocked's group kernel (segmap_group_map_4)
and its scatter (scatter_scatter_173), each isolating one candidate cause
of the kernel's 25 us a launch. Input: the executable's --dump-opencl
(v0_base.cl, main 4532a4b). Writes vN_*.cl beside it."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
base = open(os.path.join(HERE, "v0_base.cl")).read()


def kernel_span(src, name):
    i = src.index("__kernel void %s(" % name)
    j = src.index("\n}\n", i) + 3
    return i, j


gi, gj = kernel_span(base, "segmap_group_map_4")
GROUP = base[gi:gj]
HEAD = GROUP[:GROUP.index("{\n") + 2]
BODY = GROUP[len(HEAD):]
si, sj = kernel_span(base, "scatter_scatter_173")
SCAT = base[si:sj]

LOOP_START = "  __local int *v_inner_148_buf"
PRE = BODY[:BODY.index(LOOP_START)]  # the loads of north, west, sim


def nochecks(text):
    # The bounds-check blocks (an if around an atomic_cmpxchg) and the
    # guards of the loads' indices.
    out, lines, k = [], text.split("\n"), 0
    while k < len(lines):
        ln = lines[k]
        if re.match(r"\s*if \(.*\) \{$", ln) and k + 1 < len(lines) and "atomic_cmpxchg" in lines[k + 1]:
            depth = 0
            while True:
                depth += lines[k].count("{") - lines[k].count("}")
                k += 1
                if depth == 0:
                    break
            continue
        out.append(ln)
        k += 1
    t = "\n".join(out)
    return re.sub(r"\[\(\(\(long\)[^?]*\? 0 : ([^\]]*)\)\]", r"[\1]", t)


def to_int(text):
    return re.sub(r"\bulong\b", "uint", re.sub(r"\blong\b", "int", text))


# The loop as generated, from the buffers' initialisation to the copy-out.
LOOP = BODY[BODY.index(LOOP_START):]
COPY_OUT_OLD = LOOP[LOOP.index("  for (long f_12"):]
LOOP_ONLY = LOOP[:LOOP.index("  if (((long)((long)1024L)) != ")]

# CUDA's layout: one (B+1) x (B+2) array, its row 0 north, column 0 west,
# so each read is one local load with no branch.
FLAT_LOOP = """  __local int T[33 * 34];
  for (long k = ltid; k < 33; k += lsize) T[k] = fcc_local19[k];
  for (long k = ltid; k < 32; k += lsize) T[(k + 1) * 34] = fcc_local20[k];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (long m = 0; m < 63; m++) {
    for (long x = ltid; x < 32; x += lsize) {
      long c = m - x;
      if (c >= 0 && c < 32) {
        int match = T[x * 34 + c] + fcc_local21[x * 32 + c];
        int gap = max(T[x * 34 + c + 1], T[(x + 1) * 34 + c]) - v_penalty_2;
        T[(x + 1) * 34 + c + 1] = max(match, gap);
      }
    }
    BARRIER_STEP
  }
  BARRIER_END
"""
FLAT_OUT = """  for (long f = ltid; f < 1024; f += lsize)
    out0[gtid * 1024 + f] = T[(f / 32 + 1) * 34 + f % 32 + 1];
}
"""
FLAT_OUT_DIRECT = """  for (long f = ltid; f < 1024; f += lsize)
    v_s_27[v_s_27_o + ((v_x_101 + 1 + f / 32) * v_x_8 + v_x_102 + 1 + f % 32) * v_s_27_s0] = T[(f / 32 + 1) * 34 + f % 32 + 1];
}
"""
GEN_OUT_DIRECT = """  for (long f_12 = ltid; f_12 < 1024; f_12 += lsize)
    v_s_27[v_s_27_o + ((v_x_101 + 1 + f_12 / 32) * v_x_8 + v_x_102 + 1 + f_12 % 32) * v_s_27_s0] = v_inner_148_buf[f_12];
}
"""


# The generated loop with the three-way reads of `at` if-converted: all
# three candidate loads issued (indices clamped into their arrays), the
# value picked by selects, no divergent branches: what a compiler pass
# could do to any if-chain of local-memory reads.
SELECT_LOOP = """  __local int *v_inner_148_buf = fcc_local22, *v_inner_148_spare = fcc_local23;
  for (long f_8 = ltid; f_8 < 1024; f_8 += lsize) v_inner_148_buf[f_8] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (long it_9 = 0; it_9 < 63; it_9++) {
    for (long t = ltid; t < 32; t += lsize) {
      long i = t + 1, j = it_9 + 2 - i;
      if (!(j < 1 || j > 32)) {
        long a0 = t, b0 = j - 1;
        int n0 = fcc_local19[b0], w0 = fcc_local20[max(a0 - 1, (long)0)], c0 = v_inner_148_buf[max((a0 - 1) * 32 + b0 - 1, (long)0)];
        int m = (a0 == 0 ? n0 : b0 == 0 ? w0 : c0) + fcc_local21[t * 32 + b0];
        long a1 = i, b1 = j - 1;
        int n1 = fcc_local19[b1], w1 = fcc_local20[max(a1 - 1, (long)0)], c1 = v_inner_148_buf[max((a1 - 1) * 32 + b1 - 1, (long)0)];
        long a2 = t, b2 = j;
        int n2 = fcc_local19[b2], w2 = fcc_local20[max(a2 - 1, (long)0)], c2 = v_inner_148_buf[max((a2 - 1) * 32 + b2 - 1, (long)0)];
        int g = max(a1 == 0 ? n1 : b1 == 0 ? w1 : c1, a2 == 0 ? n2 : b2 == 0 ? w2 : c2) - v_penalty_2;
        v_inner_148_buf[t * 32 + j - 1] = max(m, g);
      }
    }
    BARRIER_STEP
  }
  BARRIER_END
"""


def group(flat=False, ints=False, checks=True, direct=False, warp=False, select=False, noloop=False):
    pre = PRE if checks else nochecks(PRE)
    if select:
        loop = SELECT_LOOP
        out = GEN_OUT_DIRECT if direct else COPY_OUT_OLD
    elif flat:
        loop = FLAT_LOOP
        out = FLAT_OUT_DIRECT if direct else FLAT_OUT
    else:
        loop = LOOP_ONLY.rstrip("\n") + "\n"
        # the generated loop's last two lines: "    barrier(...);\n  }\n"
        assert loop.endswith("    barrier(CLK_LOCAL_MEM_FENCE);\n  }\n")
        loop = loop[:-len("    barrier(CLK_LOCAL_MEM_FENCE);\n  }\n")] + "    BARRIER_STEP\n  }\n  BARRIER_END\n"
        out = GEN_OUT_DIRECT if direct else COPY_OUT_OLD
    if warp:
        step_loop_start = "  for (long m = 0; m < 63; m++) {" if flat and not select else "  for (long it_9 = 0;"
        a = loop.index(step_loop_start)
        e = loop.index("  BARRIER_END")
        steps = loop[a:e]
        wsteps = steps.replace("BARRIER_STEP", 'asm volatile("bar.warp.sync 0xffffffff;" ::: "memory");')
        bsteps = steps.replace("BARRIER_STEP", "barrier(CLK_LOCAL_MEM_FENCE);")
        loop = (loop[:a] + "#ifdef FCC_WARP_SHUFFLE\n  if (ltid < 32) {\n" + wsteps + "  }\n#else\n"
                + bsteps + "#endif\n" + loop[e:])
        loop = loop.replace("BARRIER_END", "barrier(CLK_LOCAL_MEM_FENCE);")
    else:
        loop = loop.replace("BARRIER_STEP", "barrier(CLK_LOCAL_MEM_FENCE);").replace("BARRIER_END", "")
    if noloop:
        loop = loop.replace("it_9 < (long)((long)63L)", "it_9 < 0").replace("m < 63", "m < 0").replace("it_9 < 63", "it_9 < 0")
    body = pre + loop + out
    if ints:
        body = to_int(body)
    return HEAD + body


SCAT_NOOP = SCAT[:SCAT.index("{\n") + 2] + "  // the group kernel wrote the blocks into s\n}\n"

VARIANTS = {
    "v1_int": dict(ints=True),
    "v2_flat": dict(flat=True),
    "v3_flat_int": dict(flat=True, ints=True),
    "v4_direct": dict(direct=True),
    "v5_nochecks": dict(checks=False),
    "v6_warp": dict(warp=True),
    "v7_flat_int_nochecks_direct": dict(flat=True, ints=True, checks=False, direct=True),
    "v8_all_warp": dict(flat=True, ints=True, checks=False, direct=True, warp=True),
    "v9_int_nochecks_direct_warp": dict(ints=True, checks=False, direct=True, warp=True),
    "v10_select": dict(select=True),
    "v11_select_int": dict(select=True, ints=True),
    "v12_select_int_nochecks_direct_warp": dict(select=True, ints=True, checks=False, direct=True, warp=True),
    "v13_noloop": dict(noloop=True),
    "v14_noloop_int_nochecks_direct": dict(noloop=True, ints=True, checks=False, direct=True),
}

for name, kw in VARIANTS.items():
    src = base[:gi] + group(**kw) + base[gj:]
    if kw.get("direct"):
        a, b = kernel_span(src, "scatter_scatter_173")
        src = src[:a] + SCAT_NOOP + src[b:]
    open(os.path.join(HERE, name + ".cl"), "w").write(src)
    print(name)
