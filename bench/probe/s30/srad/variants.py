"""Hand-edited variants of srad's kernels (issue 22, helper srad): what
makes its maps take 7-8 us and its reduction 10 under -P. Reads the
executable's --dump-opencl output and writes one .cl per variant, each
with the same kernels and argument lists, so that --load-opencl runs it.

    python3 variants.py DUMP.cl OUTDIR
"""
import os
import re
import sys

MAPS = ("segmap_map_243_one", "segmap_map_275_one")
RED = "segred_fcc_dev_reduce_comm_188_stage1"


def kernel_span(src, name):
    i = src.index("__kernel void %s(" % name)
    j = src.index("\n}\n", i) + 3
    return i, j


def edit(src, name, f):
    i, j = kernel_span(src, name)
    k = src[i:j]
    head, body = k.split("\n{\n", 1)
    head, body = f(head, body)
    return src[:i] + head + "\n{\n" + body + src[j:]


def div32(head, body):
    # The point's row and column by a 32-bit division.
    body, n = re.subn(r"long (rem_\d+) = gtid;\n(\s*)long (v_\w+) = \1 % (\w+);\n\s*\1 = \1 / \4;",
                      r"int r32 = (int)gtid, c32 = (int)\4;\n\2long \3 = r32 % c32;\n\2long \1 = r32 / c32;", body)
    assert n == 1, n
    return head, body


def int32(head, body):
    # Every integer of the body 32 bits wide (the arguments stay long and
    # are narrowed where read).
    for a in re.findall(r"\blong (\w+)[,)]", head):
        body = re.sub(r"\b%s\b" % a, "((int)%s)" % a, body)
    body = re.sub(r"\bulong\b", "uint", body)
    body = re.sub(r"\blong\b", "int", body)
    body = re.sub(r"\b(-?\d+)L\b", r"\1", body)
    return head, body


def restrict(head, body):
    # Inputs const and restrict: NVIDIA may read them through the
    # read-only (texture) cache.
    head = re.sub(r"__global float \*(v_\w+),", r"__global const float * restrict \1,", head)
    head = head.replace("__global float *out0", "__global float * restrict out0")
    return head, body


def fminmax(head, body):
    return head, body.replace("fcc_fmin_f32", "fmin").replace("fcc_fmax_f32", "fmax")


def gps_cap(cap):
    def f(head, body):
        # At most cap work-groups reduce the (one) segment: the others
        # return at once; the survivors stride over it.
        pre = ("  { long g0 = get_group_id(0);\n"
               "    if (g0 %% gps >= %d) return;\n"
               "    if (gps > %d) gps = %d; }\n") % (cap, cap, cap)
        return head, pre + body
    return f


def chain(*fs):
    def f(head, body):
        for g in fs:
            head, body = g(head, body)
        return head, body
    return f


def maps(src, f):
    for m in MAPS:
        src = edit(src, m, f)
    return src


def main():
    src = open(sys.argv[1]).read()
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    vs = {
        "a_base": src,
        "b_div32": maps(src, div32),
        "c_int32": maps(src, int32),
        "d_restrict": maps(src, restrict),
        "e_fminmax": maps(src, fminmax),
        "f_maps_all": maps(src, chain(int32, restrict, fminmax)),
        "g_red264": edit(src, RED, gps_cap(264)),
        "h_red132": edit(src, RED, gps_cap(132)),
        "i_red66": edit(src, RED, gps_cap(66)),
        "j_red33": edit(src, RED, gps_cap(33)),
        "k_all_red66": edit(maps(src, chain(int32, restrict, fminmax)), RED, gps_cap(66)),
    }
    for name, s in vs.items():
        if name != "a_base":
            assert s != src, name
        with open(os.path.join(out, name + ".cl"), "w") as f:
            f.write(s)


if __name__ == "__main__":
    main()
