-- No admin moves money alone (docs/decisions/0027-makers-and-checkers.md).

-- A deposit above DEPOSIT_SECOND_APPROVAL_ABOVE (a player's last 24 hours) is credited only when a
-- second admin approves it: the first approval is kept here and the request stays pending.
ALTER TABLE wallet_deposits ADD COLUMN first_approved_by uuid REFERENCES users(id);
ALTER TABLE wallet_deposits ADD COLUMN first_approved_at timestamptz;
-- An admin's approvals of the day (deposits and withdrawals, first approvals too), for their daily limit.
CREATE INDEX wallet_deposits_decided_idx ON wallet_deposits (decided_by, decided_at) WHERE status = 'approved';
CREATE INDEX wallet_deposits_first_approved_idx ON wallet_deposits (first_approved_by, first_approved_at) WHERE first_approved_by IS NOT NULL;
CREATE INDEX wallet_withdrawals_first_approved_idx ON wallet_withdrawals (first_approved_by, first_approved_at) WHERE first_approved_by IS NOT NULL;

-- Who made an admin and who last changed them: two approvers must be independent of each other.
ALTER TABLE users ADD COLUMN created_by uuid REFERENCES users(id);
ALTER TABLE users ADD COLUMN managed_by uuid REFERENCES users(id);
ALTER TABLE users ADD COLUMN managed_at timestamptz;
-- Filled from the audit log for the admins made and changed before these columns existed.
UPDATE users u SET created_by = a.actor_id
  FROM audit_log a
 WHERE a.action = 'admin.create' AND a.entity_id = u.id::text AND a.actor_id IS NOT NULL;
UPDATE users u SET managed_by = last.actor_id, managed_at = last.created_at
  FROM (SELECT DISTINCT ON (entity_id) entity_id, actor_id, created_at
          FROM audit_log
         WHERE action = 'admin.update' AND actor_id IS NOT NULL AND actor_id::text <> entity_id
         ORDER BY entity_id, created_at DESC) last
 WHERE last.entity_id = u.id::text;

-- A change to another admin that one admin may not make alone (a raised limit from a peer, an
-- enrolled admin's contact under ADMIN_2FA) waits here for a second admin to make the same change.
ALTER TABLE users ADD COLUMN proposed_change jsonb;

-- An admin set this player's password, e-mail or phone: their withdrawals wait until this moment,
-- unless a second admin releases them; `withdrawals_held_by` is the admin who made the change.
ALTER TABLE users ADD COLUMN withdrawals_held_until timestamptz;
ALTER TABLE users ADD COLUMN withdrawals_held_by uuid REFERENCES users(id);
