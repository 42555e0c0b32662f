import { useTranslation } from 'react-i18next';
import type { Companion } from '@planns/shared/companions/companions.schemas';
import { Sheet } from '../../../components/sheet.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FormSwitch } from '../../../components/form-switch.tsx';

type AttendingSheetProps = {
  open: boolean;
  onClose: () => void;
  isAttending: boolean;
  companions: number[];
  onChange: (value: { isAttending?: boolean; companions?: number[] }) => void;
  available: { isPending: boolean; isError: boolean; data: Companion[] | undefined };
};

function companionName(companion: Companion): string {
  return [companion.first_name, companion.last_name].filter(Boolean).join(' ');
}

/** 'I am attending' and which of the user's companions come along. */
export function AttendingSheet({ open, onClose, isAttending, companions, onChange, available }: AttendingSheetProps) {
  const { t } = useTranslation();
  const list = available.data ?? [];

  function toggle(id: number, checked: boolean) {
    onChange({ companions: checked ? [...companions, id] : companions.filter((c) => c !== id) });
  }

  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()} title={t('eventForm.attending.title')}>
      <div className="form-panel">
        <FormSwitch label={t('eventForm.attending.iAmAttending')} checked={isAttending} onCheckedChange={(checked) => onChange({ isAttending: checked })} />
        {isAttending ? (
          <fieldset className="check-list">
            <legend className="field__label">{t('eventForm.attending.companions')}</legend>
            {available.isPending ? (
              <Spinner size="small" />
            ) : list.length === 0 ? (
              // A failed load is only logged (events §8): the list then reads as empty.
              <p className="field__hint">{t('eventForm.attending.noCompanions')}</p>
            ) : (
              list.map((companion) => (
                <label key={companion.id} className="check-list__item">
                  <input
                    type="checkbox"
                    className="check-list__input"
                    checked={companions.includes(companion.id)}
                    onChange={(event) => toggle(companion.id, event.target.checked)}
                  />
                  <span>{companionName(companion)}</span>
                </label>
              ))
            )}
          </fieldset>
        ) : null}
      </div>
      <div className="sheet__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('eventForm.done')}
        </button>
      </div>
    </Sheet>
  );
}
