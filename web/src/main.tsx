import './lib/strict-policy';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadOpeningScreen } from './app/routes';
import { startLanguage } from './lib/i18n';
import { syncLanguageWithAccount } from './lib/languageSync';
import { registerServiceWorkerLater } from './lib/serviceWorker';
import './styles.css';

loadOpeningScreen();
syncLanguageWithAccount();

// The first render as a transition: React renders in slices and lets the browser paint and
// answer input between them, instead of holding the main thread for the whole tree at once.
// The words first: a Hindi reader's first screen paints in Hindi, with its font, or not at all.
void startLanguage().finally(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);

registerServiceWorkerLater();
