-- Help & Support's contacts, edited in the back office. No row: the SUPPORT_WHATSAPP and
-- SUPPORT_TELEGRAM settings apply; a row replaces both (null: that contact is not offered).
CREATE TABLE site_support (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  whatsapp text,
  telegram text,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);
