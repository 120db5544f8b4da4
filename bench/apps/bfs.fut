-- Breadth-first search (Rodinia's bfs): each node's distance in edges
-- from the source, -1 where unreachable, in a graph given as compressed
-- rows (each node's first edge and number of edges, and the edges'
-- destinations). The graph must be undirected (each edge present both
-- ways), so that a node can look for the frontier among its own edges:
-- each level, every unreached node checks whether a neighbour was reached
-- on the level before.
-- ==
-- input { [0, 1, 3, 3, 4] [1, 2, 0, 1, 0] [1, 0, 3, 1] 0 } output { [0, 1, -1, 2, -1] }
-- input @ data/bfs-small.in output @ data/bfs-small.out
-- script input { gen 1000i64 3i64 }
-- notest script input { gen 1048576i64 3i64 }

def main [n][m] (start: [n]i32) (degree: [n]i32) (edges: [m]i32) (source: i32) : [n]i32 =
  let cost0 = tabulate n (\i -> if i == i64.i32 source then 0 else -1)
  let (cost, _, _) =
    loop (cost, level, go) = (cost0, 0i32, true) while go do
      let next =
        map3 (\c s d ->
                if c >= 0 then c
                else let found = loop found = false for e < d do
                                   found || cost[edges[s + e]] == level
                     in if found then level + 1 else -1)
             cost start degree
      in (next, level + 1, any id (map2 (!=) next cost))
  in cost

-- A hash of an index (for the generator below).
def hash (x: i64) : u32 =
  let x = u32.i64 x
  let x = ((x >> 16) ^ x) * 0x45d9f3b
  let x = ((x >> 16) ^ x) * 0x45d9f3b
  in (x >> 16) ^ x

-- Uniform in [0, 1), from a hash.
def unit (x: i64) : f32 = f32.u32 (hash x >> 8) / 16777216

-- The inputs of main for an undirected graph of n nodes, each joined to
-- the nodes at k pseudo-random distances from it either way (around a
-- ring of the nodes): every degree is 2k. bench/apps/apps.py makes a
-- graph of random edges instead. n must be at least 2.
entry gen (n: i64) (k: i64) : ([n]i32, [n]i32, []i32, i32) =
  let dist = tabulate k (\q -> 1 + i64.u32 (hash q) % (n - 1))
  let edges =
    tabulate_2d n (2 * k) (\i e ->
      let d = dist[e / 2]
      in i32.i64 (if e % 2 == 0 then (i + d) % n else (i - d) % n))
  in ( tabulate n (\i -> i32.i64 (i * 2 * k))
     , replicate n (i32.i64 (2 * k))
     , flatten edges
     , 0 )
