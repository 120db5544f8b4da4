package values

import (
	"fmt"
	"io"
	"strings"
)

// ArgType is the external type of an entry point's parameter: an element
// type and a rank.
type ArgType struct {
	Elem PrimType
	Rank int
}

func (t ArgType) String() string { return strings.Repeat("[]", t.Rank) + t.Elem.String() }

// ReadArgs reads exactly one value per parameter of the entry point named
// entry, checks each value's type, and fails on trailing data. Compiled
// executables and the interpreter share it, so both accept the same input
// and report mistakes in the same words. A value whose data would exceed
// MemoryLimit is an error found before its data is allocated.
func ReadArgs(r io.Reader, entry string, params []ArgType) ([]Value, error) {
	rd := NewReader(r)
	limit, err := MemoryLimit()
	if err != nil {
		return nil, err
	}
	rd.SetMemoryLimit(limit)
	out := make([]Value, len(params))
	for i, t := range params {
		start := rd.Offset()
		// ReadAs types unsuffixed literals by the parameter's type, as
		// Futhark's executables do: "[1, 2]" is a []f32 for a []f32
		// parameter.
		v, err := rd.ReadAs(t.Elem, t.Rank)
		if err == io.EOF {
			return nil, fmt.Errorf("entry point %s expects %d argument(s) (%s), but the input ended after %d value(s)",
				entry, len(params), argList(params), i)
		}
		if err != nil {
			return nil, fmt.Errorf("entry point argument %d (of type %s): %w", i+1, t, err)
		}
		if v.Type != t.Elem || len(v.Shape) != t.Rank {
			return nil, fmt.Errorf("entry point argument %d (of type %s): expected %s, got %s at byte offset %d",
				i+1, t, t, v.TypeString(), start)
		}
		out[i] = v
	}
	// Where a value after the last argument starts, for the message.
	rd.skipSpace()
	at := &SyntaxError{Offset: rd.Offset()}
	if rd.peek() != 'b' {
		at = rd.errf(rd.Offset(), "").(*SyntaxError)
	}
	switch _, err := rd.Read(); {
	case err == io.EOF:
	case err == nil:
		where := strings.TrimSuffix(at.Error(), ": ")
		return nil, fmt.Errorf("entry point %s expects %d argument(s) (%s), but the input holds more values, from %s", entry, len(params), argList(params), where)
	default:
		return nil, fmt.Errorf("trailing data after the %d entry point argument(s): %w", len(params), err)
	}
	return out, nil
}

func argList(ts []ArgType) string {
	if len(ts) == 0 {
		return "none"
	}
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.String()
	}
	return strings.Join(s, ", ")
}
