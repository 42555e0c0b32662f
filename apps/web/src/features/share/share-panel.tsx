import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { Icon, type IconName } from '../../components/icon.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { showNotice } from '../../lib/notice.ts';
import { copyText } from './share-clipboard.ts';
import { ShareFriends } from './share-friends.tsx';
import {
  canShareWithFriends,
  canWebShare,
  emailShareUrl,
  isTouchDevice,
  shareInfoText,
  smsShareUrl,
  whatsappShareUrl,
} from './share-text.ts';
import { useEventShareText } from './use-event-share-text.ts';
import './share-panel.css';

type SharePanelProps = {
  event: Event;
  user: User | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Set while the gallery's full view is open: only WhatsApp and Copy Event Link are offered,
   * and the link opens that photo (open_photo).
   */
  photoId?: number | null;
};

type OptionProps = { icon: IconName; label: string; href?: string; isExternal?: boolean; onSelect: () => void };

function ShareOption({ icon, label, href, isExternal = false, onSelect }: OptionProps) {
  const content: ReactNode = (
    <>
      <span className="share-option__icon">
        <Icon name={icon} size={22} />
      </span>
      <span className="share-option__label">{label}</span>
    </>
  );
  return (
    <li>
      {href ? (
        <a
          className="share-option"
          href={href}
          onClick={onSelect}
          {...(isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {content}
        </a>
      ) : (
        <button type="button" className="share-option" onClick={onSelect}>
          {content}
        </button>
      )}
    </li>
  );
}

/**
 * The share panel (events §2): Share with Friends (signed in), SMS (touch devices), WhatsApp,
 * Email, Copy Event Info, Copy Event Link, and the browser's own share sheet where it has one.
 */
export function SharePanel({ event, user, open, onOpenChange, photoId = null }: SharePanelProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<'options' | 'friends'>('options');
  const [copyFailed, setCopyFailed] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  const { link, when, info } = useEventShareText(event, photoId);
  const isGallery = photoId !== null;
  const webShareData: ShareData = { title: event.name, text: shareInfoText({ name: event.name, when, where: null, link: '' }), url: link };

  const close = () => onOpenChange(false);

  async function copy(text: string) {
    if (await copyText(text, body.current ?? document.body)) {
      showNotice({ title: t('share.copied') });
      close();
    } else {
      setCopyFailed(true);
    }
  }

  async function webShare() {
    try {
      await navigator.share(webShareData);
      showNotice({ title: t('share.shared') });
      close();
    } catch {
      // Closed without sharing (AbortError) or refused: the panel stays open for another way.
    }
  }

  const isFriends = view === 'friends' && user !== null;

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (!next) setView('options');
        onOpenChange(next);
      }}
      title={isFriends ? t('share.friendsTitle') : t('share.title')}
      size={isFriends ? 'full' : 'auto'}
    >
      <div ref={body} className="share-panel">
        {isFriends ? (
          <ShareFriends event={event} onBack={() => setView('options')} onShared={close} />
        ) : (
          <>
            <ul className="share-options">
              {!isGallery && canShareWithFriends(event, user?.id ?? null) ? (
                <ShareOption icon="users" label={t('share.friends')} onSelect={() => setView('friends')} />
              ) : null}
              {!isGallery && isTouchDevice() ? <ShareOption icon="chat" label={t('share.sms')} href={smsShareUrl(info)} onSelect={close} /> : null}
              <ShareOption icon="phone" label={t('share.whatsapp')} href={whatsappShareUrl(info)} isExternal onSelect={close} />
              {!isGallery ? (
                <ShareOption icon="mail" label={t('share.email')} href={emailShareUrl(event.name, info)} onSelect={close} />
              ) : null}
              {!isGallery ? <ShareOption icon="document" label={t('share.copyInfo')} onSelect={() => void copy(info)} /> : null}
              <ShareOption icon="link" label={t('share.copyLink')} onSelect={() => void copy(link)} />
              {!isGallery && canWebShare(webShareData) ? (
                <ShareOption icon="forward" label={t('share.more')} onSelect={() => void webShare()} />
              ) : null}
            </ul>
            {copyFailed ? (
              <div className="share-panel__fallback" role="alert">
                <p className="form-message form-message--error">{t('share.copyFailed')}</p>
                <input className="input" readOnly value={link} aria-label={t('share.linkLabel')} onFocus={(e) => e.currentTarget.select()} />
              </div>
            ) : null}
          </>
        )}
      </div>
    </Sheet>
  );
}
