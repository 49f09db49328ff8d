// The prize wheel: one spin an hour, drawn from the player's seed pair and paid through the ledger.
