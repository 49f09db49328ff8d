-- The money path in one statement per call. A call used to run a dozen small statements inside
-- a transaction (a round trip each); these functions do the same work inside the database, so a
-- call is one round trip and one commit. The rules stay in the server's code: it computes every
-- amount and outcome and hands it over; the functions only check, lock and write.

-- A transfer's two foreign keys made every transfer take a share lock on both accounts' rows,
-- the house account's included: with many players at once PostgreSQL kept growing a shared lock
-- record (a multixact) on that one row, and the database's work per call doubled between 16 and 32
-- players. The accounts are checked by ledger_add instead, without a lock on a system account,
-- and the ledger check reports any transfer that names an unknown account.
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_debit_account_id_fkey;
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_credit_account_id_fkey;

-- Adds to a player account's stored balance (system accounts keep none: their balance is derived);
-- an account that does not exist is an error, as the foreign key made it.
CREATE FUNCTION ledger_add(p_account uuid, p_delta bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + p_delta WHERE id = p_account AND user_id IS NOT NULL;
  IF NOT FOUND AND NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE id = p_account) THEN
    RAISE EXCEPTION 'There is no ledger account %', p_account USING ERRCODE = 'foreign_key_violation';
  END IF;
END $$;

-- Moves money between two accounts inside the caller's transaction: the ledger's one
-- implementation (ledger.service.ts calls it too). Answers false, moving nothing, when the
-- idempotency key was used before (the functions below then raise RA409: already recorded).
-- Player rows are updated in id order, so opposite transfers cannot deadlock; a player balance
-- that would go below zero fails the table's CHECK.
CREATE FUNCTION ledger_move(p_debit uuid, p_credit uuid, p_amount bigint, p_kind text, p_reference text, p_key text, p_metadata jsonb)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, metadata)
  VALUES (p_debit, p_credit, p_amount, p_kind, p_reference, p_key, coalesce(p_metadata, '{}'::jsonb))
  ON CONFLICT (idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  IF p_debit < p_credit THEN
    PERFORM ledger_add(p_debit, -p_amount);
    PERFORM ledger_add(p_credit, p_amount);
  ELSE
    PERFORM ledger_add(p_credit, p_amount);
    PERFORM ledger_add(p_debit, -p_amount);
  END IF;
  RETURN true;
END $$;

-- Opens a Chicken Road round whose traps the server drew from the pair's seeds at `p_nonce`, and
-- debits its bet. Answers {"outcome": "done", "round", "balance"}; "retry" when the pair moved on
-- since the server read it (another start took the nonce, or the seeds changed); "full" when
-- anything beyond the common case applies (the game hidden, a limit or a break on the player, an
-- open round, no wallet or too little in it): the server then takes its full path, which explains.
CREATE FUNCTION chicken_start_at_once(
  p_user uuid, p_pair uuid, p_server_seed_hash text, p_client_seed text, p_nonce integer, p_difficulty text, p_rtp_ppm integer,
  p_bet bigint, p_max_win bigint, p_auto_cashout integer, p_traps smallint[], p_now timestamptz, p_metadata jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_wallet uuid;
  v_balance bigint;
  v_round chicken_rounds;
BEGIN
  IF EXISTS (SELECT 1 FROM game_visibility WHERE game_type = 'chicken' AND NOT is_visible)
     OR EXISTS (SELECT 1 FROM responsible_limits WHERE user_id = p_user)
     OR EXISTS (SELECT 1 FROM responsible_exclusions WHERE user_id = p_user AND ends_at > p_now)
     OR EXISTS (SELECT 1 FROM chicken_rounds WHERE user_id = p_user AND state = 'playing') THEN
    RETURN '{"outcome": "full"}'::jsonb;
  END IF;
  SELECT id, balance INTO v_wallet, v_balance FROM ledger_accounts WHERE user_id = p_user AND kind = 'wallet';
  IF v_wallet IS NULL OR v_balance < p_bet THEN
    RETURN '{"outcome": "full"}'::jsonb;
  END IF;
  -- Takes the nonce only if it is still the one the traps were drawn at, from the same seeds.
  UPDATE seed_pairs SET nonce = nonce + 1
   WHERE id = p_pair AND user_id = p_user AND active AND server_seed_hash = p_server_seed_hash AND client_seed = p_client_seed AND nonce = p_nonce;
  IF NOT FOUND THEN
    RETURN '{"outcome": "retry"}'::jsonb;
  END IF;
  INSERT INTO chicken_rounds (user_id, seed_pair_id, server_seed_hash, client_seed, nonce, difficulty, rtp_ppm, bet, max_win, auto_cashout, traps)
  VALUES (p_user, p_pair, p_server_seed_hash, p_client_seed, p_nonce, p_difficulty, p_rtp_ppm, p_bet, p_max_win, p_auto_cashout, p_traps)
  RETURNING * INTO v_round;
  IF NOT ledger_move(v_wallet, '00000000-0000-4000-8000-000000000001', p_bet, 'bet', 'chicken:' || v_round.id, 'bet:' || v_round.id, p_metadata) THEN
    RAISE EXCEPTION 'This payment was already recorded.' USING ERRCODE = 'RA409';
  END IF;
  SELECT balance INTO v_balance FROM ledger_accounts WHERE id = v_wallet;
  RETURN jsonb_build_object('outcome', 'done', 'round', to_jsonb(v_round), 'balance', v_balance);
END $$;

-- Moves an open round from lane `p_from_lane` to the state the server computed: on along the
-- road, or ended won or lost, paying `p_payout` from the house when above zero. Answers "done"
-- with the round, the balance and, once ended, the revealed server seed (null while its pair is
-- active); "retry" when the round is no longer where the server read it; "full" when a break is
-- in force and `p_refuse_on_break` (a step, not a cash-out).
CREATE FUNCTION chicken_move_at_once(
  p_user uuid, p_round uuid, p_from_lane integer, p_state text, p_lane integer, p_multiplier integer, p_payout bigint,
  p_refuse_on_break boolean, p_now timestamptz, p_metadata jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_round chicken_rounds;
  v_wallet uuid;
  v_ended boolean := p_state <> 'playing';
BEGIN
  IF p_refuse_on_break AND EXISTS (SELECT 1 FROM responsible_exclusions WHERE user_id = p_user AND ends_at > p_now) THEN
    RETURN '{"outcome": "full"}'::jsonb;
  END IF;
  UPDATE chicken_rounds
     SET lane = p_lane, state = p_state,
         multiplier = CASE WHEN v_ended THEN p_multiplier END,
         payout = CASE WHEN v_ended THEN p_payout END,
         ended_at = CASE WHEN v_ended THEN now() END
   WHERE id = p_round AND user_id = p_user AND state = 'playing' AND lane = p_from_lane
  RETURNING * INTO v_round;
  IF NOT FOUND THEN
    RETURN '{"outcome": "retry"}'::jsonb;
  END IF;
  SELECT id INTO v_wallet FROM ledger_accounts WHERE user_id = p_user AND kind = 'wallet';
  IF v_ended AND p_payout > 0 THEN
    IF NOT ledger_move('00000000-0000-4000-8000-000000000001', v_wallet, p_payout, 'win', 'chicken:' || p_round, 'payout:' || p_round, p_metadata) THEN
      RAISE EXCEPTION 'This payment was already recorded.' USING ERRCODE = 'RA409';
    END IF;
  END IF;
  RETURN jsonb_build_object(
    'outcome', 'done',
    'round', to_jsonb(v_round),
    'balance', (SELECT balance FROM ledger_accounts WHERE id = v_wallet),
    'serverSeed', CASE WHEN v_ended THEN (SELECT server_seed FROM seed_pairs WHERE id = v_round.seed_pair_id AND NOT active) END);
END $$;
