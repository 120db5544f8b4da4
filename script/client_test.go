package script

import (
	"bytes"
	"strings"
	"testing"
)

// TestClientDebugging checks that FUTHARK_COMPILER_DEBUGGING=1 logs the
// messages sent to and received from the server, as Futhark's tools do,
// and that nothing is logged without it.
func TestClientDebugging(t *testing.T) {
	const server = "%%% OK\nmain\n%%% OK\n%%% FAILURE\nUnknown variable: x\n%%% OK\n"
	saved := debugOutput
	t.Cleanup(func() { debugOutput = saved })
	for _, tc := range []struct {
		env  string
		want string
	}{
		{"", ""},
		{"0", ""},
		{"junk", ""},
		{"1", ">>> entry_points\n<<< main\n<<< %%% OK\n>>> free x\n<<< %%% FAILURE\n<<< Unknown variable: x\n<<< %%% OK\n"},
		{"2", ">>> entry_points\n"},
	} {
		t.Setenv("FUTHARK_COMPILER_DEBUGGING", tc.env)
		var log, sent bytes.Buffer
		debugOutput = &log
		c, err := NewClient(&sent, strings.NewReader(server))
		if err != nil {
			t.Fatal(err)
		}
		log.Reset() // the greeting
		if out, err := c.Cmd("entry_points"); err != nil || len(out) != 1 || out[0] != "main" {
			t.Errorf("entry_points: %q, %v", out, err)
		}
		if _, err := c.Cmd("free", "x"); err == nil || err.Error() != "Unknown variable: x" {
			t.Errorf("free x: %v", err)
		}
		if got := log.String(); (tc.want == "" && got != "") || !strings.HasPrefix(got, tc.want) {
			t.Errorf("FUTHARK_COMPILER_DEBUGGING=%q logged %q, want %q", tc.env, got, tc.want)
		}
		if sent.String() != "entry_points\nfree x\n" {
			t.Errorf("sent %q", sent.String())
		}
	}
}
