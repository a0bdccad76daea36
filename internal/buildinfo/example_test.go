package buildinfo_test

import (
	"fmt"

	"github.com/stophook/stophook/internal/buildinfo"
)

func ExampleInfo_String() {
	in := buildinfo.Info{Version: "v0.3.0", Revision: "4f2a9c1", GoVersion: "go1.26.0"}
	fmt.Println(in.String())
	// Output: v0.3.0 (revision 4f2a9c1) go1.26.0
}
