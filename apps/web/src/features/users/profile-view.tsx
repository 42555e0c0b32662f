import { useTranslation } from 'react-i18next';
import { formatPhone } from '@planns/shared/auth/phone.rules';
import type { User } from '@planns/shared/users/users.schemas';
import { Icon } from '../../components/icon.tsx';
import './profile.css';

export function ProfileView({ user, onEdit }: { user: User; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="profile-view" aria-labelledby="profile-view-title">
      {/* The account's card above shows the picture and the name: here they are details only. */}
      <h2 id="profile-view-title" className="visually-hidden">
        {user.name || t('account.noName')}
      </h2>
      <dl className="details">
        <div className="details__row">
          <dt>
            <Icon name="user" size={20} />
            {t('profile.name')}
          </dt>
          <dd>{user.name || '—'}</dd>
        </div>
        <div className="details__row">
          <dt>
            <Icon name="phone" size={20} />
            {t('profile.phone')}
          </dt>
          <dd>{user.phone ? <bdi dir="ltr">{formatPhone(user.phone)}</bdi> : '—'}</dd>
        </div>
        <div className="details__row">
          <dt>
            <Icon name="mail" size={20} />
            {t('profile.email')}
          </dt>
          <dd>{user.email || '—'}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn--secondary btn--block" onClick={onEdit}>
        <Icon name="edit" size={18} />
        {t('profile.edit')}
      </button>
    </section>
  );
}
