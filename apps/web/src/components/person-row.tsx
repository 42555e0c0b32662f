import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from './avatar.tsx';
import './person-row.css';

type PersonRowProps = {
  person: { id: number; name: string | null; avatar: string | null; avatar_s: string | null };
  /** A line under the name ('Wants to be your friend'). */
  note?: string;
  children?: ReactNode;
};

/** One person in a list: picture and name opening /profile/{id}, and the row's buttons at the end. */
export function PersonRow({ person, note, children }: PersonRowProps) {
  const { t } = useTranslation();
  const name = person.name || t('friends.noName');
  return (
    <li className="person-row">
      <Link to={`/profile/${person.id}`} className="person-row__link">
        <Avatar src={person.avatar_s ?? person.avatar} name={person.name} size={44} />
        <span className="person-row__text">
          <span className="person-row__name">{name}</span>
          {note ? <span className="person-row__note">{note}</span> : null}
        </span>
      </Link>
      {children ? <div className="person-row__actions">{children}</div> : null}
    </li>
  );
}
