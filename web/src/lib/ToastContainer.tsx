// The toast container and its styles, in their own chunk (ToastLayer loads it when first needed).
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

export default function DarkToastContainer() {
  return <ToastContainer theme="dark" />;
}
