import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_TYPES_MAX } from '@planns/shared/tickets/tickets.rules';
import type { FieldErrorCode } from './event-form-state.ts';

/** A field's name as the form shows it, for the required-fields box (server field names). */
export function useFieldLabel(): (field: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (field: string) => {
      switch (field) {
        case 'name':
          return t('eventForm.name');
        case 'description':
          return t('eventForm.description');
        case 'start_date':
          return t('eventForm.dates.start');
        case 'end_date':
          return t('eventForm.dates.end');
        case 'address':
        case 'lat':
        case 'lng':
          return t('eventForm.location.address');
        case 'venue':
          return t('eventForm.location.venue');
        case 'url':
          return t('eventForm.location.url');
        case 'min':
          return t('eventForm.settings.min');
        case 'max':
        case 'max_companions':
          return t('eventForm.settings.max');
        case 'group_id':
          return t('eventForm.settings.group');
        case 'categories':
          return t('eventForm.settings.categories');
        case 'companions':
          return t('eventForm.attending.companions');
        case 'is_attending':
          return t('eventForm.attending.title');
        case 'user_ownership':
          return t('eventForm.owner.title');
        case 'base64':
        case 'extension':
        case 'image':
          return t('eventForm.image.label');
        case 'clone_id':
          return t('eventForm.title.clone');
        case 'price':
        case 'currency':
        case 'ticket_name':
        case 'ticket_types':
          return t('eventForm.tickets.title');
        case 'seated':
        case 'seat_template_id':
          return t('seats.form.switch');
        default:
          return field.startsWith('ticket_types.') ? t('eventForm.tickets.typeNumber', { number: Number(field.split('.')[1]) + 1 }) : field;
      }
    },
    [t],
  );
}

/** The translated text of a field problem found by the client or named by the server. */
export function useFieldMessage(): (code: FieldErrorCode, context?: { goingCount?: number }) => string {
  const { t } = useTranslation();
  return useCallback(
    (code: FieldErrorCode, context: { goingCount?: number } = {}) => {
      switch (code) {
        case 'nameRequired':
          return t('eventForm.errors.nameRequired');
        case 'startRequired':
          return t('eventForm.errors.startRequired');
        case 'endBeforeStart':
          return t('eventForm.errors.endBeforeStart');
        case 'startAfterEnd':
          return t('eventForm.errors.startAfterEnd');
        case 'addressRequired':
          return t('eventForm.errors.addressRequired');
        case 'urlRequired':
          return t('eventForm.errors.urlRequired');
        case 'minAboveMax':
          return t('eventForm.errors.minAboveMax');
        case 'maxBelowMin':
          return t('eventForm.errors.maxBelowMin');
        case 'maxBelowGoing':
          return t('eventForm.errors.maxBelowGoing', { count: context.goingCount ?? 0 });
        case 'wholeNumber':
          return t('eventForm.errors.wholeNumber');
        case 'imageType':
          return t('eventForm.errors.imageType');
        case 'notGroupMember':
          return t('eventForm.errors.notGroupMember');
        case 'unknownCategory':
          return t('eventForm.errors.unknownCategory');
        case 'unknownUser':
          return t('eventForm.errors.unknownUser');
        case 'unknownCompanion':
          return t('eventForm.errors.unknownCompanion');
        case 'dateFormat':
          return t('eventForm.errors.dateFormat');
        case 'currencyRequired':
          return t('eventForm.errors.currencyRequired');
        case 'priceRequired':
          return t('eventForm.errors.priceRequired');
        case 'ticketNameRequired':
          return t('eventForm.errors.ticketNameRequired');
        case 'duplicateTicketTypeName':
          return t('eventForm.errors.duplicateTicketTypeName');
        case 'tooManyTicketTypes':
          return t('eventForm.errors.tooManyTicketTypes', { max: TICKET_TYPES_MAX });
        case 'priceWhole':
          return t('eventForm.errors.priceWhole');
        case 'priceTooHigh':
          return t('eventForm.errors.priceTooHigh');
        case 'oneCurrency':
          return t('eventForm.errors.oneCurrency');
        case 'ticketQuantity':
          return t('eventForm.errors.ticketQuantity');
        case 'unknownTicketType':
          return t('eventForm.errors.unknownTicketType');
      }
    },
    [t],
  );
}
