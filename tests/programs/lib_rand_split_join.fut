-- split_rng gives every element of a parallel map its own state; join_rng
-- makes one state of many again.  For each of the three engines: the first
-- number of every split state, and the first number of the joined state.
-- ==
-- entry: lcg
-- input { [1] 1i64 }
-- output { [1655472730u32] 3513902327u32 }
-- input { [42] 4i64 }
-- output { [2857474832u32, 3212056795u32, 4155392999u32, 4274927931u32] 3989567539u32 }
-- input { [3, 4] 7i64 }
-- output { [3756815663u32, 2988795045u32, 2952684819u32, 2723742477u32, 1138784606u32, 2949759005u32, 3978995421u32] 3422699789u32 }
-- input { [9] 2i64 }
-- output { [539804657u32, 534490248u32] 4221514919u32 }

-- ==
-- entry: xs32
-- input { [1] 1i64 }
-- output { [2918522151u32] 730071855u32 }
-- input { [42] 4i64 }
-- output { [2627988433u32, 166523142u32, 456040497u32, 3290614210u32] 510721160u32 }
-- input { [3, 4] 7i64 }
-- output { [3025968443u32, 588656793u32, 454468224u32, 1501106312u32, 1556065293u32, 2108352033u32, 2798518875u32] 1541285839u32 }
-- input { [9] 2i64 }
-- output { [4221306590u32, 3532115069u32] 1507974535u32 }

-- ==
-- entry: xs64
-- input { [1] 1i64 }
-- output { [196550991u32] 196550991u32 }
-- input { [42] 4i64 }
-- output { [2358536261u32, 295320568u32, 2733048102u32, 3940752183u32] 2642169422u32 }
-- input { [3, 4] 7i64 }
-- output { [738461843u32, 356647951u32, 1263600623u32, 1480878322u32, 1946759316u32, 1830812176u32, 4257126365u32] 435669439u32 }
-- input { [9] 2i64 }
-- output { [3015551636u32, 1975547407u32] 456922731u32 }

import "lib/github.com/fcclang/random/random"

module type engine32 = rng_engine with int.t = u32

module splitter (E: engine32) = {
  def run (seed: []i32) (n: i64) : ([n]u32, u32) =
    let rs = E.split_rng n (E.rng_from_seed seed)
    let firsts = map (\r -> (E.rand r).1) rs
    in (firsts, (E.rand (E.join_rng rs)).1)
}

module split_lcg = splitter lcg32
module split_xs32 = splitter xorshift32
module split_xs64 = splitter xorshift64star

entry lcg (seed: []i32) (n: i64) : ([n]u32, u32) = split_lcg.run seed n
entry xs32 (seed: []i32) (n: i64) : ([n]u32, u32) = split_xs32.run seed n
entry xs64 (seed: []i32) (n: i64) : ([n]u32, u32) = split_xs64.run seed n
