import { toast } from 'react-toastify';

/** Toasts with the spec's defaults (react-toastify's own: top-right, 5000 ms). */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
};
