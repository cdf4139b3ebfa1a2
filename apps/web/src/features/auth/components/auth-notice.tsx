import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';

/**
 * What a public auth screen shows in place of its form once it is done or cannot go on (issue
 * 16: reset link sent, password changed, link invalid): the message in a coloured box (`tone`)
 * and one link onwards (`linkLabel` to `to`, e.g. 'Back to sign in').
 */
export function AuthNotice({ tone, children, to, linkLabel }: { tone: 'success' | 'error'; children: ReactNode; to: string; linkLabel: string }) {
  return (
    <div className="space-y-4">
      <Alert tone={tone}>{children}</Alert>
      <p className="text-center text-sm">
        <Link to={to} className="font-medium text-indigo-600 hover:text-indigo-500">
          {linkLabel}
        </Link>
      </p>
    </div>
  );
}
