import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { fill, textTemplate } from './i18n';

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A sentence with links or emphasis inside, translated whole so each language orders it its own
 * way: `text` is its English wording with named tags (`<deposit>Deposit</deposit> to play`), each
 * tag drawn by the element of the same name in `parts` (tags do not nest). The values are filled in
 * after the tags are read, so a value can never become a tag.
 */
export function Tr({ text, values = {}, parts = {} }: { text: string; values?: Record<string, unknown>; parts?: Record<string, ReactElement> }) {
  const sentence = textTemplate(text, values);
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of sentence.matchAll(TAG)) {
    if (m.index > last) out.push(fill(sentence.slice(last, m.index), values));
    const part = parts[m[1]];
    out.push(part ? cloneElement(part, { key: m.index }, fill(m[2], values)) : <Fragment key={m.index}>{fill(m[2], values)}</Fragment>);
    last = m.index + m[0].length;
  }
  out.push(fill(sentence.slice(last), values));
  return <>{out}</>;
}
