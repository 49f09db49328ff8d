import { t } from '../i18n';

/** A check's outcome in the player's words. */
export const verdictText = (verified: boolean) => (verified ? t('Verified ✓') : t('Does not verify ✗'));

/** A step of a check, ticked or crossed. */
export const checkMark = (ok: boolean) => (ok ? '✓' : '✗');
