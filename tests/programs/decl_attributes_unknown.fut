-- Unknown attributes, and attributes with arguments, are accepted and
-- ignored.
-- ==
-- input { 6 }
-- output { 36 }
#[some_unknown_attribute]
#[with_args(foo, bar(1))]
def sq (x: i32) = x * x

def main (x: i32) = #[another] sq x
