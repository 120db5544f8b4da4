"""Drives an fcc executable with the unmodified Python clients of Futhark's
server protocol (futhark_server) and data format (futhark_data).

Usage: server_client.py EXE TMPDIR. Exits non-zero on any difference.
Run by TestServerPythonClients (server_test.go) on testdata/server.fut.
"""

import io
import os
import subprocess
import sys

import numpy as np

# futhark_data's text writer names np.bool, which numpy 1.24 (Debian 12)
# dropped; numpy 2 has it again.
if "bool" not in np.__dict__:
    np.bool = np.bool_

import futhark_data
import futhark_server

exe, tmp = sys.argv[1], sys.argv[2]
failures = []


def check(what, got, want):
    same = (np.array_equal(got, want) if isinstance(want, np.ndarray)
            else got == want and type(got) == type(want))
    if not same:
        failures.append(f"{what}: got {got!r}, want {want!r}")


with futhark_server.Server(exe, "--server") as s:
    check("entry points", s.cmd_entry_points(),
          ["double", "sum", "stats", "mean", "pair", "set0", "get", "transp", "sumi"])
    check("inputs pair", s.cmd_inputs("pair"), ["i32", "[]i32"])
    check("output sum", s.cmd_output("sum"), ["f32"])
    check("inputs set0", s.cmd_inputs("set0"), ["*[]i32"])

    xs = np.arange(10, dtype=np.float32)
    s.put_value("xs", xs)
    runtime = s.cmd_call("double", "ys", "xs")
    if len(runtime) != 1 or not runtime[0].startswith("runtime: "):
        failures.append(f"call printed {runtime!r}")
    check("double", s.get_value("ys"), xs * 2)
    s.cmd_call("sum", "t", "ys")
    check("sum", s.get_value("t"), np.float32(90))

    # A record: project a field, and its type's fields.
    s.cmd_call("stats", "st", "ys")
    check("fields", s.cmd_fields('"{mean: f32, n: i64}"'), ["mean f32", "n i64"])
    s.cmd_project("n", "st", "n")
    check("project", s.get_value("n"), np.int64(10))

    # Every element type, through restore and store.
    for t in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
              np.uint32, np.uint64, np.float16, np.float32, np.float64, np.bool_]:
        v = (np.arange(6) % 2 == 1) if t == np.bool_ else np.arange(6, dtype=t) - (3 if np.dtype(t).kind in "if" else 0)
        v = v.astype(t).reshape(2, 3)
        name = "v_" + np.dtype(t).name
        s.put_value(name, v)
        check("round trip " + name, s.get_value(name), v)
        check("dtype " + name, s.get_value(name).dtype, np.dtype(t))
    s.put_value("scalar", np.float64(2.5))
    check("scalar", s.get_value("scalar"), np.float64(2.5))

    # A tuple result is two values; a consumed input may only be freed.
    s.put_value("x", np.int32(5))
    s.put_value("is", np.array([1, 2, 3], dtype=np.int32))
    s.cmd_call("pair", "a", "b", "x", "is")
    check("pair.0", s.get_value("a"), np.int32(5))
    check("pair.1", s.get_value("b"), np.array([6, 7, 8], dtype=np.int32))
    s.cmd_call("set0", "c", "b")
    check("set0", s.get_value("c"), np.array([42, 7, 8], dtype=np.int32))
    try:
        s.get_value("b")
        failures.append("a consumed variable could be read")
    except futhark_server.Failure as e:
        check("consumed", "consumed" in str(e), True)
    s.cmd_free("b")

    # Errors raise Failure and the server goes on.
    for cmd in [("call", "sum", "r", "nope"), ("free", "nope"), ("frobnicate",),
                ("call", "sum", "r", "x"), ("rename", "xs", "ys")]:
        try:
            s.cmd(*cmd)
            failures.append(f"{cmd} did not fail")
        except futhark_server.Failure:
            pass
    check("after errors", s.get_value("t"), np.float32(90))

    # Bytes in the binary data format, both ways.
    raw = s.get_value_bytes("ys")
    check("bytes", futhark_data.load(io.BytesIO(raw)).__next__(), xs * 2)
    # put_value_bytes passes its second argument on as one pair.
    s.put_value_bytes(raw, ("ys2", "[]f32"))
    check("bytes back", s.get_value("ys2"), xs * 2)

    s.cmd_set_tuning_param  # exists; the program may have no parameters
    s.cmd_clear()
    s.cmd_report()

# futhark_data's files read by the executable, and its output read back.
# Quarters: futhark_data's text writer prints six decimals.
m = np.arange(12, dtype=np.float64).reshape(3, 4) / 4
for binary in (True, False):
    buf = io.BytesIO() if binary else io.StringIO()
    futhark_data.dump(m, buf, binary=binary)
    data = buf.getvalue() if binary else buf.getvalue().encode()
    out = subprocess.run([exe, "-e", "transp", "-b"], input=data,
                         capture_output=True, check=True).stdout
    got = list(futhark_data.load(io.BytesIO(out)))
    check(f"transp (binary input: {binary})", got[0], m.T)
    text = subprocess.run([exe, "-e", "transp"], input=data,
                          capture_output=True, check=True).stdout.decode()
    check(f"text output (binary input: {binary})", list(futhark_data.load(io.StringIO(text)))[0], m.T)

big = np.arange(1 << 20, dtype=np.int64)
buf = io.BytesIO()
futhark_data.dump(big, buf, binary=True)
out = subprocess.run([exe, "-e", "sumi", "-b"], input=buf.getvalue(),
                     capture_output=True, check=True).stdout
check("sumi", list(futhark_data.load(io.BytesIO(out)))[0][()], np.int64(big.sum()))

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("python clients: all checks passed")
