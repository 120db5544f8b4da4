-- `local` declarations are usable within the file.
-- ==
-- input { 4 }
-- output { 17 }
local def helper (x: i32) = x * x

local type num = i32

def main (x: num) : num = helper x + 1
