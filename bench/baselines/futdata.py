"""Futhark's binary data format, and the test blocks of benchmark programs.

The binary format of one value: the byte 'b', the version 2, the rank (one
byte), a four-character type name (" f32", "bool", ...), rank little-endian
u64 dimensions, then the elements, little-endian, row-major. A scalar has
rank 0 and no dimensions. Several values follow one another directly.

Needs numpy only, so it runs both here and on the GPU machine.
"""

import re

import numpy as np

# Type names in the binary format and their numpy dtypes.
TYPES = {
    "  i8": np.int8, " i16": np.int16, " i32": np.int32, " i64": np.int64,
    "  u8": np.uint8, " u16": np.uint16, " u32": np.uint32, " u64": np.uint64,
    " f16": np.float16, " f32": np.float32, " f64": np.float64,
    "bool": np.bool_,
}
NAMES = {np.dtype(v): k for k, v in TYPES.items()}
# Futhark's element type names (f32, i64, ...) and their dtypes.
ELEMS = {k.strip(): np.dtype(v) for k, v in TYPES.items()}


def write_value(f, x):
    """Writes one numpy array or scalar to the binary file object f."""
    x = np.asarray(x)
    name = NAMES.get(x.dtype)
    if name is None:
        raise TypeError("no Futhark type for dtype %s" % x.dtype)
    f.write(b"b\x02" + bytes([x.ndim]) + name.encode("ascii"))
    f.write(np.asarray(x.shape, dtype="<u8").tobytes())
    x = np.ascontiguousarray(x, dtype=x.dtype.newbyteorder("<"))
    # Write big arrays in pieces, without one more full-size copy.
    flat = x.reshape(-1)
    step = 1 << 24
    for i in range(0, max(flat.size, 1), step):
        f.write(flat[i:i + step].tobytes())


def write_values(path, xs):
    with open(path, "wb") as f:
        for x in xs:
            write_value(f, x)


def read_values(data):
    """Reads every value of a bytes object in the binary format into numpy
    arrays (scalars as 0-dimensional arrays)."""
    out = []
    pos = 0
    n = len(data)
    while pos < n:
        if data[pos:pos + 1].isspace():
            pos += 1
            continue
        if data[pos:pos + 1] != b"b":
            raise ValueError("offset %d: not a binary value (output not written with -b?): %r"
                             % (pos, data[pos:pos + 20]))
        version, rank = data[pos + 1], data[pos + 2]
        if version != 2:
            raise ValueError("offset %d: binary format version %d" % (pos, version))
        name = data[pos + 3:pos + 7].decode("ascii")
        if name not in TYPES:
            raise ValueError("offset %d: unknown type %r" % (pos, name))
        pos += 7
        shape = tuple(int(d) for d in np.frombuffer(data, dtype="<u8", count=rank, offset=pos))
        pos += 8 * rank
        dt = np.dtype(TYPES[name]).newbyteorder("<")
        count = int(np.prod(shape, dtype=np.int64)) if rank else 1
        arr = np.frombuffer(data, dtype=dt, count=count, offset=pos).reshape(shape)
        pos += count * dt.itemsize
        out.append(arr.astype(dt.newbyteorder("="), copy=True))
    return out


def read_file(path):
    with open(path, "rb") as f:
        return read_values(f.read())


# ---- test blocks ---------------------------------------------------------

_LIT = re.compile(r"^(-?[0-9.eE+-]+)(i8|i16|i32|i64|u8|u16|u32|u64|f16|f32|f64)$")
_TYPE = re.compile(r"^((?:\[[0-9]+\])*)(i8|i16|i32|i64|u8|u16|u32|u64|f16|f32|f64|bool)$")


class Gen:
    """One item of a data set: a constant (value set) or a random array or
    scalar of a shape and element type."""

    def __init__(self, text):
        self.text = text
        m = _LIT.match(text)
        if m:
            self.dtype = ELEMS[m.group(2)]
            self.shape = ()
            num = m.group(1)
            self.value = np.array(float(num) if self.dtype.kind == "f" else int(num), dtype=self.dtype)
            return
        m = _TYPE.match(text)
        if not m:
            raise ValueError("cannot read %r as a type or a literal" % text)
        self.value = None
        self.dtype = ELEMS[m.group(2)]
        self.shape = tuple(int(d) for d in re.findall(r"\[([0-9]+)\]", m.group(1)))

    def __repr__(self):
        return self.text


