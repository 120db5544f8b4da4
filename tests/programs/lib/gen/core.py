# Writes corpus programs whose expected outputs are computed here, in
# Python, independently of the Futhark code under test.
import math, struct, os
# The corpus folder, two levels above this one.
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
PROGS = []

def f32(x):
    return struct.unpack('f', struct.pack('f', x))[0]

def ffmt(x):
    if math.isinf(x) or math.isnan(x):
        raise ValueError(x)
    s = '%.17g' % x
    m, _, e = s.partition('e')
    if '.' not in m:
        m += '.0'
    return m + ('e' + e if e else '')

def scal(x, t):
    if t == 'bool':
        return 'true' if x else 'false'
    if t in ('f32', 'f64'):
        return ffmt(x) + t
    if t == 'i32':
        return str(x)
    return str(x) + t

def val(x, t):
    """t: element type with leading [] per dimension, e.g. '[][]f64'."""
    if not t.startswith('[]'):
        return scal(x, t)
    inner = t[2:]
    if len(x) == 0:
        rank = t.count('[]')
        return 'empty(' + '[0]' * rank + t.replace('[]', '') + ')'
    return '[' + ', '.join(val(e, inner) for e in x) + ']'

def emptyd(t, dims):
    return 'empty(' + ''.join('[%d]' % d for d in dims) + t + ')'

def prog(name, doc, src, cases, entry=None):
    """cases: list of (list of input strings, list of output strings), a
    dict of such lists by entry point, or the regex of a compile error."""
    PROGS.append((name, doc, src, cases, entry))

def write_all():
    for name, doc, src, cases, entry in PROGS:
        lines = ['-- ' + l if l else '--' for l in doc.strip().split('\n')]
        if isinstance(cases, str):
            # A program Futhark rejects: cases is the error's regex.
            lines += ['-- ==', '-- error: ' + cases]
            blocks = {}
        else:
            blocks = cases if isinstance(cases, dict) else {entry: cases}
        for k, (ent, cs) in enumerate(blocks.items()):
            if k > 0:
                lines.append('')
            lines.append('-- ==')
            if ent:
                lines.append('-- entry: ' + ent)
            for ins, outs in cs:
                lines.append('-- input { ' + ' '.join(ins) + ' }')
                lines.append('-- output { ' + ' '.join(outs) + ' }')
        text = '\n'.join(lines) + '\n\n' + src.strip() + '\n'
        with open(os.path.join(OUT, name + '.fut'), 'w') as f:
            f.write(text)
    print(len(PROGS), 'programs')
