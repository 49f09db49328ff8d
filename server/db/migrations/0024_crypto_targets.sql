-- A crypto QR code names the coin and the network it receives (contracts/crypto.ts): a deposit is
-- taken only for a pair that has a code, so no player sends a coin on a network nobody receives.
-- Codes uploaded before name neither; they are kept for the back office to replace, and offered to
-- no one. One code per pair, and still one UPI code.
ALTER TABLE wallet_qr_codes
  ADD COLUMN coin text CHECK (coin IN ('usdt', 'btc')),
  ADD COLUMN network text CHECK (network IN ('erc20', 'trc20', 'bitcoin')),
  ADD CONSTRAINT wallet_qr_codes_pair_check CHECK ((coin IS NULL) = (network IS NULL) AND (kind = 'crypto' OR coin IS NULL));
DROP INDEX wallet_qr_codes_kind_key;
CREATE UNIQUE INDEX wallet_qr_codes_target_key ON wallet_qr_codes (kind, coalesce(coin, ''), coalesce(network, ''));

-- The back office's rate of each coin, in paise for one coin, and when and by whom it was set. A
-- crypto deposit is offered and recorded at it; a coin without one takes no deposits.
CREATE TABLE wallet_coin_rates (
  coin    text PRIMARY KEY CHECK (coin IN ('usdt', 'btc')),
  rate    bigint NOT NULL CHECK (rate > 0),
  set_by  uuid REFERENCES users(id),
  set_at  timestamptz NOT NULL DEFAULT now()
);
