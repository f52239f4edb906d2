package models

import "testing"

// Has: the zero set has every column; any other set has exactly its bits.
func TestColumnSetsHas(t *testing.T) {
	for _, tc := range []struct {
		s, want Code2DesColumns
		has     bool
	}{
		{0, AllCode2DesColumns, true},
		{0, Code2DesColCreatedBy, true},
		{AllCode2DesColumns, AllCode2DesColumns, true},
		{Code2DesColID | Code2DesColStatus, Code2DesColStatus, true},
		{Code2DesColID | Code2DesColStatus, Code2DesColID | Code2DesColStatus, true},
		{Code2DesColID | Code2DesColStatus, Code2DesColID | Code2DesColAttempt, false},
		{AllCode2DesColumns &^ Code2DesColCreatedBy, AllCode2DesColumns, false},
	} {
		if got := tc.s.Has(tc.want); got != tc.has {
			t.Errorf("Code2DesColumns(%b).Has(%b) = %v, want %v", tc.s, tc.want, got, tc.has)
		}
	}
	for _, tc := range []struct {
		s, want PageImportColumns
		has     bool
	}{
		{0, AllPageImportColumns, true},
		{0, PageImportColCreatedBy, true},
		{AllPageImportColumns, AllPageImportColumns, true},
		{PageImportColID | PageImportColStatus, PageImportColStatus, true},
		{PageImportColID | PageImportColStatus, PageImportColID | PageImportColAttempt, false},
		{AllPageImportColumns &^ PageImportColCreatedBy, AllPageImportColumns, false},
	} {
		if got := tc.s.Has(tc.want); got != tc.has {
			t.Errorf("PageImportColumns(%b).Has(%b) = %v, want %v", tc.s, tc.want, got, tc.has)
		}
	}
}
