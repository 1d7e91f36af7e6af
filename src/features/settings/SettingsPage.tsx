import { SETTINGS_TEXTS } from '../../contract/texts/sign-in';
import { layout, PageHeader } from '../../ui';
import { SignInSettingsPanel } from './components/SignInSettingsPanel';

/** The owners' Settings page: how everyone signs in. */
export function SettingsPage() {
  return (
    <div className={layout.page}>
      <PageHeader title={SETTINGS_TEXTS.heading} />
      <SignInSettingsPanel />
    </div>
  );
}
