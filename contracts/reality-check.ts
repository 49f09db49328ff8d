/*
 * The reality check's settings, apart from the zod shapes of responsible.ts: the app's frame
 * reads them on every screen, and importing them must not bring zod into the first bundle.
 */
export const REALITY_CHECK_CHOICES = [15, 30, 45, 60, 90, 120] as const;
export const DEFAULT_REALITY_CHECK_MINUTES = 60;
