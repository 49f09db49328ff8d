// The weekly ranking: a public report over settled rounds.
