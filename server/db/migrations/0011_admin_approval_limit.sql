-- Each admin's own daily limit for approving withdrawals, in paise; null falls back to
-- ADMIN_DAILY_APPROVAL_LIMIT.
ALTER TABLE users ADD COLUMN daily_approval_limit bigint CHECK (daily_approval_limit >= 0);
