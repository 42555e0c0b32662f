import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { EVENT_URL_MAX_LENGTH, EVENT_VENUE_MAX_LENGTH, type LocationType } from '@planns/shared/events/events.rules';
import { Sheet } from '../../../components/sheet.tsx';
import { TextField } from '../../../components/text-field.tsx';
import '../../../components/tabs.css';
import { AddressAutocomplete } from './address-autocomplete.tsx';
import type { EventFormState } from './event-form-state.ts';

type Location = Pick<EventFormState, 'locationType' | 'address' | 'lat' | 'lng' | 'venue' | 'url'>;

type LocationSheetProps = {
  open: boolean;
  onClose: () => void;
  location: Location;
  onChange: (location: Partial<Location>) => void;
  errors: { address: string | null; url: string | null };
};

/** In person (address autocomplete and venue) or virtual (a link). */
export function LocationSheet({ open, onClose, location, onChange, errors }: LocationSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()} title={t('eventForm.location.title')}>
      <Tabs.Root
        className="tabs"
        value={location.locationType}
        onValueChange={(value) => onChange({ locationType: (value === 'virtual' ? 'virtual' : 'in_person') satisfies LocationType })}
      >
        <Tabs.List className="tabs__list" aria-label={t('eventForm.location.title')}>
          <Tabs.Trigger className="tabs__trigger" value="in_person">
            {t('eventForm.location.inPerson')}
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="virtual">
            {t('eventForm.location.virtual')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className="tabs__panel" value="in_person">
          <AddressAutocomplete
            label={t('eventForm.location.address')}
            value={{ address: location.address, lat: location.lat, lng: location.lng }}
            onChange={onChange}
            error={errors.address}
          />
          <TextField
            label={t('eventForm.location.venue')}
            hint={t('eventForm.location.venueHint')}
            value={location.venue}
            maxLength={EVENT_VENUE_MAX_LENGTH}
            onChange={(event) => onChange({ venue: event.target.value })}
            autoComplete="off"
          />
        </Tabs.Content>
        <Tabs.Content className="tabs__panel" value="virtual">
          <TextField
            label={t('eventForm.location.url')}
            hint={t('eventForm.location.urlHint')}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={location.url}
            maxLength={EVENT_URL_MAX_LENGTH}
            onChange={(event) => onChange({ url: event.target.value })}
            error={errors.url}
            autoComplete="url"
          />
        </Tabs.Content>
      </Tabs.Root>
      <div className="sheet__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('eventForm.done')}
        </button>
      </div>
    </Sheet>
  );
}
