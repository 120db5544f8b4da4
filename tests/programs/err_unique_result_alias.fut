-- A unique result may not alias a non-unique parameter.
-- ==
-- error: (?i)unique|alias|consum
def f (xs: []i32) : *[]i32 = xs

def main (xs: []i32) = f xs
