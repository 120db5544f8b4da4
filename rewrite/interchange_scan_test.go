package rewrite

// The before/after test of ScanInterchange (TestRules runs it): a scan
// of vectors under the elementwise sum, and one under the elementwise
// maximum with a neutral element given as a parameter.
func init() {
	ruleCases = append(ruleCases, ruleCase{ScanInterchange, `entry "main"
fun main (xss: [n][m]i32, yss: [n][m]i32, z: i32): {[n][m]i32, [n][m]i32} = {
  let {rep: [m]i32} = replicate (m) 0i32
  let {zs: [m]i32} = replicate (m) z
  let {s1: [n][m]i32} = screma n (xss)
    scan (rep) \(a1: [m]i32, a2: [m]i32): {[m]i32} -> {
      let {r1: [m]i32} = screma m (a1, a2)
        map \(x1: i32, x2: i32): {i32} -> {
          let {x3: i32} = add i32 x1 x2
          in {x3}
        }
      in {r1}
    }
    map \(y1: [m]i32): {[m]i32} -> {
      in {y1}
    }
  let {s2: [n][m]i32} = screma n (yss)
    scan (zs) \(b1: [m]i32, b2: [m]i32): {[m]i32} -> {
      let {r2: [m]i32} = screma m (b1, b2)
        map \(u1: i32, u2: i32): {i32} -> {
          let {u3: i32} = max i32 u1 u2
          in {u3}
        }
      in {r2}
    }
    map \(y2: [m]i32): {[m]i32} -> {
      in {y2}
    }
  in {s1, s2}
}`})
}
