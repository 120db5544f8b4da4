package exe

import (
	"bytes"
	"errors"
	"testing"
)

// TestNilLibrary: a generated package's zero-value Context holds a nil
// Library, whose methods must fail or do nothing rather than panic.
func TestNilLibrary(t *testing.T) {
	var l *Library
	if _, err := l.Call("main"); !errors.Is(err, errNoLibrary) {
		t.Errorf("Call on a nil Library: %v", err)
	}
	var b bytes.Buffer
	l.WriteProfile(&b)
	l.Close()
	if b.Len() != 0 {
		t.Errorf("WriteProfile of a nil Library wrote %q", b.String())
	}
}
