package triage

import (
	"fmt"
	"strings"
)

// blockReason formats findings as the block reason:
//
//	Save the following memories before stopping:
//	- [DECISION] Chose command-type hooks over prompt-type hooks for reliability
//	- [TECH_DEBT] Deferred multi-LLM consensus voting for future implementation
//
//	Use the memory-management skill to save each item.
//	After saving, you may stop.
//
// It returns "" for no findings.
func blockReason(findings []Finding) string {
	if len(findings) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Save the following memories before stopping:\n")
	writeList(&b, findings)
	b.WriteString("\nUse the memory-management skill to save each item.\nAfter saving, you may stop.")
	return b.String()
}

// userReport formats findings for the user (a systemMessage) when the hook
// does not block. It returns "" for no findings.
func userReport(findings []Finding) string {
	if len(findings) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Memory triage: worth saving from this session:\n")
	writeList(&b, findings)
	return strings.TrimRight(b.String(), "\n")
}

func writeList(b *strings.Builder, findings []Finding) {
	for _, f := range findings {
		fmt.Fprintf(b, "- [%s] %s\n", f.Category, clean(f.Text))
	}
}
