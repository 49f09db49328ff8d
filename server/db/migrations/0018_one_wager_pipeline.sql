-- The one-statement money path of Chicken Road, handed everything it decides by. The server's play
-- core (server/modules/play) computes the round's id, its ledger reference and keys, the house
-- account, the bet limits and the time, and passes them in: nothing here writes a key format, an
-- account id or a clock of its own. The staking preconditions are one function, stake_refused,
-- the SQL twin of STAKE_PRECONDITIONS in play/stake.service.ts; tests/server/stake-preconditions
-- runs every precondition against this path and the full one, and fails when either lacks one.

DROP FUNCTION chicken_start_at_once(uuid, uuid, text, text, integer, text, integer, bigint, bigint, integer, smallint[], timestamptz, jsonb);
DROP FUNCTION chicken_move_at_once(uuid, uuid, integer, text, integer, integer, bigint, boolean, timestamptz, jsonb);
DROP FUNCTION ledger_move(uuid, uuid, bigint, text, text, text, jsonb);

-- The ledger's one transfer, stamped with the caller's time.
CREATE FUNCTION ledger_move(p_debit uuid, p_credit uuid, p_amount bigint, p_kind text, p_reference text, p_key text, p_metadata jsonb, p_at timestamptz)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, metadata, created_at)
  VALUES (p_debit, p_credit, p_amount, p_kind, p_reference, p_key, coalesce(p_metadata, '{}'::jsonb), p_at)
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

-- True when a stake may not go ahead in one statement, one line per precondition, in the order of
-- STAKE_PRECONDITIONS. A player with any limit set takes the full path, which adds up their play.
-- PL/pgSQL, so that each session plans the query once (an SQL function is planned at every call).
CREATE FUNCTION stake_refused(p_user uuid, p_game text, p_amount bigint, p_min bigint, p_max bigint, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN p_amount < p_min OR p_amount > p_max                                                             -- betInRange
      OR EXISTS (SELECT 1 FROM game_visibility WHERE game_type = p_game AND NOT is_visible)                 -- gameVisible
      OR EXISTS (SELECT 1 FROM responsible_exclusions WHERE user_id = p_user AND ends_at > p_now)           -- notExcluded
      OR EXISTS (SELECT 1 FROM responsible_limits WHERE user_id = p_user)                                   -- withinLimits
      OR NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE user_id = p_user AND kind = 'wallet' AND balance >= p_amount); -- balance
END $$;

-- Opens round `p_round` whose traps the server drew from the pair at `p_nonce`, and moves its stake
-- to the house. Answers {"outcome": "done", "round", "balance"}; "retry" when the pair moved on
-- since the server read it; "full" when a precondition refuses or a round is open: the server then
-- takes its full path, which explains.
CREATE FUNCTION chicken_start_at_once(
  p_user uuid, p_round uuid, p_pair uuid, p_server_seed_hash text, p_client_seed text, p_nonce integer, p_difficulty text,
  p_rtp_ppm integer, p_bet bigint, p_max_win bigint, p_auto_cashout integer, p_traps smallint[], p_game text, p_min_bet bigint,
  p_max_bet bigint, p_house uuid, p_reference text, p_stake_key text, p_now timestamptz, p_metadata jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_wallet uuid;
  v_round chicken_rounds;
BEGIN
  IF stake_refused(p_user, p_game, p_bet, p_min_bet, p_max_bet, p_now)
     OR EXISTS (SELECT 1 FROM chicken_rounds WHERE user_id = p_user AND state = 'playing') THEN
    RETURN '{"outcome": "full"}'::jsonb;
  END IF;
  -- Takes the nonce only if it is still the one the traps were drawn at, from the same seeds.
  UPDATE seed_pairs SET nonce = nonce + 1
   WHERE id = p_pair AND user_id = p_user AND active AND server_seed_hash = p_server_seed_hash AND client_seed = p_client_seed AND nonce = p_nonce;
  IF NOT FOUND THEN
    RETURN '{"outcome": "retry"}'::jsonb;
  END IF;
  INSERT INTO chicken_rounds (id, user_id, seed_pair_id, server_seed_hash, client_seed, nonce, difficulty, rtp_ppm, bet, max_win, auto_cashout, traps, created_at)
  VALUES (p_round, p_user, p_pair, p_server_seed_hash, p_client_seed, p_nonce, p_difficulty, p_rtp_ppm, p_bet, p_max_win, p_auto_cashout, p_traps, p_now)
  RETURNING * INTO v_round;
  SELECT id INTO v_wallet FROM ledger_accounts WHERE user_id = p_user AND kind = 'wallet';
  IF NOT ledger_move(v_wallet, p_house, p_bet, 'bet', p_reference, p_stake_key, p_metadata, p_now) THEN
    RAISE EXCEPTION 'This payment was already recorded.' USING ERRCODE = 'RA409';
  END IF;
  RETURN jsonb_build_object('outcome', 'done', 'round', to_jsonb(v_round), 'balance', (SELECT balance FROM ledger_accounts WHERE id = v_wallet));
END $$;

-- Moves an open round from lane `p_from_lane` to the state the server computed: on along the road,
-- or ended won or lost, paying `p_payout` from the house when above zero. Answers "done" with the
-- round, the balance and, once ended, the revealed server seed (null while its pair is active);
-- "retry" when the round is no longer where the server read it; "full" when a break is in force
-- and `p_refuse_on_break` (a step, not a cash-out).
CREATE FUNCTION chicken_move_at_once(
  p_user uuid, p_round uuid, p_from_lane integer, p_state text, p_lane integer, p_multiplier integer, p_payout bigint,
  p_refuse_on_break boolean, p_house uuid, p_reference text, p_payout_key text, p_now timestamptz, p_metadata jsonb)
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
         ended_at = CASE WHEN v_ended THEN p_now END
   WHERE id = p_round AND user_id = p_user AND state = 'playing' AND lane = p_from_lane
  RETURNING * INTO v_round;
  IF NOT FOUND THEN
    RETURN '{"outcome": "retry"}'::jsonb;
  END IF;
  SELECT id INTO v_wallet FROM ledger_accounts WHERE user_id = p_user AND kind = 'wallet';
  IF v_ended AND p_payout > 0 THEN
    IF NOT ledger_move(p_house, v_wallet, p_payout, 'win', p_reference, p_payout_key, p_metadata, p_now) THEN
      RAISE EXCEPTION 'This payment was already recorded.' USING ERRCODE = 'RA409';
    END IF;
  END IF;
  RETURN jsonb_build_object(
    'outcome', 'done',
    'round', to_jsonb(v_round),
    'balance', (SELECT balance FROM ledger_accounts WHERE id = v_wallet),
    'serverSeed', CASE WHEN v_ended THEN (SELECT server_seed FROM seed_pairs WHERE id = v_round.seed_pair_id AND NOT active) END);
END $$;
