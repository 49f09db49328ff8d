-- What a QR code pays to, written out so a player can copy it: the UPI ID (name@bank) of a UPI
-- code, the wallet address of a crypto code. Optional: older codes have none.
ALTER TABLE wallet_qr_codes ADD COLUMN pay_to text CHECK (char_length(pay_to) BETWEEN 3 AND 128);
