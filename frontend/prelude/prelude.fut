-- The fcc prelude: Futhark's array and functional utilities, written on
-- top of the intrinsics of frontend/intrinsics*.go (map, reduce, scan,
-- reduce_by_index, scatter, iota, replicate, transpose, flatten,
-- unflatten, concat, zip, unzip, copy and the numeric modules).
-- User definitions shadow these.

-- Functional utilities.

-- The accumulator type of Futhark's intrinsics module
-- (frontend/accumulators.go): an accumulator is the array it writes into.
type~ intrinsics_acc 't = t

def id '^a (x: a) : a = x

def const '^a '^b (x: a) (_: b) : a = x

def flip '^a '^b '^c (f: a -> b -> c) (y: b) (x: a) : c = f x y

def curry '^a '^b '^c (f: (a, b) -> c) (x: a) (y: b) : c = f (x, y)

def uncurry '^a '^b '^c (f: a -> b -> c) (p: (a, b)) : c = f p.0 p.1

def (>->) '^a '^b '^c (f: a -> b) (g: b -> c) (x: a) : c = g (f x)

def (<-<) '^a '^b '^c (g: b -> c) (f: a -> b) (x: a) : c = g (f x)

def iterate 'a (n: i32) (f: a -> a) (x: a) : a =
  loop x for _i < n do f x

def iterate_until 'a (p: a -> bool) (f: a -> a) (x: a) : a =
  loop x while !(p x) do f x

def iterate_while 'a (p: a -> bool) (f: a -> a) (x: a) : a =
  loop x while p x do f x

-- Array utilities.

def null 't (xs: []t) : bool = length xs == 0

def head 't (xs: []t) : t = xs[0]

def last 't (xs: []t) : t = xs[length xs - 1]

def tail 't (xs: []t) : []t = xs[1:]

def init 't (xs: []t) : []t = xs[:length xs - 1]

def take 't (i: i64) (xs: []t) : []t = xs[:i]

def drop 't (i: i64) (xs: []t) : []t = xs[i:]

def reverse [n] 't (xs: [n]t) : [n]t = xs[::-1]

def rotate [n] 't (r: i64) (xs: [n]t) : *[n]t =
  map (\i -> xs[(i + r) % n]) (iota n)

def indices [n] 't (xs: [n]t) : *[n]i64 = iota n

def foldl 'a 'b (f: a -> b -> a) (acc: a) (bs: []b) : a =
  loop acc for b in bs do f acc b

def foldr 'a 'b (f: b -> a -> a) (acc: a) (bs: []b) : a =
  loop acc for b in reverse bs do f b acc

def tabulate 'a (n: i64) (f: i64 -> a) : *[]a = map f (iota n)

def tabulate_2d 'a (n: i64) (m: i64) (f: i64 -> i64 -> a) : *[][]a =
  map (\i -> map (\j -> f i j) (iota m)) (iota n)

def tabulate_3d 'a (n: i64) (m: i64) (o: i64) (f: i64 -> i64 -> i64 -> a) : *[][][]a =
  map (\i -> map (\j -> map (\k -> f i j k) (iota o)) (iota m)) (iota n)

def all 't (f: t -> bool) (xs: []t) : bool = reduce (&&) true (map f xs)

def any 't (f: t -> bool) (xs: []t) : bool = reduce (||) false (map f xs)

def spread [n] 't (k: i64) (x: t) (is: [n]i64) (vs: [n]t) : *[k]t =
  scatter (replicate k x) is vs :> [k]t

def hist [n] 'a (op: a -> a -> a) (ne: a) (k: i64) (is: [n]i64) (as: [n]a) : *[k]a =
  reduce_by_index (replicate k ne) op ne is as :> [k]a

def concat_to 't (k: i64) (xs: []t) (ys: []t) : *[]t =
  concat xs ys :> [k]t

-- Futhark's not: logical negation as a function.
def not (x: bool) : bool = !x

-- Futhark's conversions between i32 and the float types (its prelude.fut
-- keeps them; published programs such as kmeans and bfast use them).
def r32 (x: i32) : f32 = f32.i32 x
def t32 (x: f32) : i32 = i32.f32 x
def r64 (x: i32) : f64 = f64.i32 x
def t64 (x: f64) : i32 = i32.f64 x

-- trace and break as Futhark's prelude defines them: the interpreter
-- prints a traced value; both are the identity in compiled code.
def trace 't (x: t) : t = #[trace(trace)] x
def break 't (x: t) : t = #[break] x

-- Futhark's sized: xs with its size asserted to be n (checked at run
-- time).
def sized [m] 't (n: i64) (xs: [m]t) : [n]t =
  xs :> [n]t

-- Futhark's flatten_to: flatten with the size of the result given.
def flatten_to [n] [m] 't (l: i64) (xs: [n][m]t) : [l]t = flatten xs :> [l]t

def flatten_3d 't (xs: [][][]t) : []t = flatten (flatten xs)

def flatten_4d 't (xs: [][][][]t) : []t = flatten (flatten (flatten xs))

def unflatten_3d 't (xs: []t) : [][][]t = unflatten (unflatten xs)

def unflatten_4d 't (xs: []t) : [][][][]t = unflatten (unflatten (unflatten xs))

-- The multi-dimensional forms of reduce_by_index (scatter's are
-- intrinsics) work on the flattened destination; an index outside it in
-- any dimension is ignored, as in the one-dimensional form.

