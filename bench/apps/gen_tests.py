"""Writes the small test data sets of bench/apps/*.fut (data/NAME.in and
data/NAME.out, Futhark's binary format): inputs from apps.py's generators at
tiny sizes, expected outputs from its numpy references.

    /usr/bin/python3 bench/apps/gen_tests.py
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "baselines"))

import apps  # noqa: E402
import futdata  # noqa: E402

CASES = [
    ("lud-8", "lud", {"n": 8}),
    ("lud-96", "lud", {"n": 96}),
    ("nw-5", "nw", {"n": 5, "penalty": 10}),
    ("nw-64", "nw", {"n": 64, "penalty": 10}),
    ("pathfinder-small", "pathfinder", {"rows": 10, "cols": 50}),
    ("hotspot-small", "hotspot", {"rows": 16, "cols": 20, "steps": 20}),
    ("srad-small", "srad", {"rows": 12, "cols": 10, "iters": 5}),
    ("backprop-small", "backprop", {"n": 50, "hidden": 4}),
    ("md-small", "md", {"nx": 4, "ny": 4, "nz": 5, "m": 8, "steps": 3}),
    ("bfs-small", "bfs", {"n": 200, "edges": 150}),
    # Sizes that the blocked programs' block (32) does not divide.
    ("nw-70", "nw", {"n": 70, "penalty": 10}),
    ("lud-40", "lud", {"n": 40}),
]


def main():
    out = os.path.join(HERE, "data")
    os.makedirs(out, exist_ok=True)
    for i, (name, app, p) in enumerate(CASES):
        a = apps.BY_NAME[app]
        xs = a.gen(p, np.random.default_rng([7, i]))
        futdata.write_values(os.path.join(out, name + ".in"), xs)
        futdata.write_values(os.path.join(out, name + ".out"), a.reference(p, xs))
        print(name)


if __name__ == "__main__":
    main()
