import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import './legal-document.css';

/** The policies took effect on 4 September 2023 (accounts §1). */
const EFFECTIVE_DATE = new Date(2023, 8, 4);

export function LegalDocument({ intro, children }: { intro: string; children: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="legal">
      <p className="legal__effective">{t('legal.effective', { date: format.date(EFFECTIVE_DATE) })}</p>
      <p className="legal__intro">{intro}</p>
      {children}
    </div>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="legal__section">
      <h2 className="legal__heading">{title}</h2>
      {children}
    </section>
  );
}
