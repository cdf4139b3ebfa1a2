/** /platform/card-orders (decisions.md 'Card orders': the operator ships paid orders). Being built. */
export function PlatformCardOrdersPage() {
  return <p className="text-sm text-slate-600">This screen is being built.</p>;
}
