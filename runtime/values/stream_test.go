package values

import (
	"bufio"
	"bytes"
	"math/rand"
	"reflect"
	"testing"
)

// piece is elements lo..hi-1 of v's data as a one-dimensional array.
func piece(v Value, lo, hi int) Value {
	d := reflect.ValueOf(v.Data).Slice(lo, hi).Interface()
	return Value{Type: v.Type, Shape: []int64{int64(hi - lo)}, Data: d}
}

// TestStreamWriter checks that an array written in random pieces is
// byte for byte what WriteText and WriteBinary write.
func TestStreamWriter(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 300; i++ {
		v := randValue(rng, PrimType(i%numPrimTypes), i%4)
		if i%17 == 0 && v.Rank() > 0 {
			v = NewArray(v.Type, append([]int64{0}, v.Shape[1:]...))
		}
		for _, binary := range []bool{false, true} {
			var want bytes.Buffer
			if binary {
				_ = WriteBinary(&want, v)
			} else {
				_ = WriteText(&want, v)
			}
			var got bytes.Buffer
			w := bufio.NewWriter(&got)
			sw, err := NewStreamWriter(w, v.Type, v.Shape, binary, true)
			if err != nil {
				t.Fatal(err)
			}
			n := int(v.Len())
			for lo := 0; lo < n; {
				hi := min(n, lo+1+rng.Intn([]int{3, 50, 3000}[i%3]))
				if err := sw.Write(piece(v, lo, hi)); err != nil {
					t.Fatal(err)
				}
				lo = hi
			}
			if err := sw.Close(); err != nil {
				t.Fatal(err)
			}
			w.Flush()
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("%s (binary %v): streamed\n%.300q\nwant\n%.300q", v.TypeString(), binary, got.Bytes(), want.Bytes())
			}
		}
	}
}

func TestStreamWriterErrors(t *testing.T) {
	w := bufio.NewWriter(&bytes.Buffer{})
	if _, err := NewStreamWriter(w, F32, []int64{1 << 32, 1 << 32}, false, true); err == nil {
		t.Error("an overflowing shape was accepted")
	}
	sw, _ := NewStreamWriter(w, I32, []int64{2}, false, true)
	if err := sw.Write(Value{Type: I32, Shape: []int64{3}, Data: []int32{1, 2, 3}}); err == nil {
		t.Error("a piece beyond the array's end was accepted")
	}
	sw, _ = NewStreamWriter(w, I32, []int64{2}, true, true)
	if err := sw.Write(Value{Type: I64, Shape: []int64{1}, Data: []int64{1}}); err == nil {
		t.Error("a piece of another type was accepted")
	}
	sw, _ = NewStreamWriter(w, I32, []int64{2}, true, true)
	_ = sw.Write(Value{Type: I32, Shape: []int64{1}, Data: []int32{1}})
	if err := sw.Close(); err == nil {
		t.Error("a short array was closed without error")
	}
}
