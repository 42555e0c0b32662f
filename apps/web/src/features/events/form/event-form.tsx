import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CREATE_SUMMARY_LOCATION_LENGTH,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_NAME_MAX_LENGTH,
  truncate,
} from '@planns/shared/events/events.rules';
import type { Event } from '@planns/shared/events/events.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { useCompanions } from '../../../api/companions/list-companions.ts';
import { useConfig } from '../../../api/config/get-config.ts';
import { useCreateEvent } from '../../../api/events/create-event.ts';
import { getEvent } from '../../../api/events/get-event.ts';
import { useCreatePaymentProduct } from '../../../api/payments/create-payment-product.ts';
import { useCategories } from '../../../api/events/list-categories.ts';
import { useUpdateEvent } from '../../../api/events/update-event.ts';
import { Icon } from '../../../components/icon.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { requireLogin } from '../../../lib/login-prompt.ts';
import { AttendingSheet } from './attending-sheet.tsx';
import { DateTimeSheet } from './date-time-sheet.tsx';
import {
  compileEventBody,
  fieldErrorCode,
  formStateFromEvent,
  initialFormState,
  validateForm,
  type EventFormState,
  type FieldErrors,
  type FormMode,
  type ImageState,
} from './event-form-state.ts';
import { formatMoney } from '@planns/shared/money/money.rules';
import { PaymentSetupSheet } from '../../payments/payment-setup-sheet.tsx';
import { useSeatMessage } from '../../seats/seat-messages.ts';
import { compilePricing } from '../../tickets/pricing-form-state.ts';
import { TicketsSheet } from '../../tickets/tickets-sheet.tsx';
import { FormRow } from './form-row.tsx';
import { FormSwitch } from '../../../components/form-switch.tsx';
import { ImagePicker } from './image-picker.tsx';
import { LocationSheet } from './location-sheet.tsx';
import { OwnerPicker } from './owner-picker.tsx';
import { RequiredFieldsBox, type RequiredFieldItem } from './required-fields-box.tsx';
import { SettingsSheet } from './settings-sheet.tsx';
import { useFieldLabel, useFieldMessage } from './use-field-text.ts';
import '../../../components/check-list.css';
import './event-form.css';

type Panel = 'dates' | 'location' | 'attending' | 'settings' | 'tickets' | null;

/** The order fields are listed in the required-fields box. */
const FIELD_ORDER = ['name', 'start_date', 'end_date', 'address', 'url', 'min', 'max', 'group_id', 'categories', 'companions', 'price', 'currency', 'seated', 'seat_template_id', 'ticket_types', 'user_ownership'];

/** The panel whose row holds a field (the form's own inputs have none). */
function panelOf(field: string): string | null {
  if (field === 'start_date' || field === 'end_date') return 'dates';
  if (field === 'address' || field === 'url' || field === 'lat' || field === 'lng' || field === 'venue') return 'location';
  if (field === 'companions' || field === 'is_attending') return 'attending';
  if (['min', 'max', 'group_id', 'categories'].includes(field)) return 'settings';
  if (['price', 'currency', 'ticket_name', 'ticket_types', 'seated', 'seat_template_id'].includes(field) || field.startsWith('ticket_types.')) return 'tickets';
  return null;
}

