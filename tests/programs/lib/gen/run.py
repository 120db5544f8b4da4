# Regenerates the lib_*.fut and mod_*.fut corpus programs with their
# expected outputs: python3 tests/programs/lib/gen/run.py
import os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import core, g_sorts, g_seg, g_rand, g_cplx, g_lin, g_mod, g_multi, g_more, g_more2, g_more3, g_err, g_pkg

# Some files import others for their reference functions, which registers
# those files' programs again; keep each program once.
seen = {}
for p in core.PROGS:
    seen[p[0]] = p
core.PROGS[:] = list(seen.values())
core.write_all()
