-- Breadth-first search that touches only the frontier's edges while the
-- frontier is small, as Rodinia's CUDA bfs does on every level, and
-- looks from the unreached nodes (bfs.fut's way) once it is large (the
-- direction-optimising BFS of Beamer et al.). On a random graph of
-- degree 6, bfs.fut reads every unreached node's edges on each of the
-- first seven levels, 6 million random reads a level, where the frontier
-- has at most a few ten thousand nodes.
--
-- A push level gives each frontier node the same number of edge slots,
-- the largest degree of the graph, so that the slots are one flat map
-- (the padding of Futhark's port of Rodinia's bfs). A slot whose edge
-- leads to an unreached node claims it, writing its own number (made
-- negative) into the node's cost; one claim wins, and the winning slots
-- are the next frontier, each node once. Push levels run while the
-- frontier's slots are fewer than the nodes, then pull levels as in
-- bfs.fut.
--
-- Same entry point and results as bfs.fut.
-- ==
-- input { [0, 1, 3, 3, 4] [1, 2, 0, 1, 0] [1, 0, 3, 1] 0 } output { [0, 1, -1, 2, -1] }
-- input { [0] [0] empty([0]i32) 0 } output { [0] }
-- input { [0, 3, 4, 5] [3, 1, 1, 1] [1, 2, 3, 0, 0, 0] 3 } output { [1, 2, 2, 0] }
-- input { [0, 3, 4, 5, 6] [3, 1, 1, 1, 0] [1, 2, 3, 0, 0, 0] 0 } output { [0, 1, 1, 1, -1] }
-- input @ data/bfs-small.in output @ data/bfs-small.out

def main [n][m] (start: [n]i32) (degree: [n]i32) (edges: [m]i32) (source: i32) : [n]i32 =
  let cost0 = tabulate n (\i -> if i == i64.i32 source then 0 else -1)
  let width = i64.i32 (i32.maximum degree)
  let (cost, frontier, level) =
    loop (cost, frontier, level) = (cost0, [i64.i32 source], 0i32)
    while length frontier > 0 && length frontier * width < n do
      let slots = length frontier * width
      let dests =
        tabulate slots (\q ->
          let v = frontier[q / width]
          let e = q % width
          in if e < i64.i32 degree[v]
             then let d = i64.i32 edges[i64.i32 start[v] + e]
                  in if cost[d] < 0 then d else -1
             else -1)
      let cost = scatter cost dests (map (\q -> i32.i64 (-2 - q)) (iota slots))
      let (_, next) =
        unzip (filter (\(q, d) -> d >= 0 && cost[d] == i32.i64 (-2 - q)) (zip (iota slots) dests))
      let cost = scatter cost next (replicate (length next) (level + 1))
      in (cost, next, level + 1)
  let (cost, _, _) =
    loop (cost, level, go) = (cost, level, length frontier > 0) while go do
      let next =
        map3 (\c s d ->
                if c >= 0 then c
                else let found = loop found = false for e < d do
                                   found || cost[edges[s + e]] == level
                     in if found then level + 1 else -1)
             cost start degree
      in (next, level + 1, any id (map2 (!=) next cost))
  in cost
