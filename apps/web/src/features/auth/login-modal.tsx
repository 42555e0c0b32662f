import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@planns/shared/users/users.schemas';
import { useConfig } from '../../api/config/get-config.ts';
import { currentUserQueryKey } from '../../api/users/get-current-user.ts';
import { Icon } from '../../components/icon.tsx';
import { ModalOverlay } from '../../components/modal-overlay.tsx';
import { useReturnFocus } from '../../components/use-return-focus.ts';
import { forgetRememberedAction, runRememberedAction } from '../../lib/remembered-actions.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { LoginCodeStep } from './login-code-step.tsx';
import { LoginCoverStep } from './login-cover-step.tsx';
import { LoginGoogle } from './login-google.tsx';
import { LoginNameStep } from './login-name-step.tsx';
import { LoginPhoneStep } from './login-phone-step.tsx';
import { LoginPictureStep } from './login-picture-step.tsx';
import { LoginProgress } from './login-progress.tsx';
import { previousStep, reloadsAfterLogin, stepAfterAuth, type LoginStep } from './login-steps.ts';
import { LoginWelcomeStep } from './login-welcome-step.tsx';
import '../../components/sheet.css';
import './login-modal.css';

/** Reload delay for the account and profile pages after login (accounts §9). */
const RELOAD_DELAY_MS = 500;

type LoginModalProps = { onClose: () => void };

/** The five-step login (accounts §2, §4): phone, code, name, picture, welcome. */
export function LoginModal({ onClose }: LoginModalProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>(1);
  const [hasWatchedCover, setHasWatchedCover] = useState(() => readStored(STORAGE_KEYS.watchedCover) === 'true');
  const [phone, setPhone] = useState('');
  const [resendUntil, setResendUntil] = useState<number | null>(null);
  const [isSignedIn, setIsSignedIn] = useState(false);
  const [isFinishing, setIsFinishing] = useState(false);
  const [isViaGoogle, setIsViaGoogle] = useState(false);
  const { google_login: hasGoogle } = useConfig();

  async function finish() {
    setIsFinishing(true);
    await queryClient.refetchQueries({ queryKey: currentUserQueryKey });
    const user = queryClient.getQueryData<User | null>(currentUserQueryKey);
    const pathname = window.location.pathname;
    onClose();
    if (user) await runRememberedAction({ user, queryClient, navigate: (to) => void navigate(to) });
    if (reloadsAfterLogin(pathname)) window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  }

  /** Closing without finishing drops the remembered action; a half-finished sign-in still counts. */
  function dismiss() {
    forgetRememberedAction();
    if (isSignedIn) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    onClose();
  }

  function goBack() {
    const previous = previousStep(step);
    if (previous === 'close') dismiss();
    else if (previous !== null) setStep(previous);
  }

  function onSignedIn(user: User) {
    setIsSignedIn(true);
    const next = stepAfterAuth(user);
    if (next === 'finish') void finish();
    else setStep(next);
  }

  function onGoogleSignedIn(user: User) {
    setIsViaGoogle(true);
    onSignedIn(user);
  }

  function onCodeSent(sentTo: string, resendAfterSeconds: number) {
    setPhone(sentTo);
    setResendUntil(Date.now() + resendAfterSeconds * 1000);
    setStep(2);
  }

  const isCover = step === 1 && !hasWatchedCover;
  const canGoBack = previousStep(step) !== null;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && dismiss()}>
      <Dialog.Portal>
        <ModalOverlay className="sheet-overlay" />
        <Dialog.Content
          className="sheet login-modal"
          aria-describedby={undefined}
          onPointerDownOutside={(event) => event.preventDefault()}
          {...returnFocus}
        >
          <div className="login-modal__bar">
            <div className="login-modal__bar-start">
              {canGoBack ? (
                <button type="button" className="icon-button" onClick={goBack} aria-label={t('common.back')}>
                  <Icon name="back" />
                </button>
              ) : null}
            </div>
            <LoginProgress step={step} />
            <div className="login-modal__bar-end">
              <Dialog.Close className="icon-button" aria-label={t('common.close')}>
                <Icon name="close" />
              </Dialog.Close>
            </div>
          </div>

          <div className="login-modal__body">
            {isCover ? (
              <LoginCoverStep
                onNext={() => {
                  writeStored(STORAGE_KEYS.watchedCover, 'true');
                  setHasWatchedCover(true);
                }}
              />
            ) : step === 1 ? (
              <LoginPhoneStep
                initialPhone={phone}
                onCodeSent={onCodeSent}
                google={hasGoogle ? <LoginGoogle onSignedIn={onGoogleSignedIn} /> : null}
              />
            ) : step === 2 ? (
              <LoginCodeStep
                phone={phone}
                resendUntil={resendUntil}
                onResendWait={(seconds) => setResendUntil(Date.now() + seconds * 1000)}
                onSignedIn={onSignedIn}
              />
            ) : step === 3 ? (
              <LoginNameStep onSaved={() => setStep(4)} />
            ) : step === 4 ? (
              // For Google sign-in, reaching step 5 finishes the login (accounts §2).
              <LoginPictureStep onDone={() => (isViaGoogle ? void finish() : setStep(5))} />
            ) : (
              <LoginWelcomeStep onDone={() => void finish()} isFinishing={isFinishing} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
