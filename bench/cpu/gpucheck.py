#!/usr/bin/python3
"""Checks that the cpu versions leave the GPU versions' OpenCL unchanged.

Usage: gpucheck.py FCC_BEFORE FCC_AFTER

Prints the kernels (fcc dev --opencl) of every program of tests/programs
and bench/programs with both compilers and compares them after dropping,
from the second's, the kernels of the cpu versions (named *_cpu, *_cpu1,
*_cpu2) and the blank lines that separated them. Run from the repository
root; it takes minutes.
"""
import os, re, subprocess, sys


def kernels(fcc, prog):
    r = subprocess.run([fcc, "dev", "--opencl", prog], capture_output=True, text=True, timeout=120)
    return r.stdout if r.returncode == 0 else None


def without_cpu(text):
    out, skip = [], False
    for line in text.splitlines(keepends=True):
        m = re.match(r"__kernel void (\w+)\(", line)
        if m and re.search(r"_cpu\d*$", m.group(1)):
            skip = True
        if not skip:
            out.append(line)
        elif line.startswith("}"):
            skip = False
    return re.sub(r"\n\n+", "\n\n", "".join(out))


def main():
    before, after = sys.argv[1:3]
    progs = [os.path.join(d, f) for d in ("tests/programs", "bench/programs")
             for f in sorted(os.listdir(d)) if f.endswith(".fut")]
    same = differ = 0
    for p in progs:
        a = kernels(before, p)
        if a is None:
            continue
        b = kernels(after, p)
        if b is not None and re.sub(r"\n\n+", "\n\n", a) == without_cpu(b):
            same += 1
        else:
            differ += 1
            print("differs:", p)
    print(f"identical: {same}, different: {differ}")
    sys.exit(1 if differ else 0)


main()
