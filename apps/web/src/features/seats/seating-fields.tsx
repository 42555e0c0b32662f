import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@planns/shared/money/money.rules';
import type { SeatSchemeData } from '@planns/shared/seats/seats.rules';
import { eventSeatMapQueryOptions } from '../../api/seats/get-seat-template.ts';
import { useSeatTemplates } from '../../api/seats/list-seat-templates.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { FormSwitch } from '../../components/form-switch.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { SchemeCreatorSheet } from './scheme-creator-sheet.tsx';

const DEFAULT_MAP = 'default';
const NEW_SCHEME = 'new';

type SeatingFieldsProps = {
  seated: boolean;
  templateId: number | null;
  currency: Currency;
  /** The switch turned on or a map chosen (with its data, for the ticket types), or turned off (null). */
  onChange: (seating: { templateId: number | null; map: SeatSchemeData } | null) => void;
  error: string | null;
};

/**
 * The seat selector of the event form's Tickets panel (events §2: a switch with a scheme choice
 * that includes 'create new scheme'): off, or buyers pick seats on the standard map (11 rows of 12,
 * events §9) or on one of the organiser's schemes, or on one made now in the scheme creator. The
 * map chosen is fetched first, so its seat types become the event's ticket types at once.
 */
export function SeatingFields({ seated, templateId, currency, onChange, error }: SeatingFieldsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const templates = useSeatTemplates({ enabled: seated });
  const [isCreating, setIsCreating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);

  async function choose(next: number | null) {
    setProblem(null);
    setIsLoading(true);
    try {
      const map = await queryClient.fetchQuery(eventSeatMapQueryOptions(next));
      onChange({ templateId: next, map });
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setIsLoading(false);
    }
  }

  // An event may use a scheme that is not the viewer's (a moderator editing it, a clone): it stays listed.
  const own = templates.data ?? [];
  const listed = templateId !== null && !own.some((template) => template.id === templateId);

  return (
    <div className="seating-fields">
      <FormSwitch
        label={t('seats.form.switch')}
        description={t('seats.form.switchHint')}
        checked={seated}
        disabled={isLoading}
        onCheckedChange={(checked) => (checked ? void choose(templateId) : onChange(null))}
      />
      {seated ? (
        <SelectField
          label={t('seats.form.scheme')}
          value={templateId === null ? DEFAULT_MAP : String(templateId)}
          disabled={isLoading}
          onChange={(value) => {
            if (value === NEW_SCHEME) setIsCreating(true);
            else void choose(value === DEFAULT_MAP ? null : Number(value));
          }}
          options={[
            [DEFAULT_MAP, t('seats.form.defaultMap')],
            ...(listed ? [[String(templateId), t('seats.form.eventScheme')] as const] : []),
            ...own.map((template) => [String(template.id), t('seats.form.schemeOption', { name: template.name, count: template.seat_count })] as const),
            [NEW_SCHEME, t('seats.form.createScheme')],
          ]}
          hint={t('seats.form.schemeHint')}
          error={problem ?? error}
        />
      ) : (
        <FormMessage message={error} />
      )}
      <SchemeCreatorSheet
        open={isCreating}
        onClose={() => setIsCreating(false)}
        currency={currency}
        onCreated={(template) => {
          setIsCreating(false);
          onChange({ templateId: template.id, map: template.data });
        }}
      />
    </div>
  );
}
