// The toast container and its styles, in their own chunk (ToastLayer loads it when first needed).
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/**
 * Toasts rise from the bottom, above the tab bar: the header, the screen's title and the balance
 * stay readable while a toast says what happened to them (react-toastify's default, top-right,
 * covered them on a phone). Full width on phones (react-toastify's own styles below 480 px).
 */
export default function DarkToastContainer() {
  return <ToastContainer theme="dark" position="bottom-center" />;
}
