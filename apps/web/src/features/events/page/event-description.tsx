import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_FULL_LENGTH, needsMoreLink, truncate } from '@planns/shared/events/events.rules';
import { splitLinks } from '../../../lib/linkify.ts';

/**
 * The description as text with its http(s) links clickable (never rendered as HTML), cut at 260
 * characters with a 'more' link when longer than 255 (events §9).
 */
export function EventDescription({ text }: { text: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [isExpanded, setIsExpanded] = useState(false);
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const hasMore = needsMoreLink(trimmed, DESCRIPTION_FULL_LENGTH);
  const shown = hasMore && !isExpanded ? truncate(trimmed, DESCRIPTION_FULL_LENGTH) : trimmed;

  return (
    <section className="event-page__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="event-page__section-title">
        {t('eventPage.about')}
      </h2>
      <p id={id} className="event-description" dir="auto">
        {splitLinks(shown).map((part, index) =>
          part.kind === 'link' ? (
            <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
              {part.text}
            </a>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      {hasMore && !isExpanded ? (
        <button type="button" className="link-button" aria-controls={id} aria-expanded={false} onClick={() => setIsExpanded(true)}>
          {t('eventPage.more')}
        </button>
      ) : null}
    </section>
  );
}
