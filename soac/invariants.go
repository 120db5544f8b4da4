package soac

// Invariants are rules that hold from some pass of the pipeline on, on top
// of those Validate always checks. The pipeline records which pass
// establishes each and checks it after that pass and every later one.
type Invariants uint

const (
	// NoHostSOACs: no screma or hist runs at host level in a host
	// function (a function that no kernel or lambda calls): the ones
	// flattening left there have become Seg-ops (a screma with both scans
	// and reductions as a segscan and a segred). Scatter stays.
	NoHostSOACs Invariants = 1 << iota
	// Lowered: every Seg-op holds its lowering (the lower pass), and the
	// lowering fits the Seg-op (checkLowering).
	Lowered
)

// ValidateWith checks p as Validate does, and then the invariants inv.
func ValidateWith(p *Program, inv Invariants) error {
	if err := Validate(p); err != nil {
		return err
	}
	if inv&NoHostSOACs != 0 {
		inKernel := KernelFunctions(p)
		for _, f := range p.Funs {
			if inKernel[f.Name] {
				continue
			}
			if s := firstHostSOAC(f.Body); s != nil {
				name := VName("")
				if len(s.Pat) > 0 {
					name = s.Pat[0].Name
				}
				return &ValidationError{Fun: f.Name, Pos: s.Pos, Name: name, Msg: "a SOAC at host level after the conversion to Seg-ops"}
			}
		}
	}
	if inv&Lowered != 0 {
		for _, f := range p.Funs {
			var bad *ValidationError
			VisitStms(f.Body, func(s *Stm) {
				if bad != nil {
					return
				}
				if msg := checkLowering(s.Exp); msg != "" {
					name := VName("")
					if len(s.Pat) > 0 {
						name = s.Pat[0].Name
					}
					bad = &ValidationError{Fun: f.Name, Pos: s.Pos, Name: name, Msg: msg}
				}
			})
			if bad != nil {
				return bad
			}
		}
	}
	return nil
}

// firstHostSOAC returns the first statement of a host-level body (and of
// the bodies of its ifs and loops) that is a screma or hist.
func firstHostSOAC(b *Body) *Stm {
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *IfExp:
			if t := firstHostSOAC(e.Then); t != nil {
				return t
			}
			if t := firstHostSOAC(e.Else); t != nil {
				return t
			}
		case *LoopExp:
			if t := firstHostSOAC(e.Body); t != nil {
				return t
			}
		case *ScremaExp, *HistExp:
			return s
		}
	}
	return nil
}

// MapHostFuns returns a copy of p in which every host function (one no
// kernel calls, see KernelFunctions) is a copy that f has changed; p is
// not modified, and kernel functions are shared.
func MapHostFuns(p *Program, f func(fd *FunDef)) *Program {
	inKernel := KernelFunctions(p)
	out := *p
	out.Funs = make([]*FunDef, len(p.Funs))
	for i, fd := range p.Funs {
		if inKernel[fd.Name] {
			out.Funs[i] = fd
			continue
		}
		nf := *fd
		f(&nf)
		out.Funs[i] = &nf
	}
	return &out
}

// KernelFunctions returns the functions that are called, directly or
// through other functions, from inside a lambda or a Seg-op's body: they
// run inside kernels, where their SOACs are sequential. Every other
// function runs on the host.
func KernelFunctions(p *Program) map[string]bool {
	in := map[string]bool{}
	var mark func(name string)
	mark = func(name string) {
		if in[name] {
			return
		}
		in[name] = true
		if fd := p.Fun(name); fd != nil {
			VisitExps(fd.Body, func(e Exp) {
				if a, ok := e.(*ApplyExp); ok {
					mark(a.Fun)
				}
			})
		}
	}
	for _, fd := range p.Funs {
		VisitExps(fd.Body, func(e Exp) {
			switch e.(type) {
			case *IfExp, *LoopExp:
				return // host-level bodies: their calls run on the host
			}
			for _, b := range ExpBodies(e) {
				VisitExps(b, func(e Exp) {
					if a, ok := e.(*ApplyExp); ok {
						mark(a.Fun)
					}
				})
			}
		})
	}
	return in
}
