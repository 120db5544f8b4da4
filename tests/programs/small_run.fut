-- Small runs (flatten/smallrun.go): dependent host statements that are
-- all small at run time run as one work-group. small_run.fut.tuning
-- takes the GPU versions on any device (cpu_versions=0), so that PoCL
-- runs them too. The back-propagation step (the entry bp): its whole
-- run is one group for few inputs, only its middle (output layer,
-- errors, output weights) for many; hidden layers wider than a group
-- or with more work than smallWork (4096) take the flat code; empty
-- layers. The chain (the entry chain): each statement reads the
-- scalar the previous one reduces; one group up to 1024 elements (its
-- work is 4n), flat code beyond.
-- ==
-- entry: bp
-- input { [1f32, 2f32] [[0.1f32, 0.2f32], [0.3f32, -0.1f32], [0.5f32, 0.25f32]] [[0.5f32], [-0.5f32], [1f32]] [0.1f32] }
-- output { [[0.103003584f32, 0.19133915f32], [0.3030036f32, -0.10866085f32], [0.5060072f32, 0.2326783f32]]
--          [[0.46214402f32], [-0.53036743f32], [0.97555804f32]] }
-- compiled random input { [20]f32 [21][16]f32 [17][1]f32 [1]f32 } auto output
-- compiled random input { [5000]f32 [5001][16]f32 [17][1]f32 [1]f32 } auto output
-- compiled random input { [100]f32 [101][3]f32 [4][5]f32 [5]f32 } auto output
-- compiled random input { [10]f32 [11][1500]f32 [1501][2]f32 [2]f32 } auto output
-- compiled random input { [10]f32 [11][70]f32 [71][60]f32 [60]f32 } auto output
-- compiled random input { [10]f32 [11][0]f32 [1][4]f32 [4]f32 } auto output
-- compiled random input { [10]f32 [11][5]f32 [6][0]f32 [0]f32 } auto output

def eta = 0.3f32

def sigmoid (x: f32) = 1 / (1 + f32.exp (-x))

entry bp [n][h][o] (input: [n]f32) (w1: [n + 1][h]f32) (w2: [h + 1][o]f32) (target: [o]f32)
               : ([n + 1][h]f32, [h + 1][o]f32) =
  let l1 = [1f32] ++ input :> [n + 1]f32
  let hidden = map (\col -> sigmoid (f32.sum (map2 (*) l1 col))) (transpose w1)
  let l2 = [1f32] ++ hidden :> [h + 1]f32
  let out = map (\col -> sigmoid (f32.sum (map2 (*) l2 col))) (transpose w2)
  let d_out = map2 (\y t -> y * (1 - y) * (t - y)) out target
  let d_hid = map2 (\y ws -> y * (1 - y) * f32.sum (map2 (*) ws d_out)) hidden (tail w2 :> [h][o]f32)
  let w2' = map2 (\x ws -> map2 (\w d -> w + eta * d * x) ws d_out) l2 w2
  let w1' = map2 (\x ws -> map2 (\w d -> w + eta * d * x) ws d_hid) l1 w1
  in (w1', w2')

-- ==
-- entry: chain
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [3, -1, 4] }
-- output { [-105, -109, -104] }
-- compiled random input { [1024]i32 } auto output
-- compiled random input { [1025]i32 } auto output
-- compiled random input { [100000]i32 } auto output

entry chain [n] (xs: [n]i32) : [n]i32 =
  let s = i32.sum xs
  let b = map (\x -> x * s) xs
  let m = i32.maximum b
  let c = map (\x -> x - m) b
  let k = i32.sum (map (\x -> x * 3) c)
  in map (\x -> x + k) xs
