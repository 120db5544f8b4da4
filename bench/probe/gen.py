"""Writes the probe's inputs (Futhark binary format) to the folder argv[1]."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "baselines"))
from futdata import write_values  # noqa: E402

out = sys.argv[1]
rng = np.random.default_rng(1)
x = rng.random(10**8, dtype=np.float32)
y = rng.random(10**8, dtype=np.float32)
write_values(os.path.join(out, "vec.in"), [x])
write_values(os.path.join(out, "saxpy.in"), [np.float32(2.5), x, y])
for rows in (1, 10, 100, 1000, 10**4, 10**5, 10**6, 10**7, 10**8):
    write_values(os.path.join(out, "seg%d.in" % rows), [x.reshape(rows, -1)])
write_values(os.path.join(out, "ivec.in"), [rng.integers(0, 100, 10**8, dtype=np.int32)])
write_values(os.path.join(out, "hotspot.in"), [np.int32(100), x[:4096 * 4096].reshape(4096, 4096), y[:4096 * 4096].reshape(4096, 4096)])
write_values(os.path.join(out, "matmul.in"), [x[:4096 * 4096].reshape(4096, 4096), y[:4096 * 4096].reshape(4096, 4096)])
write_values(os.path.join(out, "dot.in"), [x, y])
write_values(os.path.join(out, "tridiag.in"), [np.int32(10)] + [rng.random((131072, 128), dtype=np.float32) for _ in range(4)])
write_values(os.path.join(out, "kmeans.in"), [np.int64(16), np.int32(10), x[:1048576 * 32].reshape(1048576, 32)])
write_values(os.path.join(out, "mandelbrot.in"), [np.int64(4096), np.int64(4096), np.int32(255)])
# The same scans on other data: whether the i32 scan's time depends on the
# values (all zeros, small, full-range) rather than the type.
write_values(os.path.join(out, "ivec_zero.in"), [np.zeros(10**8, dtype=np.int32)])
write_values(os.path.join(out, "ivec_full.in"), [rng.integers(0, 2**31, 10**8, dtype=np.int32)])
write_values(os.path.join(out, "vec_zero.in"), [np.zeros(10**8, dtype=np.float32)])
write_values(os.path.join(out, "vec_normal.in"), [rng.standard_normal(10**8, dtype=np.float32)])
