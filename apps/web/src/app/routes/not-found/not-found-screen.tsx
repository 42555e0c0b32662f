import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A real 404 for any path the app does not have (yet). */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <div className="state-screen">
      <p className="state-screen__code" aria-hidden="true">
        404
      </p>
      <h1 className="state-screen__title">{t('notFound.title')}</h1>
      <p className="state-screen__text">{t('notFound.text')}</p>
      <div className="state-screen__actions">
        <Link to="/" className="btn btn--primary">
          {t('common.goHome')}
        </Link>
      </div>
    </div>
  );
}
