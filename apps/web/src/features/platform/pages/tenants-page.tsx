/** /platform/tenants (spec §2 'Platform area'; issue 7). Being built. */
export function TenantsPage() {
  return <p className="text-sm text-slate-600">This screen is being built.</p>;
}
