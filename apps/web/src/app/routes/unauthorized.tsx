import { useNavigate } from 'react-router';
import { AccessDenied } from '@/components/ui/access-denied';
import { Button } from '@/components/ui/button';
import { useMessages } from '@/lib/i18n';
import { appMessages } from '@/app/messages';

/** /unauthorized: 'Access Denied' with a Go Back button to the previous page. */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  const t = useMessages(appMessages);
  return (
    <div className="min-h-screen bg-slate-50">
      <AccessDenied message={t('noPermission')}>
        <Button
          variant="outline"
          onClick={() => {
            // React Router keeps the history index in history.state; with nothing to go back to, go home.
            const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
            if (idx > 0) navigate(-1);
            else navigate('/', { replace: true });
          }}
        >
          {t('goBack')}
        </Button>
      </AccessDenied>
    </div>
  );
}
