import { Checkbox } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@planns/shared/users/users.schemas';
import { useCategories } from '../../../api/events/list-categories.ts';
import { DateFields } from '../../../components/date-fields.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { fromIsoDay, toIsoDay, toParts } from '../../../lib/date-fields.ts';
import {
  DATE_PRESETS,
  EVENT_TYPES,
  isCategoryChecked,
  resetFilters,
  selectDatePreset,
  setCustomDate,
  toggleCategory,
  toggleType,
  setAllTypes,
  checkAllCategories,
  type DatePreset,
  type EventFilters,
  type EventType,
} from './event-filters.ts';
import { useCategoryName } from '../use-category-name.ts';
import { FiltersLocationSection } from './filters-location-section.tsx';
import './filters-panel.css';

type FiltersPanelProps = {
  filters: EventFilters;
  groupId: number | null;
  user: User | null;
  /** Called once, with the filters chosen, however the panel is closed (Done, close, Escape). */
  onClose: (filters: EventFilters, groupId: number | null) => void;
};

function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="filters__section" aria-labelledby={id}>
      <div className="filters__section-head">
        <h3 id={id} className="filters__title">
          {title}
        </h3>
        {actions ? <div className="filters__section-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

function Chip({ isOn, onClick, children }: { isOn: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="chip" aria-pressed={isOn} onClick={onClick}>
      {isOn ? <Icon name="check" size={16} /> : null}
      {children}
    </button>
  );
}

function CheckRow({ checked, disabled, onChange, children }: { checked: boolean; disabled?: boolean; onChange: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="checkbox-row filters__check">
      <Checkbox.Root id={id} className="checkbox" checked={checked} disabled={disabled} onCheckedChange={onChange}>
        <Checkbox.Indicator>
          <Icon name="check" size={16} />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id} className="checkbox-row__label">
        {children}
      </label>
    </div>
  );
}

/**
 * The filters panel (events §2 Overlay panels): location, dates, types, categories, friends and
 * group. It edits a copy; the list takes it, and reloads, when the panel closes.
 */
export function FiltersPanel({ filters, groupId, user, onClose }: FiltersPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  const [group, setGroup] = useState(groupId);
  const categories = useCategories();
  const categoryName = useCategoryName();
  const allCategoryIds = (categories.data ?? []).map((category) => category.id);
  const checkedCount = draft.categories?.length ?? allCategoryIds.length;
  const groups = user?.groups ?? [];
  const thisYear = new Date().getFullYear();
  const groupName = useId();

  const dateLabel: Record<DatePreset, string> = {
    all: t('filters.dates.all'),
    today: t('filters.dates.today'),
    tomorrow: t('filters.dates.tomorrow'),
    this_week: t('filters.dates.thisWeek'),
    this_weekend: t('filters.dates.thisWeekend'),
    next_weekend: t('filters.dates.nextWeekend'),
  };
  const typeLabel: Record<EventType, string> = {
    friends: t('filters.types.friends'),
    private: t('filters.types.private'),
    public: t('filters.types.public'),
    paid: t('filters.types.paid'),
    free: t('filters.types.free'),
  };

  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose(draft, group))} title={t('filters.title')} size="full">
      <div className="filters">
        <FiltersLocationSection filters={draft} onChange={setDraft} />

        <Section title={t('filters.dates.title')}>
          <div className="chips">
            {DATE_PRESETS.map((preset) => (
              <Chip key={preset} isOn={draft.dates[preset]} onClick={() => setDraft((current) => selectDatePreset(current, preset))}>
                {dateLabel[preset]}
              </Chip>
            ))}
          </div>
          <div className="filters__range-dates">
            {(['from', 'to'] as const).map((end) => (
              <DateFields
                key={end}
                legend={t(`filters.dates.${end}`)}
                value={fromIsoDay(draft.dates[end])}
                onChange={(parts) => setDraft((current) => setCustomDate(current, end, parts ? toIsoDay(parts) : null))}
                fallback={() => fromIsoDay(draft.dates[end === 'from' ? 'to' : 'from']) ?? toParts(new Date())}
                years={[thisYear - 1, thisYear + 3]}
                optional
              />
            ))}
          </div>
        </Section>

        <Section
          title={t('filters.types.title')}
          actions={
            <>
              <button type="button" className="link-button" disabled={EVENT_TYPES.every((type) => draft.types[type])} onClick={() => setDraft((current) => setAllTypes(current, true))}>
                {t('filters.selectAll')}
              </button>
              <button type="button" className="link-button" disabled={EVENT_TYPES.every((type) => !draft.types[type])} onClick={() => setDraft((current) => setAllTypes(current, false))}>
                {t('filters.selectNone')}
              </button>
            </>
          }
        >
          <div className="chips">
            {EVENT_TYPES.map((type) => (
              <Chip key={type} isOn={draft.types[type]} onClick={() => setDraft((current) => toggleType(current, type))}>
                {typeLabel[type]}
              </Chip>
            ))}
          </div>
        </Section>

        <Section
          title={t('filters.categories.title')}
          actions={
            // At least one category stays checked (none would match nothing): Select all only.
            <button type="button" className="link-button" disabled={draft.categories === null} onClick={() => setDraft((current) => checkAllCategories(current))}>
              {t('filters.selectAll')}
            </button>
          }
        >
          {categories.isPending ? (
            <Spinner size="small" />
          ) : categories.isError ? (
            <p className="filters__hint">{t('filters.categories.loadFailed')}</p>
          ) : (
            <div className="filters__categories">
              {categories.data.map((category) => {
                const checked = isCategoryChecked(draft, category.id);
                return (
                  <CheckRow
                    key={category.id}
                    checked={checked}
                    disabled={checked && checkedCount <= 1}
                    onChange={() => setDraft((current) => toggleCategory(current, category.id, allCategoryIds))}
                  >
                    {categoryName(category)}
                  </CheckRow>
                );
              })}
            </div>
          )}
        </Section>

        {user ? (
          <Section title={t('filters.friends.title')}>
            <CheckRow
              checked={draft.friends.created}
              onChange={() => setDraft((current) => ({ ...current, friends: { ...current.friends, created: !current.friends.created } }))}
            >
              {t('filters.friends.created')}
            </CheckRow>
            <CheckRow
              checked={draft.friends.joined}
              onChange={() => setDraft((current) => ({ ...current, friends: { ...current.friends, joined: !current.friends.joined } }))}
            >
              {t('filters.friends.joined')}
            </CheckRow>
          </Section>
        ) : null}

        {groups.length > 0 ? (
          <Section title={t('filters.group.title')}>
            <div className="filters__groups" role="radiogroup">
              {[{ id: null, name: t('filters.group.none') }, ...groups].map((option) => (
                <label key={option.id ?? 'none'} className="filters__group">
                  <input
                    type="radio"
                    name={groupName}
                    className="filters__radio"
                    checked={group === option.id}
                    onChange={() => setGroup(option.id)}
                  />
                  <span>{option.name}</span>
                </label>
              ))}
            </div>
          </Section>
        ) : null}

        <div className="filters__footer">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setDraft(resetFilters);
              setGroup(null);
            }}
          >
            {t('filters.reset')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => onClose(draft, group)}>
            {t('filters.done')}
          </button>
        </div>
      </div>
    </Sheet>
  );
}
