-- Scans launched many times in one run, and again over repeated runs:
-- the scans' tile status is reused between launches without clearing
-- (exe.Context.ScanStatus).
entry repeat (k: i32) (xs: []i32) : []i32 = loop ys = xs for _i < k do scan (+) 0 ys
entry rows [n][m] (xss: [n][m]i32) : [n][m]i32 = map (scan (+) 0) xss
