import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import 'react-toastify/dist/ReactToastify.css';
import { ToastLayer } from '../lib/ToastLayer';
import { queryClient } from './queryClient';
import { router } from './routes';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastLayer />
    </QueryClientProvider>
  );
}
