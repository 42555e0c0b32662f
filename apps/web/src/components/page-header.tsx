import type { ReactNode } from 'react';
import { BackButton } from './back-button.tsx';

type PageHeaderProps = { title: string; hasBack?: boolean; actions?: ReactNode };

/** A screen's title row, with an optional back button and actions at the end. */
export function PageHeader({ title, hasBack = false, actions }: PageHeaderProps) {
  return (
    <div className="page-header">
      {hasBack ? <BackButton className="page-header__back" /> : null}
      <h1 className="page-header__title">{title}</h1>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </div>
  );
}
