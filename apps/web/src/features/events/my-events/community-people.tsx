import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { Avatar } from '../../../components/avatar.tsx';

type CommunityPeopleProps = {
  people: readonly PublicUser[];
  inactive: ReadonlySet<number>;
  onToggle: (id: number) => void;
};

/**
 * The people the user follows, as avatars with names (events §2 My plans): tapping one toggles
 * whether their events are in the list; those switched off are dimmed.
 */
export function CommunityPeople({ people, inactive, onToggle }: CommunityPeopleProps) {
  const { t } = useTranslation();
  return (
    <ul className="community-people" aria-label={t('myEvents.community.people')}>
      {people.map((person) => {
        const isActive = !inactive.has(person.id);
        const name = person.name || t('myEvents.community.noName');
        return (
          <li key={person.id}>
            <button
              type="button"
              className={isActive ? 'community-person' : 'community-person community-person--inactive'}
              aria-pressed={isActive}
              onClick={() => onToggle(person.id)}
            >
              <Avatar src={person.avatar_s ?? person.avatar} name={person.name} size={52} />
              <span className="community-person__name" dir="auto">
                {name}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
