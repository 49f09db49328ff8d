import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach } from 'vitest';
import { chooseLanguage, currentLanguage, startLanguage } from '../../web/src/lib/i18n';

await startLanguage();

// jsdom lays nothing out and cannot scroll; a new screen scrolls to its top (AppLayout).
window.scrollTo = () => {};

afterEach(async () => {
  cleanup();
  localStorage.clear();
  if (currentLanguage() !== 'en') {
    await chooseLanguage('en');
    localStorage.removeItem('lang');
  }
  // A toast asked for late in a test (react-toastify loads on the first one) waits for a container
  // in react-toastify's queue: let it arrive, then drop it, so it does not show in the next test.
  await new Promise((resolve) => setTimeout(resolve, 0));
  toast.dismiss();
});
