import { SETTINGS_TEXTS } from '../../contract/texts/sign-in';
import { layout, PageHeader } from '../../ui';
import { SignInSettingsPanel } from './components/SignInSettingsPanel';
import { CertificateDefaultsPanel } from './components/CertificateDefaultsPanel';
import { BackupsPanel } from './components/BackupsPanel';

/** The owners' Settings page: how everyone signs in, the terms new certificates start with, and backups. */
export function SettingsPage() {
  return (
    <div className={layout.page}>
      <PageHeader title={SETTINGS_TEXTS.heading} />
      <SignInSettingsPanel />
      <CertificateDefaultsPanel />
      <BackupsPanel />
    </div>
  );
}
