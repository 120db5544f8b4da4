-- A loop whose state is a record.
-- ==
-- input { 4 }
-- output { 4 16 }
def main (n: i32) =
  let r = loop r = {cnt = 0, sq = 0} for i < n do {cnt = r.cnt + 1, sq = r.sq + 2 * i + 1}
  in (r.cnt, r.sq)
