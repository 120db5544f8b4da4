package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// loweringOf is the lowering the lower pass recorded in the Seg-op bound
// by s (soac.Lowering), by which the Seg-op is compiled.
func loweringOf(s *soac.Stm) (*soac.Lowering, error) {
	l, _ := soac.LoweringOf(s.Exp)
	if l == nil {
		return nil, fmt.Errorf("internal error: the Seg-op at %s has no lowering (the lower pass records it)", s.Pos)
	}
	return l, nil
}

// versionWith is the version called name of the Seg-op bound by s, which
// must have the facts its kernels rely on; what names the kernels in the
// error.
func versionWith(s *soac.Stm, name, what string, facts ...soac.Fact) (*soac.LoweredVersion, error) {
	l, err := loweringOf(s)
	if err != nil {
		return nil, err
	}
	v := l.Version(name)
	if v == nil {
		return nil, fmt.Errorf("internal error: the Seg-op at %s has no lowered version %q", s.Pos, name)
	}
	for _, f := range facts {
		if !v.Has(f) {
			return nil, fmt.Errorf("internal error: the Seg-op at %s has no lowered form of %s (its version %q is not %s)", s.Pos, what, name, f)
		}
	}
	return v, nil
}

// launchHost is the Go code computing the launch of a version whose
// lowering names the launch formula launch (soac.LoweredVersion.Launch),
// given the Go names of its arguments: segs, seglen and group for the
// reductions', n for the cpu scan's, bytes for the look-back scan's. The
// runtime (exe.Context) computes what depends on the run-time sizes and
// the device; the constants the lowering chose come from v.
func launchHost(v *soac.LoweredVersion, launch string) (string, error) {
	if v.Launch != launch {
		return "", fmt.Errorf("internal error: lowered version %q is launched by %q, not %q", v.Name, v.Launch, launch)
	}
	l := goLaunch(v.LaunchParams)
	switch launch {
	case soac.LaunchFlatGroups:
		return fmt.Sprintf("c.FlatReduceGroups(seglen, group, %s)", l), nil
	case soac.LaunchSegGroups:
		return fmt.Sprintf("c.SegRedGroups(segs, seglen, group, %s)", l), nil
	case soac.LaunchTeam:
		return fmt.Sprintf("c.SegRedTeam(seglen, group, %s)", l), nil
	case soac.LaunchCPUSplit:
		return fmt.Sprintf("c.CPUSplit(segs, seglen, %s)", l), nil
	case soac.LaunchCPUChunks:
		return fmt.Sprintf("max(min(c.CPUItems(%d), fccGroups(n, %d)), 1)", v.PerUnit, v.MinChunk), nil
	case soac.LaunchHistGroups, soac.LaunchSeqChunks:
		// The work-groups that fill the device; the generator bounds
		// them by its elements or chunks.
		return fmt.Sprintf("max(c.ReduceNumGroups(%d), 1)", v.PerUnit), nil
	}
	return "", fmt.Errorf("internal error: no host code for the launch %q of lowered version %q", launch, v.Name)
}

// scanLaunchHost is the Go code of a look-back scan's launch (launch
// "scan-tiles"): its work-group size, for tiles of elements of bytes
// bytes, and its work-groups, for ntiles tiles.
func scanLaunchHost(v *soac.LoweredVersion, bytes int) (group, groups string, err error) {
	if v.Launch != soac.LaunchScanTiles {
		return "", "", fmt.Errorf("internal error: lowered version %q is launched by %q, not %q", v.Name, v.Launch, soac.LaunchScanTiles)
	}
	return fmt.Sprintf("c.ScanGroupSize(%d, %s)", bytes, goLaunch(v.LaunchParams)),
		fmt.Sprintf("min(ntiles, max(c.ReduceNumGroups(%d), 1))", v.PerUnit), nil
}

// goLaunch is the exe.Launch literal of a version's launch constants.
func goLaunch(lp soac.LaunchParams) string {
	var fields []string
	for _, f := range []struct {
		name string
		v    int
	}{
		{"PerUnit", lp.PerUnit}, {"MinGroup", lp.MinGroup}, {"TeamMax", lp.TeamMax},
		{"MinPerItem", lp.MinPerItem}, {"MaxGroups", lp.MaxGroups}, {"MaxTeam", lp.MaxTeam},
		{"MinChunk", lp.MinChunk}, {"Chunk", lp.Chunk}, {"LocalBudget", lp.LocalBudget},
	} {
		if f.v > 0 {
			fields = append(fields, fmt.Sprintf("%s: %d", f.name, f.v))
		}
	}
	return "exe.Launch{" + strings.Join(fields, ", ") + "}"
}
