-- A UPI request for an exact amount (contracts/upi.ts): the deposit is recorded when the request is
-- shown, with its reference, before the player has paid, so its UTR is not known yet. The player
-- gives it later, or the bank statement's narration, which carries the reference, matches it.
ALTER TABLE wallet_deposits ALTER COLUMN pay_number DROP NOT NULL;
ALTER TABLE wallet_deposits ADD COLUMN reference text CHECK (reference ~ '^RA[0-9A-HJKMNP-TV-Z]{8}$');
-- A deposit without a UTR is a UPI request, which has its reference.
ALTER TABLE wallet_deposits ADD CONSTRAINT wallet_deposits_pay_number_or_reference CHECK (pay_number IS NOT NULL OR reference IS NOT NULL);
CREATE UNIQUE INDEX wallet_deposits_reference_key ON wallet_deposits (reference) WHERE reference IS NOT NULL;
