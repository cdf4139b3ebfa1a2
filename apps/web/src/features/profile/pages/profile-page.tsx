import { PageHeader } from '@/components/page-header';
import { useAuthStore } from '@/lib/auth-store';
import { useMessages } from '@/lib/i18n';
import { AccountDetails } from '../components/account-details';
import { ChangePasswordForm } from '../components/change-password-form';
import { TwoFactorCard } from '../components/two-factor-card';
import { profileMessages } from '../messages';

/**
 * Profile, for every signed-in role: /t/{slug}/profile inside the tenant
 * layout (staff and customers) and /platform/profile inside the platform layout (the
 * operator). Shows the account (name, e-mail, role, business and store where relevant), the
 * 'Change password' form and, for staff and the operator, two-factor authentication (set up,
 * or turn off with a code). The user comes from the session (auth store); the layouts have
 * already checked that someone is signed in.
 */
export function ProfilePage() {
  const user = useAuthStore((s) => s.user);
  const tenant = useAuthStore((s) => s.tenant);
  const t = useMessages(profileMessages);
  if (!user) return null;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('pageTitle')} subtitle={t('pageSubtitle')} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <AccountDetails user={user} tenant={tenant} />
        <ChangePasswordForm />
        {user.role !== 'customer' && <TwoFactorCard />}
      </div>
    </div>
  );
}
