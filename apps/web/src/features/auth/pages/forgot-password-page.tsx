import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '../components/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { useForgotPasswordForm } from '../hooks/use-forgot-password-form';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * /forgot-password (public, the login page's layout): the e-mail address to send a
 * reset link to. Once the server answered, its message (the same whether or not the address has
 * an account) replaces the form, with 'Back to sign in'. A malformed address is said under the
 * field; a rate limit or a network failure in a red box above it.
 */
export function ForgotPasswordPage() {
  const t = useMessages(authMessages);
  const { sent, ...state } = useForgotPasswordForm();
  return (
    <AuthLayout title={t('forgotTitle')} subtitle={t('forgotSubtitle')}>
      {sent ? (
        <AuthNotice tone="success" to={paths.login} linkLabel={t('backToSignIn')}>
          {sent}
        </AuthNotice>
      ) : (
        <>
          <ForgotPasswordForm {...state} />
          <p className="mt-4 text-center text-sm text-slate-600">
            {t('forgotRemembered')}{' '}
            <Link to={paths.login} className="font-medium text-indigo-600 hover:text-indigo-500">
              {t('backToSignIn')}
            </Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
