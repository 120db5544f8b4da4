#!/usr/bin/env python3
"""Variants of bfs.fut's level kernel (segred_reduce_47_stage1 of main
4532a4b, dumped in base.cl), each isolating one suspected cost:
  v1_nochk   no bounds-check error reports (loads still clamped)
  v2_nosc    the short-circuit `found || cost[edges[s+e]] == level`
             evaluated eagerly (found | ...), so loads of successive
             edges are independent
  v3         v1 + v2
  v4         v3 + 32-bit index math
  v5_brk     v4 with the edge loop in chunks of 4 loads, leaving after a
             chunk that found the level
  v6_restr   base + const restrict on the read-only inputs
  v7         v4 + const restrict
  v8         v3 with a never-taken error report kept (the runtime then
             still reads the error buffer each level, as v0 does)

    python3 bench/probe/bfs_variants.py BASE.cl OUTDIR [COMPILER.cl]

BASE.cl is `bfs --dump-opencl` of main 4532a4b's build of
bench/apps/bfs.fut (the kernel names are that build's); COMPILER.cl, the
dump of a later build, gives v9-v12. Results: bench/RESULTS.md, "BFS's
level kernel"."""
import re, sys, os

BASE, HERE = sys.argv[1], sys.argv[2]
src = open(BASE).read()
K0 = src.index("__kernel void segred_reduce_47_stage1")
K1 = src.index("__kernel void segred_reduce_47_cpu(")
head, kern, tail = src[:K0], src[K0:K1], src[K1:]

def nochk(k):
    pat = re.compile(r"^[ \t]*if \(\(long\)\w+ < 0 \|\| \(long\)\w+ >= \w+\) \{\n[ \t]*if \(atomic_cmpxchg[^\n]*\n(?:[ \t]*fcc_err[^\n]*\n)*[ \t]*\}\n[ \t]*\}\n", re.M)
    k2, n = pat.subn("", k)
    assert n == 4, n
    return k2

def nosc(k):
    k2, n = re.subn(r"if \(v_found_21\) \{\n\s*(v_sc_\d+) = true;\n\s*\} else \{", "{", k)
    assert n == 2, n
    k2, n = re.subn(r"(v_sc_\d+) = v_c_28;", r"\1 = v_found_21 | v_c_28;", k2)
    assert n == 2, n
    return k2

def ix32(k):
    k2, n = re.subn(r"\(long\)(v_\w+_o) \+ \(long\)(\w+) \* \(long\)(v_\w+_s0)", r"(int)\1 + (int)\2 * (int)\3", k)
    assert n >= 6, n
    k2, n = re.subn(r"mapout0\[seg \* space_0 \+ v_gtid_2\]", "mapout0[(int)seg * (int)space_0 + (int)v_gtid_2]", k2)
    assert n == 2, n
    return k2

def restrict(k):
    for a in ("v_degree_4", "v_edges_5", "v_p_13", "v_start_3"):
        k, n = re.subn(r"__global int \*%s,\n" % a, "__global const int * restrict %s,\n" % a, k)
        assert n == 1, a
    return k

LOOP = re.compile(r"bool v_found_21 = false;\n.*?\n(\s*)int v_if_32;", re.S)

def brk(k):
    def rep(m):
        ind = m.group(1)
        body = """bool v_found_21 = false;
{
  int s_ = v_x_18, d_ = v_x_19, e_ = 0;
  int n0_ = (int)v_edges_5_d0, n1_ = (int)v_p_13_d0;
  #define EDGE(x) v_edges_5[((x) < 0 || (x) >= n0_) ? 0 : (int)v_edges_5_o + (x) * (int)v_edges_5_s0]
  #define COST(x) v_p_13[((x) < 0 || (x) >= n1_) ? 0 : (int)v_p_13_o + (x) * (int)v_p_13_s0]
  for (; e_ + 4 <= d_; e_ += 4) {
    int a0 = EDGE(s_ + e_), a1 = EDGE(s_ + e_ + 1), a2 = EDGE(s_ + e_ + 2), a3 = EDGE(s_ + e_ + 3);
    v_found_21 = (COST(a0) == v_p_14) | (COST(a1) == v_p_14) | (COST(a2) == v_p_14) | (COST(a3) == v_p_14);
    if (v_found_21) break;
  }
  if (!v_found_21)
    for (; e_ < d_; e_++) { int a = EDGE(s_ + e_); v_found_21 |= COST(a) == v_p_14; }
  #undef EDGE
  #undef COST
}
"""
        return body + ind + "int v_if_32;"
    k2, n = LOOP.subn(rep, k)
    assert n == 2, n
    return k2

def keeperr(k):
    i = k.index("  bool acc0 = false;")
    return k[:i] + "  if (space_0 < 0 && atomic_cmpxchg((volatile __global int *)fcc_err, 0, 1) == 0) fcc_err[1] = 0;\n" + k[i:]

variants = {
    "v0_base": kern,
    "v1_nochk": nochk(kern),
    "v2_nosc": nosc(kern),
    "v3_nochk_nosc": nosc(nochk(kern)),
    "v4_ix32": ix32(nosc(nochk(kern))),
    "v5_brk": ix32(brk(kern)),
    "v6_restr": restrict(kern),
    "v7_ix32_restr": restrict(ix32(nosc(nochk(kern)))),
    "v8_nochk_nosc_err": keeperr(nosc(nochk(kern))),
}
for name, k in variants.items():
    with open(os.path.join(HERE, name + ".cl"), "w") as f:
        f.write(head + k + tail)
print(" ".join(variants))

# COMPILER.cl (v9 of the results: the compiler's eager short-circuit with
# its failures held to the loop's end, e8e9c86); v10 adds 32-bit indices.
p9 = sys.argv[3] if len(sys.argv) > 3 else ""
if p9:
    s9 = open(p9).read()
    a, b = s9.index("__kernel void segred_reduce_47_stage1"), s9.index("__kernel void segred_reduce_47_cpu(")
    with open(os.path.join(HERE, "v10_compiler_ix32.cl"), "w") as f:
        f.write(s9[:a] + ix32(s9[a:b]) + s9[b:])

# v11: v9 leaving the edge loop after every fourth edge once found (the
# unrolled loop's last copy), v12: v11 + 32-bit indices.
def brk4(k):
    k2, n = re.subn(r"(for \(long (it_\d+) = 0; \2 < \(long\)v_x_19; \2\+\+\) \{\n.*?\n(\s*)v_found_21 = next_\d+;\n)",
                    lambda m: m.group(1) + m.group(3) + "if ((%s & 3) == 3 && v_found_21) break;\n" % m.group(2), k, flags=re.S)
    assert n == 2, n
    return k2

if os.path.exists(p9):
    with open(os.path.join(HERE, "v11_compiler_brk.cl"), "w") as f:
        f.write(s9[:a] + brk4(s9[a:b]) + s9[b:])
    with open(os.path.join(HERE, "v12_compiler_brk_ix32.cl"), "w") as f:
        f.write(s9[:a] + ix32(brk4(s9[a:b])) + s9[b:])