def reduce_by_index_2d [k] [n] [m] 'a (dest: *[n][m]a) (f: a -> a -> a) (ne: a) (is: [k](i64, i64)) (as: [k]a) : *[n][m]a =
  let flat = map (\(i, j) -> if i >= 0 && i < n && j >= 0 && j < m then i * m + j else -1) is
  in unflatten (reduce_by_index (flatten dest) f ne flat as :> [n * m]a)

def reduce_by_index_3d [k] [n] [m] [l] 'a (dest: *[n][m][l]a) (f: a -> a -> a) (ne: a) (is: [k](i64, i64, i64)) (as: [k]a) : *[n][m][l]a =
  let flat = map (\(i, j, h) -> if i >= 0 && i < n && j >= 0 && j < m && h >= 0 && h < l then (i * m + j) * l + h else -1) is
  in unflatten (unflatten (reduce_by_index (flatten (flatten dest)) f ne flat as :> [n * m * l]a))

-- opaque is the identity; Futhark's also hides its argument from the
-- optimiser, which fcc's passes do not need for correctness.
def opaque 't (x: t) : t = x

-- filter and partition: a scan computes each kept element's place, a
-- scatter puts it there.

def filter 'a (p: a -> bool) (as: []a) : *[]a =
  let flags = map (\x -> if p x then 1i64 else 0i64) as
  let offsets = scan (+) 0 flags
  let n = if length as == 0 then 0 else offsets[length as - 1]
  let is = map2 (\f o -> if f == 1 then o - 1 else -1) flags offsets
  in scatter (copy as[:n]) is as

def partition 'a (p: a -> bool) (as: []a) : ([]a, []a) =
  let n = length as
  let flags = map p as
  let trues = scan (+) 0 (map (\f -> if f then 1i64 else 0i64) flags)
  let nt = if n == 0 then 0 else trues[n - 1]
  let is = map3 (\f t i -> if f then t - 1 else nt + i - t) flags trues (iota n)
  let res = scatter (copy as) is as
  in (res[:nt], res[nt:])

def partition2 'a (p: a -> bool) (q: a -> bool) (as: []a) : ([]a, []a, []a) =
  let (xs, rest) = partition p as
  let (ys, zs) = partition q rest
  in (xs, ys, zs)

def (++) [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n+m]t = concat xs ys

def and (xs: []bool) : bool = reduce (&&) true xs

def or (xs: []bool) : bool = reduce (||) false xs

-- Views of a flat array as an array of more dimensions, given an offset
-- and a size and a stride per dimension, and their in-place updates.
def flat_index_2d [n] 'a (as: [n]a) (offset: i64) (n1: i64) (s1: i64) (n2: i64) (s2: i64) : [n1][n2]a =
  tabulate_2d n1 n2 (\i j -> as[offset + i * s1 + j * s2]) :> [n1][n2]a

def flat_update_2d [n] [k] [l] 'a (as: *[n]a) (offset: i64) (s1: i64) (s2: i64) (asss: [k][l]a) : *[n]a =
  let is = map (\i -> map (\j -> offset + i * s1 + j * s2) (iota l)) (iota k)
  in scatter as (flatten is) (flatten asss)

def flat_index_3d [n] 'a (as: [n]a) (offset: i64) (n1: i64) (s1: i64) (n2: i64) (s2: i64) (n3: i64) (s3: i64) : [n1][n2][n3]a =
  tabulate_3d n1 n2 n3 (\i j l -> as[offset + i * s1 + j * s2 + l * s3]) :> [n1][n2][n3]a

def flat_update_3d [n] [k] [l] [p] 'a (as: *[n]a) (offset: i64) (s1: i64) (s2: i64) (s3: i64) (asss: [k][l][p]a) : *[n]a =
  let is = map (\i -> map (\j -> map (\m -> offset + i * s1 + j * s2 + m * s3) (iota p)) (iota l)) (iota k)
  in scatter as (flatten_3d is) (flatten_3d asss)

def flat_index_4d [n] 'a (as: [n]a) (offset: i64) (n1: i64) (s1: i64) (n2: i64) (s2: i64) (n3: i64) (s3: i64) (n4: i64) (s4: i64) : [n1][n2][n3][n4]a =
  map (\i -> tabulate_3d n2 n3 n4 (\j l m -> as[offset + i * s1 + j * s2 + l * s3 + m * s4]) :> [n2][n3][n4]a) (iota n1)

def flat_update_4d [n] [k] [l] [p] [q] 'a (as: *[n]a) (offset: i64) (s1: i64) (s2: i64) (s3: i64) (s4: i64) (asss: [k][l][p][q]a) : *[n]a =
  let is = map (\i -> map (\j -> map (\m -> map (\o -> offset + i * s1 + j * s2 + m * s3 + o * s4) (iota q)) (iota p)) (iota l)) (iota k)
  in scatter as (flatten_4d is) (flatten_4d asss)

-- Streams: f sees the array in chunks whose results op combines (map_stream:
-- whose results are concatenated). One chunk, the whole array, is a valid
-- chunking, and the one used here.
def reduce_stream [n] 'a 'b (op: b -> b -> b) (f: (k: i64) -> [k]a -> b) (as: [n]a) : b =
  let _ = op
  in f n as

def reduce_stream_per [n] 'a 'b (op: b -> b -> b) (f: (k: i64) -> [k]a -> b) (as: [n]a) : b =
  reduce_stream op f as

def map_stream [n] 'a 'b (f: (k: i64) -> [k]a -> [k]b) (as: [n]a) : *[n]b =
  copy (f n as)

def map_stream_per [n] 'a 'b (f: (k: i64) -> [k]a -> [k]b) (as: [n]a) : *[n]b =
  map_stream f as
