import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PopupFrame } from '../features/popup/PopupFrame.tsx';
import { HomePage } from '../features/home/HomePage.tsx';

/**
 * The popup routes (/faq, /terms_of_use, /privacy_policy, /mic_manual): a
 * full-page popup over the top page. Closing goes back where the visitor came
 * from, or to the top page when the popup was opened directly.
 */
export function PopupRoute({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const close = () => void (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <>
      <HomePage />
      <PopupFrame title={title} canClose fullPage className="popup--doc" onDismiss={close}>
        {children}
      </PopupFrame>
    </>
  );
}
