-- Two arrays whose sizes differ between the branches of an if but agree
-- within each branch get one size, as in Futhark (?[k].([k]t, [k]t)):
-- they can be zipped without a coercion.
-- ==
-- input { false } output { [1, 2] [3, 4] 2i64 }
-- input { true } output { [1, 2, 3] [4, 5, 6] 3i64 }

def main (b: bool) =
  let (xs, ys) =
    if b
    then ([1, 2, 3], [4, 5, 6])
    else ([1, 2], [3, 4])
  let (us, vs) = unzip (zip xs ys)
  in (us, vs, length us)
