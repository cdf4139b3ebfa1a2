import { INVITATION_LINK_INVALID } from '@loyalty/contract';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { useInvitation } from '../api/invitation';
import { AuthLayout } from '../components/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { ResetPasswordForm } from '../components/reset-password-form';
import { useAcceptInvitationForm } from '../hooks/use-accept-invitation-form';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * /accept-invitation?token=… (public, the login page's layout): where a staff
 * invitation's e-mailed link lands. While GET /api/auth/invitation checks the link a spinner;
 * then 'Join {businessName}', 'Choose a password for {email}.' and the password form ('Create
 * my password'), which signs the member in and opens their home. Without a token, or once the
 * server refused it (any 400: unknown, used, revoked or expired), INVITATION_LINK_INVALID with
 * 'Go to sign in'; another failure (network, rate limit) says so with 'Try again'.
 */
export function AcceptInvitationPage() {
  const t = useMessages(authMessages);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const invitation = useInvitation(token);
  if (!token || isApiError(invitation.error, 400)) {
    return (
      <AuthLayout title={t('inviteTitle')}>
        <InvalidInvitation />
      </AuthLayout>
    );
  }
  if (invitation.isPending || invitation.isError) {
    return (
      <AuthLayout title={t('inviteTitle')}>
        {invitation.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label={t('inviteChecking')} />
          </div>
        ) : (
          <LoadError title={t('inviteCheckFailed')} query={invitation} fallback={t('tryAgain')} />
        )}
      </AuthLayout>
    );
  }
  const { businessName, email } = invitation.data;
  return (
    <AuthLayout title={t('inviteJoin', { businessName })} subtitle={t('inviteChoosePassword', { email })}>
      <AcceptInvitationSection token={token} />
    </AuthLayout>
  );
}

/** The password form for `token`; a token refused on submit shows {@link InvalidInvitation}. */
function AcceptInvitationSection({ token }: { token: string }) {
  const t = useMessages(authMessages);
  const { linkInvalid, ...state } = useAcceptInvitationForm(token);
  if (linkInvalid) return <InvalidInvitation />;
  return <ResetPasswordForm {...state} text={{ form: t('inviteFormLabel'), password: t('passwordLabel'), submit: t('inviteSubmit') }} />;
}

/** The link cannot be used: INVITATION_LINK_INVALID and 'Go to sign in' (to /login). */
function InvalidInvitation() {
  const t = useMessages(authMessages);
  return (
    <AuthNotice tone="error" to={paths.login} linkLabel={t('inviteGoToSignIn')}>
      {INVITATION_LINK_INVALID}
    </AuthNotice>
  );
}
