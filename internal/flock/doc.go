// Package flock takes exclusive advisory locks on files, shared by the
// stores that do read-modify-write across hook processes.
package flock
