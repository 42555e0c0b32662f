import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@planns/shared/users/users.schemas';
import { Avatar } from '../../../components/avatar.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { UserPicker } from '../../../components/user-picker.tsx';

type Owner = { id: number; name: string | null; avatar?: string | null };

type OwnerPickerProps = {
  me: User;
  owner: Owner | null;
  onChange: (owner: Owner | null) => void;
  error?: string | null;
};

/** Clone mode: who owns the copy (default: me); another user is found by name (more than 2 characters). */
export function OwnerPicker({ me, owner, onChange, error }: OwnerPickerProps) {
  const { t } = useTranslation();
  const [isSearching, setIsSearching] = useState(false);
  const shown = owner ?? { id: me.id, name: me.name, avatar: me.avatar_s ?? me.avatar };

  return (
    <section className="owner-picker" aria-labelledby="owner-picker-title">
      <h2 id="owner-picker-title" className="field__label">
        {t('eventForm.owner.title')}
      </h2>
      <div className="owner-picker__current">
        <Avatar src={shown.avatar ?? null} name={shown.name} size={36} />
        <span className="owner-picker__name">
          {shown.name || t('eventForm.userSearch.noName')}
          {shown.id === me.id ? <span className="owner-picker__me"> ({t('eventForm.owner.me')})</span> : null}
        </span>
        {owner ? (
          <button type="button" className="link-button" onClick={() => onChange(null)}>
            {t('eventForm.owner.reset')}
          </button>
        ) : null}
        <button type="button" className="link-button" aria-expanded={isSearching} onClick={() => setIsSearching((open) => !open)}>
          {t('eventForm.owner.change')}
        </button>
      </div>
      {isSearching ? (
        <UserPicker
          label={t('eventForm.owner.search')}
          selectedId={shown.id}
          onPick={(user) => {
            onChange(user.id === me.id ? null : { id: user.id, name: user.name, avatar: user.avatar_s ?? user.avatar });
            setIsSearching(false);
          }}
        />
      ) : null}
      <FormMessage message={error} />
    </section>
  );
}
