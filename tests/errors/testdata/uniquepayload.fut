-- A constructor given one array twice is returned as a unique value.
type~ t = #foo ([]i32) ([]i32) | #bar

def f (xs: *[]i32) : *t = #foo xs xs

entry main (xs: *[]i32) : i32 = match f xs case #foo a _ -> a[0] case #bar -> 0
