from core import *

# Programs that Futhark rejects; the regex names what is wrong, as in
# Futhark's own tests/modules/*-error*.fut.
prog('mod_err_local_hidden', '''
A local definition of a library file is not part of the module that
imports it: radix_sort.fut's partition_bit is local.''', '''module radix = import "lib/github.com/fcclang/sorts/radix_sort"

def main (xs: []i32) : []i32 = radix.partition_bit (\\x -> x & 1) xs
''', 'partition_bit')

prog('mod_err_local_helper', '''
A plain import does not bring a file's local definitions into scope
either: random.fut's mix32 is local.''', '''import "lib/github.com/fcclang/random/random"

def main (x: u32) : u32 = mix32 x
''', 'mix32')

prog('mod_err_abstract_type', '''
An abstract type hides its representation: a complex number from a
module whose complex type is abstract is not a pair.''', '''import "lib/github.com/fcclang/complex/complex"

module C : complex with real = f64 = mk_complex f64

def main (a: f64) : f64 = (C.mk a a).0
''', 'complex')

prog('mod_err_ascription_hides', '''
Ascription hides what the module type does not specify: the sorter the
set functor uses inside is not visible from outside.''', '''import "lib/github.com/fcclang/sorts/radix_sort"

module type int_set = {
  type elem
  type~ set
  val from_array [n]: [n]elem -> set
  val size: set -> i64
}

module mk_set (I: integral) : int_set with elem = I.t = {
  type elem = I.t
  type~ set = []I.t
  module sorter = mk_radix_sort I
  def from_array [n] (xs: [n]elem) : set = sorter.sort xs
  def size (s: set) : i64 = length s
}

module set32 = mk_set i32

def main (xs: []i32) : []i32 = set32.sorter.sort xs
''', 'sorter')
