import { useTranslation } from 'react-i18next';
import type { User } from '@planns/shared/users/users.schemas';
import { Avatar } from '../../components/avatar.tsx';
import { Icon } from '../../components/icon.tsx';
import './profile.css';

export function ProfileView({ user, onEdit }: { user: User; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="profile-view" aria-labelledby="profile-view-title">
      <div className="profile-view__top">
        <Avatar src={user.avatar_m ?? user.avatar} name={user.name} size={88} />
        <h2 id="profile-view-title" className="profile-view__name">
          {user.name || t('account.noName')}
        </h2>
      </div>
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
          <dd>{user.phone ? <bdi>{user.phone}</bdi> : "—"}</dd>
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
