import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANION_NAME_MAX_LENGTH, COMPANION_TYPES, isCompanionDraftValid, type CompanionType } from '@planns/shared/companions/companions.rules';
import type { Companion } from '@planns/shared/companions/companions.schemas';
import { useCreateCompanion } from '../../api/companions/create-companion.ts';
import { useUpdateCompanion } from '../../api/companions/update-companion.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage, useFieldError } from '../../lib/error-messages.ts';
import { requireLogin } from '../../lib/login-prompt.ts';
import { useCompanionTypeLabel } from './use-companion-type-label.ts';
import './companions.css';

type CompanionFormSheetProps = {
  open: boolean;
  companion: Companion | null;
  onClose: () => void;
  /** A companion just made (the join sheet ticks it at once). */
  onCreated?: (companion: Companion) => void;
};

/**
 * Create or edit a companion. Save shows only with a first or last name and a type; empty
 * fields are highlighted (accounts §5).
 */
export function CompanionFormSheet({ open, companion, onClose, onCreated }: CompanionFormSheetProps) {
  const { t } = useTranslation();
  const typeLabel = useCompanionTypeLabel();
  const errorMessage = useErrorMessage();
  const fieldError = useFieldError();
  const create = useCreateCompanion();
  const update = useUpdateCompanion();
  const [firstName, setFirstName] = useState(companion?.first_name ?? '');
  const [lastName, setLastName] = useState(companion?.last_name ?? '');
  const [type, setType] = useState<CompanionType | null>(companion?.type ?? null);

  const mutation = companion ? update : create;
  const draft = { first_name: firstName.trim(), last_name: lastName.trim(), type };
  const isValid = isCompanionDraftValid(draft);

  function close() {
    create.reset();
    update.reset();
    if (!companion) {
      setFirstName('');
      setLastName('');
      setType(null);
    }
    onClose();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Opened from another form (the join sheet): its submit must not run too (React events cross portals).
    event.stopPropagation();
    if (!isValid || !type || mutation.isPending) return;
    const body = { first_name: draft.first_name, last_name: draft.last_name, type };
    if (companion) update.mutate({ id: companion.id, ...body }, { onSuccess: close });
    else {
      create.mutate(body, {
        onSuccess: (created) => {
          onCreated?.(created);
          close();
        },
        // Signed out meanwhile (the session ended in another tab): after the login the lists reload (create_companions).
        onError: (createError) => {
          if (isApiError(createError) && createError.status === 401) requireLogin({ name: 'create_companions' });
        },
      });
    }
  }

  const error = mutation.error;
  const general = error && !fieldError(error, 'first_name') && !fieldError(error, 'last_name') && !fieldError(error, 'type') ? errorMessage(error) : null;

  return (
    <Sheet open={open} onOpenChange={(next) => !next && close()} title={companion ? t('companions.editTitle') : t('companions.createTitle')}>
      <form className="companion-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('profile.firstName')}
          value={firstName}
          maxLength={COMPANION_NAME_MAX_LENGTH}
          onChange={(event) => setFirstName(event.target.value)}
          isHighlighted={firstName.trim() === ''}
          error={fieldError(error, 'first_name')}
          autoComplete="off"
        />
        <TextField
          label={t('profile.lastName')}
          value={lastName}
          maxLength={COMPANION_NAME_MAX_LENGTH}
          onChange={(event) => setLastName(event.target.value)}
          isHighlighted={lastName.trim() === ''}
          error={fieldError(error, 'last_name')}
          autoComplete="off"
        />
        <fieldset className={['choice-group', type === null ? 'choice-group--highlighted' : ''].filter(Boolean).join(' ')}>
          <legend className="field__label">{t('companions.type')}</legend>
          <div className="choice-group__options">
            {COMPANION_TYPES.map((value) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  name="companion-type"
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                  className="choice__input"
                />
                <span className="choice__label">{typeLabel(value)}</span>
              </label>
            ))}
          </div>
          <FormMessage message={fieldError(error, 'type')} />
        </fieldset>
        <FormMessage message={general} />
        {isValid ? (
          <button type="submit" className="btn btn--primary btn--block" disabled={mutation.isPending}>
            {mutation.isPending ? t('common.saving') : t('common.save')}
          </button>
        ) : (
          <p className="companion-form__hint">{t('companions.hint')}</p>
        )}
      </form>
    </Sheet>
  );
}
