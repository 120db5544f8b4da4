package rewrite

// Test-only exports for the external test package (rewrite_test), which
// may import packages that import rewrite.
var (
	SameResults = sameResults
	Compile     = compile
	Validate    = validate
	GoldenSrcs  = func() map[string]string {
		m := map[string]string{}
		for _, g := range goldenCases {
			m[g.name] = g.src
		}
		return m
	}
)
