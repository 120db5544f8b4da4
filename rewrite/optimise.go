package rewrite

import "github.com/fcclang/fcc/soac"

// maxRounds bounds the alternation of simplify and fuse; each round is a
// fixed point of both, so more rounds are needed only when fusion exposes
// simplifications that expose more fusion.
const maxRounds = 20

// Optimise alternates Simplify and Fuse until neither changes the program
// (or maxRounds rounds, or the fuel of a run, are used up). It is the
// pass that runs before flattening. The log holds every step of every
// run, in order.
func Optimise(p *soac.Program) (*soac.Program, *Log, error) {
	log := &Log{}
	for round := 0; round < maxRounds; round++ {
		q, l1, err := Simplify(p)
		if err != nil {
			return nil, nil, err
		}
		log.Append(l1)
		r, l2, err := Fuse(q)
		if err != nil {
			return nil, nil, err
		}
		log.Append(l2)
		p = r
		if len(l2.Steps) == 0 {
			// Simplify reached its fixed point and fusion changed nothing:
			// both are at a fixed point together.
			return p, log, nil
		}
	}
	log.OutOfFuel = true
	return p, log, nil
}
