-- A withdrawal above WITHDRAWAL_SECOND_APPROVAL_ABOVE is paid only when a second admin approves it:
-- the first approval is recorded here and the request stays pending.
ALTER TABLE wallet_withdrawals ADD COLUMN first_approved_by uuid REFERENCES users(id);
ALTER TABLE wallet_withdrawals ADD COLUMN first_approved_at timestamptz;
-- An admin's approvals of the day, for their daily approval limit.
CREATE INDEX wallet_withdrawals_decided_idx ON wallet_withdrawals (decided_by, decided_at) WHERE status = 'approved';
