-- Breadth-first search over a frontier, as Rodinia's CUDA bfs works:
-- each level touches only the edges of the nodes reached on the level
-- before, instead of every unreached node's edges (bfs.fut, which reads
-- about six times the edges on a random graph of degree 6).
--
-- A level gives each frontier node the same number of edge slots, the
-- largest degree of the graph, so that the slots are one flat map (the
-- padding of Futhark's port of Rodinia's bfs); a slot whose edge leads
-- to an unreached node names it, the others name -1, which scatter
-- ignores. The nodes that scatter reached are the next frontier: a
-- filter over the nodes, which leaves each once however many of its
-- neighbours reached it.
--
-- Same entry point and results as bfs.fut.
-- ==
-- input { [0, 1, 3, 3, 4] [1, 2, 0, 1, 0] [1, 0, 3, 1] 0 } output { [0, 1, -1, 2, -1] }
-- input { [0] [0] empty([0]i32) 0 } output { [0] }
-- input { [0, 3, 4, 5] [3, 1, 1, 1] [1, 2, 3, 0, 0, 0] 3 } output { [1, 2, 2, 0] }
-- input @ data/bfs-small.in output @ data/bfs-small.out

def main [n][m] (start: [n]i32) (degree: [n]i32) (edges: [m]i32) (source: i32) : [n]i32 =
  let cost0 = tabulate n (\i -> if i == i64.i32 source then 0 else -1)
  let width = i64.i32 (i32.maximum degree)
  let (cost, _, _) =
    loop (cost, frontier, level) = (cost0, [i64.i32 source], 0i32)
    while length frontier > 0 do
      let k = length frontier
      let dests =
        tabulate (k * width) (\q ->
          let v = frontier[q / width]
          let e = q % width
          in if e < i64.i32 degree[v]
             then let d = i64.i32 edges[i64.i32 start[v] + e]
                  in if cost[d] < 0 then d else -1
             else -1)
      let cost = scatter cost dests (replicate (k * width) (level + 1))
      let next = filter (\i -> cost[i] == level + 1) (iota n)
      in (cost, next, level + 1)
  in cost
