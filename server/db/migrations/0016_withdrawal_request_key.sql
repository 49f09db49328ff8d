-- The Idempotency-Key a withdrawal request came with. If the server dies after the request was
-- stored but before its answer was, the key's claim is taken over a minute later and the call runs
-- again: it must find this request, not hold the money a second time.
ALTER TABLE wallet_withdrawals ADD COLUMN request_key text;
CREATE UNIQUE INDEX wallet_withdrawals_request_key ON wallet_withdrawals (user_id, request_key) WHERE request_key IS NOT NULL;
