import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanionType } from '@planns/shared/companions/companions.rules';

/** The translated name of a companion type (accounts §9). */
export function useCompanionTypeLabel(): (type: CompanionType) => string {
  const { t } = useTranslation();
  return useCallback(
    (type: CompanionType) => {
      switch (type) {
        case 'son_or_daughter':
          return t('companions.types.sonOrDaughter');
        case 'spouse':
          return t('companions.types.spouse');
        case 'friend':
          return t('companions.types.friend');
        case 'other_family_member':
          return t('companions.types.otherFamilyMember');
        case 'other':
          return t('companions.types.other');
      }
    },
    [t],
  );
}
