-- Breadth-first search as bfs.fut (each level, every unreached node
-- looks for a neighbour reached on the level before), with the last
-- level's nodes as a bitmap: a node's test is a bit of a 2^20-node
-- graph's 128 KiB, which stays in a GPU's first-level cache, where
-- bfs.fut reads the neighbour's cost from a 4 MiB array, 6 million
-- random reads a level on the tier's graph (bench/RESULTS.md). The
-- bitmap costs a kernel a level over the costs.
--
-- Same entry point and results as bfs.fut.
-- ==
-- input { [0, 1, 3, 3, 4] [1, 2, 0, 1, 0] [1, 0, 3, 1] 0 } output { [0, 1, -1, 2, -1] }
-- input { [0] [0] empty([0]i32) 0 } output { [0] }
-- input { [0, 3, 4, 5] [3, 1, 1, 1] [1, 2, 3, 0, 0, 0] 3 } output { [1, 2, 2, 0] }
-- input @ data/bfs-small.in output @ data/bfs-small.out

-- Bit i % 32 of word i / 32 says whether node i has cost c.
def level_bits [n] (cost: [n]i32) (c: i32) : []u32 =
  tabulate ((n + 31) / 32) (\w ->
    loop acc = 0u32 for b < 32 do
      let i = w * 32 + b
      in if i < n && cost[i] == c then acc | (1 << u32.i64 b) else acc)

def main [n][m] (start: [n]i32) (degree: [n]i32) (edges: [m]i32) (source: i32) : [n]i32 =
  let cost0 = tabulate n (\i -> if i == i64.i32 source then 0 else -1)
  let (cost, _, _) =
    loop (cost, level, go) = (cost0, 0i32, true) while go do
      let front = level_bits cost level
      let next =
        map3 (\c s d ->
                if c >= 0 then c
                else let found = loop found = false for e < d do
                                   found || (let x = edges[s + e]
                                             in (front[x >> 5] >> (u32.i32 x & 31)) & 1 == 1)
                     in if found then level + 1 else -1)
             cost start degree
      in (next, level + 1, any id (map2 (!=) next cost))
  in cost
