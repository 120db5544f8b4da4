package backend

import "strconv"

// Text derived from the program (file names, positions, identifiers,
// messages) reaches generated Go only through these functions, so that no
// file name or identifier can end a literal or a comment early and inject
// code into the executable: a program called `x";os.RemoveAll("/");".fut`
// is a legal file name.

// goQuote is the Go string literal of s.
func goQuote(s string) string { return strconv.Quote(s) }

// goComment is s made safe to end a Go line comment: escaped as in a
// string literal (newlines, carriage returns, control characters and
// backslashes), without the quotes.
func goComment(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}
