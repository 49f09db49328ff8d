-- The back office's own texts in Hindi beside the English (contracts/site.ts, contracts/wallet.answers.ts):
-- Hindi readers see the Hindi where an admin wrote one, else the English. Null: no Hindi version.
ALTER TABLE site_notification ADD COLUMN message_hi text;
ALTER TABLE wallet_qr_codes ADD COLUMN title_hi text;
