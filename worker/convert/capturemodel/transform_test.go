package capturemodel

import (
	"math"
	"testing"
)

// TestAffine: a recorded transform is drawn when its numbers are finite and its determinant is
// at least MinTransformDeterminant in magnitude (at the edge: drawn; past it: not).
func TestAffine(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    *Transform
		ok   bool
	}{
		{"None", nil, false},
		{"Rotation", &Transform{Matrix: [6]float64{0, 1, -1, 0, 5, 5}}, true},
		{"AtMinDeterminant", &Transform{Matrix: [6]float64{MinTransformDeterminant, 0, 0, 1, 0, 0}}, true},
		{"PastMinDeterminant", &Transform{Matrix: [6]float64{MinTransformDeterminant * 0.99, 0, 0, 1, 0, 0}}, false},
		{"NegativeAtMinDeterminant", &Transform{Matrix: [6]float64{-MinTransformDeterminant, 0, 0, 1, 0, 0}}, true},
		{"NaN", &Transform{Matrix: [6]float64{1, 0, 0, 1, math.NaN(), 0}}, false},
		{"Inf", &Transform{Matrix: [6]float64{math.Inf(1), 0, 0, 1, 0, 0}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := &DOMNode{Transform: tc.m}
			if _, ok := n.Affine(); ok != tc.ok {
				t.Errorf("Affine() ok = %v, want %v", ok, tc.ok)
			}
		})
	}
}
