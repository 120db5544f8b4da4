package frontend

import (
	"reflect"
	"testing"
)

// TestEntryOpaqueNames checks the names of entry points' opaque values:
// a value of an abstract type is named as Futhark names it, after the
// type the entry point declares (with its type arguments, without
// sizes), the same for a parameter and a result; other opaque values keep
// their structural names; transparent values have none.
func TestEntryOpaqueNames(t *testing.T) {
	src := `module type bag = {
  type~ bag 'a
  type t
  val from : []i64 -> bag i64
  val total : bag i64 -> i64
  val one : t
}
module m : bag = {
  type~ bag 'a = []a
  type t = i32
  def from (xs: []i64) = xs
  def total (b: bag i64) = i64.sum b
  def one = 1i32
}
entry build (xs: []i64) : m.bag i64 = m.from xs
entry total (b: m.bag i64) : i64 = m.total b
entry pair (n: i64) : (i64, *[]m.t) = (n, replicate n m.one)
entry ts [k] (xs: [k]m.t) : [k]m.t = xs
entry rec (x: i32) : {a: i32, b: []i32} = {a = x, b = [x]}
entry undeclared (xs: []i64) = m.from xs
`
	p, err := Compile("t.fut", src)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		entry       string
		params, res []string // opaque names; "" for a transparent value
	}{
		{"build", []string{""}, []string{"m.bag i64"}},
		{"total", []string{"m.bag i64"}, []string{""}},
		{"pair", []string{""}, []string{"", "[]m.t"}},
		{"ts", []string{"[]m.t"}, []string{"[]m.t"}},
		{"rec", []string{""}, []string{"{a: i32, b: []i32}"}},
		// No declared type: the checked type's name, which lacks the
		// type arguments that Futhark prints (m.bag i64): the opaque
		// view's record does not keep them.
		{"undeclared", []string{""}, []string{"m.bag"}},
	} {
		f := p.Entry(c.entry)
		if f == nil {
			t.Fatalf("no entry point %s", c.entry)
		}
		var params, res []string
		for _, v := range f.EntryParams {
			params = append(params, v.Opaque)
		}
		for _, v := range f.EntryResults {
			res = append(res, v.Opaque)
		}
		if !reflect.DeepEqual(params, c.params) || !reflect.DeepEqual(res, c.res) {
			t.Errorf("%s: params %q, results %q; want %q, %q", c.entry, params, res, c.params, c.res)
		}
	}
}
