import { currentLanguage } from './i18n';

/**
 * A text the back office wrote (the site-wide notification, a QR code's title) in the reader's
 * language: its Hindi version for a Hindi reader where an admin wrote one, else its English. A new
 * language draws every screen afresh (App), so a screen reads it as it renders.
 */
export const ownText = (english: string, hindi?: string | null): string => (currentLanguage() === 'hi' && hindi?.trim() ? hindi : english);
