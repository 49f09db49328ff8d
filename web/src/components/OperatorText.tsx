import type { ReactNode } from 'react';
import Markdown from 'markdown-to-jsx/react';
import type { TextPage } from '../../../contracts/site';
import { currentLanguage } from '../lib/i18n';
import { Page } from './ui/Page';
import { Loading } from './ui/States';
import { useOperatorText } from './operatorText.api';
import './operator-text.css';

/**
 * A page whose text the operator may replace (Terms, Privacy, Safer play) (PAGES_DIR/<page>.md on the server): their Markdown
 * when there is one, rendered without raw HTML, else the built-in text. A failed load shows the
 * built-in text too: a page of terms is never empty.
 */
export function OperatorText({ page, title, children }: { page: TextPage; title: string; children: ReactNode }) {
  const text = useOperatorText(page, currentLanguage());
  return (
    <Page title={title} narrow>
      {text.isPending ? (
        <Loading />
      ) : text.data ? (
        <div className="operator-text">
          {/* The page's own title is the h1: the operator's headings start at h2. */}
          <Markdown options={{ disableParsingRawHTML: true, forceBlock: true, overrides: { h1: { component: 'h2' } } }}>{text.data}</Markdown>
        </div>
      ) : (
        children
      )}
    </Page>
  );
}
