package grammar

// The parser in ./parser is generated from Futhark.g4 by the antlr-ng
// version pinned in package.json/package-lock.json (needs node and npm).

//go:generate sh gen.sh
