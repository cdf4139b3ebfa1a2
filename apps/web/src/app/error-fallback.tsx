import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { useMessages } from '@/lib/i18n';
import { appMessages } from '@/app/messages';

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n\n${error.stack}` : ''}`;
  if (error && typeof error === 'object' && 'statusText' in error) {
    const e = error as { status?: number; statusText?: string; data?: unknown };
    return `${e.status ?? ''} ${e.statusText ?? ''}\n${typeof e.data === 'string' ? e.data : ''}`.trim();
  }
  try {
    return JSON.stringify(error, null, 2) ?? String(error);
  } catch {
    return String(error);
  }
}

/**
 * The error fallback page: 'Something went wrong', a hint to refresh, expandable error details and
 * a Reload Page button.
 */
function ErrorFallback({ error }: { error: unknown }) {
  const t = useMessages(appMessages);
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div role="alert" className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <AlertTriangle aria-hidden="true" className="h-10 w-10 text-red-500" />
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t('errorTitle')}</h1>
        <p className="mt-2 text-slate-600">{t('errorHint')}</p>
        <details className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium">{t('errorDetails')}</summary>
          <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-words text-xs">{describe(error)}</pre>
        </details>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t('reloadPage')}
        </Button>
      </div>
    </div>
  );
}

/** Route `errorElement`: shows {@link ErrorFallback} for errors thrown while rendering routes. */
export function RouteErrorFallback() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}

/** Top-level React error boundary for errors outside the router (providers, initialiser). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  render() {
    if (this.state.failed) return <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
