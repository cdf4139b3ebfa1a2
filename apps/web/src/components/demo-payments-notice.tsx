import { Alert } from '@/components/ui/alert';

/** The notice's text, exactly as every money screen shows it. */
const DEMO_PAYMENTS_TEXT = 'Demo payments: no money is taken';

/**
 * 'Demo payments: no money is taken': a small info alert (role="status")
 * placed near the pay action of each screen that takes money while the Demo payment provider
 * runs: Billing, the subscribe dialog, Card Orders, Add Funds and the demo checkout page. The
 * screens decide when with `useDemoPayments(slug)` (api/use-demo-payments.ts).
 */
export function DemoPaymentsNotice({ className }: { className?: string }) {
  return (
    <Alert tone="info" className={className}>
      {DEMO_PAYMENTS_TEXT}
    </Alert>
  );
}
