import { RESET_LINK_INVALID } from '@loyalty/contract';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '../components/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { ResetPasswordForm } from '../components/reset-password-form';
import { useResetPasswordForm } from '../hooks/use-reset-password-form';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * /reset-password?token=… (public, the login page's layout): where the e-mailed link
 * lands. Without a token, or once the server refused it (unknown, used or expired), the page
 * says 'This link is invalid or has expired. Ask for a new one.' with 'Ask for a new link'.
 */
export function ResetPasswordPage() {
  const t = useMessages(authMessages);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <AuthLayout title={t('resetTitle')} subtitle={t('resetSubtitle')}>
      {token ? <ResetPasswordSection token={token} /> : <InvalidLink />}
    </AuthLayout>
  );
}

/**
 * The form for `token`; on success the server's message (PASSWORD_RESET_DONE) replaces it with
 * 'Sign in'; a refused token shows {@link InvalidLink}; the policy's message goes on its field.
 */
function ResetPasswordSection({ token }: { token: string }) {
  const t = useMessages(authMessages);
  const { done, linkInvalid, ...state } = useResetPasswordForm(token);
  if (linkInvalid) return <InvalidLink />;
  if (done) {
    return (
      <AuthNotice tone="success" to={paths.login} linkLabel={t('signIn')}>
        {done}
      </AuthNotice>
    );
  }
  return <ResetPasswordForm {...state} />;
}

/** The link cannot be used: RESET_LINK_INVALID and 'Ask for a new link' (to /forgot-password). */
function InvalidLink() {
  const t = useMessages(authMessages);
  return (
    <AuthNotice tone="error" to={paths.forgotPassword} linkLabel={t('resetAskNewLink')}>
      {RESET_LINK_INVALID}
    </AuthNotice>
  );
}
