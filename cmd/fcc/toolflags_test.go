package main

import (
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

func TestParseTimeout(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		err  bool
	}{
		{"60", time.Minute, false},
		{" 5 ", 5 * time.Second, false},
		{"0", 0, false},
		{"-1", 0, false}, // Futhark: a negative timeout waits indefinitely
		{"90s", 90 * time.Second, false},
		{"10m", 10 * time.Minute, false},
		{"-5s", 0, false},
		{"99999999999999", 0, false}, // past time.Duration: no limit
		{"soon", 0, true},
		{"", 0, true},
	}
	for _, tc := range tests {
		got, err := parseTimeout(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("parseTimeout(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestIgnoreFiles(t *testing.T) {
	files := []string{"a/x.fut", "a/y.fut", "b/x.fut"}
	tests := []struct {
		patterns []string
		want     []string
	}{
		{nil, files},
		{[]string{"^a/"}, []string{"b/x.fut"}},
		{[]string{"y", "^b"}, []string{"a/x.fut"}},
		{[]string{"fut$"}, nil},
	}
	for _, tc := range tests {
		got, err := ignoreFiles(files, tc.patterns)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ignoreFiles(%q) = %q, %v; want %q", tc.patterns, got, err, tc.want)
		}
	}
	if _, err := ignoreFiles(files, []string{"("}); err == nil {
		t.Error("ignoreFiles accepted a malformed regular expression")
	}
}

func TestCacheArgs(t *testing.T) {
	abs, err := filepath.Abs("p.fut.cache")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		ext  string
		want []string
	}{
		{"", nil},
		{"cache", []string{"--cache-file", abs}},
		{".cache", []string{"--cache-file", abs}},
	}
	for _, tc := range tests {
		if got := cacheArgs("p.fut", tc.ext); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("cacheArgs(%q) = %q, want %q", tc.ext, got, tc.want)
		}
	}
}
