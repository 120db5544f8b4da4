module github.com/fcclang/fcc

go 1.24

require github.com/antlr4-go/antlr/v4 v4.13.1

require (
	github.com/spf13/pflag v1.0.10 // indirect
	golang.org/x/exp v0.0.0-20240506185415-9bf2ced13842 // indirect
)
