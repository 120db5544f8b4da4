-- SRAD (Rodinia's srad_v1): speckle-reducing anisotropic diffusion of an
-- image. Each iteration takes the image's mean and variance (the region
-- of interest is the whole image), computes each pixel's diffusion
-- coefficient from its four differences, then updates the pixel from its
-- own and its south and east neighbours' coefficients. The image is
-- exponentiated before and its logarithm taken after, as Rodinia does.
-- ==
-- input @ data/srad-small.in output @ data/srad-small.out
-- notest random input { 100i32 0.5f32 [502][458]f32 }

def main [r][c] (iters: i32) (lambda: f32) (image: [r][c]f32) : [r][c]f32 =
  let ne = f32.i64 (r * c)
  let j0 = map (map (\x -> f32.exp (x / 255))) image
  let j =
    loop j = j0 for _i < iters do
      let flat = flatten j
      let mean = f32.sum flat / ne
      let var = f32.sum (map (\x -> x * x) flat) / ne - mean * mean
      let q0sqr = var / (mean * mean)
      let deriv i k =
        let jc = j[i, k]
        in ( j[i64.max (i - 1) 0, k] - jc
           , j[i64.min (i + 1) (r - 1), k] - jc
           , j[i, i64.max (k - 1) 0] - jc
           , j[i, i64.min (k + 1) (c - 1)] - jc )
      let coef =
        tabulate_2d r c (\i k ->
          let jc = j[i, k]
          let (dn, ds, dw, de) = deriv i k
          let g2 = (dn * dn + ds * ds + dw * dw + de * de) / (jc * jc)
          let l = (dn + ds + dw + de) / jc
          let num = 0.5 * g2 - (1 / 16) * l * l
          let den = 1 + 0.25 * l
          let qsqr = num / (den * den)
          let den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr))
          in f32.max 0 (f32.min 1 (1 / (1 + den))))
      in tabulate_2d r c (\i k ->
           let (dn, ds, dw, de) = deriv i k
           let cc = coef[i, k]
           let cs = coef[i64.min (i + 1) (r - 1), k]
           let ce = coef[i, i64.min (k + 1) (c - 1)]
           let d = cc * dn + cs * ds + cc * dw + ce * de
           in j[i, k] + 0.25 * lambda * d)
  in map (map (\x -> f32.log x * 255)) j
