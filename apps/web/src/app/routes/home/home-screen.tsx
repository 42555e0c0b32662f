import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLOSE_TO_YOU_KM, type EventPreset } from '@planns/shared/events/event-presets.rules';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { useCurrentUser } from '../../../api/users/get-current-user.ts';
import './home-screen.css';

type Tile = { preset: EventPreset; icon: IconName; title: string; subtitle: string };

/** The start screen: five shortcut tiles into the events list (events §1, §2). */
export function HomeScreen() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const firstName = user?.first_name || null;

  const tiles: Tile[] = [
    { preset: 'all', icon: 'sparkles', title: t('home.tiles.all.title'), subtitle: t('home.tiles.all.subtitle') },
    { preset: 'trending', icon: 'flame', title: t('home.tiles.trending.title'), subtitle: t('home.tiles.trending.subtitle') },
    {
      preset: 'close',
      icon: 'pin',
      title: t('home.tiles.close.title'),
      subtitle: t('home.tiles.close.subtitle', { km: CLOSE_TO_YOU_KM }),
    },
    { preset: 'friends', icon: 'users', title: t('home.tiles.friends.title'), subtitle: t('home.tiles.friends.subtitle') },
    { preset: 'weekend', icon: 'sun', title: t('home.tiles.weekend.title'), subtitle: t('home.tiles.weekend.subtitle') },
  ];

  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-title">
        <p className="home__eyebrow">{firstName ? t('home.greetingNamed', { name: firstName }) : t('home.greeting')}</p>
        <h1 id="home-title" className="home__title">
          {t('home.title')}
        </h1>
        <p className="home__lead">{t('home.lead')}</p>
      </section>
      <ul className="home__tiles">
        {tiles.map((tile) => (
          <li key={tile.preset} className={`home__tile-item home__tile-item--${tile.preset}`}>
            <Link className={`home-tile home-tile--${tile.preset}`} to={`/events?preset=${tile.preset}`}>
              <span className="home-tile__icon">
                <Icon name={tile.icon} size={26} />
              </span>
              <span className="home-tile__text">
                <span className="home-tile__title">{tile.title}</span>
                <span className="home-tile__subtitle">{tile.subtitle}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
