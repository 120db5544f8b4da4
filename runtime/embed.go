// Package runtime carries the source of the packages that fcc-generated
// executables link (cl, exe, values), so that fcc can build executables
// offline, from a source checkout or an installed binary alike.
package runtime

import "embed"

// Source holds the runtime packages' files; the backend copies its
// non-test Go, C and header files into each executable's build directory.
//
//go:embed cl exe values
var Source embed.FS
