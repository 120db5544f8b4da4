"""Checks the probe's scan and segsum results against numpy (argv: kind, input, output)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "baselines"))
from futdata import read_file  # noqa: E402

kind, inp, outp = sys.argv[1:4]
xs = read_file(inp)
out = read_file(outp)[0]
if kind.startswith("iscan"):
    want = np.cumsum(xs[0].astype(np.int64)).astype(np.int32)
    bad = np.flatnonzero(out != want)
    print(kind, inp, "exact" if bad.size == 0 else "WRONG at %d of %d" % (bad.size, out.size))
    sys.exit(0)
elif kind.startswith("scan"):
    want = np.cumsum(xs[0].astype(np.float64))
elif kind == "segsum":
    want = xs[0].astype(np.float64).sum(axis=1)
else:
    sys.exit(0)
err = np.abs(out.astype(np.float64) - want).max() / max(np.abs(want).max(), 1)
print(kind, inp, "max relative error %.2e" % err, "OK" if err < 1e-4 else "WRONG")
