-- A tuple is consumed while one of its components is passed beside it.
def g (a: *([]i32, []i32)) (b: []i32) : i32 =
  let a.0[0] = 10
  in a.0[0] + b[0]

entry main (p: *([]i32, []i32)) : i32 = g p p.0
