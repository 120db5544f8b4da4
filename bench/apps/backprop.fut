-- Back-propagation (Rodinia's backprop): one training step of a network
-- with one hidden layer: the forward pass (sigmoid units, a bias unit of
-- value 1 first in each layer), the output and hidden layers' errors, and
-- the weight updates with learning rate 0.3 (the momentum term is zero on
-- a first step). The result is the new weights of both layers.
-- ==
-- input @ data/backprop-small.in output @ data/backprop-small.out
-- notest random input { [65536]f32 [65537][16]f32 [17][1]f32 [1]f32 }

def eta = 0.3f32

def sigmoid (x: f32) = 1 / (1 + f32.exp (-x))

def main [n][h][o] (input: [n]f32) (w1: [n + 1][h]f32) (w2: [h + 1][o]f32) (target: [o]f32)
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
