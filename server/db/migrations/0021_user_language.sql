-- Each player's language (contracts/language.ts): the site shows it after sign-in on any device,
-- and the codes sent by e-mail and SMS speak it.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));
