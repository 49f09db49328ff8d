-- One rule for a break or a self-exclusion in force: it has started and not ended. The server's
-- repository (responsible.repo.ts) and every SQL path (the stake's preconditions, a step of Chicken
-- Road's open round) ask exclusion_in_force or excluded; before, the money functions checked only
-- the end, so an exclusion set to start later would have held a stake back early.

CREATE FUNCTION exclusion_in_force(p_starts timestamptz, p_ends timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_starts <= p_now AND p_ends > p_now
$$;

CREATE FUNCTION excluded(p_user uuid, p_now timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM responsible_exclusions WHERE user_id = p_user AND exclusion_in_force(starts_at, ends_at, p_now))
$$;

CREATE OR REPLACE FUNCTION stake_refused(p_user uuid, p_game text, p_amount bigint, p_min bigint, p_max bigint, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN p_amount < p_min OR p_amount > p_max                                                             -- betInRange
      OR EXISTS (SELECT 1 FROM game_visibility WHERE game_type = p_game AND NOT is_visible)                 -- gameVisible
      OR excluded(p_user, p_now)                                                                            -- notExcluded
      OR EXISTS (SELECT 1 FROM responsible_limits WHERE user_id = p_user)                                   -- withinLimits
      OR NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE user_id = p_user AND kind = 'wallet' AND balance >= p_amount); -- balance
END $$;

CREATE OR REPLACE FUNCTION chicken_move_at_once(
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
  IF p_refuse_on_break AND excluded(p_user, p_now) THEN
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
