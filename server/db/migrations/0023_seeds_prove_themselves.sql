-- Seeds prove themselves (docs/fairness.md, "Seeds prove themselves"). The server draws only from
-- a seed that hashes to its published commitment; these triggers keep a writer of the database
-- from replacing a seed in the first place. The database cannot open a sealed seed, so the rules
-- are ones it can check: a seed in play goes from clear to sealed (the server seals a seed kept
-- from before sealing, at its next start, once it proves itself) and never back, nor from one
-- value to another; a revealed server seed must hash to its commitment; nothing is deleted.
-- A sealed value is one of the form 'v1.…' (server/lib/seal.ts).

-- A colour chain: written with its seed sealed; its seed changes only from clear to sealed; its
-- number never changes; it is never deleted (every chain stays on record).
CREATE FUNCTION color_chain_seed_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'colour chain % stays on record: it cannot be deleted', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.seed NOT LIKE 'v1.%' THEN
      RAISE EXCEPTION 'colour chain % must be written with its seed sealed', NEW.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id THEN
    RAISE EXCEPTION 'colour chain % cannot change its number', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.seed IS DISTINCT FROM OLD.seed AND NOT (OLD.seed NOT LIKE 'v1.%' AND NEW.seed LIKE 'v1.%') THEN
    RAISE EXCEPTION 'the seed of colour chain % cannot change (only a seed in clear may be sealed)', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER color_chains_seed_kept_insert BEFORE INSERT ON color_chains FOR EACH ROW EXECUTE FUNCTION color_chain_seed_kept();
CREATE TRIGGER color_chains_seed_kept_update BEFORE UPDATE ON color_chains FOR EACH ROW
  WHEN (NEW.seed IS DISTINCT FROM OLD.seed OR NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION color_chain_seed_kept();
CREATE TRIGGER color_chains_seed_kept_delete BEFORE DELETE ON color_chains FOR EACH ROW EXECUTE FUNCTION color_chain_seed_kept();

-- A seed pair: written active with its server seed sealed (or retired with its seed revealed);
-- its id, player and server seed hash never change; its nonce never goes back; while active, its
-- server seed changes only from clear to sealed; it is retired only by revealing a server seed
-- whose SHA-256 is its server seed hash, and never becomes active again; once retired its seed
-- never changes; it is never deleted.
CREATE FUNCTION seed_pair_seed_kept() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Whether the new row's server seed is in clear and hashes to its commitment (a revealed seed).
  v_proves boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'seed pair % stays on record: it cannot be deleted', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  v_proves := NEW.server_seed NOT LIKE 'v1.%' AND encode(sha256(convert_to(NEW.server_seed, 'UTF8')), 'hex') = NEW.server_seed_hash;
  IF TG_OP = 'INSERT' THEN
    IF NEW.active AND NEW.server_seed NOT LIKE 'v1.%' THEN
      RAISE EXCEPTION 'seed pair % must be written with its server seed sealed', NEW.id USING ERRCODE = 'check_violation';
    END IF;
    IF NOT NEW.active AND NOT v_proves THEN
      RAISE EXCEPTION 'the revealed server seed of seed pair % does not hash to its server seed hash', NEW.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.server_seed_hash IS DISTINCT FROM OLD.server_seed_hash THEN
    RAISE EXCEPTION 'the commitment of seed pair % cannot change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.nonce < OLD.nonce THEN
    RAISE EXCEPTION 'the nonce of seed pair % cannot go back', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NOT OLD.active THEN
    IF NEW.active OR NEW.server_seed IS DISTINCT FROM OLD.server_seed THEN
      RAISE EXCEPTION 'seed pair % is retired: its revealed server seed stays as it is', OLD.id USING ERRCODE = 'check_violation';
    END IF;
  ELSIF NOT NEW.active THEN
    IF NOT v_proves THEN
      RAISE EXCEPTION 'seed pair % is retired only by revealing a server seed that hashes to its server seed hash', OLD.id USING ERRCODE = 'check_violation';
    END IF;
  ELSIF NEW.server_seed IS DISTINCT FROM OLD.server_seed AND NOT (OLD.server_seed NOT LIKE 'v1.%' AND NEW.server_seed LIKE 'v1.%') THEN
    RAISE EXCEPTION 'the server seed of active seed pair % cannot change (only a seed in clear may be sealed)', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER seed_pairs_seed_kept_insert BEFORE INSERT ON seed_pairs FOR EACH ROW EXECUTE FUNCTION seed_pair_seed_kept();
-- Taking a nonce (every bet) changes none of these, so the hot path does not call the function.
CREATE TRIGGER seed_pairs_seed_kept_update BEFORE UPDATE ON seed_pairs FOR EACH ROW
  WHEN (
    NEW.server_seed IS DISTINCT FROM OLD.server_seed OR NEW.server_seed_hash IS DISTINCT FROM OLD.server_seed_hash
    OR NEW.active IS DISTINCT FROM OLD.active OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.id IS DISTINCT FROM OLD.id
    OR NEW.nonce < OLD.nonce
  ) EXECUTE FUNCTION seed_pair_seed_kept();
CREATE TRIGGER seed_pairs_seed_kept_delete BEFORE DELETE ON seed_pairs FOR EACH ROW EXECUTE FUNCTION seed_pair_seed_kept();
