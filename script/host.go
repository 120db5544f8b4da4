package script

// Host returns v with every value the server holds brought to the host:
// arrays and primitive values become HostValues, opaque records and
// tuples become RecordValues and TupleValues of their fields, and only
// values with no fields (truly opaque types) stay VarValues. Literate
// directives read images, plots and sounds from the result.
func (ev *Evaluator) Host(v Value) (Value, error) {
	switch v := v.(type) {
	case VarValue:
		if _, _, ok := transparentType(v.Type); ok {
			x, err := ev.fetch(v.Name)
			if err != nil {
				return nil, err
			}
			return HostValue{V: x}, nil
		}
		fs, err := ev.fieldsOf(v.Type)
		if err != nil || len(fs) == 0 {
			return v, nil
		}
		parts := make([]Value, len(fs))
		var temps []string
		defer func() { ev.free(temps) }()
		for i, f := range fs {
			n := ev.fresh()
			if _, err := ev.srv.Cmd("project", n, v.Name, f.name); err != nil {
				return nil, err
			}
			ev.owned = append(ev.owned, n)
			temps = append(temps, n)
			if parts[i], err = ev.Host(VarValue{Name: n, Type: f.typ}); err != nil {
				return nil, err
			}
		}
		if fs[0].name == "0" {
			return TupleValue(parts), nil
		}
		names := make([]string, len(fs))
		for i, f := range fs {
			names[i] = f.name
		}
		return RecordValue{Names: names, Fields: parts}, nil
	case TupleValue:
		out := make(TupleValue, len(v))
		for i, x := range v {
			var err error
			if out[i], err = ev.Host(x); err != nil {
				return nil, err
			}
		}
		return out, nil
	case RecordValue:
		out := RecordValue{Names: v.Names, Fields: make([]Value, len(v.Fields))}
		for i, x := range v.Fields {
			var err error
			if out.Fields[i], err = ev.Host(x); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return v, nil
}
