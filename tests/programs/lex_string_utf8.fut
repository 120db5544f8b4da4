-- Non-ASCII characters in strings are encoded as UTF-8.
-- ==
-- input { }
-- output { [97u8, 195u8, 169u8] }
def main : []u8 = "aé"
