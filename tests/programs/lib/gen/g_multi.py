from core import *
from collections import Counter

def mode(xs):
    c = Counter(xs)
    best = max(c.values())
    return min(v for v in c if c[v] == best)
prog('mod_multi_main', '''
A program of several files: mod_multi/stats.fut imports the radix sort
with a path through .., and its own helper in mod_multi/util, which
imports the segmented library through ../..''', '''import "mod_multi/stats"

def main (xs: []i32) : (i32, i32, i64) = (median xs, mode xs, distinct xs)
''', [([val(xs, '[]i32')], [val(sorted(xs)[len(xs) // 2], 'i32'), val(mode(xs), 'i32'), val(len(set(xs)), 'i64')])
      for xs in [[4], [2, 9], [3, 1, 3, 2, 1, 3], [7, 7, -2, -2, 5], [(i * i) % 11 - 5 for i in range(20)]]])
