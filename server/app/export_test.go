package app

// WithoutGraphQLFastPath returns cfg with graph.PageImportFastPath off (tests compare the fast
// path's responses with gqlgen's own).
func WithoutGraphQLFastPath(cfg Config) Config {
	cfg.graphQLNoFastPath = true
	return cfg
}
