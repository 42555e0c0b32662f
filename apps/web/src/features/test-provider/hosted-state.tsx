import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../components/icon.tsx';

type HostedStateProps = { icon: IconName; title: string; text: string; tone?: 'neutral' | 'success' | 'warning'; children?: ReactNode };

/** A hosted page's whole-page state (an expired link, a paid or expired checkout), with its ways on. */
export function HostedState({ icon, title, text, tone = 'neutral', children }: HostedStateProps) {
  return (
    <section className={`tp-state tp-state--${tone}`} aria-labelledby="tp-state-title">
      <span className="tp-state__icon" aria-hidden="true">
        <Icon name={icon} size={30} />
      </span>
      <h1 className="tp-state__title" id="tp-state-title">
        {title}
      </h1>
      <p className="tp-state__text">{text}</p>
      {children ? <div className="tp-state__actions">{children}</div> : null}
    </section>
  );
}
