import { useTranslation } from 'react-i18next';
import { LOGIN_STEP_COUNT, STEP_INDICATOR_FROM, type LoginStep } from './login-steps.ts';

/** Five dots; the "Step n of 5" text appears from step 3. */
export function LoginProgress({ step }: { step: LoginStep }) {
  const { t } = useTranslation();
  const dots = Array.from({ length: LOGIN_STEP_COUNT }, (_, i) => i + 1);
  return (
    <div className="login-progress">
      <ol className="login-progress__dots" aria-hidden="true">
        {dots.map((dot) => (
          <li
            key={dot}
            className={[
              'login-progress__dot',
              dot === step ? 'login-progress__dot--current' : '',
              dot < step ? 'login-progress__dot--done' : '',
            ]
              .filter(Boolean)
              .join(' ')}
          />
        ))}
      </ol>
      {step >= STEP_INDICATOR_FROM ? (
        <p className="login-progress__text">{t('login.stepOf', { step, total: LOGIN_STEP_COUNT })}</p>
      ) : null}
    </div>
  );
}
