-- Updating an array in place through a record path keeps the record's
-- other components, so none of them may share memory with it.
-- ==
-- error: :9:3: error: In-place update through a.b: the component updated shares memory with component c

def main (flag: bool) (p: *[4]i64) (q: *[4]i64) =
  let rec = if flag then {a = {b = p}, c = q} else {a = {b = q}, c = p}
  let rec = rec
  let rec.a.b[2] = 7
  in rec.c
