package policy

// RunningBackgroundTasks is runningBackgroundTasks, for the external tests.
var RunningBackgroundTasks = runningBackgroundTasks
