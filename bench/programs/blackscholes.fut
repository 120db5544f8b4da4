-- Black-Scholes European call and put prices (as in the CUDA SDK sample).
-- The inputs are drawn from [0,1) and mapped to the SDK's ranges: spot
-- price in [5,30), strike in [1,100), years to expiry in [0.25,10).
-- Riskless rate 2%, volatility 30%.
-- ==
-- random input { [40000000]f32 [40000000]f32 [40000000]f32 }

def cnd (d: f32) : f32 =
  let a1 = 0.31938153f32
  let a2 = -0.356563782f32
  let a3 = 1.781477937f32
  let a4 = -1.821255978f32
  let a5 = 1.330274429f32
  let rsqrt2pi = 0.39894228040143267793994605993438f32
  let k = 1 / (1 + 0.2316419 * f32.abs d)
  let c = rsqrt2pi * f32.exp (-0.5 * d * d)
        * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))))
  in if d > 0 then 1 - c else c

def price (s0: f32) (k0: f32) (t0: f32) : (f32, f32) =
  let r = 0.02f32
  let v = 0.30f32
  let s = 5 + 25 * s0
  let x = 1 + 99 * k0
  let t = 0.25 + 9.75 * t0
  let sqrt_t = f32.sqrt t
  let d1 = (f32.log (s / x) + (r + 0.5 * v * v) * t) / (v * sqrt_t)
  let d2 = d1 - v * sqrt_t
  let cnd1 = cnd d1
  let cnd2 = cnd d2
  let exp_rt = f32.exp (-r * t)
  let call = s * cnd1 - x * exp_rt * cnd2
  let put = x * exp_rt * (1 - cnd2) - s * (1 - cnd1)
  in (call, put)

def main [n] (s: [n]f32) (k: [n]f32) (t: [n]f32) : ([n]f32, [n]f32) =
  unzip (map3 price s k t)
