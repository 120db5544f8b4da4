#!/usr/bin/env python3
"""Kernel variants of lud.fut's trailing update (helper lud, issue 22).

Reads the executable's dump (argv[1]) and writes, beside it, one file per
variant with every tiled2d_map_1 kernel's epilogue changed:
  rowload : the R elements of a_15 a row of the register tile needs are
            loaded together before the row's epilogue (in flight at once),
            where each point loaded its own after the previous point's
            store (which may alias, so the loads were serialised);
  rowboth : rowload, and the row's R results stored after all of them
            are computed;
  preload : all R x R elements loaded at the kernel's start, before the
            reduction (their latency behind the arithmetic).
"""
import re
import sys

src = open(sys.argv[1]).read()
LOAD = "v_a_15[(long)v_a_15_o + (long)v_gtid_2 * (long)v_a_15_s0 + (long)v_gtid_5 * (long)v_a_15_s1]"
STORE_RE = re.compile(r"v_a_15\[\(long\)v_a_15_o \+ \(long\)gr \* \(long\)v_a_15_s0 \+ \(long\)gc \* \(long\)v_a_15_s1\] = (v_if_\d+);")


def kernels(text):
    """Yields (start, end) of each tiled2d_map_1 kernel's text."""
    for m in re.finditer(r"\nvoid (tiled2d_map_1_t\d+r\d+(x\d)?)\(", text):
        end = text.index("\n}\n", m.start()) + 3
        yield m.start(), end


def variant(text, kind):
    out, last = [], 0
    for s, e in kernels(text):
        k = text[s:e]
        r = int(re.search(r"for \(int i = 0; i < (\d+); i\+\+\) \{\n\s*const long gr", k).group(1))
        gr_m = re.search(r"\n(\s*)const long gr = (.*);\n", k)
        gc_m = re.search(r"const long gc = (.*);\n", k)
        gc = gc_m.group(1)
        guard = "gr < space_0 && gc < space_1"
        if kind in ("rowload", "rowboth"):
            ind = gr_m.group(1)
            pre = (f"{ind}float fcc_av[{r}];\n{ind}#pragma unroll\n{ind}for (int j = 0; j < {r}; j++) {{\n"
                   f"{ind}  const long gc = {gc};\n"
                   f"{ind}  fcc_av[j] = ({guard}) ? v_a_15[(long)v_a_15_o + (long)gr * (long)v_a_15_s0 + (long)gc * (long)v_a_15_s1] : 0.0f;\n"
                   f"{ind}}}\n")
            if kind == "rowboth":
                pre += f"{ind}float fcc_res[{r}];\n"
            k = k[:gr_m.end()] + pre + k[gr_m.end():]
            k = k.replace(LOAD, "fcc_av[j]")
            if kind == "rowboth":
                k = STORE_RE.sub(r"fcc_res[j] = \1;", k)
                # After the row's j loop: store the row.
                jl = re.search(r"\n(\s*)for \(int j = 0; j < \d+; j\+\+\) \{\n\s*const long gc = ", k)
                depth, i = 0, k.index("{", jl.end() - len("const long gc = ") - 2)
                while True:
                    if k[i] == "{":
                        depth += 1
                    elif k[i] == "}":
                        depth -= 1
                        if depth == 0:
                            break
                    i += 1
                ind = jl.group(1)
                post = (f"\n{ind}#pragma unroll\n{ind}for (int j = 0; j < {r}; j++) {{\n"
                        f"{ind}  const long gc = {gc};\n"
                        f"{ind}  if ({guard}) v_a_15[(long)v_a_15_o + (long)gr * (long)v_a_15_s0 + (long)gc * (long)v_a_15_s1] = fcc_res[j];\n"
                        f"{ind}}}")
                k = k[:i + 1] + post + k[i + 1:]
        elif kind == "preload":
            ri = re.search(r"const int tx = get_local_id\(0\).*\n", k)
            rw = re.search(r"const long row0 = .*\n", k)
            gr = gr_m.group(2)
            pre = (f"  float fcc_av[{r}][{r}];\n  #pragma unroll\n  for (int i = 0; i < {r}; i++) {{\n"
                   f"    const long gr = {gr};\n    #pragma unroll\n    for (int j = 0; j < {r}; j++) {{\n"
                   f"      const long gc = {gc};\n"
                   f"      fcc_av[i][j] = ({guard}) ? v_a_15[(long)v_a_15_o + (long)gr * (long)v_a_15_s0 + (long)gc * (long)v_a_15_s1] : 0.0f;\n"
                   f"    }}\n  }}\n")
            k = k[:rw.end()] + pre + k[rw.end():]
            k = k.replace(LOAD, "fcc_av[i][j]")
        out.append(text[last:s])
        out.append(k)
        last = e
    out.append(text[last:])
    return "".join(out)


base = sys.argv[1]
for kind in ("rowload", "rowboth", "preload"):
    v = variant(src, kind)
    assert v != src and LOAD not in v.split("tiled2d_map_1_t16r8(")[1].split("\n}\n")[0], kind
    with open(base.replace(".cl", "_%s.cl" % kind), "w") as f:
        f.write(v)
