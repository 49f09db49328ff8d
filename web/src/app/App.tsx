import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useLanguage } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { ToastLayer } from '../lib/ToastLayer';
import { AppRoutes } from './routes';

export function App() {
  // A new language draws every screen afresh in it (what the server keeps, the cache, stays).
  const language = useLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter key={language}>
        <AppRoutes />
      </BrowserRouter>
      <ToastLayer />
    </QueryClientProvider>
  );
}
