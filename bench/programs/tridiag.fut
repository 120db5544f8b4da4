-- A batch of tridiagonal systems solved by the Thomas algorithm, repeated
-- for a number of time steps (each step's solution is the next step's
-- right-hand side), as in LocVolCalib. Each system's solve is a
-- sequential loop inside a map over the batch: the map-loop interchange
-- case. The diagonal is shifted by 3 so every system is diagonally
-- dominant for inputs in [0,1].
-- ==
-- random input { 10i32 [131072][128]f32 [131072][128]f32 [131072][128]f32 [131072][128]f32 }

def tridag [n] (a: [n]f32) (b: [n]f32) (c: [n]f32) (y: [n]f32) : [n]f32 =
  -- forward sweep
  let cp = replicate n 0f32
  let dp = replicate n 0f32
  let b0 = b[0] + 3
  let cp[0] = c[0] / b0
  let dp[0] = y[0] / b0
  let (cp, dp) =
    loop (cp, dp) for i in 1..<n do
      let m = 1 / (b[i] + 3 - a[i] * cp[i - 1])
      let cp[i] = c[i] * m
      let dp[i] = (y[i] - a[i] * dp[i - 1]) * m
      in (cp, dp)
  -- back substitution
  let x = copy dp
  let x =
    loop x for i in n - 2..n - 3...0 do
      let x[i] = dp[i] - cp[i] * x[i + 1]
      in x
  in x

def main [m][n] (steps: i32) (a: [m][n]f32) (b: [m][n]f32) (c: [m][n]f32) (y: [m][n]f32) : [m][n]f32 =
  loop y for _t < steps do map4 tridag a b c y
