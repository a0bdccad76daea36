package policy

import "github.com/stophook/stophook"

// RunningBackgroundTasks is runningBackgroundTasks, for the external tests.
func RunningBackgroundTasks(in stophook.Input) []backgroundTask { return runningBackgroundTasks(&in) }
