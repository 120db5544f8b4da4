module github.com/fcclang/fcc

go 1.24
