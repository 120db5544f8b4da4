package backend

import (
	"slices"
	"testing"
)

func TestTrimKernels(t *testing.T) {
	for _, c := range []struct {
		name     string
		src      string
		launched []string
		want     string
		kept     map[string][]int
	}{
		{
			name:     "unread parameters dropped",
			src:      "__kernel void k(__global long *fcc_err,\n    long n,\n    __global float *xs,\n    long xs_o,\n    long xs_d0,\n    __global float *out0)\n{\n  long i = get_global_id(0);\n  if (i < n) out0[i] = xs[xs_o + i];\n}\n",
			launched: []string{"k"},
			want:     "// k: not passed (never read): fcc_err, xs_d0\n__kernel void k(long n,\n    __global float *xs,\n    long xs_o,\n    __global float *out0)\n{\n  long i = get_global_id(0);\n  if (i < n) out0[i] = xs[xs_o + i];\n}\n",
			kept:     map[string][]int{"k": {1, 2, 3, 5}},
		},
		{
			name:     "every parameter read",
			src:      "__kernel void k(__global long *fcc_err, long n)\n{\n  if (get_global_id(0) >= n) { fcc_err[0] = 1; }\n}\n",
			launched: []string{"k"},
			want:     "__kernel void k(__global long *fcc_err,\n    long n)\n{\n  if (get_global_id(0) >= n) { fcc_err[0] = 1; }\n}\n",
			kept:     map[string][]int{"k": {0, 1}},
		},
		{
			name:     "a kernel launched otherwise keeps its list",
			src:      "__kernel void k(long n, long m)\n{\n  long x = n;\n}\n",
			launched: nil,
			want:     "__kernel void k(long n, long m)\n{\n  long x = n;\n}\n",
			kept:     map[string][]int{},
		},
		{
			name: "two kernels and the text between them",
			src: "__kernel void a(long n, long m)\n{\n  { long x = m; }\n}\n#define fcc_sid 0\n" +
				"__kernel void a_p(long n, __local float *l)\n{\n  l[0] = 1;\n}\n",
			launched: []string{"a", "a_p"},
			want: "// a: not passed (never read): n\n__kernel void a(long m)\n{\n  { long x = m; }\n}\n#define fcc_sid 0\n" +
				"// a_p: not passed (never read): n\n__kernel void a_p(__local float *l)\n{\n  l[0] = 1;\n}\n",
			kept: map[string][]int{"a": {1}, "a_p": {1}},
		},
		{
			name:     "a name in a longer identifier is not a read",
			src:      "__kernel void k(long n, long n2)\n{\n  long nn = n2;\n}\n",
			launched: []string{"k"},
			want:     "// k: not passed (never read): n\n__kernel void k(long n2)\n{\n  long nn = n2;\n}\n",
			kept:     map[string][]int{"k": {1}},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			launched := map[string]bool{}
			for _, k := range c.launched {
				launched[k] = true
			}
			kept := map[string][]int{}
			got, err := trimKernels(c.src, launched, kept)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
			for k, w := range c.kept {
				if !slices.Equal(kept[k], w) {
					t.Errorf("kept[%s] = %v, want %v", k, kept[k], w)
				}
			}
			if len(kept) != len(c.kept) {
				t.Errorf("kept = %v, want %v", kept, c.kept)
			}
		})
	}
}
