import { useLocation, useNavigate } from 'react-router';
import { ReferEarnModal } from '../features/auth/ReferEarn';
import HomePage from '../features/home/HomePage';

/** /refer-earn: the original app's referral dialog, over home; closing it goes back where the player came from. */
export default function ReferEarnScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const close = () => (location.key === 'default' ? navigate('/', { replace: true }) : navigate(-1));
  return (
    <>
      <HomePage covered />
      <ReferEarnModal open onClose={close} />
    </>
  );
}
