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
-- notest random input { [1048576]i32 [1048576]i32 [6291456]i32 0i32 }

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