class Dataset:
    """One data set of a program's test block."""

    def __init__(self, entry, kind, items, text):
        self.entry = entry      # entry point name
        self.kind = kind        # "random" or "input"
        self.items = items      # list of Gen
        self.text = text        # the braces' text, e.g. "[100]f32"

    @property
    def name(self):
        return "%s{%s}" % (self.entry + ":" if self.entry != "main" else "", self.text)


def parse_test_block(source):
    """The data sets of a .fut program's test block: 'random input { ... }'
    of types and constants, and 'input { ... }' of scalar constants.
    'entry: NAME' lines set the entry point of the cases after them."""
    lines = []
    in_block = False
    for line in source.splitlines():
        if not line.startswith("--"):
            if in_block:
                break
            continue
        text = line[2:].strip()
        if text == "==":
            in_block = True
            continue
        if in_block:
            lines.append(text)
    text = " ".join(lines)
    sets = []
    entry = "main"
    for m in re.finditer(r"entry:\s*([A-Za-z_][A-Za-z0-9_']*)|(random\s+)?input\s*\{([^}]*)\}", text):
        if m.group(1):
            entry = m.group(1)
            continue
        body = " ".join(m.group(3).split())
        items = [Gen(t) for t in body.split()]
        kind = "random" if m.group(2) else "input"
        if kind == "input" and any(g.value is None for g in items):
            raise ValueError("input { %s }: only scalar constants are supported here" % body)
        sets.append(Dataset(entry, kind, items, body))
    return sets


def generate(ds, seed, cap=None, special=None, cache=None):
    """Makes the inputs of data set ds with numpy: floats uniform in [0,1),
    signed integers uniform over [0, 2^31) (non-negative, so programs may
    use them as indices after a modulo), unsigned ones over [0, 2^32).
    cap, if given, shrinks every dimension and every i64 constant to at
    most cap (a small version of the data set for tests on the CPU; equal
    sizes stay equal). special(i, gen, shape, rng) may return an array to
    use instead for item i. Item i's values come from a generator seeded
    with (seed, i). cache, a dict, keeps the last data set's arrays, so
    that a next data set with as many elements of the same type in item i
    gets the same values reshaped instead of new ones (the segmented sums'
    shapes). Returns the list of values."""
    out = []
    used = {}
    for i, g in enumerate(ds.items):
        if g.value is not None:
            v = g.value
            if cap and v.dtype == np.int64 and v > cap:
                v = np.array(cap, dtype=np.int64)
            out.append(v)
            continue
        shape = capped_shape(g.shape, cap)
        rng = np.random.default_rng([seed, i])
        x = special(i, g, shape, rng) if special else None
        if x is None:
            count = int(np.prod(shape, dtype=np.int64))
            key = (i, count, g.dtype.str)
            if cache is not None and key in cache:
                x = cache[key].reshape(shape)
            elif g.dtype.kind == "f":
                x = rng.random(shape, dtype=np.float32).astype(g.dtype, copy=False)
            elif g.dtype.kind == "i":
                x = rng.integers(0, 2**31 - 1, size=shape, dtype=np.int64).astype(g.dtype) \
                    if g.dtype.itemsize > 4 else rng.integers(0, 2**(8 * g.dtype.itemsize - 1), size=shape, dtype=g.dtype)
            elif g.dtype.kind == "u":
                x = rng.integers(0, 2**(8 * g.dtype.itemsize), size=shape, dtype=g.dtype) \
                    if g.dtype.itemsize < 8 else rng.integers(0, 2**63, size=shape, dtype=g.dtype)
            else:
                x = rng.random(shape) < 0.5
            used[key] = x
        out.append(np.asarray(x, dtype=g.dtype))
    if cache is not None:
        cache.clear()
        cache.update(used)
    return out


def capped_shape(shape, cap):
    if not cap:
        return tuple(shape)
    return tuple(min(d, cap) for d in shape)
