-- A host loop of k tiny kernels: what one launch costs the host
-- (FCC_DEBUG_CL=1 prints the host time per launch) and in all (the run
-- time over k). Issue 22 asks for at most 4 us of host time per launch on
-- NVIDIA's OpenCL. Where n fits a work-group (1024 on a GPU) fcc runs the
-- whole loop as one kernel (the intra-group version); to time launches,
-- pass --param NAME=9223372036854775807 for the suff_intra_par threshold
-- that --print-params lists (bench/probe/launch_floor.sh does).
-- ==
-- input { 32i64 10i64 } output { 55f32 }
-- notest input { 1024i64 10000i64 }

def main (n: i64) (k: i64) : f32 =
  let xs = loop xs = replicate n 0f32 for i < k do map (+ f32.i64 (i + 1)) xs
  in xs[n - 1]
