package database_test

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// seedTable is what a seed document (testdata/seeds, copied from shared/seeds) specifies for one
// table, translated to how PostgreSQL's catalog reports it.
type seedTable struct {
	Name        string
	Columns     []column
	Enum        string   // enum type of the status column
	EnumLabels  []string // from the Type Codes table
	ForeignKeys []string // pg_get_constraintdef form, sorted
	Indexes     []string // "name: btree (cols)", sorted, primary key included
}

var (
	sqlTypeRe  = regexp.MustCompile(`\((varchar\((\d+)\)|integer|text|real)\)`)
	indexRe    = regexp.MustCompile(`^(?:•\s*)?INDEX (\w+) \(([^)]*)\)`)
	relationRe = regexp.MustCompile(`^(?:•\s*)?(\w+) \S+ (\w+)\.(\w+) with update/delete cascade`)
	enumRe     = regexp.MustCompile(`^Database enum: (\w+)\.`)
	codeRe     = regexp.MustCompile(`^'(\d)'\s`)
)

// parseSeed reads one seed document. The two documents differ in layout (one tab-separated, one
// space-separated), so the parser works on whitespace tokens: the column name, the data type,
// then optional ◯ markers (primary key on id, nullable elsewhere; no seed column is unique), an
// optional relation, an optional default (the only lowercase or quoted token before the remarks)
// and the remarks, which name the SQL type.
func parseSeed(t *testing.T, path, table string) seedTable {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open seed: %v", err)
	}
	defer f.Close()
	st := seedTable{Name: table}
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "Logical Name"):
			section = "columns"
			continue
		case line == "Relations" || line == "Indexes" || line == "Type Codes" || line == "Notes":
			section = line
			continue
		case line == "":
			continue
		}
		switch section {
		case "columns":
			st.Columns = append(st.Columns, parseSeedColumn(t, table, line))
		case "Relations":
			if m := relationRe.FindStringSubmatch(line); m != nil {
				st.ForeignKeys = append(st.ForeignKeys, fmt.Sprintf(
					"FOREIGN KEY (%s) REFERENCES %s(%s) ON UPDATE CASCADE ON DELETE CASCADE", m[1], m[2], m[3]))
			}
		case "Indexes":
			if m := indexRe.FindStringSubmatch(line); m != nil {
				st.Indexes = append(st.Indexes, m[1]+": btree ("+m[2]+")")
			} else if strings.Contains(line, "PRIMARY KEY (id)") {
				st.Indexes = append(st.Indexes, table+"_pkey: unique btree (id)")
			}
		case "Type Codes":
			if m := enumRe.FindStringSubmatch(line); m != nil {
				st.Enum = m[1]
			} else if m := codeRe.FindStringSubmatch(line); m != nil {
				st.EnumLabels = append(st.EnumLabels, m[1])
			}
		}
	}
	sort.Strings(st.ForeignKeys)
	sort.Strings(st.Indexes)
	return st
}

func parseSeedColumn(t *testing.T, table, line string) column {
	t.Helper()
	tokens := strings.Fields(line)
	// The first row starts with the logical and physical table names.
	for i, tok := range tokens {
		if tok == table && i+1 < len(tokens) {
			tokens = tokens[i+1:]
			break
		}
	}
	c := column{Name: tokens[0]}
	dataType := tokens[1]
	rest := tokens[2:]
	marked, relation := false, false
	for len(rest) > 0 && (rest[0] == "◯" || strings.Contains(rest[0], ":id")) {
		if rest[0] == "◯" {
			marked = true
		} else {
			relation = true
		}
		rest = rest[1:]
	}
	c.Nullable = marked && c.Name != "id"
	remarks := strings.Join(rest, " ")
	defaultTok := ""
	if len(rest) > 0 && (strings.HasPrefix(rest[0], "'") || rest[0] == "CURRENT_TIMESTAMP" || rest[0] == strings.ToLower(rest[0])) {
		defaultTok = rest[0]
		remarks = strings.Join(rest[1:], " ")
	}
	switch {
	case dataType == "datetime":
		c.Type = "timestamptz"
	case dataType == "enum":
		c.Type = strings.TrimSuffix(strings.Fields(remarks)[0], ";")
	case relation && dataType == "number":
		c.Type = "int8" // organization.id and project.id are bigint (SPEC §2)
	default:
		m := sqlTypeRe.FindStringSubmatch(remarks)
		if m == nil {
			t.Fatalf("seed %s: no SQL type in remarks of %q", table, line)
		}
		switch {
		case m[2] != "":
			c.Type = "varchar"
			fmt.Sscan(m[2], &c.Length)
		case m[1] == "integer":
			c.Type = "int4"
		case m[1] == "real":
			c.Type = "float4"
		default:
			c.Type = m[1]
		}
	}
	switch {
	case defaultTok == "":
	case c.Type == "varchar":
		c.Default = "'" + defaultTok + "'::character varying"
	case strings.HasPrefix(defaultTok, "'"):
		c.Default = defaultTok + "::" + c.Type
	default:
		c.Default = defaultTok
	}
	return c
}
