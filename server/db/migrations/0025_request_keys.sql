-- Every effect of an idempotent call carries its call's Idempotency-Key, written in the transaction
-- (or the one statement) that makes the effect (docs/decisions/0029-unknown-commits.md). A call
-- whose connection broke after COMMIT was sent is answered 503 and its key released, though its
-- effect may have committed (and reached the standby that is primary now): its retry, with the
-- same key, finds the effect here and answers it instead of making a second one. Unique per player,
-- as wallet_withdrawals.request_key (0016).

ALTER TABLE wallet_deposits ADD COLUMN request_key text;
CREATE UNIQUE INDEX wallet_deposits_request_key ON wallet_deposits (user_id, request_key) WHERE request_key IS NOT NULL;

ALTER TABLE color_bets ADD COLUMN request_key text;
CREATE UNIQUE INDEX color_bets_request_key ON color_bets (user_id, request_key) WHERE request_key IS NOT NULL;

ALTER TABLE spins ADD COLUMN request_key text;
CREATE UNIQUE INDEX spins_request_key ON spins (user_id, request_key) WHERE request_key IS NOT NULL;

ALTER TABLE responsible_exclusions ADD COLUMN request_key text;
CREATE UNIQUE INDEX responsible_exclusions_request_key ON responsible_exclusions (user_id, request_key) WHERE request_key IS NOT NULL;

-- A Chicken Road round keeps the key of the start that opened it, and the key of its last step (a
-- go or the stop), which each step overwrites: a step run again answers the round as that step
-- left it. The step's key is read on the round itself (by its id, or the player's latest round),
-- so it has no index: a step stays an update of no indexed column.
ALTER TABLE chicken_rounds ADD COLUMN request_key text;
ALTER TABLE chicken_rounds ADD COLUMN step_key text;
CREATE UNIQUE INDEX chicken_rounds_request_key ON chicken_rounds (user_id, request_key) WHERE request_key IS NOT NULL;

-- An admin's decision of a deposit or withdrawal keeps its key, and a first approval of two its
-- own: the decision run again by the same admin answers the decided request instead of a 409.
ALTER TABLE wallet_deposits ADD COLUMN decision_key text;
ALTER TABLE wallet_deposits ADD COLUMN first_approval_key text;
ALTER TABLE wallet_withdrawals ADD COLUMN decision_key text;
ALTER TABLE wallet_withdrawals ADD COLUMN first_approval_key text;

-- The one-statement money path of Chicken Road (0018) with the call's key: a start or a step run
-- again with its key answers the round it opened or moved ("replayed"), in the same statement, and
-- a first run writes its key with its effect.
DROP FUNCTION chicken_start_at_once(uuid, uuid, uuid, text, text, integer, text, integer, bigint, bigint, integer, smallint[], text, bigint, bigint, uuid, text, text, timestamptz, jsonb);
DROP FUNCTION chicken_move_at_once(uuid, uuid, integer, text, integer, integer, bigint, boolean, uuid, text, text, timestamptz, jsonb);

-- A round as a replay answers it: the round, the balance and, once ended, the revealed server seed.
CREATE FUNCTION chicken_round_replayed(p_round chicken_rounds)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'outcome', 'done',
    'replayed', true,
    'round', to_jsonb(p_round),
    'balance', (SELECT balance FROM ledger_accounts WHERE user_id = p_round.user_id AND kind = 'wallet'),
    'serverSeed', CASE WHEN p_round.state <> 'playing' THEN (SELECT server_seed FROM seed_pairs WHERE id = p_round.seed_pair_id AND NOT active) END)
$$;

CREATE FUNCTION chicken_start_at_once(
  p_user uuid, p_round uuid, p_pair uuid, p_server_seed_hash text, p_client_seed text, p_nonce integer, p_difficulty text,
  p_rtp_ppm integer, p_bet bigint, p_max_win bigint, p_auto_cashout integer, p_traps smallint[], p_game text, p_min_bet bigint,
  p_max_bet bigint, p_house uuid, p_reference text, p_stake_key text, p_now timestamptz, p_metadata jsonb, p_key text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_wallet uuid;
  v_round chicken_rounds;
BEGIN
  IF p_key IS NOT NULL THEN
    SELECT * INTO v_round FROM chicken_rounds WHERE user_id = p_user AND request_key = p_key;
    IF FOUND THEN
      RETURN chicken_round_replayed(v_round);
    END IF;
  END IF;
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
  INSERT INTO chicken_rounds (id, user_id, seed_pair_id, server_seed_hash, client_seed, nonce, difficulty, rtp_ppm, bet, max_win, auto_cashout, traps, request_key, created_at)
  VALUES (p_round, p_user, p_pair, p_server_seed_hash, p_client_seed, p_nonce, p_difficulty, p_rtp_ppm, p_bet, p_max_win, p_auto_cashout, p_traps, p_key, p_now)
  RETURNING * INTO v_round;
  SELECT id INTO v_wallet FROM ledger_accounts WHERE user_id = p_user AND kind = 'wallet';
  IF NOT ledger_move(v_wallet, p_house, p_bet, 'bet', p_reference, p_stake_key, p_metadata, p_now) THEN
    RAISE EXCEPTION 'This payment was already recorded.' USING ERRCODE = 'RA409';
  END IF;
  RETURN jsonb_build_object('outcome', 'done', 'round', to_jsonb(v_round), 'balance', (SELECT balance FROM ledger_accounts WHERE id = v_wallet));
END $$;

CREATE FUNCTION chicken_move_at_once(
  p_user uuid, p_round uuid, p_from_lane integer, p_state text, p_lane integer, p_multiplier integer, p_payout bigint,
  p_refuse_on_break boolean, p_house uuid, p_reference text, p_payout_key text, p_now timestamptz, p_metadata jsonb, p_key text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_round chicken_rounds;
  v_wallet uuid;
  v_ended boolean := p_state <> 'playing';
BEGIN
  IF p_key IS NOT NULL THEN
    SELECT * INTO v_round FROM chicken_rounds WHERE id = p_round AND user_id = p_user AND step_key = p_key;
    IF FOUND THEN
      RETURN chicken_round_replayed(v_round);
    END IF;
  END IF;
  IF p_refuse_on_break AND EXISTS (SELECT 1 FROM responsible_exclusions WHERE user_id = p_user AND ends_at > p_now) THEN
    RETURN '{"outcome": "full"}'::jsonb;
  END IF;
  UPDATE chicken_rounds
     SET lane = p_lane, state = p_state, step_key = p_key,
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
