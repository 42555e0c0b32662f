import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar.tsx';

type PersonRowProps = {
  person: { id: number; name: string | null; avatar: string | null; avatar_s: string | null };
  /** A line under the name ('Wants to be your friend'). */
  note?: string;
  children?: ReactNode;
};

/** One person: picture and name opening /profile/{id}, and the row's buttons at the end. */
export function PersonRow({ person, note, children }: PersonRowProps) {
  const { t } = useTranslation();
  const name = person.name || t('friends.noName');
  return (
    <li className="friends-person">
      <Link to={`/profile/${person.id}`} className="friends-person__link">
        <Avatar src={person.avatar_s ?? person.avatar} name={person.name} size={44} />
        <span className="friends-person__text">
          <span className="friends-person__name">{name}</span>
          {note ? <span className="friends-person__note">{note}</span> : null}
        </span>
      </Link>
      {children ? <div className="friends-person__actions">{children}</div> : null}
    </li>
  );
}
