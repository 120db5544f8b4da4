package literate

import (
	"fmt"
	"image/color"
	"regexp"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

var sizeParam = regexp.MustCompile(`^\(\s*(\d+)\s*,\s*(\d+)\s*\)$`)

// plot2d draws :plot2d's series as lines, one per record field (named in
// the legend), with gonum/plot.
func plot2d(path string, d *Directive, v Value) error {
	height, width := 480, 640
	if p, ok := d.Param("size"); ok {
		m := sizeParam.FindStringSubmatch(p.Value)
		if m == nil {
			return fmt.Errorf("line %d: size: must be (height,width) in pixels, not %q", p.Line, p.Value)
		}
		height, _ = strconv.Atoi(m[1])
		width, _ = strconv.Atoi(m[2])
		if height < 16 || width < 16 || height > 8192 || width > 8192 {
			return fmt.Errorf("line %d: size: %dx%d pixels is out of range (16 to 8192)", p.Line, height, width)
		}
	}
	ss, err := seriesOf(v, ":plot2d")
	if err != nil {
		return err
	}
	p := plot.New()
	for i, s := range ss {
		if len(s.Columns) != 2 {
			return fmt.Errorf(":plot2d: %s must be a pair of arrays (x and y values), not %d arrays", s.Name, len(s.Columns))
		}
		xys := make(plotter.XYs, len(s.Columns[0]))
		for k := range xys {
			xys[k] = plotter.XY{X: s.Columns[0][k], Y: s.Columns[1][k]}
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return fmt.Errorf(":plot2d: %s: %v", s.Name, err)
		}
		line.Color = plotutil.Color(i)
		line.Width = vg.Points(1.5)
		p.Add(line)
		if len(ss) > 1 || s.Name != "the value" {
			p.Legend.Add(fieldName(s.Name), line)
		}
	}
	p.Add(plotter.NewGrid())
	p.BackgroundColor = color.White
	// Pixels at gonum's PNG resolution of 96 dots per inch.
	px := vg.Inch / 96
	return p.Save(vg.Length(width)*px, vg.Length(height)*px, path)
}

func fieldName(s string) string {
	if len(s) > 6 && s[:6] == "field " {
		return s[6:]
	}
	return s
}
