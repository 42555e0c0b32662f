import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_SETTING_TYPES, type NotificationSettingType } from '@planns/shared/notifications/notifications.rules';
import type { NotificationSetting } from '@planns/shared/notifications/notifications.schemas';
import { useNotificationSettings } from '../../api/notifications/get-notification-settings.ts';
import { useUpdateNotificationSetting } from '../../api/notifications/update-notification-settings.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryFallback } from '../../components/query-fallback.tsx';
import { SignedInContent } from '../../components/signed-in-content.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { showNotice } from '../../lib/notice.ts';
import './notification-settings-page.css';

/** The settings grouped by type, in the order of NOTIFICATION_SETTING_TYPES (WhatsApp first). */
export function groupSettings(settings: readonly NotificationSetting[]): { type: NotificationSettingType; settings: NotificationSetting[] }[] {
  return NOTIFICATION_SETTING_TYPES.map((type) => ({ type, settings: settings.filter((s) => s.type === type) })).filter((g) => g.settings.length > 0);
}

function SettingRow({ setting, onChange }: { setting: NotificationSetting; onChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className="setting-row">
      <label className="setting-row__label" htmlFor={id}>
        {t(`notifications.settings.names.${setting.key}`, { defaultValue: setting.name })}
      </label>
      <Switch.Root id={id} className="switch" checked={setting.value} onCheckedChange={onChange}>
        <Switch.Thumb className="switch__thumb" />
      </Switch.Root>
    </li>
  );
}

function SettingsList() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useNotificationSettings({ enabled: true });
  const update = useUpdateNotificationSetting();

  if (query.isPending || query.isError) {
    return <QueryFallback isError={query.isError} error={query.error} onRetry={() => void query.refetch()} />;
  }

  const change = (setting: NotificationSetting, value: boolean) =>
    update.mutate(
      { key: setting.key, value },
      { onSuccess: () => showNotice({ title: t('notifications.settings.saved') }) },
    );

  return (
    <>
      <FormMessage message={update.isError ? errorMessage(update.error) : null} />
      {groupSettings(query.data).map((group) => (
        <section key={group.type} className="settings-group" aria-labelledby={`settings-${group.type}`}>
          <h2 id={`settings-${group.type}`} className="settings-group__title">
            {t(`notifications.settings.groups.${group.type}`)}
          </h2>
          {group.type === 'whatsapp' ? <p className="settings-group__hint">{t('notifications.settings.whatsappHint')}</p> : null}
          <ul className="settings-group__list">
            {group.settings.map((setting) => (
              <SettingRow key={setting.key} setting={setting} onChange={(value) => change(setting, value)} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/**
 * /notification_settings (accounts §2): a switch per setting, saved as it changes with a notice.
 * The old screen showed only the WhatsApp switch; planns shows them all, grouped by type
 * (WhatsApp, general, hosting, attending), with WhatsApp first.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const signedOut = { icon: <Icon name="settings" size={32} />, text: t('notifications.settings.signedOut'), signInLabel: t('notifications.signIn') };
  return (
    <div className="notification-settings">
      <PageHeader title={t('notifications.settings.title')} />
      <SignedInContent signedOut={signedOut}>{(user) => <SettingsList key={user.id} />}</SignedInContent>
    </div>
  );
}
