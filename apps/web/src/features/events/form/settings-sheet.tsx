import { useTranslation } from 'react-i18next';
import type { Category } from '@planns/shared/events/events.schemas';
import { FormMessage } from '../../../components/form-message.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { sanitizeAttendeeInput, type EventFormState } from './event-form-state.ts';
import { FormSwitch } from '../../../components/form-switch.tsx';
import { useCategoryName } from '../use-category-name.ts';

type Settings = Pick<EventFormState, 'isPrivate' | 'isFriends' | 'groupId' | 'min' | 'max' | 'categories'>;

type SettingsSheetProps = {
  open: boolean;
  onClose: () => void;
  settings: Settings;
  onChange: (settings: Partial<Settings>) => void;
  /** The user's groups (plus the event's own, when editing someone else's); empty hides the selector. */
  groups: { id: number; name: string }[];
  categories: { isPending: boolean; data: Category[] | undefined };
  errors: { min: string | null; max: string | null; group_id: string | null; categories: string | null };
};

/**
 * Private (invite-only) or friends (exclusive), the group (members of groups only, with
 * 'No Group'), min and max attendees (0 means empty) and categories.
 */
export function SettingsSheet({ open, onClose, settings, onChange, groups, categories, errors }: SettingsSheetProps) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();

  function toggleCategory(categoryId: number, checked: boolean) {
    onChange({ categories: checked ? [...settings.categories, categoryId] : settings.categories.filter((c) => c !== categoryId) });
  }

  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()} title={t('eventForm.settings.title')}>
      <div className="form-panel">
        <FormSwitch
          label={t('eventForm.settings.private')}
          description={t('eventForm.settings.privateHint')}
          checked={settings.isPrivate}
          onCheckedChange={(checked) => onChange(checked ? { isPrivate: true, isFriends: false } : { isPrivate: false })}
        />
        <FormSwitch
          label={t('eventForm.settings.friends')}
          description={t('eventForm.settings.friendsHint')}
          checked={settings.isFriends}
          onCheckedChange={(checked) => onChange(checked ? { isFriends: true, isPrivate: false } : { isFriends: false })}
        />

        {groups.length > 0 ? (
          <SelectField
            label={t('eventForm.settings.group')}
            value={settings.groupId === null ? '' : String(settings.groupId)}
            onChange={(value) => onChange({ groupId: value === '' ? null : Number(value) })}
            options={[['', t('eventForm.settings.noGroup')], ...groups.map((group) => [String(group.id), group.name] as const)]}
            error={errors.group_id}
          />
        ) : null}

        <div className="form-panel__pair">
          <TextField
            label={t('eventForm.settings.min')}
            inputMode="numeric"
            pattern="[0-9]*"
            value={settings.min}
            onChange={(event) => onChange({ min: sanitizeAttendeeInput(event.target.value) })}
            error={errors.min}
            autoComplete="off"
          />
          <TextField
            label={t('eventForm.settings.max')}
            inputMode="numeric"
            pattern="[0-9]*"
            value={settings.max}
            onChange={(event) => onChange({ max: sanitizeAttendeeInput(event.target.value) })}
            error={errors.max}
            autoComplete="off"
          />
        </div>
        <p className="field__hint">{t('eventForm.settings.attendeesHint')}</p>

        <fieldset className="check-list">
          <legend className="field__label">{t('eventForm.settings.categories')}</legend>
          {categories.isPending ? (
            <Spinner size="small" />
          ) : (
            <div className="check-list__grid">
              {(categories.data ?? []).map((category) => (
                <label key={category.id} className="check-list__item">
                  <input
                    type="checkbox"
                    className="check-list__input"
                    checked={settings.categories.includes(category.id)}
                    onChange={(event) => toggleCategory(category.id, event.target.checked)}
                  />
                  <span>{categoryName(category)}</span>
                </label>
              ))}
            </div>
          )}
          <FormMessage message={errors.categories} />
        </fieldset>
      </div>
      <div className="sheet__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('eventForm.done')}
        </button>
      </div>
    </Sheet>
  );
}
