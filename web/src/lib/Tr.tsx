import type { ReactElement } from 'react';
import { Trans } from 'react-i18next';
import { i18n } from './i18n';

/**
 * A sentence with links or emphasis inside, translated whole so each language orders it its own
 * way: `text` is its English wording with named tags (`<deposit>Deposit</deposit> to play`), each
 * tag drawn by the element of the same name in `parts`.
 */
export function Tr({ text, values, parts }: { text: string; values?: Record<string, unknown>; parts?: Record<string, ReactElement> }) {
  return <Trans i18n={i18n} i18nKey={text} defaults={text} values={values} components={parts} shouldUnescape />;
}
