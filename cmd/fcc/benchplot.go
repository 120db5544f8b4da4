package main

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// plotPoint is one bar of fcc bench --plot: a data set and its runs.
type plotPoint struct {
	Label string
	Stats runStats
}

// checkPlotFile accepts the file formats the charts are written in, told
// by the extension, before any benchmark runs.
func checkPlotFile(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".svg", ".png", ".pdf":
		return nil
	}
	return fmt.Errorf("%s: the file name must end in .svg, .png or .pdf", path)
}

// chartWidth gives each bar room for its label.
func chartWidth(bars int) vg.Length {
	return max(5*vg.Inch, vg.Length(bars)*0.7*vg.Inch)
}

func barAxis(p *plot.Plot, labels []string) {
	p.NominalX(labels...)
	p.X.Tick.Label.Rotation = math.Pi / 6
	p.X.Tick.Label.XAlign = -0.9 // right-aligned under the bar
	p.X.Tick.Label.YAlign = -1
}

// errorBars draws a 95% confidence interval over each bar.
type errorBars struct {
	plotter.XYs
	plotter.YErrors
}

// plotRuntimes draws each data set's mean run time as a bar with its 95%
// confidence interval.
func plotRuntimes(path string, pts []plotPoint) error {
	p := plot.New()
	p.Title.Text = "Mean run time (95% confidence interval)"
	p.Y.Label.Text = "microseconds"
	p.Y.Min = 0
	vals := make(plotter.Values, len(pts))
	eb := errorBars{make(plotter.XYs, len(pts)), make(plotter.YErrors, len(pts))}
	labels := make([]string, len(pts))
	for i, pt := range pts {
		vals[i] = pt.Stats.Mean
		eb.XYs[i] = plotter.XY{X: float64(i), Y: pt.Stats.Mean}
		eb.YErrors[i] = struct{ Low, High float64 }{pt.Stats.Mean - pt.Stats.CILow, pt.Stats.CIHigh - pt.Stats.Mean}
		labels[i] = pt.Label
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(18))
	if err != nil {
		return err
	}
	bars.Color = color.RGBA{R: 70, G: 110, B: 180, A: 255}
	bars.LineStyle.Width = 0
	errs, err := plotter.NewYErrorBars(eb)
	if err != nil {
		return err
	}
	p.Add(bars, errs)
	barAxis(p, labels)
	return save(p, chartWidth(len(pts)), path)
}

// plotSpeedups draws each comparison's speedup as a bar, green where the
// new run is significantly faster, red where significantly slower, grey
// where the difference is not significant, with a line at 1.
func plotSpeedups(path string, cmps []comparison, alpha float64) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Speedup of the new run (geometric mean %.2fx)", geomeanOf(cmps))
	p.Y.Label.Text = "old time / new time"
	p.Y.Min = 0
	colours := map[string]color.Color{
		"faster": color.RGBA{R: 40, G: 150, B: 60, A: 255},
		"slower": color.RGBA{R: 200, G: 40, B: 40, A: 255},
		"~":      color.RGBA{R: 150, G: 150, B: 150, A: 255},
	}
	labels := make([]string, len(cmps))
	top := 1.0
	for i, c := range cmps {
		labels[i] = c.Program + " " + c.Dataset
		top = max(top, c.Speedup)
	}
	for _, v := range []string{"faster", "slower", "~"} {
		vals := make(plotter.Values, len(cmps))
		any := false
		for i, c := range cmps {
			if c.verdict(alpha) == v {
				vals[i] = c.Speedup
				any = true
			}
		}
		if !any {
			continue
		}
		bars, err := plotter.NewBarChart(vals, vg.Points(18))
		if err != nil {
			return err
		}
		bars.Color = colours[v]
		bars.LineStyle.Width = 0
		p.Add(bars)
		name := map[string]string{"faster": "significantly faster", "slower": "significantly slower", "~": "not significant"}[v]
		p.Legend.Add(name, bars)
	}
	one := plotter.NewFunction(func(float64) float64 { return 1 })
	one.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
	p.Add(one)
	p.Y.Max = top * 1.35 // room for the legend
	p.Legend.Top = true
	barAxis(p, labels)
	return save(p, chartWidth(len(cmps)), path)
}

func geomeanOf(cmps []comparison) float64 {
	xs := make([]float64, len(cmps))
	for i, c := range cmps {
		xs[i] = c.Speedup
	}
	return geomean(xs)
}

func save(p *plot.Plot, width vg.Length, path string) error {
	if err := p.Save(width, 4*vg.Inch, path); err != nil {
		return fmt.Errorf("writing the plot %s: %w", path, err)
	}
	return nil
}
