import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to load or render (for instance a chunk lost after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="state-screen" role="alert">
      <h1 className="state-screen__title">{t('routeError.title')}</h1>
      <p className="state-screen__text">{t('routeError.text')}</p>
      <div className="state-screen__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <a href="/" className="btn btn--secondary">
          {t('common.goHome')}
        </a>
      </div>
    </div>
  );
}
