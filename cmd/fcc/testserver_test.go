package main

import (
	"strings"
	"testing"
	"time"

	"github.com/fcclang/fcc/runtime/values"
)

// TestTestServer runs fcc test on cases that one server process serves:
// the case that runs past --timeout fails alone, and the cases after it
// (a new server) pass, as do the errors and a consumed input.
func TestTestServer(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	code, stdout, stderr := runFcc("test", "--timeout=3s", "testdata/served.fut")
	if code != 1 || !strings.Contains(stdout, "10 passed, 1 failed") {
		t.Fatalf("exit %d:\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "FAIL testdata/served.fut:11: entry spin, data set #0 (\"1i32\") (compiled)\n  timed out after 3s") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestProgramServer checks that a program's cases share one process,
// that a timed-out call gets a new one, and that no variable outlives
// its case.
func TestProgramServer(t *testing.T) {
	exe := buildTestdata(t, "served")
	s := newProgramServer(exe, nil, t.TempDir())
	defer s.Close()
	input := func(vs ...values.Value) []byte {
		var b strings.Builder
		for _, v := range vs {
			values.WriteBinary(&b, v)
		}
		return []byte(b.String())
	}
	xs := values.Value{Type: values.I32, Shape: []int64{3}, Data: []int32{1, 2, 3}}
	for i := int64(0); i < 3; i++ {
		got, err := s.run("main", input(xs, values.Scalar(i)), 0, true)
		if err != nil || len(got) != 1 || got[0].Data.([]int32)[0] != int32(i+1) {
			t.Fatalf("main %d: %v, %v", i, got, err)
		}
	}
	first := s.client
	if _, err := s.run("main", input(xs, values.Scalar(int64(7))), 0, true); err == nil || !strings.Contains(err.Error(), "out of bounds") {
		t.Errorf("out of bounds: %v", err)
	}
	got, err := s.run("bump", input(xs), 0, true)
	if err != nil || got[0].Data.([]int32)[0] != 2 {
		t.Errorf("bump: %v, %v", got, err)
	}
	if s.client != first {
		t.Error("the server was restarted between cases")
	}
	if out, err := s.client.Cmd("type", "in0"); err == nil {
		t.Errorf("variable in0 outlived its case: %v", out)
	}
	start := time.Now()
	if _, err := s.run("spin", input(values.Scalar(int32(1))), time.Second, true); err == nil || !strings.Contains(err.Error(), "timed out after 1s") {
		t.Errorf("spin: %v", err)
	}
	if time.Since(start) > 10*time.Second {
		t.Errorf("the timeout took %v", time.Since(start))
	}
	if got, err := s.run("spin", input(values.Scalar(int32(0))), time.Second, true); err != nil || got[0].Data.([]int32)[0] != 0 {
		t.Errorf("after the timeout: %v, %v", got, err)
	}
	if _, err := s.run("mk", input(values.Scalar(int32(1))), 0, true); err != errNeedsProcess {
		t.Errorf("opaque result: %v, want errNeedsProcess", err)
	}
	if _, err := s.run("mk", input(values.Scalar(int32(1))), 0, false); err != nil {
		t.Errorf("opaque result, not read: %v", err)
	}
	if _, err := s.run("nope", nil, 0, true); err == nil || !strings.Contains(err.Error(), `no entry point "nope"`) {
		t.Errorf("unknown entry point: %v", err)
	}
}
