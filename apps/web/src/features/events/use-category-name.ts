import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@planns/shared/events/events.schemas';

/** A category's name in the language (categories.<slug>), else the server's English name. */
export function useCategoryName(): (category: Pick<Category, 'slug' | 'name'>) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (category) => {
      const key = `categories.${category.slug}`;
      return i18n.exists(key) ? String(t(key as never)) : category.name;
    },
    [t, i18n],
  );
}
