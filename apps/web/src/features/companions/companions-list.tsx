import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANION_LIST_HEIGHT } from '@planns/shared/companions/companions.rules';
import type { Companion } from '@planns/shared/companions/companions.schemas';
import { useDeleteCompanion } from '../../api/companions/delete-companion.ts';
import { useCompanions } from '../../api/companions/list-companions.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { CompanionFormSheet } from './companion-form-sheet.tsx';
import { useCompanionTypeLabel } from './use-companion-type-label.ts';
import './companions.css';

function companionName(companion: Companion): string {
  return [companion.first_name, companion.last_name].filter(Boolean).join(' ');
}

type Editing = { mode: 'create' } | { mode: 'edit'; companion: Companion } | null;

/** The people the user brings along: a small (85 px) or large (300 px) scrolling list. */
export function CompanionsList() {
  const { t } = useTranslation();
  const listId = useId();
  const typeLabel = useCompanionTypeLabel();
  const errorMessage = useErrorMessage();
  const companions = useCompanions();
  const deleteCompanion = useDeleteCompanion();
  const [isLarge, setIsLarge] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Companion | null>(null);

  const items = companions.data ?? [];

  return (
    <section className="companions" aria-labelledby={`${listId}-title`}>
      <div className="companions__header">
        <h2 id={`${listId}-title`} className="section-title">
          {t('companions.title')}
        </h2>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => setEditing({ mode: 'create' })}>
          <Icon name="plus" size={18} />
          {t('companions.add')}
        </button>
      </div>

      {companions.isPending ? (
        <Spinner />
      ) : companions.isError ? (
        <FormMessage message={t('companions.loadFailed')} />
      ) : items.length === 0 ? (
        <p className="companions__empty">{t('companions.empty')}</p>
      ) : (
        <>
          <ul
            id={listId}
            className="companions__list"
            style={{ blockSize: isLarge ? COMPANION_LIST_HEIGHT.large : COMPANION_LIST_HEIGHT.small }}
            tabIndex={0}
            aria-label={t('companions.title')}
          >
            {items.map((companion) => {
              const name = companionName(companion);
              return (
                <li key={companion.id} className="companions__item">
                  <span className="companions__text">
                    <span className="companions__name">{name}</span>
                    <span className="companions__type">{typeLabel(companion.type)}</span>
                  </span>
                  <button
                    type="button"
                    className="icon-button icon-button--small"
                    aria-label={t('companions.editNamed', { name })}
                    onClick={() => setEditing({ mode: 'edit', companion })}
                  >
                    <Icon name="edit" size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-button icon-button--small icon-button--danger"
                    aria-label={t('companions.deleteNamed', { name })}
                    onClick={() => setDeleting(companion)}
                  >
                    <Icon name="trash" size={18} />
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="link-button companions__toggle"
            aria-expanded={isLarge}
            aria-controls={listId}
            onClick={() => setIsLarge((large) => !large)}
          >
            {isLarge ? t('companions.showLess') : t('companions.showMore')}
          </button>
        </>
      )}

      <CompanionFormSheet
        key={editing?.mode === 'edit' ? editing.companion.id : 'new'}
        open={editing !== null}
        companion={editing?.mode === 'edit' ? editing.companion : null}
        onClose={() => setEditing(null)}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            deleteCompanion.reset();
          }
        }}
        title={t('common.areYouSure')}
        description={
          deleteCompanion.error
            ? errorMessage(deleteCompanion.error)
            : deleting
              ? t('companions.deleteText', { name: companionName(deleting) })
              : undefined
        }
        confirmLabel={t('common.delete')}
        isPending={deleteCompanion.isPending}
        onConfirm={() => {
          if (deleting) deleteCompanion.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </section>
  );
}