function orderFields(fields: string[]): string[] {
  const rank = (field: string) => {
    const base = field.startsWith('ticket_types.') ? 'ticket_types' : field;
    return FIELD_ORDER.includes(base) ? FIELD_ORDER.indexOf(base) : FIELD_ORDER.length;
  };
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

type EventFormProps = {
  mode: FormMode;
  user: User;
  /** The event edited or cloned. */
  source: Event | null;
};

/** Create, update and clone (events §2 "Create / update / clone event"): one form. */
export function EventForm({ mode, user, source }: EventFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const fieldLabel = useFieldLabel();
  const fieldMessage = useFieldMessage();
  const seatMessage = useSeatMessage();
  const [state, setState] = useState<EventFormState>(() =>
    source && mode !== 'create' ? formStateFromEvent(source, mode) : initialFormState(new Date()),
  );
  const [originalImage] = useState<ImageState>(state.image);
  const [panel, setPanel] = useState<Panel>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** Bumped by a submit that found problems: the focus then goes to the first invalid field. */
  const [failedSubmits, setFailedSubmits] = useState(0);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const createProduct = useCreatePaymentProduct();
  const { platform_fee_percent: feePercent } = useConfig();
  /** The paid event just saved: the payment setup panel is open for it. */
  const [setupEvent, setSetupEvent] = useState<Event | null>(null);
  const categories = useCategories();

  const isOwnerOfSource = mode === 'create' || (source?.is_owner ?? true);
  // 'I am attending' is the owner's own answer: not for a moderator editing someone's event,
  // nor for a copy that someone else will own.
  const hasAttending = mode === 'update' ? isOwnerOfSource : state.owner === null;
  const companions = useCompanions({ enabled: hasAttending });
  const isBusy = create.isPending || update.isPending || createProduct.isPending;

  useEffect(() => {
    if (companions.isError) console.error('Companions could not be loaded', companions.error);
  }, [companions.isError, companions.error]);

  const groups = [...user.groups];
  if (source?.group && !groups.some((group) => group.id === source.group?.id)) groups.push(source.group);

  function patch(next: Partial<EventFormState>) {
    setState((current) => ({ ...current, ...next }));
    setServerError(null);
  }

  function leave(fallback: string) {
    // 'default' is the key of the first page of this tab: there is no history to go back to.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(fallback);
  }

  const goingCount = mode === 'update' ? (source?.attendees_count ?? 0) : 0;
  const clientErrors: FieldErrors = isSubmitted ? validateForm(state, { goingCount }) : {};
  const serverFields = isApiError(serverError) ? serverError.fields : {};
  const errorOf = (field: string): string | null => {
    const code = clientErrors[field];
    if (code) return fieldMessage(code, { goingCount });
    const message = serverFields[field];
    if (message === undefined) return null;
    const known = fieldErrorCode(message);
    return known ? fieldMessage(known, { goingCount }) : seatMessage(message);
  };

  const pricingHasError = ['price', 'currency', 'ticket_name', 'ticket_types', 'seated', 'seat_template_id'].some((field) => errorOf(field)) ||
    [...Object.keys(clientErrors), ...Object.keys(serverFields)].some((field) => field.startsWith('ticket_types.'));
  const errorFields = orderFields([...new Set([...Object.keys(clientErrors), ...Object.keys(serverFields)])]);
  const items: RequiredFieldItem[] = errorFields.map((field) => ({ field, label: fieldLabel(field), message: errorOf(field) ?? '' }));
  let generalMessage: string | null = null;
  if (serverError && items.length === 0) {
    if (isApiError(serverError) && serverError.code === 'network_error') generalMessage = t('errors.network');
    else if (isApiError(serverError) && serverError.code === 'payload_too_large') generalMessage = t('errors.tooLarge');
    else generalMessage = t('errors.unknown');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    setIsSubmitted(true);
    setServerError(null);
    if (Object.keys(validateForm(state, { goingCount })).length > 0) {
      setFailedSubmits((n) => n + 1);
      return;
    }
    const body = compileEventBody(state, { mode, sourceId: source?.id ?? null, isOwner: isOwnerOfSource });
    try {
      if (mode === 'update' && source) {
        const saved = await update.mutateAsync({ id: source.id, body });
        // events §4: a paid event without its payment product (or with a changed price) gets it, then the setup panel.
        if (needsPaymentProduct(saved)) await showPaymentSetup(saved);
        else leave(`/events/${source.hash}`);
      } else {
        const created = await create.mutateAsync(body);
        // events §4: a paid event gets its payment product, then the payment setup panel.
        if (created.is_paid) await showPaymentSetup(created);
        // The form is not kept in the history (events §2): back from the new page skips it.
        else void navigate(`/events/${created.hash}`, { replace: true });
      }
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        requireLogin(mode === 'update' && source ? { name: 'open_event', params: { id: source.hash } } : { name: 'open_create' });
        return;
      }
      setServerError(error);
      setFailedSubmits((n) => n + 1);
    }
  }

  // After a submit with problems: the first invalid field (as the box lists them) takes the focus,
  // scrolled into view; a field inside a panel is reached by its row.
  const firstError = errorFields[0] ?? null;
  useEffect(() => {
    if (failedSubmits === 0 || !firstError || !formRef.current) return;
    const panel = panelOf(firstError);
    const target = panel
      ? formRef.current.querySelector<HTMLElement>(`[data-panel="${panel}"]`)
      : formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
    target?.scrollIntoView({ block: 'center' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failed submit, not on every edit
  }, [failedSubmits]);

  /** Makes the event's payment product and prices, then shows the payment setup panel with the event as it is now. */
  async function showPaymentSetup(saved: Event) {
    try {
      await createProduct.mutateAsync(saved.id);
      setSetupEvent(await getEvent(saved.id, true, undefined, true));
    } catch (error) {
      // The event is saved; the panel still lets the organiser choose (the page offers the setup again).
      setServerError(error);
      setSetupEvent(saved);
    }
  }

  const title = mode === 'update' ? t('eventForm.title.update') : mode === 'clone' ? t('eventForm.title.clone') : t('eventForm.title.create');
  const submitLabel = mode === 'update' ? t('eventForm.submit.update') : mode === 'clone' ? t('eventForm.submit.clone') : t('eventForm.submit.create');

  const onRemoveImage =
    mode === 'create'
      ? () => patch({ image: { kind: 'none' } })
      : mode === 'update'
        ? () => patch({ image: originalImage.kind === 'existing' ? { kind: 'removed' } : { kind: 'none' } })
        : // A copy keeps the source's picture unless a new one is chosen.
          state.image.kind === 'new'
          ? () => patch({ image: originalImage })
          : undefined;

  return (
    <form ref={formRef} className="event-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="event-form-title">
      <div className="event-form__header">
        <h1 id="event-form-title" className="event-form__title">
          {title}
        </h1>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => leave('/')}>
          <Icon name="close" />
        </button>
      </div>

      <ImagePicker image={state.image} onChange={(image) => patch({ image })} onRemove={onRemoveImage} error={errorOf('base64') ?? errorOf('extension')} />

      <TextField
        label={t('eventForm.name')}
        value={state.name}
        maxLength={EVENT_NAME_MAX_LENGTH}
        onChange={(event) => patch({ name: event.target.value })}
        error={errorOf('name')}
        autoComplete="off"
        required
      />

      <div className="event-form__rows">
        <FormRow
          panel="dates"
          icon="calendar"
          label={t('eventForm.dates.title')}
          summary={state.start ? formatRange(state.start, state.end, i18n.language) : t('eventForm.dates.prompt')}
          hasError={Boolean(errorOf('start_date') ?? errorOf('end_date'))}
          onOpen={() => setPanel('dates')}
        />
        <FormRow
          panel="location"
          icon={state.locationType === 'virtual' ? 'link' : 'pin'}
          label={t('eventForm.location.title')}
          summary={locationSummary(state) ?? t('eventForm.location.prompt')}
          hasError={Boolean(errorOf('address') ?? errorOf('url') ?? errorOf('lat'))}
          onOpen={() => setPanel('location')}
        />
        {hasAttending ? (
          <FormRow
            panel="attending"
            icon="users"
            label={t('eventForm.attending.title')}
            summary={
              state.isAttending
                ? state.companions.length > 0
                  ? t('eventForm.attending.withCompanions', { count: state.companions.length })
                  : t('eventForm.attending.yes')
                : t('eventForm.attending.no')
            }
            hasError={Boolean(errorOf('companions'))}
            onOpen={() => setPanel('attending')}
          />
        ) : null}
        <FormRow
          panel="settings"
          icon="settings"
          label={t('eventForm.settings.title')}
          summary={settingsSummary()}
          hasError={Boolean(errorOf('min') ?? errorOf('max') ?? errorOf('group_id') ?? errorOf('categories'))}
          onOpen={() => setPanel('settings')}
        />
      </div>

      <div className="event-form__rows">
        <FormRow
          panel="tickets"
          icon="tag"
          label={t('eventForm.tickets.title')}
          summary={ticketsSummary()}
          hasError={pricingHasError}
          onOpen={() => setPanel('tickets')}
        />
      </div>

      <div className="field">
        <label className="field__label" htmlFor="event-form-description">
          {t('eventForm.description')}
        </label>
        <textarea
          id="event-form-description"
          className="input textarea"
          rows={5}
          maxLength={EVENT_DESCRIPTION_MAX_LENGTH}
          value={state.description}
          onChange={(event) => patch({ description: event.target.value })}
        />
      </div>

      <FormSwitch
        label={t('eventForm.whatsapp')}
        description={t('eventForm.whatsappHint')}
        checked={state.allowWhatsapp}
        onCheckedChange={(checked) => patch({ allowWhatsapp: checked })}
      />

      <FormSwitch
        label={t('eventForm.galleryApproval')}
        description={t('eventForm.galleryApprovalHint')}
        checked={state.galleryRequiresApproval}
        onCheckedChange={(checked) => patch({ galleryRequiresApproval: checked })}
      />

      {mode === 'clone' ? (
        <OwnerPicker
          me={user}
          owner={state.owner}
          onChange={(owner) => patch({ owner })}
          error={errorOf('user_ownership')}
        />
      ) : null}

      <RequiredFieldsBox items={items} generalMessage={generalMessage} />

      <button type="submit" className="btn btn--primary btn--block" disabled={isBusy}>
        {isBusy ? t('common.saving') : submitLabel}
      </button>

      <DateTimeSheet
        open={panel === 'dates'}
        onClose={() => setPanel(null)}
        dates={{ start: state.start, end: state.end }}
        onChange={patch}
        startError={errorOf('start_date')}
        endError={errorOf('end_date')}
      />
      <LocationSheet
        open={panel === 'location'}
        onClose={() => setPanel(null)}
        location={state}
        onChange={patch}
        errors={{ address: errorOf('address') ?? errorOf('lat'), url: errorOf('url') }}
      />
      {hasAttending ? (
        <AttendingSheet
          open={panel === 'attending'}
          onClose={() => setPanel(null)}
          isAttending={state.isAttending}
          companions={state.companions}
          onChange={patch}
          available={companions}
        />
      ) : null}
      <TicketsSheet open={panel === 'tickets'} onClose={() => setPanel(null)} pricing={state.pricing} onChange={(pricing) => patch({ pricing })} errorOf={errorOf} feePercent={feePercent} />
      {setupEvent ? (
        <PaymentSetupSheet
          event={setupEvent}
          isModerator={user.is_moderator}
          onDone={(hash) => void navigate(`/events/${hash}`, { replace: mode !== 'update' })}
        />
      ) : null}
      <SettingsSheet
        open={panel === 'settings'}
        onClose={() => setPanel(null)}
        settings={state}
        onChange={patch}
        groups={groups}
        categories={categories}
        errors={{ min: errorOf('min'), max: errorOf('max'), group_id: errorOf('group_id'), categories: errorOf('categories') }}
      />
    </form>
  );

  function ticketsSummary(): string {
    const pricing = state.pricing;
    if (!pricing.isPaid) return t('eventForm.tickets.summaryFree');
    const sent = compilePricing(pricing);
    const types = sent.ticket_types ?? [];
    if (sent.seated && types.length > 0 && sent.currency) {
      const lowest = Math.min(...types.map((type) => type.price ?? 0));
      return t('seats.form.summary', { count: types.length, price: formatMoney(lowest, sent.currency, i18n.language) });
    }
    if (sent.pricing_mode === 'single' && typeof sent.price === 'number' && sent.currency) {
      return t('eventForm.tickets.summarySingle', { price: formatMoney(sent.price, sent.currency, i18n.language), name: sent.ticket_name ?? '' });
    }
    if (types.length > 0 && sent.currency) {
      const lowest = Math.min(...types.map((type) => type.price ?? 0));
      return t('eventForm.tickets.summaryMultiple', { count: types.length, price: formatMoney(lowest, sent.currency, i18n.language) });
    }
    return t('eventForm.tickets.summaryIncomplete');
  }

  function settingsSummary(): string {
    const visibility = state.isPrivate
      ? t('eventForm.settings.summaryPrivate')
      : state.isFriends
        ? t('eventForm.settings.summaryFriends')
        : t('eventForm.settings.summaryPublic');
    const group = state.groupId === null ? null : groups.find((g) => g.id === state.groupId)?.name;
    const parts = [visibility, group, state.categories.length > 0 ? t('eventForm.settings.summaryCategories', { count: state.categories.length }) : null];
    return parts.filter(Boolean).join(' · ');
  }
}

/** The summary of the location row: cut to 25 characters (events §9). */
function locationSummary(state: EventFormState): string | null {
  const text = state.locationType === 'virtual' ? state.url.trim() : state.address.trim() || state.venue.trim();
  return text ? truncate(text, CREATE_SUMMARY_LOCATION_LENGTH) : null;
}

function formatRange(start: Date, end: Date | null, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  return end && end.getTime() > start.getTime() ? format.formatRange(start, end) : format.format(start);
}

/** events §4 'Update: if paid and no payment product yet': also when a changed price has no provider price yet. */
function needsPaymentProduct(event: Event): boolean {
  return event.is_paid && (event.stripe_product_id === null || event.ticket_types.some((type) => type.stripe_price_id === null));
}
