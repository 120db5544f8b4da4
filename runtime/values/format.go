package values

// FormatVerbs counts the verbs of a format string, as fmt reads it: %%
// is a percent sign, not a verb. Run-time error messages of kernels and
// assertions are such formats, filled with the failing values (the IR's
// AssertExp, the runtime's KernelError).
func FormatVerbs(format string) int {
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] == '%' {
			if i+1 < len(format) && format[i+1] == '%' {
				i++
				continue
			}
			n++
		}
	}
	return n
}
