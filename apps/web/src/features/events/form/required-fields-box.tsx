import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type RequiredFieldItem = { field: string; label: string; message: string };

/**
 * The red box titled 'Please fill in required fields' listing what is wrong by field (events §2,
 * §8), announced as it appears (role alert). The form moves the focus to the first invalid field;
 * a problem of no field (the network, a picture too large) takes the focus here.
 */
export function RequiredFieldsBox({ items, generalMessage }: { items: RequiredFieldItem[]; generalMessage: string | null }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const isShown = items.length > 0 || generalMessage !== null;

  const isGeneralOnly = items.length === 0 && generalMessage !== null;
  useEffect(() => {
    if (isGeneralOnly) ref.current?.focus();
  }, [isGeneralOnly, generalMessage]);

  if (!isShown) return null;
  return (
    <div ref={ref} className="required-box" role="alert" tabIndex={-1} aria-labelledby="required-box-title">
      <p id="required-box-title" className="required-box__title">
        {items.length > 0 ? t('eventForm.requiredFields') : generalMessage}
      </p>
      {items.length > 0 ? (
        <ul className="required-box__list">
          {items.map((item) => (
            <li key={item.field}>
              <strong>{item.label}</strong>: {item.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
